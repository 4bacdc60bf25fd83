/*
 * bench/progs/conflict_lasso.c - dense lasso by coordinate descent with a
 * shared residual, written as a user would: every iteration reads and
 * writes the whole residual, so no two can run at once. The async_for
 * below must cost nothing over the plain build at any shape
 * (bench/conflict.sh).
 * Usage: conflict_lasso [ROWS COLUMNS SWEEPS]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
static double st(double x, double l) { return x > l ? x - l : x < -l ? x + l : 0; }
int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 2000, d = argc > 2 ? atol(argv[2]) : 400;
    int sweeps = argc > 3 ? atoi(argv[3]) : 20;
    double *X = malloc(sizeof(double) * n * d), *y = malloc(sizeof(double) * n);
#pragma strads dvector
    double *r = malloc(sizeof(double) * n);
#pragma strads dvector
    double *beta = calloc(d, sizeof(double));
    unsigned s = 1;
    for (long i = 0; i < n * d; i++) { s = s * 1103515245u + 12345u; X[i] = ((s >> 8) % 1000) / 500.0 - 1; }
    for (long i = 0; i < n; i++) { double t = 0; for (long j = 0; j < 10; j++) t += X[j * n + i] * (j + 1); y[i] = t; r[i] = t; }
    double lambda = 5;
    for (int sw = 0; sw < sweeps; sw++) {
#pragma strads async_for copyin(X[0:n*d])
        for (long j = 0; j < d; j++) {
            double rho = 0, nn = 0;
            for (long i = 0; i < n; i++) { rho += X[j * n + i] * r[i]; nn += X[j * n + i] * X[j * n + i]; }
            double b = st(rho + nn * beta[j], lambda) / nn, dl = b - beta[j];
            for (long i = 0; i < n; i++) r[i] -= dl * X[j * n + i];
            beta[j] = b;
        }
    }
    double o = 0; for (long i = 0; i < n; i++) o += r[i] * r[i];
    printf("obj %.9g b0 %.6f b9 %.6f\n", o, beta[0], beta[9]);
    return 0;
}
