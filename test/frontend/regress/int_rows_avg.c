/* Rows of integers written at different columns by different iterations
 * (PolyBench covariance's C[i][j] and C[j][i]; a column sweep over an int
 * table, new users' nussinov) under the default aggregate: a row's mean is
 * per scalar, as a floating row's (a row's change was divided by the
 * workers that changed any of its scalars: wrong sums, exit 0). The plain
 * build's bytes at every shape; int_rows_sum.c has aggregate(C: sum). */
#include <stdio.h>
#include <stdlib.h>
#define M 32

static void sym(int m, int (*C)[M])
{
    int i, j;
#pragma strads sync_for
    for (i = 0; i < m; i++)
        for (j = i; j < m; j++) {
            C[i][j] = 1000 + i * m + j;
            C[j][i] = C[i][j];
        }
}

/* column j of every row: each scalar one iteration's */
static void cols(int n, int (*B)[M])
{
#pragma strads sync_for
    for (int j = 0; j < M; j++)
        for (int i = 0; i < n; i++) B[i][j] = (B[i][j] * 3 + j) % 1000;
}

int main(void)
{
#pragma strads dvector
    int (*C)[M] = malloc(M * sizeof *C);
    if (!C) return 1;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++) C[i][j] = 7;
    sym(M, C);
    for (int r = 0; r < 3; r++) cols(M, C);
    long s = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++) s += C[i][j];
    printf("sum %ld\n", s);
    return 0;
}
