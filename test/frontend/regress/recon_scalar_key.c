/* A captured integer that changes between calls and moves what an
 * iteration touches (the epoch in idx[(i + epoch) % M], a row offset the
 * sequential code picks): the plan or task sets made for one call must not
 * serve the next (engine/loop_async.c plan_stale, engine/loop_sync.c
 * input_key). The index array is too large to be fetched whole, so a node
 * that ran on old records reads elements it never fetched. async_for and
 * sync_for; the output must be the plain build's at every shape. */
// CONFIGS: 1x1 1x2 2x1 4x1
#include <stdio.h>
#include <stdlib.h>

#define M 1300000
#define N 20000

int main(void)
{
    #pragma strads dvector
    int *idx = malloc(sizeof(int) * M);
    #pragma strads dvector
    long *val = malloc(sizeof(long) * M);
    #pragma strads dvector
    long *out = calloc(N, sizeof *out);
    #pragma strads dvector
    long *out2 = calloc(N, sizeof *out2);
    if (!idx || !val || !out || !out2) return 1;
    for (long i = 0; i < M; i++) {
        idx[i] = (int)((i * 104729) % M);
        val[i] = i % 1000 + 1;
    }
    long s = 0;
    for (int epoch = 0; epoch < 3; epoch++) {
        long shift = epoch * 977L;
        #pragma strads async_for
        for (long i = 0; i < N; i++) out[i] += val[idx[(i * 7919 + shift) % M]];
        #pragma strads sync_for
        for (long i = 0; i < N; i++) out2[i] += val[idx[(i * 131 + epoch) % M]] * 2;
    }
    for (long i = 0; i < N; i++) s += (out[i] + out2[i]) * (i % 7 + 1);
    printf("sum %ld\n", s);
    free(idx);
    free(val);
    free(out);
    free(out2);
    return 0;
}
