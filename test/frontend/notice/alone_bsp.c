/* A model written under averaging, in short calls: a minibatch SGD whose
 * weights are averaged (w), whose gradient sums add (g: sum), an integer
 * flag averaged to the nearest, and features that are often exactly zero
 * (a write that leaves w[j] as it was is no change, and must not dilute
 * the mean). Run alone, the driver computes what BSP's workers compute on
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
    if (!X || !y || !w || !g || !flag) return 1;
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
#pragma strads sync_for minibatch(64) aggregate(g: sum) reduction(+: loss)
        for (int i = 0; i < n; i++) {
            const float *x = &X[i * d];
            float z = 0;
            for (int j = 0; j < d; j++) z += w[j] * x[j];
            float e = z - y[i];
            for (int j = 0; j < d; j++) w[j] -= 0.02f * e * x[j];
            for (int j = 0; j < d; j++) g[j] += e * x[j];
            flag[i % 16] = (c + i) % 3;
            loss += (double)e * e;
        }
        if (c % 10 == 9) printf("call %d loss %.6e\n", c + 1, loss / n);
    }
    for (int j = 0; j < d; j++) printf("w[%d] %.6e g[%d] %.6e\n", j, w[j], j, g[j]);
    for (int k = 0; k < 16; k++) printf("%d", flag[k]);
    printf("\n");
    free(X);
    free(y);
    free(w);
    free(g);
    free(flag);
    return 0;
}
