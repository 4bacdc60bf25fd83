/* A reduction into a section of a distributed array: the driver publishes
 * the combined section after the operator, as sequential code would write
 * it, so that its owners get it (and its version moves) before the next
 * loop reads it, here one that keeps inputs fetched whole while their
 * version stays (recon(off)). */
// CONFIGS: 1x1 1x2 2x1 3x1
#include <stdio.h>
#include <stdlib.h>

#define N 20000
#define K 64

int main(void)
{
    #pragma strads dvector
    long *tab = calloc(K, sizeof *tab);
    #pragma strads dvector
    long *out = calloc(N, sizeof *out);
    if (!tab || !out) return 1;
    for (int e = 0; e < 4; e++) {
#pragma strads sync_for recon(off)
        for (int i = 0; i < N; i++) out[i] += tab[(i + e) % K];
        long s = 0;
        for (int i = 0; i < N; i++) s += out[i] * (i % 5 + 1);
        printf("%d: %ld\n", e, s);
#pragma strads sync_for reduction(+: tab[0:K])
        for (int i = 0; i < N; i++) tab[i % K] += i % 3;
        long t = 0;
        for (int k = 0; k < K; k++) t += tab[k] * (k + 1);
        printf("tab %ld\n", t);
    }
    free(tab);
    free(out);
    return 0;
}
