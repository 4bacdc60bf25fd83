/*
 * macro_bounds.c - PolyBench's habits: loop bounds spelled through a
 * function-like macro's argument (_PB_M -> POLYBENCH_LOOP_BOUND(M, m)),
 * which have no text of their own in the file (a ranged loop's bound was
 * `()`, a gcc error in the generated file: such a loop is kept as
 * written), and under recon(off) a macro that builds an access from its
 * arguments (cell(x, j) -> sqrt(x[j]); with reconnaissance it is refused:
 * frontend.refuse.macro_args_access).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define M 300
#define LOOP_BOUND(x, y) x
#define _PB_M LOOP_BOUND(M, m)
#define cell(x, j) sqrt(x[j])

int main(void)
{
    int m = M;
#pragma strads dvector
    double (*a)[M] = malloc(M * sizeof *a);
#pragma strads dvector
    double *s = malloc(M * sizeof *s);
    if (!a || !s)
        return 1;
    for (int i = 0; i < M; i++) {
        s[i] = i;
        for (int j = 0; j < M; j++)
            a[i][j] = i + j;
    }
#pragma strads sync_for
    for (int i = 0; i < _PB_M; i++)
        for (int j = 0; j < _PB_M; j++)
            a[i][j] = a[i][j] * 2 + s[j];
#pragma strads sync_for recon(off)
    for (int j = 0; j < _PB_M; j++)
        s[j] = cell(s, j);
    double t = 0;
    for (int i = 0; i < M; i++)
        t += a[i][(i * 7) % M] + s[i];
    printf("%.6f\n", t);
    free(a);
    free(s);
    return 0;
}
