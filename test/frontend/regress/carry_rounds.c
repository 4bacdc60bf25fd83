/*
 * carry_rounds.c - rows a node keeps from one round into the next, and
 * rows the driver's node updated last (engine/loop_async_carry.c,
 * dds_pull_keep): a co-occurrence shape (word w in the lower half of E,
 * context c in the upper half, the same rows of G) planned as strata, for
 * several calls, with the sequential code between them reading every row
 * and changing some. The updates are sums, so every build and every plan
 * prints the same; a row fetched stale, a write-back that never came, or
 * a pull that left out a row the driver did not hold current changes a
 * sum.
 */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 2x1 3x1 4x1 2x2

#define V 900
#define R 6

static unsigned lcg(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

int main(void)
{
    long n = 30000;
#pragma strads dvector
    int *rw = malloc(n * sizeof *rw);
#pragma strads dvector
    int *rc = malloc(n * sizeof *rc);
#pragma strads dvector row(R)
    long *E = malloc(2 * V * R * sizeof *E);
#pragma strads dvector row(R)
    long *G = malloc(2 * V * R * sizeof *G);
    if (!rw || !rc || !E || !G) return 1;
    unsigned s = 7;
    for (long j = 0; j < n; j++) {
        unsigned a = lcg(&s) % V, b = lcg(&s) % V;
        rw[j] = (int)(a * a / V); /* skewed: low rows often */
        rc[j] = (int)(b * b / V);
    }
    for (long k = 0; k < 2 * V * R; k++) E[k] = G[k] = k % 5;
    for (int ep = 1; ep <= 6; ep++) {
#pragma strads async_for
        for (long j = 0; j < n; j++) {
            long *a = &E[rw[j] * R], *b = &E[(V + rc[j]) * R];
            long *ga = &G[rw[j] * R], *gb = &G[(V + rc[j]) * R];
            long x = 1 + j % 3;
            for (int k = 0; k < R; k++) {
                a[k] += x;
                b[k] += 2 * x;
                ga[k] += x * (k + 1);
                gb[k] += ep;
            }
        }
        long sum = 0, wsum = 0;
        for (long r = 0; r < 2 * V; r++)
            for (int k = 0; k < R; k++) {
                sum += E[r * R + k] * (r % 13 + 1);
                wsum += G[r * R + k] * (r % 7 + 1);
            }
        printf("epoch %d: %ld %ld\n", ep, sum, wsum);
        for (long r = ep; r < 2 * V; r += 37) E[r * R] -= ep; /* the driver's writes */
    }
    free(rw);
    free(rc);
    free(E);
    free(G);
    return 0;
}
