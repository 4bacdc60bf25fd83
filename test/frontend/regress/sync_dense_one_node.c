/* sync_for on one node with several threads, where reconnaissance only
 * says what each thread copies into its replica of the arrays the loop
 * writes (engine/loop_sync_recon.c, needs_none): a small dense model that
 * every iteration updates whole (the mlr sample's shape), replicated whole
 * without records under aggregate(sum) (under the default average, over
 * the threads that wrote an element, a zero update counts: records are
 * kept); a larger array each task covers a good part of, also whole; and
 * a large one each iteration writes one element of, which keeps its
 * records. A body that reads the written arrays would see the clock's
 * start under BSP, so none of these reads what it writes; the updates are
 * of integers: the output must be the plain build's at every shape. */
// CONFIGS: 1x1 1x2 1x4 2x1 2x2
#include <stdio.h>
#include <stdlib.h>

#define N 4000
#define K 16
#define D 40
#define MID 24000
#define BIG 400000

int main(void)
{
    #pragma strads dvector row(D)
    double *model = calloc((size_t)K * D, sizeof *model);
    #pragma strads dvector
    long *mid = calloc(MID, sizeof *mid);
    #pragma strads dvector
    long *mid2 = calloc(MID, sizeof *mid2);
    #pragma strads dvector
    long *big = calloc(BIG, sizeof *big);
    #pragma strads dvector row(D)
    double *x = malloc(sizeof(double) * N * D);
    if (!model || !mid || !mid2 || !big || !x) return 1;
    for (long i = 0; i < N * D; i++) x[i] = (double)((i * 7919) % 13) - 6;

    for (int epoch = 0; epoch < 3; epoch++) {
        #pragma strads sync_for aggregate(model: sum)
        for (long i = 0; i < N; i++) {
            const double *xi = &x[i * D];
            for (int k = 0; k < K; k++) {
                double *w = &model[k * D];
                double g = (double)((i + k + epoch) % 5) - 2;
                for (int j = 0; j < D; j++) w[j] += g * xi[j];
            }
        }
        #pragma strads sync_for aggregate(mid: sum)
        for (long i = 0; i < N; i++)
            for (int j = 0; j < 60; j++) mid[(i * 60 + j) % MID] += i % 3 + epoch;
        #pragma strads sync_for
        for (long i = 0; i < N; i++)
            mid2[(i * 7) % MID] += i % 3 + epoch;
        #pragma strads sync_for aggregate(big: sum)
        for (long i = 0; i < N; i++) big[(i * 97 + epoch) % BIG] += i + 1;
    }

    double ms = 0;
    long s1 = 0, s2 = 0, s3 = 0;
    for (long i = 0; i < (long)K * D; i++) ms += model[i] * (double)(i % 11 + 1);
    for (long i = 0; i < MID; i++) s1 += mid[i] * (i % 5 + 1);
    for (long i = 0; i < MID; i++) s3 += mid2[i] * (i % 3 + 1);
    for (long i = 0; i < BIG; i++) s2 += big[i] * (i % 7 + 1);
    printf("model %.1f mid %ld mid2 %ld big %ld\n", ms, s1, s3, s2);
    free(model);
    free(mid);
    free(mid2);
    free(big);
    free(x);
    return 0;
}
