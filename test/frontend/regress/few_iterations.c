/*
 * few_iterations.c - async_for loops of fewer iterations than nodes (1, 2
 * and 3 at up to 4 nodes): a node whose share is empty sends the driver
 * empty access records (before, their one offset was not written and the
 * driver stopped with "malformed access records"). Found by review.
 */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 2x1 3x1 4x1 2x2

struct edge {
    int a, b;
};

int main(void)
{
    long n = 3000;
#pragma strads dvector
    int *idx = malloc(n * sizeof *idx);
#pragma strads dvector
    struct edge *ed = malloc(n * sizeof *ed);
#pragma strads dvector
    long *E = malloc(2 * n * sizeof *E);
    if (!idx || !ed || !E) return 1;
    for (long j = 0; j < n; j++) {
        idx[j] = (int)(j * 7 % n);
        ed[j].a = (int)(j * 11 % n);
        ed[j].b = (int)(n + j * 13 % n);
    }
    for (long j = 0; j < 2 * n; j++) E[j] = j;
    for (long m = 0; m <= 5; m++) {
#pragma strads async_for
        for (long j = 0; j < m; j++) E[idx[j]] += 1 + j;
#pragma strads async_for
        for (long j = 0; j < m; j++) {
            E[ed[j].a] += 2;
            E[ed[j].b] += 3;
        }
        long s = 0;
        for (long r = 0; r < 2 * n; r++) s += E[r] * (r % 13 + 1);
        printf("m %ld: %ld\n", m, s);
    }
    free(idx);
    free(ed);
    free(E);
    return 0;
}
