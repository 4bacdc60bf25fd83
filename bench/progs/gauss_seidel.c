/*
 * bench/progs/gauss_seidel.c - Gauss-Seidel sweeps over a banded, diagonally
 * dominant system as a user writes them: the loop over the rows is an
 * async_for, and row i reads x[j] for every j of its band (skipping its own
 * j == i under an if) and writes x[i], so every iteration reads what the
 * others write and no two may run at once (bench/conflict.sh, PROG=gauss_seidel).
 * Any serial order of a sweep is another Gauss-Seidel sweep; run to the same
 * tolerance they print the same solution.
 *
 *   gauss_seidel [ROWS BAND SWEEPS]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20000, band = argc > 2 ? atoi(argv[2]) : 800;
    int sweeps = argc > 3 ? atoi(argv[3]) : 8;
    if (n < 1 || band < 1 || sweeps < 1) {
        fprintf(stderr, "usage: gauss_seidel [ROWS BAND SWEEPS]\n");
        return 2;
    }
    if (band > n) band = n;
#pragma strads dvector row(band)
    double *A = malloc((size_t)n * band * sizeof *A);
#pragma strads dvector
    double *b = malloc((size_t)n * sizeof *b);
#pragma strads dvector
    double *x = calloc((size_t)n, sizeof *x);
    if (!A || !b || !x) return 1;
    unsigned s = 1;
    for (int i = 0; i < n; i++) {
        double row = 0;
        for (int k = 0; k < band; k++) {
            s = s * 1664525u + 1013904223u;
            A[(long)i * band + k] = (double)(s >> 9) / 8388608.0 - 0.5;
            row += fabs(A[(long)i * band + k]);
        }
        A[(long)i * band + band / 2] = row + 1; /* the diagonal: column i */
        b[i] = (double)(i % 10);
    }
    for (int t = 0; t < sweeps; t++) {
#pragma strads async_for
        for (int i = 0; i < n; i++) {
            int lo = i - band / 2; /* row i's band holds columns lo .. lo + band - 1 */
            double sum = b[i];
            for (int k = 0; k < band; k++) {
                int j = lo + k;
                if (j >= 0 && j < n && j != i) sum -= A[(long)i * band + k] * x[j];
            }
            x[i] = sum / A[(long)i * band + band / 2];
        }
    }
    double r = 0;
    for (int i = 0; i < n; i++) r += x[i] * (i % 97 + 1);
    printf("weighted sum %.6f\n", r);
    free(A);
    free(b);
    free(x);
    return 0;
}
