/* SGD-MF's access pattern in the array of row structs style (W[u].v[k]): the inner
 * loops are recorded as one range per row (frontend/recon_loop.c), so a
 * range that missed a row would lose its writes at 2 and 4 processes. The
 * updates add per-rating constants, so the sums are the same in any order;
 * the reads feed a count that is the same whatever they see.
 * bench/progs/sgdmf_struct.c is the measured program of this style. */
#include <stdio.h>
#include <stdlib.h>
#define K 8

struct row {
    long v[K];
};

int main(void)
{
    long users = 200, items = 40, n = 3000, cnt = 0;
#pragma strads dvector
    int *ru = malloc((size_t)n * sizeof *ru);
#pragma strads dvector
    int *ri = malloc((size_t)n * sizeof *ri);
#pragma strads dvector
    struct row *W = malloc((size_t)users * sizeof *W);
#pragma strads dvector
    struct row *H = malloc((size_t)items * sizeof *H);
    for (long j = 0; j < n; j++) {
        ru[j] = (int)((j * 7919) % users);
        ri[j] = (int)((j * j + 3 * j) % items);
    }
    for (long u = 0; u < users; u++)
        for (int k = 0; k < K; k++) W[u].v[k] = (long)((u + k) % 3);
    for (long i = 0; i < items; i++)
        for (int k = 0; k < K; k++) H[i].v[k] = (long)((i * 2 + k) % 5);
    for (int epoch = 0; epoch < 3; epoch++) {
#pragma strads async_for reduction(+: cnt)
        for (long j = 0; j < n; j++) {
            long u = ru[j], i = ri[j];
            long e = 0;
            for (int k = 0; k < K; k++)
                e += W[u].v[k] * H[i].v[k];
            cnt += e >= 0;
            for (int k = 0; k < K; k++) {
                long wk = W[u].v[k];
                W[u].v[k] += (j + k) % 5 + (wk < 0);
                H[i].v[k] += (j * 3 + k) % 7;
            }
        }
    }
    long sw = 0, sh = 0;
    for (long u = 0; u < users; u++)
        for (int k = 0; k < K; k++) sw += W[u].v[k] * (k + 1);
    for (long i = 0; i < items; i++)
        for (int k = 0; k < K; k++) sh += H[i].v[k] * (k + 1);
    printf("%ld %ld %ld\n", cnt, sw, sh);
    free(ru);
    free(ri);
    free(W);
    free(H);
    return 0;
}
