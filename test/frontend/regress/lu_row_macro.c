/* LU on a flat array whose row clause names a macro (row(M)) while the
 * body indexes with a variable of the same value (a[i * n + j], the
 * pivot row a[k * n + j]): stradsc matched the clause's spelling only, so
 * the array was neither own nor disjoint, and every pivot's call made a
 * new reconnaissance (PolyBench's LU at 150x the plain build). The index's
 * variable is taken, as without a row clause, and the runtime checks its
 * value against the array's row length. frontend.lu_row_macro checks the
 * flag; the shapes here the answer. */
// CONFIGS: 1x1 1x2 2x1 3x1
#include <stdio.h>
#include <stdlib.h>

#define M 120

int main(void)
{
    int n = M;
#pragma strads dvector row(M)
    double *a = malloc((size_t)n * n * sizeof *a);
    if (!a) return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) a[i * n + j] = i == j ? n : (double)((3 * i + j) % 11) / 11;
    for (int k = 0; k < n; k++) {
#pragma strads sync_for
        for (int i = k + 1; i < n; i++) {
            a[i * n + k] /= a[k * n + k];
            for (int j = k + 1; j < n; j++) a[i * n + j] -= a[i * n + k] * a[k * n + j];
        }
    }
    double s = 0;
    for (long e = 0; e < (long)n * n; e++) s += a[e] * (double)(e % 7);
    printf("%.17g\n", s);
    free(a);
    return 0;
}
