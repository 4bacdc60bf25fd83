/* A sync_for whose reconnaissance leaves out what no address needs: a
 * scoring helper's logs (its value only picks the argmax, whose branches
 * touch no memory), a row written from such values and read back (the
 * iteration runs again exactly), and a count picked by the argmax. Each
 * iteration writes only its own row, and the count is a reduction, so any
 * shape prints the plain build's numbers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double score(const double *x, const double *m, int d)
{
    double s = 0;
    for (int j = 0; j < d; j++) {
        double t = x[j] - m[j];
        s -= log(1.0 + t * t);
    }
    return s;
}

int main(void)
{
    long n = 6000;
    int d = 8, C = 5;
    double *mean = malloc((size_t)C * d * sizeof *mean);
    for (int j = 0; j < C * d; j++) mean[j] = (j % 7) * 0.1;
#pragma strads dvector row(d)
    double *X = malloc((size_t)n * d * sizeof *X);
#pragma strads dvector row(d)
    double *Y = calloc((size_t)n * d, sizeof *Y);
#pragma strads dvector
    int *pick = calloc((size_t)n, sizeof *pick);
    for (long i = 0; i < n * d; i++) X[i] = (double)(i % 13) * 0.05;
    long hist = 0;
    for (int r = 0; r < 2; r++) {
#pragma strads sync_for copyin(mean[0:C*d]) reduction(+: hist)
        for (long i = 0; i < n; i++) {
            int best = 0;
            double bl = score(&X[i * d], &mean[0], d);
            for (int c = 1; c < C; c++) {
                double l = score(&X[i * d], &mean[c * d], d);
                if (l > bl) {
                    bl = l;
                    best = c;
                }
            }
            for (int j = 0; j < d; j++) Y[i * d + j] = X[i * d + j] * (1 + r) + best;
            pick[i] = Y[i * d] > 1.0 ? best : C - 1 - best;
            hist += best * (r + 1);
        }
    }
    long h = 0;
    double s = 0;
    for (long i = 0; i < n; i++) h += pick[i] * (i % 5 + 1);
    for (long i = 0; i < n * d; i++) s += Y[i];
    printf("hist %ld picks %ld sum %.6f\n", hist, h, s);
    free(mean);
    free(X);
    free(Y);
    free(pick);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1 2x2
