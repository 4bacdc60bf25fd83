/* Matrix factorization as users often write it: the ratings as three
 * arrays of fields (us[j], is[j], rs[j]) and a bias per user and per item
 * beside the factor rows. Reconnaissance recorded two of the three field
 * reads through a registry search each (only one read-only array was
 * settled inline on one node, one input array on several), and the bias
 * updates, dropped, shadowed every later read of the iteration. Integer
 * updates: every serial order prints the same. */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 1x2 2x1 4x1

#define U 700
#define I 90
#define K 8

int main(void)
{
    long n = 40000;
#pragma strads dvector
    int *us = malloc(n * sizeof *us);
#pragma strads dvector
    int *is = malloc(n * sizeof *is);
#pragma strads dvector
    int *rs = malloc(n * sizeof *rs);
#pragma strads dvector row(K)
    long *P = calloc(U * K, sizeof *P);
#pragma strads dvector row(K)
    long *Q = calloc(I * K, sizeof *Q);
#pragma strads dvector
    long *bu = calloc(U, sizeof *bu);
#pragma strads dvector
    long *bi = calloc(I, sizeof *bi);
    if (!us || !is || !rs || !P || !Q || !bu || !bi) return 1;
    for (long j = 0; j < n; j++) {
        us[j] = (int)((j * 7919 + 3) % U);
        is[j] = (int)((j * j + 11) % I);
        rs[j] = (int)(j % 5) + 1;
    }
    for (int ep = 0; ep < 3; ep++) {
#pragma strads async_for
        for (long j = 0; j < n; j++) {
            int u = us[j], i = is[j];
            long pred = bu[u] + bi[i];
            for (int k = 0; k < K; k++) pred += P[u * K + k] * Q[i * K + k];
            long e = rs[j] - pred % 7;
            bu[u] += rs[j];
            bi[i] += 2 * rs[j] + ep;
            for (int k = 0; k < K; k++) {
                P[u * K + k] += k + 1;
                Q[i * K + k] += rs[j] * (k + 2);
            }
            (void)e;
        }
        long s = 0;
        for (int u = 0; u < U; u++) s += bu[u] * (u % 7 + 1) + P[u * K + u % K];
        for (int i = 0; i < I; i++) s += bi[i] * (i % 5 + 1) + Q[i * K + i % K];
        printf("epoch %d: %ld\n", ep, s);
    }
    free(us);
    free(is);
    free(rs);
    free(P);
    free(Q);
    free(bu);
    free(bi);
    return 0;
}
