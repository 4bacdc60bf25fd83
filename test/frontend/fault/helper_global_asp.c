/* Under sync(asp) each thread adds into its own replica; a helper that adds
 * through the global G reaches the node's copy instead, and on several
 * processes only 1/N of the additions arrived. The loop must stop and say
 * what to change (found by progfuzz, seeds 103, 113, 129). */
#include <stdio.h>
#include <stdlib.h>

static long *G;

static void gadd(long j, long t)
{
    G[j] += t;
}

int main(void)
{
    long n = 100, m = 8;
#pragma strads dvector
    int *idx = malloc((size_t)n * sizeof *idx);
    for (long i = 0; i < n; i++)
        idx[i] = (int)(i * 7 % m);
#pragma strads dvector
    G = calloc((size_t)m, sizeof *G);
#pragma strads sync_for aggregate(G: sum) sync(asp)
    for (long i = 0; i < n; i++)
        gadd(idx[i], 1);
    long s = 0;
    for (long j = 0; j < m; j++)
        s += G[j];
    printf("sum %ld G[0] %ld\n", s, G[0]);
    free(idx);
    free(G);
    return 0;
}
