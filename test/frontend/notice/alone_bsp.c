/* A model written under averaging, in short calls: a minibatch SGD whose
 * weights are averaged (w), whose gradient sums add (g: sum), an integer
 * flag averaged to the nearest, features that are often exactly zero (a
 * write that leaves w[j] as it was is no change, and must not dilute the
 * mean), a per-example array written in place (best: starts at infinity,
 * which a change computed as a delta turned into NaN), and sums whose
 * untouched elements are -0.0 (adding a zero change made them +0.0). Run alone, the driver computes what BSP's workers compute on
 * the nodes (engine/loop_sync_alone.c): frontend.alone.bsp checks that the
 * output is the same bytes with every call shared and as a user gets it,
 * at several shapes. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 3000, d = 8, calls = 40;
    #pragma strads dvector row(d)
    float *X = malloc((size_t)n * d * sizeof *X);
    #pragma strads dvector
    float *y = malloc((size_t)n * sizeof *y);
    #pragma strads dvector
    float *w = calloc((size_t)d, sizeof *w);
    #pragma strads dvector
    double *g = calloc((size_t)d, sizeof *g);
    #pragma strads dvector
    int *flag = calloc(16, sizeof *flag);
    #pragma strads dvector
    double *best = malloc((size_t)n * sizeof *best);
    #pragma strads dvector
    double *h = malloc(4 * sizeof *h);
    if (!X || !y || !w || !g || !flag || !best || !h) return 1;
    for (int i = 0; i < n; i++) best[i] = 1.0 / 0.0;
    for (int k = 0; k < 4; k++) h[k] = -0.0;
    for (int i = 0; i < n; i++) {
        float z = 0;
        for (int j = 0; j < d; j++) {
            X[i * d + j] = (i + j) % 3 == 0 ? 0.0f : (float)((i * 7 + j * 13) % 23 - 11) / 11;
            z += X[i * d + j] * (float)(j - 3);
        }
        y[i] = z + (float)(i % 5) / 10;
    }
    for (int c = 0; c < calls; c++) {
        double loss = 0;
#pragma strads sync_for minibatch(64) aggregate(g: sum) aggregate(h: sum) reduction(+: loss)
        for (int i = 0; i < n; i++) {
            const float *x = &X[i * d];
            float z = 0;
            for (int j = 0; j < d; j++) z += w[j] * x[j];
            float e = z - y[i];
            for (int j = 0; j < d; j++) w[j] -= 0.02f * e * x[j];
            for (int j = 0; j < d; j++) g[j] += e * x[j];
            flag[i % 16] = (c + i) % 3;
            if ((double)e * e < best[i]) best[i] = (double)e * e;
            if (i % 1000 == 7) h[0] += 1;
            loss += (double)e * e;
        }
        if (c % 10 == 9) printf("call %d loss %.6e\n", c + 1, loss / n);
    }
    for (int j = 0; j < d; j++) printf("w[%d] %.6e g[%d] %.6e\n", j, w[j], j, g[j]);
    for (int k = 0; k < 16; k++) printf("%d", flag[k]);
    printf("\nbest %.6e %.6e h %g %g\n", best[0], best[n - 1], h[0], h[3]);
    free(X);
    free(y);
    free(w);
    free(g);
    free(flag);
    free(best);
    free(h);
    return 0;
}
