/* The straggler-aware models keep each split's reconnaissance (its keys)
 * and a node's union of them across calls. Both must follow the call: a
 * range that grows by one iteration changes a split's end but not its
 * start, and an index array rewritten between calls moves what every
 * split reads (the driver redoes reconnaissance, and the kept keys must
 * go). The driver rewrites the input every call; every call must read it. */
// CONFIGS: 1x1 2x1 3x1
#include <stdio.h>
#include <stdlib.h>

#define M 40000

int main(void)
{
    #pragma strads dvector
    long *in = malloc(M * sizeof *in);
    #pragma strads dvector
    int *perm = malloc(M * sizeof *perm);
    #pragma strads dvector
    long *out = calloc(M, sizeof *out);
    if (!in || !perm || !out) return 1;
    for (int i = 0; i < M; i++) perm[i] = (int)((i * 7919L + 13) % M);
    for (int e = 0; e < 5; e++) {
        for (int i = 0; i < M; i++) in[i] = i * 7L + e * 1000;
        int hi = 30000 + (e & 1);
#pragma strads sync_for sync(elastic(2))
        for (int i = 0; i < hi; i++) out[i] = in[perm[i]] + 1;
        long s = 0;
        for (int i = 0; i < M; i++) s += out[i] * (i % 7 + 1);
        printf("grow %d: %ld %ld\n", e, s, out[hi - 1]);
    }
    for (int e = 0; e < 4; e++) {
        for (int i = 0; i < M; i++) perm[i] = (int)((i * (7919L + 2 * e) + 13 * e) % M);
        for (int i = 0; i < M; i++) in[i] = i * 5L + e * 300;
#pragma strads sync_for sync(flexpara)
        for (int i = 0; i < M; i++) out[i] = in[perm[i]] - 1;
        long s = 0;
        for (int i = 0; i < M; i++) s += out[i] * (i % 7 + 1);
        printf("reindex %d: %ld\n", e, s);
    }
    free(in);
    free(perm);
    free(out);
    return 0;
}
