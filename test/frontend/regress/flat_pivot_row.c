/*
 * flat_pivot_row.c - Gaussian elimination as Numerical Recipes' users
 * write it on a flat array (a[i * n + j], n known at run time, a dvector
 * row(n)): the loop over the rows below the pivot (i = k + 1 .. n) writes
 * its rows from column k on and reads the pivot row k, which none of them
 * writes (STRADS_ARRAY_DISJOINT), so a call run alone is the sequential
 * loop; each call had been emulated as BSP's workers on whole copies (30
 * to 110 times the plain build at n = 800).
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = 60 + (argc > 9), i, j, k;
    double fac;
#pragma strads dvector row(n)
    double *a = malloc((size_t)n * n * sizeof *a);
#pragma strads dvector
    double *b = malloc((size_t)n * sizeof *b);
    for (i = 0; i < n; i++) {
        b[i] = i % 7;
        for (j = 0; j < n; j++) a[i * n + j] = (i == j) * n + 1.0 / (1 + i + j);
    }
    for (k = 0; k < n; k++) {
#pragma strads sync_for
        for (i = k + 1; i < n; i++) {
            fac = a[i * n + k] / a[k * n + k];
            for (j = k; j < n; j++)
                a[i * n + j] -= fac * a[k * n + j];
            b[i] -= fac * b[k];
        }
    }
    for (i = n - 1; i >= 0; i--) { /* back substitution, sequential */
        double t = b[i];
        for (j = i + 1; j < n; j++) t -= a[i * n + j] * b[j];
        b[i] = t / a[i * n + i];
    }
    double s = 0;
    for (i = 0; i < n; i++) s += b[i] * (1 + i % 3);
    printf("%.12e %.12e\n", s, a[(n - 1) * n + n - 1]);
    free(a);
    free(b);
    return 0;
}
