/*
 * helper_array_param.c - a function the loop calls takes the distributed
 * array as a parameter written as an array (double a[N]): a pointer to the
 * caller's memory, whose reads reconnaissance records (libclang types it as
 * written, and it was taken for the copy's own local array).
 */
#include <stdio.h>
#include <stdlib.h>

#define N 1000

static double get(double a[N], int i) { return a[(i * 7) % N]; }

int main(void)
{
#pragma strads dvector
    double *v = malloc(N * sizeof *v);
#pragma strads dvector
    double *o = malloc(N * sizeof *o);
    if (!v || !o)
        return 1;
    for (int r = 0; r < 3; r++) {
        for (int i = 0; i < N; i++)
            v[i] = i + r;
#pragma strads sync_for
        for (int i = 0; i < N; i++)
            o[i] = 2 * get(v, i);
        double s = 0;
        for (int i = 0; i < N; i++)
            s += o[i] * (i % 3 + 1);
        printf("%.1f\n", s);
    }
    free(v);
    free(o);
    return 0;
}
