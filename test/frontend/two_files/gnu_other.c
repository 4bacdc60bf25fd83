/* The loop of two_files/gnu_main.c's program. */
#include <stdlib.h>

double *make_vec(long n)
{
#pragma strads dvector
    double *v = malloc((size_t)n * sizeof *v);
    return v;
}

void scale_vec(double *v, long n)
{
#pragma strads sync_for
    for (long i = 0; i < n; i++) v[i] = 3 * v[i] + (double)(i % 5);
}
