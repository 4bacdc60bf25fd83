/* Two runs of one program at one shape print the same bytes. An async_for
 * whose iterations conflict (factors of shared rows updated in place)
 * computes another serial order shared than run alone, and the first
 * call ran alone until 20 ms had passed: where the clock stopped it moved
 * between runs, and so did the loss's last digits. The call is long enough
 * that the probe's fixed prefix never says it fits. */
#include <stdio.h>
#include <stdlib.h>

#define K 16

int main(void)
{
    long n = 2400000;
    int users = 20000, items = 3000;
#pragma strads dvector
    int *ru = malloc((size_t)n * sizeof *ru);
#pragma strads dvector
    int *ri = malloc((size_t)n * sizeof *ri);
#pragma strads dvector row(K)
    float *W = malloc((size_t)users * K * sizeof *W);
#pragma strads dvector row(K)
    float *H = malloc((size_t)items * K * sizeof *H);
    unsigned s = 99;
    for (long j = 0; j < n; j++) {
        s = s * 1664525u + 1013904223u;
        ru[j] = (int)((s >> 8) % (unsigned)users);
        s = s * 1664525u + 1013904223u;
        unsigned r = (s >> 8) % 1000u;
        ri[j] = (int)(r * r / 1000u * (unsigned)items / 1000u);
    }
    for (long k = 0; k < (long)users * K; k++) W[k] = (float)((k * 37) % 101) / 500;
    for (long k = 0; k < (long)items * K; k++) H[k] = (float)((k * 53) % 103) / 500;
    for (int epoch = 0; epoch < 2; epoch++) {
        double se = 0;
#pragma strads async_for reduction(+: se)
        for (long j = 0; j < n; j++) {
            float *w = W + (long)ru[j] * K, *h = H + (long)ri[j] * K;
            float e = 1;
            for (int k = 0; k < K; k++) e -= w[k] * h[k];
            se += (double)e * e;
            for (int k = 0; k < K; k++) {
                float wk = w[k];
                w[k] += 0.01f * (e * h[k] - 0.02f * wk);
                h[k] += 0.01f * (e * wk - 0.02f * h[k]);
            }
        }
        printf("epoch %d loss %.9f\n", epoch, se / (double)n);
    }
    return 0;
}
