/* Rows of integers written at different columns by different iterations
 * (PolyBench covariance's C[i][j] and C[j][i]) with aggregate(C: sum):
 * each scalar's changes added up, the plain build's bytes at every shape
 * (int_rows_avg.c: the same under the default average). */
#include <stdio.h>
#include <stdlib.h>
#define M 32

static void sym(int m, int (*C)[M])
{
    int i, j;
#pragma strads sync_for aggregate(C: sum)
    for (i = 0; i < m; i++)
        for (j = i; j < m; j++) {
            C[i][j] = 1000 + i * m + j;
            C[j][i] = C[i][j];
        }
}

int main(void)
{
#pragma strads dvector
    int (*C)[M] = malloc(M * sizeof *C);
    if (!C) return 1;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++) C[i][j] = 7;
    sym(M, C);
    long s = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++) s += C[i][j];
    printf("sum %ld\n", s);
    return 0;
}
