/* An iteration's dropped stores (a row scaled, then updated, in loops
 * reconnaissance records as ranges) read back by a test that picks what it
 * writes: the read must send the iteration to the exact pass, or the write
 * the test guards is recorded from stale values (dropped writes over
 * dropped bytes no longer make an iteration stale by themselves). */
#include <stdio.h>
#include <stdlib.h>

#define K 64

int main(void)
{
    int n = 3000;
#pragma strads dvector
    double (*x)[K] = malloc((size_t)n * sizeof *x);
#pragma strads dvector
    double *y = calloc((size_t)n + 1, sizeof *y);
    if (!x || !y) return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < K; j++) x[i][j] = (double)((i * 7 + j) % 11) - 5;
    for (int r = 0; r < 3; r++) {
#pragma strads async_for
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < K; j++) x[i][j] *= 0.5;
            for (int j = 0; j < K; j++) x[i][j] += 1.0;
            if (x[i][0] > 1.5)
                y[i + 1] += x[i][1];
            else
                y[i] += 1;
        }
    }
    double s = 0;
    for (int i = 0; i <= n; i++) s += y[i] * (i % 13 + 1);
    for (int i = 0; i < n; i++) s += x[i][i % K];
    printf("%.6f\n", s);
    free(x);
    free(y);
    return 0;
}
