/* Rows of integers written at different columns by different iterations
 * (PolyBench covariance's C[i][j] and C[j][i], j >= i) under the default
 * aggregate: a row's change is averaged over the workers that changed any
 * of its scalars, so values came out divided (exit 0, no word). Warned,
 * naming aggregate(C: sum) (regress/int_rows_sum.c runs it). */
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
// EXPECT: 14:13: warning: sync_for writes rows of integers of 'C' under the default aggregate, which averages a row's change over the workers that changed any of its scalars: iterations that write different columns of one row divide each other's values
// HINT: add aggregate(C: sum)
