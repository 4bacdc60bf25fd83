/* Rows of integers written at different columns by different iterations
 * (PolyBench covariance's C[i][j] and C[j][i], j >= i) under the default
 * aggregate: a row's mean is per scalar, as a floating row's, so no
 * warning (one named aggregate(C: sum) while a row's change was averaged
 * over the workers that changed any of its scalars; regress/int_rows_avg.c
 * runs it). */
#define M 32

void sym(int m, int (*C)[M])
{
    int i, j;
#pragma strads sync_for
    for (i = 0; i < m; i++)
        for (j = i; j < m; j++) {
            C[i][j] = 1000 + i * m + j;
            C[j][i] = C[i][j];
        }
}
// EXIT: 0
// CLEAN
