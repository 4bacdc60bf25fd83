/* A sync_for over a shrinking range that updates one row of a 2-D array
 * from rows above it (an LU-like sweep written with double (*A)[N]): its
 * iterations share the row they write (each its own column), so the
 * row-granular records say they meet, and calls alone emulate BSP's
 * workers. The answer must be the plain build's. */
#include <stdio.h>
#include <stdlib.h>

#define N 40

int main(void)
{
#pragma strads dvector
    double (*A)[N] = malloc(N * sizeof *A);
    if (!A) return 1;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) A[i][j] = i == j ? N : 1.0 / (1 + i + j);
    for (int i = 0; i < N; i++) {
#pragma strads sync_for
        for (int j = i; j < N; j++) {
            double v = A[i][j];
            for (int k = 0; k < i; k++) v -= A[i][k] * A[k][j] * 1e-2;
            A[i][j] = v;
        }
    }
    double s = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) s += A[i][j] * (i + 1) * (j + 2);
    printf("%.17g\n", s);
    free(A);
    return 0;
}
