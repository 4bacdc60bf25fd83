/*
 * flat_row_own.c - a sync_for whose iteration rewrites its own flat row
 * P[n * N + m] of a dvector row(N), N known only at run time (t-SNE's
 * perplexity search): the rows are the iterations' own, written in place
 * without reconnaissance (which had cost ten times the loop, exactly,
 * element by element). A row length that changed since the allocation
 * (N2 = N - 1 rows of the same array) is no own row: the runtime checks
 * the captured value and combines as before.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int N = 48 + (argc > 5);
    double *x = malloc(N * sizeof *x);
    for (int i = 0; i < N; i++) x[i] = (i * 7919 % N) / (double)N;
#pragma strads dvector row(N)
    double *P = calloc((size_t)N * N, sizeof *P);
#pragma strads sync_for copyin(x[0:N])
    for (int n = 0; n < N; n++) {
        double beta = 1.0, lo = 0, hi = 1e300, sum = 0;
        for (int step = 0; step < 30; step++) {
            sum = 0;
            for (int m = 0; m < N; m++) {
                P[n * N + m] = exp(-beta * (x[n] - x[m]) * (x[n] - x[m])) + 1e9 * (step == 0);
                sum += P[n * N + m];
            }
            if (sum > 20) {
                lo = beta;
                beta = hi == 1e300 ? beta * 2 : (beta + hi) / 2;
            } else {
                hi = beta;
                beta = (beta + lo) / 2;
            }
        }
        for (int m = 0; m < N; m++) P[n * N + m] /= sum;
    }
    double t = 0;
    for (long i = 0; i < (long)N * N; i++) t += P[i] * (double)(i % 13);
    /* the same array seen with rows one shorter */
    N = N - 1;
#pragma strads sync_for
    for (int n = 0; n < N; n++)
        for (int m = 0; m < N; m++) P[n * N + m] = 0.001 * m + n;
    double u = 0;
    for (long i = 0; i < (long)(N + 1) * (N + 1); i++) u += P[i] * (double)(i % 7);
    printf("%.12e %.12e %.9g\n", t, u, P[5]);
    free(x);
    free(P);
    return 0;
}
