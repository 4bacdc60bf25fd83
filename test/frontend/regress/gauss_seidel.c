/* Gauss-Seidel sweeps as an async_for: iteration i reads every x[j] (under
 * `if (j != i)`) and writes x[i], so every iteration conflicts with every
 * other; only the reads show it (one element written an iteration). The
 * sample's reads find it before any reconnaissance of the whole loop
 * (frontend.notice.serial_reads), and the conditional reads are recorded
 * as one range an iteration: they were recorded element by element, 0.3 s
 * of reconnaissance for 4 ms of sweep. Any serial order of a sweep is
 * another Gauss-Seidel sweep; the matrix is diagonally dominant and the
 * sweeps run to convergence, so the printed solution is the same. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 600, sweeps = 60;
#pragma strads dvector
    double *A = malloc((size_t)n * n * sizeof *A);
#pragma strads dvector
    double *b = malloc((size_t)n * sizeof *b);
#pragma strads dvector
    double *x = calloc((size_t)n, sizeof *x);
    unsigned s = 1;
    for (int i = 0; i < n; i++) {
        double row = 0;
        for (int j = 0; j < n; j++) {
            s = s * 1664525u + 1013904223u;
            A[i * n + j] = (double)(s >> 9) / 8388608.0 - 0.5;
            row += fabs(A[i * n + j]);
        }
        A[i * n + i] = row + 1;
        b[i] = (double)(i % 10);
    }
    for (int t = 0; t < sweeps; t++) {
#pragma strads async_for
        for (int i = 0; i < n; i++) {
            double sum = b[i];
            for (int j = 0; j < n; j++)
                if (j != i) sum -= A[i * n + j] * x[j];
            x[i] = sum / A[i * n + i];
        }
    }
    double r = 0;
    for (int i = 0; i < n; i++) r += x[i] * (i + 1);
    printf("r %.6f\n", r);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1 2x2
