/*
 * lu_pivot_row.c - LU decomposition without pivoting, the elimination loop
 * over the rows below the pivot (i = k + 1 .. n) a sync_for: each
 * iteration writes its own row and reads the pivot row k, which none of
 * them writes (STRADS_ARRAY_DISJOINT), so a call run alone is the
 * sequential loop. Each call had been emulated as BSP's workers on whole
 * copies of A, a first call every time (its range moves).
 */
#include <stdio.h>
#include <stdlib.h>

#define N 64

int main(void)
{
#pragma strads dvector
    double (*A)[N] = malloc(sizeof(double) * N * N);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) A[i][j] = i == j ? N + 1.0 : ((i * 7 + j * 3) % 11) / 11.0;
    for (int k = 0; k < N - 1; k++) {
#pragma strads sync_for
        for (int i = k + 1; i < N; i++) {
            double l = A[i][k] / A[k][k];
            A[i][k] = l;
            for (int j = k + 1; j < N; j++) A[i][j] -= l * A[k][j];
        }
    }
    double cs = 0, det = 1;
    for (int i = 0; i < N; i++) {
        det *= A[i][i];
        for (int j = 0; j < N; j++) cs += A[i][j] * (1 + (i + 2 * j) % 5);
    }
    printf("%.6e %.6e\n", cs, det);
    free(A);
    return 0;
}
