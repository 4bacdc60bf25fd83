/*
 * c89_counter_around.c - a GMM M-step's habit: a counter declared at the
 * top of the function, used by a loop that clears the sums right before
 * the annotated loop inside an enclosing loop, by the body, and by the
 * printing loop after it. Every use assigns it first, so it is made
 * private (it was refused as a write to a captured variable).
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 3000, D = 4, K = 3, i, j, d;
    double s[4];
#pragma strads dvector row(4)
    double *x = malloc(sizeof(double) * n * D);
    for (j = 0; j < n * D; j++)
        x[j] = j % 7;
    for (i = 0; i < K; i++) {
        for (d = 0; d < D; d++)
            s[d] = 0;
#pragma strads sync_for reduction(+: s[0:4])
        for (j = 0; j < n; j++)
            for (d = 0; d < D; d++)
                s[d] += x[j * D + d] * (i + 1);
        for (d = 0; d < D; d++)
            printf("%g\n", s[d]);
    }
    free(x);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1 4x1 2x2
