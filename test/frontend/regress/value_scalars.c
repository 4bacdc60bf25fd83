/* Captured values that change at every call. An epoch counter the body
 * only computes with keeps the plan (no reconnaissance per call); a
 * threshold that decides which rows an async_for iteration writes, and an
 * offset that moves them, make a new one: with the plan of a call where
 * no iteration wrote the shared bins, the next call's writes to them would
 * run in parallel. */
// CONFIGS: 1x1 1x2 2x1 3x1
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 4000;
    #pragma strads dvector
    double *x = malloc(n * sizeof *x);
    #pragma strads dvector
    double *w = calloc(n, sizeof *w);
    #pragma strads dvector
    double *bins = calloc(n, sizeof *bins);
    if (!x || !w || !bins) return 1;
    for (int i = 0; i < n; i++) x[i] = (double)((i * 7919) % 1000) / 1000.0;
    for (int epoch = 0; epoch < 6; epoch++) {
        double thr = epoch % 2 ? 0.25 : 2.0; /* odd epochs: most rows pass */
        int shift = epoch * 3;
#pragma strads async_for
        for (int i = 0; i < n; i++) {
            w[i] += x[i] / (1.0 + epoch);
            if (x[i] > thr) bins[i % 5] += x[i];
        }
#pragma strads async_for
        for (int i = 0; i < n - 20; i++) bins[i + shift] += 0.5 * w[i];
#pragma strads sync_for
        for (int i = 0; i < n; i++) w[i] = w[i] * 0.5 + epoch;
    }
    double s = 0, t = 0;
    for (int i = 0; i < n; i++) {
        s += w[i] * (i % 13);
        t += bins[i] * (i % 7 + 1);
    }
    printf("w %.6f bins %.6f b0 %.6f\n", s, t, bins[0]);
    free(x);
    free(w);
    free(bins);
    return 0;
}
