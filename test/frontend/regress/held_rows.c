/*
 * held_rows.c - rows a node holds current from one call of a plan into
 * the next (call_hdr.held, engine/loop_async_exec.c): the co-occurrence
 * shape (word rows in the lower half of E, context rows in the upper half,
 * the same rows of G) planned as strata and called again and again. Some
 * epochs nothing touches the arrays between calls (the nodes fetch less);
 * some the driver's sequential code changes rows of one array, some
 * another loop changes rows of it, some both arrays change. Updates are
 * sums, so every build and plan prints the same: a row held stale loses
 * an update and changes a sum.
 */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 2x1 3x1 4x1 2x2

#define V 700
#define R 5

static unsigned lcg(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

int main(void)
{
    long n = 24000, m = 3000;
#pragma strads dvector
    int *rw = malloc(n * sizeof *rw);
#pragma strads dvector
    int *rc = malloc(n * sizeof *rc);
#pragma strads dvector
    int *pick = malloc(m * sizeof *pick);
#pragma strads dvector row(R)
    long *E = malloc(2 * V * R * sizeof *E);
#pragma strads dvector row(R)
    long *G = malloc(2 * V * R * sizeof *G);
    if (!rw || !rc || !pick || !E || !G) return 1;
    unsigned s = 11;
    for (long j = 0; j < n; j++) {
        unsigned a = lcg(&s) % V, b = lcg(&s) % V;
        rw[j] = (int)(a * a / V);
        rc[j] = (int)(V - 1 - b * b / V);
    }
    for (long j = 0; j < m; j++) pick[j] = (int)(lcg(&s) % (2 * V));
    for (long k = 0; k < 2 * V * R; k++) E[k] = G[k] = k % 3;
    for (int ep = 1; ep <= 12; ep++) {
#pragma strads async_for
        for (long j = 0; j < n; j++) {
            long *a = &E[rw[j] * R], *b = &E[(V + rc[j]) * R];
            long *ga = &G[rw[j] * R], *gb = &G[(V + rc[j]) * R];
            for (int k = 0; k < R; k++) {
                a[k] += 1 + j % 4;
                b[k] += 3;
                ga[k] += k + 1;
                gb[k] += ep;
            }
        }
        if (ep % 3 == 0) {
            /* another loop changes rows of G between two calls */
#pragma strads async_for
            for (long j = 0; j < m; j++) G[pick[j] * R + j % R] += 5;
        }
        if (ep % 4 == 0)
            for (long r = ep; r < 2 * V; r += 29) E[r * R + 1] -= ep; /* the driver's writes */
        if (ep % 5 == 0)
            for (long r = 0; r < 2 * V; r += 3) G[r * R] += 1, E[r * R + 2] += 2;
        long sum = 0, wsum = 0;
        for (long r = 0; r < 2 * V; r++)
            for (int k = 0; k < R; k++) {
                sum += E[r * R + k] * (r % 13 + 1);
                wsum += G[r * R + k] * (r % 7 + 1);
            }
        printf("epoch %d: %ld %ld\n", ep, sum, wsum);
    }
    free(rw);
    free(rc);
    free(pick);
    free(E);
    free(G);
    return 0;
}
