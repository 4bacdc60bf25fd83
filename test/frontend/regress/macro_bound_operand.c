/* A bound spelled through macros that expand to a captured variable
 * (PolyBench's _PB_N - 1: `#define NN BOUND(n)`, `j < NN - 1`): stradsc
 * took n for written ("write to captured variable 'n'") whenever the macro
 * was an operator's left operand; the plain build's bytes now, with the
 * rows still the iterations' own. */
#include <stdio.h>
#include <stdlib.h>
#define BOUND(x) x
#define NN BOUND(n)
#define HALF (NN / 2)

static void step(int n, double (*A)[12], double (*B)[12])
{
    int i, j;
#pragma strads sync_for
    for (i = 1; i < NN - 1; i++)
        for (j = 1; j < NN - 1; j++)
            B[i][j] = 0.5 * (A[i][j - 1] + A[i][j + 1]) + (NN * 1 > HALF ? 0.25 : 0);
}

int main(void)
{
#pragma strads dvector
    double (*A)[12] = malloc(12 * sizeof *A);
#pragma strads dvector
    double (*B)[12] = malloc(12 * sizeof *B);
    if (!A || !B) return 1;
    for (int i = 0; i < 12; i++)
        for (int j = 0; j < 12; j++) A[i][j] = i * 12 + j, B[i][j] = 0;
    for (int t = 0; t < 3; t++) {
        step(12, A, B);
        step(12, B, A);
    }
    double s = 0;
    for (int i = 0; i < 12; i++)
        for (int j = 0; j < 12; j++) s += A[i][j] * (i + 1) + B[i][j];
    printf("%.6f\n", s);
    return 0;
}
