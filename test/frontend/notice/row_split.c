/* A symmetric fill under SSP: row j of C is written in part by iteration
 * j (its columns up to j) and in part by later iterations (column i of row
 * j), which other nodes run: each change lands divided by the row's
 * writers, and the job says so once, naming aggregate(sum) and bsp. */
#include <stdio.h>
#include <stdlib.h>

#define N 64

int main(void)
{
#pragma strads dvector
    double (*C)[N] = calloc(N, sizeof *C);
    if (!C) return 1;
#pragma strads sync_for minibatch(4)
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++) {
            C[i][j] = 1.0 + i * 0.5 + j;
            C[j][i] = C[i][j];
        }
    double s = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) s += C[i][j];
    printf("%g\n", s);
    free(C);
    return 0;
}
