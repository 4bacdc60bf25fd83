/* SGD-MF's access pattern in the row pointer style (long *w = W + u * K; w[k]): the inner
 * loops are recorded as one range per row (frontend/recon_loop.c), so a
 * range that missed a row would lose its writes at 2 and 4 processes. The
 * updates add per-rating constants, so the sums are the same in any order;
 * the reads feed a count that is the same whatever they see.
 * bench/progs/sgdmf_rowptr.c is the measured program of this style. */
#include <stdio.h>
#include <stdlib.h>
#define K 8

int main(void)
{
    long users = 200, items = 40, n = 3000, cnt = 0;
#pragma strads dvector
    int *ru = malloc((size_t)n * sizeof *ru);
#pragma strads dvector
    int *ri = malloc((size_t)n * sizeof *ri);
#pragma strads dvector row(K)
    long *W = malloc((size_t)users * K * sizeof *W);
#pragma strads dvector row(K)
    long *H = malloc((size_t)items * K * sizeof *H);
    for (long j = 0; j < n; j++) {
        ru[j] = (int)((j * 7919) % users);
        ri[j] = (int)((j * j + 3 * j) % items);
    }
    for (long u = 0; u < users; u++)
        for (int k = 0; k < K; k++) W[u * K + k] = (long)((u + k) % 3);
    for (long i = 0; i < items; i++)
        for (int k = 0; k < K; k++) H[i * K + k] = (long)((i * 2 + k) % 5);
    for (int epoch = 0; epoch < 3; epoch++) {
#pragma strads async_for reduction(+: cnt)
        for (long j = 0; j < n; j++) {
            long u = ru[j], i = ri[j];
            long *w = W + u * K, *h = H + i * K;
            long e = 0;
            for (int k = 0; k < K; k++)
                e += w[k] * h[k];
            cnt += e >= 0;
            for (int k = 0; k < K; k++) {
                long wk = w[k];
                w[k] += (j + k) % 5 + (wk < 0);
                h[k] += (j * 3 + k) % 7;
            }
        }
    }
    long sw = 0, sh = 0;
    for (long u = 0; u < users; u++)
        for (int k = 0; k < K; k++) sw += W[u * K + k] * (k + 1);
    for (long i = 0; i < items; i++)
        for (int k = 0; k < K; k++) sh += H[i * K + k] * (k + 1);
    printf("%ld %ld %ld\n", cnt, sw, sh);
    free(ru);
    free(ri);
    free(W);
    free(H);
    return 0;
}
