/*
 * Parameters declared as arrays, as C89 and PolyBench programs write them
 * (double v[N], const double y[], double w[N][M]): C adjusts them to
 * pointers, libclang reports them as written, and stradsc refused them
 * (before that, a captured one was copied by value from the pointer's
 * bytes: every element 0 at two processes, exit 0). frontend/array_parms.c
 * writes them as the pointers they are, so the loops run; a qualifier in
 * the brackets is left as written (not used in a loop here).
 */
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define M 8

static void scale(int n, double v[N], const double y[], double *o)
{
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        o[i] = 2 * v[(i * 7) % n] + y[i];
}

static void twice(int n, double w[N][M])
{
#pragma strads async_for
    for (int i = 0; i < n; i++)
        for (int k = 0; k < M; k++)
            w[i][k] *= 2;
}

static double first(const double x[static 1])
{
    return x[0];
}

int main(void)
{
#pragma strads dvector
    double *v = malloc(N * sizeof *v);
#pragma strads dvector
    double *y = malloc(N * sizeof *y);
#pragma strads dvector
    double *o = malloc(N * sizeof *o);
#pragma strads dvector
    double (*w)[M] = malloc(N * sizeof *w);
    if (!v || !y || !o || !w)
        return 1;
    for (int i = 0; i < N; i++) {
        v[i] = i % 13;
        y[i] = 0.5 * (i % 3);
        for (int k = 0; k < M; k++)
            w[i][k] = i + k;
    }
    scale(N, v, y, o);
    twice(N, w);
    double s = 0, t = 0;
    for (int i = 0; i < N; i++) {
        s += o[i] * (i % 5 + 1);
        for (int k = 0; k < M; k++)
            t += w[i][k];
    }
    printf("%.3f %.3f %.3f\n", s, t, first(o));
    free(v);
    free(y);
    free(o);
    free(w);
    return 0;
}
