/*
 * row_overwrite.c - a sync_for overwriting its own rows (W[i][k], i the
 * loop variable) over large old values: the rows were combined as
 * old + (new - old), which lost the small new values (0 0 104 for
 * 0.5 3.5 102.5); own rows are now written in place, as own scalars are.
 */
#include <stdio.h>
#include <stdlib.h>

#define K 4

int main(void)
{
    int n = 3000;
#pragma strads dvector
    float (*W)[K] = malloc(n * sizeof *W);
    double s = 0;
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < n; i++)
            for (int k = 0; k < K; k++)
                W[i][k] = 1e8f * (float)(round + 1);
#pragma strads sync_for
        for (int i = 0; i < n; i++)
            for (int k = 0; k < K; k++)
                W[i][k] = W[i][k] * 1e-12f + 0.5f + i + k;
        for (int i = 0; i < n; i++)
            for (int k = 0; k < K; k++)
                s += W[i][k] * (1 + i % 7);
    }
    printf("%.9g %.9g %.9g %.17g\n", W[0][0], W[1][2], W[n - 1][K - 1], s);
    free(W);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1 4x1 2x2
