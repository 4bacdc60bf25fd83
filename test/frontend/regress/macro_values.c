/*
 * macro_values.c - PolyBench's habit: a store's whole value is a
 * function-like macro (SCALAR_VAL(0.0)), or a macro over reads of the
 * arrays (SQ(a[i]), MAX2(...)). The range of an expression ending in a
 * macro's expansion ended where the invocation starts, so the rewrite
 * lost the value: `strads__v = ();` in the generated file (a gcc error).
 */
#include <stdio.h>
#include <stdlib.h>

#define SCALAR_VAL(x) x
#define SQ(x) ((x) * (x))
#define MAX2(a, b) ((a) > (b) ? (a) : (b))
#define ZERO 0.0

int main(void)
{
    long n = 3000;
#pragma strads dvector
    double *t = malloc(n * sizeof *t);
#pragma strads dvector
    double *a = malloc(n * sizeof *a);
#pragma strads dvector
    double *h = calloc(64, sizeof *h);
    for (long i = 0; i < n; i++)
        a[i] = (double)((i * 7) % 13) - 6;
#pragma strads sync_for
    for (long i = 0; i < n; i++) {
        t[i] = SCALAR_VAL(0.0);
        t[i] = t[i] + i;
        t[i] += SQ(a[i]);
        t[i] = MAX2(t[i], SCALAR_VAL(a[i]));
        t[i] -= ZERO;
    }
#pragma strads async_for
    for (long i = 0; i < n; i++) {
        long k = (long)SQ(a[i]) % 64;
        h[k] = SCALAR_VAL(h[k] + 1);
    }
    double s = 0, g = 0;
    for (long i = 0; i < n; i++)
        s += t[i];
    for (long k = 0; k < 64; k++)
        g += h[k] * (double)(k + 1);
    printf("%.1f %.1f\n", s, g);
    free(t);
    free(a);
    free(h);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1 4x1
