/* SGD-MF's access pattern with helpers: dot(W[u], H[i]) and step(W[u],
 * H[i], ...) over 2-D rows. Their reconnaissance copies record each loop as
 * one range (the written one only where the caller reads nothing after the
 * call: frontend/recon.c strads__rin), so a range that missed a row would
 * lose its writes at 2 and 4 processes. The
 * updates add per-rating constants, so the sums are the same in any order;
 * the reads feed a count that is the same whatever they see.
 * A second call of step in a loop around it reads back what the first
 * wrote: that one runs element by element. */
#include <stdio.h>
#include <stdlib.h>
#define K 8

static long dot(const long *a, const long *b)
{
    long e = 0;
    for (int k = 0; k < K; k++)
        e += a[k] * b[k];
    return e;
}

static void step(long *w, long *h, long j)
{
    for (int k = 0; k < K; k++) {
        long wk = w[k];
        w[k] += (j + k) % 5 + (wk < 0);
        h[k] += (j * 3 + k) % 7;
    }
}

int main(void)
{
    long users = 200, items = 40, n = 3000, cnt = 0;
#pragma strads dvector
    int *ru = malloc((size_t)n * sizeof *ru);
#pragma strads dvector
    int *ri = malloc((size_t)n * sizeof *ri);
#pragma strads dvector
    long (*W)[K] = malloc((size_t)users * sizeof *W);
#pragma strads dvector
    long (*H)[K] = malloc((size_t)items * sizeof *H);
    for (long j = 0; j < n; j++) {
        ru[j] = (int)((j * 7919) % users);
        ri[j] = (int)((j * j + 3 * j) % items);
    }
    for (long u = 0; u < users; u++)
        for (int k = 0; k < K; k++) W[u][k] = (long)((u + k) % 3);
    for (long i = 0; i < items; i++)
        for (int k = 0; k < K; k++) H[i][k] = (long)((i * 2 + k) % 5);
    for (int epoch = 0; epoch < 3; epoch++) {
#pragma strads async_for reduction(+: cnt)
        for (long j = 0; j < n; j++) {
            long u = ru[j], i = ri[j];
            long e = dot(W[u], H[i]);
            cnt += e >= 0;
            for (int t = 0; t < (int)(j % 2); t++)
                step(W[u], H[i], j + 1);
            step(W[u], H[i], j);
        }
    }
    long sw = 0, sh = 0;
    for (long u = 0; u < users; u++)
        for (int k = 0; k < K; k++) sw += W[u][k] * (k + 1);
    for (long i = 0; i < items; i++)
        for (int k = 0; k < K; k++) sh += H[i][k] * (k + 1);
    printf("%ld %ld %ld\n", cnt, sw, sh);
    free(ru);
    free(ri);
    free(W);
    free(H);
    return 0;
}
