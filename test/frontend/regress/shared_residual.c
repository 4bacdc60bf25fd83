/* Coordinate descent with a shared residual (every iteration conflicts):
 * the loops over the residual are recorded as ranges; a plain store after
 * them (beta[j] = b) reads nothing, so their writes may be left unrun in
 * reconnaissance, but a later read of the residual (the second loop) must
 * see them. Every iteration writes the whole residual, so the driver runs
 * both loops alone, in the sequential order, at every shape. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double st(double x, double l) { return x > l ? x - l : x < -l ? x + l : 0; }

int main(void)
{
    long n = 300, d = 40;
    double *X = malloc(sizeof(double) * n * d);
#pragma strads dvector
    double *r = malloc(sizeof(double) * n);
#pragma strads dvector
    double *beta = calloc(d, sizeof(double));
#pragma strads dvector
    double *seen = calloc(d, sizeof(double));
    unsigned s = 7;
    for (long i = 0; i < n * d; i++) {
        s = s * 1103515245u + 12345u;
        X[i] = (double)((s >> 8) % 1000) / 500.0 - 1;
    }
    for (long i = 0; i < n; i++) {
        double t = 0;
        for (long j = 0; j < 5; j++) t += X[j * n + i] * (double)(j + 1);
        r[i] = t;
    }
    for (int sweep = 0; sweep < 4; sweep++) {
#pragma strads async_for copyin(X[0:n*d])
        for (long j = 0; j < d; j++) {
            double rho = 0, nn = 0;
            for (long i = 0; i < n; i++) {
                rho += X[j * n + i] * r[i];
                nn += X[j * n + i] * X[j * n + i];
            }
            double b = st(rho + nn * beta[j], 2.0) / nn, dl = b - beta[j];
            for (long i = 0; i < n; i++) r[i] -= dl * X[j * n + i];
            beta[j] = b;
        }
#pragma strads async_for copyin(X[0:n*d])
        for (long j = 0; j < d; j++) {
            for (long i = 0; i < n; i++) r[i] -= 1e-3 * X[j * n + i];
            seen[j] = r[j] + r[(j * 7) % n];
        }
    }
    double o = 0, q = 0;
    for (long i = 0; i < n; i++) o += r[i] * r[i];
    for (long j = 0; j < d; j++) q += seen[j];
    printf("obj %.9g seen %.9g b0 %.6f b4 %.6f\n", o, q, beta[0], beta[4]);
    free(X);
    free(r);
    free(beta);
    free(seen);
    return 0;
}
