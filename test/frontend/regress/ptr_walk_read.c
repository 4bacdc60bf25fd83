/* Reads through a walking pointer, `*w++`, as genann's forward pass reads
 * its weights: a helper walks a model a dvector holds (half of it another
 * process's), and the body walks an input row the same way. The read was
 * taken for an increment of *w and not recorded, so a worker read the
 * elements it had not fetched as zeros (the evaluation of a converted
 * network counted a third of its examples wrong at 2x1, exit 0: its
 * header's fields were recorded, so only they were fetched; the weights
 * come in as `double *`, so the call may write them, and the model's
 * elements are what the records name). Also
 * `*--p` and `*(q++)`, and a write `*o++ = v` of private scratch. */
#include <stdio.h>
#include <stdlib.h>

#define K 24

static double forward(double *weight, const double *in, double *out)
{
    const double *w = weight;
    double *o = out;
    for (int j = 0; j < 2; j++) {
        double s = *w++ * -1.0;
        for (int k = 0; k < K; k++) s += *w++ * in[k];
        *o++ = s;
    }
    const double *p = in + K;
    double t = 0;
    for (int k = 0; k < K; k++) t += *--p;
    return out[0] - out[1] + t;
}

int main(void)
{
    int n = 4000, nw = 2 * (K + 1) + K + 64;
#pragma strads dvector
    double *W = malloc((size_t)nw * sizeof *W);
#pragma strads dvector row(K)
    double *X = malloc((size_t)n * K * sizeof *X);
    if (!W || !X) return 1;
    for (int i = 0; i < n * K; i++) X[i] = (double)((i * 7) % 13) / 8;
    for (int e = 0; e < 3; e++) {
        for (int k = 0; k < nw; k++) W[k] = (double)((k * 5 + e * 3) % 11) / 16 - 0.25;
        double score = 0, mass = 0;
#pragma strads sync_for reduction(+: score, mass)
        for (int i = 0; i < n; i++) {
            double out[2];
            score += forward(W, X + (size_t)i * K, out) + W[0];
            const double *q = X + (size_t)i * K;
            for (int k = 0; k < K; k++) mass += *(q++);
        }
        printf("epoch %d score %.6f mass %.3f\n", e, score, mass);
    }
    free(W);
    free(X);
    return 0;
}
