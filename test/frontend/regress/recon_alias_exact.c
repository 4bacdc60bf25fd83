/* Two names for one row in a loop recorded as ranges: w[k] += h[k] with h
 * the same row as w in some iterations. The written range overlaps the
 * read one, so the iteration runs again in reconnaissance's exact copy
 * (strads__reconxN); the index it then reads comes from its own write. */
#include <stdio.h>
#include <stdlib.h>
#define K 8

int main(void)
{
    int n = 120;
#pragma strads dvector row(K)
    int *W = malloc((size_t)2 * n * K * sizeof *W);
#pragma strads dvector
    int *pick = malloc((size_t)n * sizeof *pick);
    for (int i = 0; i < 2 * n * K; i++)
        W[i] = i % 5;
    for (int u = 0; u < n; u++)
        pick[u] = u % 3 == 0 ? u : n + (u * 7) % n;
#pragma strads async_for
    for (int u = 0; u < n; u++) {
        int *w = &W[u * K], *h = &W[pick[u] * K];
        for (int k = 0; k < K; k++)
            w[k] += h[k];
    }
    long s = 0;
    for (int i = 0; i < 2 * n * K; i++)
        s += (long)W[i] * (i % 11 + 1);
    printf("%ld\n", s);
    free(W);
    free(pick);
    return 0;
}
