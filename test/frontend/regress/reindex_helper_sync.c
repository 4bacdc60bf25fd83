/* sync_for adding, inside a helper, at rows an index array picks, when the
 * driver rewrites the index array between calls: reconnaissance must run
 * again (the rows written moved; writes beyond the old records were lost).
 * Found by progfuzz, seed 1110. */
#include <stdio.h>
#include <stdlib.h>
static double *G;
static void gadd(long j, double t) { G[j] += t; }
int main(void)
{
    long n = 100, m = 64;
#pragma strads dvector
    int *idx = malloc((size_t)n * sizeof *idx);
    for (long i = 0; i < n; i++) idx[i] = (int)(i * 7 % m);
#pragma strads dvector
    G = calloc((size_t)m, sizeof *G);
    for (int ep = 0; ep < 2; ep++) {
#pragma strads sync_for aggregate(G: sum)
        for (long i = 0; i < n; i++)
            gadd(idx[i], 1);
        for (long i = 0; i < n; i++) idx[i] = (int)((idx[i] + 1 + i % 3) % m);
    }
    double s = 0, h = 0;
    for (long j = 0; j < m; j++) { s += G[j]; h += G[j] * (j + 1); }
    printf("sum %g weighted %g\n", s, h);
    free(idx);
    free(G);
    return 0;
}
