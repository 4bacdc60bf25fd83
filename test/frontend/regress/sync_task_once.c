/* sync_for records an access once per task (engine/loop_sync_recon.c,
 * record_task): a small model every iteration reads and writes is
 * recorded by the task's first iteration only. A worker must still record,
 * in every iteration, its reads of elements other nodes own of an array
 * the loop does not write: it fetches those after its pass and runs again
 * the iterations that read them, whose other reads their values steer.
 * Here ten iterations in a row read one element of a large index array
 * (too large to be fetched whole), whose value picks the element of a
 * second array they read; the model's updates are integers under
 * aggregate(sum): the output must be the plain build's at every shape. */
// CONFIGS: 1x1 1x2 2x1 4x1 2x2
#include <stdio.h>
#include <stdlib.h>

#define M 1300000
#define N 20000
#define K 16

int main(void)
{
    #pragma strads dvector
    int *idx = malloc(sizeof(int) * M);
    #pragma strads dvector
    long *val = malloc(sizeof(long) * M);
    #pragma strads dvector
    long *model = calloc(K, sizeof *model);
    #pragma strads dvector
    long *out = calloc(N, sizeof *out);
    if (!idx || !val || !model || !out) return 1;
    for (long i = 0; i < M; i++) {
        idx[i] = (int)((i * 104729) % M);
        val[i] = i % 1000 + 1;
    }
    for (int epoch = 0; epoch < 2; epoch++) {
        #pragma strads sync_for aggregate(model: sum)
        for (long i = 0; i < N; i++) {
            long j = idx[((i / 10) * 7919 + epoch) % M];
            long v = val[j];
            out[i] = v;
            for (int k = 0; k < K; k++) model[k] += (v + k) % 3;
        }
    }
    long s = 0;
    for (long i = 0; i < N; i++) s += out[i] * (i % 7 + 1);
    for (int k = 0; k < K; k++) s += model[k] * (k + 1);
    printf("sum %ld\n", s);
    free(idx);
    free(val);
    free(model);
    free(out);
    return 0;
}
