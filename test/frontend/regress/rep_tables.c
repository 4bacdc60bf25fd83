/* Small tables the loop only reads at indices its input gives, beside the
 * rows it writes: a permutation that picks each user's row (its values
 * steer the writes) and a bias per user and per item. On several nodes
 * such reads sent the plan to full records; now the tables go whole to
 * every node, before the key pass that places iterations by the rows
 * they pick. Integer updates: every serial order prints the same. */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 1x2 2x1 2x2 4x1

#define U 600
#define I 80
#define K 4

int main(void)
{
    long n = 30000;
#pragma strads dvector
    int *us = malloc(n * sizeof *us);
#pragma strads dvector
    int *is = malloc(n * sizeof *is);
#pragma strads dvector
    int *perm = malloc(U * sizeof *perm);
#pragma strads dvector
    long *bu = malloc(U * sizeof *bu);
#pragma strads dvector
    long *bi = malloc(I * sizeof *bi);
#pragma strads dvector row(K)
    long *P = calloc(U * K, sizeof *P);
#pragma strads dvector row(K)
    long *Q = calloc(I * K, sizeof *Q);
    if (!us || !is || !perm || !bu || !bi || !P || !Q) return 1;
    for (long j = 0; j < n; j++) {
        us[j] = (int)((j * 7919 + 3) % U);
        is[j] = (int)((j * j + 11) % I);
    }
    for (int u = 0; u < U; u++) perm[u] = (u * 37 + 5) % U, bu[u] = u % 9 - 4;
    for (int i = 0; i < I; i++) bi[i] = i % 5;
    for (int ep = 0; ep < 3; ep++) {
#pragma strads async_for
        for (long j = 0; j < n; j++) {
            int u = us[j], i = is[j], p = perm[u];
            long b = bu[u] + bi[i];
            for (int k = 0; k < K; k++) {
                P[p * K + k] += b + k;
                Q[i * K + k] += (j % 3) * (k + 1) + b;
            }
        }
        long s = 0;
        for (int u = 0; u < U; u++) s += P[u * K + u % K] * (u % 7 + 1);
        for (int i = 0; i < I; i++) s += Q[i * K + i % K] * (i % 5 + 1);
        printf("epoch %d: %ld\n", ep, s);
        /* a table changed between calls: the next call reads its new values */
        if (ep == 0)
            for (int u = 0; u < U; u++) perm[u] = (u * 41 + 7) % U, bu[u] += 1;
    }
    free(us);
    free(is);
    free(perm);
    free(bu);
    free(bi);
    free(P);
    free(Q);
    return 0;
}
