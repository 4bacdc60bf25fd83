/*
 * implicit_decl.c - C89 habits gcc 12 builds with a warning and clang 16
 * calls errors: a function called before any declaration of it (implicit
 * int), here inside a loop body, and one called from a helper. stradscc is
 * a drop-in for cc: it translates the file and gcc warns as for the plain
 * build.
 */
#include <stdio.h>
#include <stdlib.h>

static double scale(long i)
{
    return (double)weight(i) * 0.5;
}

int main(void)
{
    long n = 4000;
#pragma strads dvector
    double *v = malloc((size_t)n * sizeof *v);
    if (!v)
        return 1;
    for (long i = 0; i < n; i++)
        v[i] = 1;
#pragma strads sync_for
    for (long i = 0; i < n; i++)
        v[i] = v[i] * bump(i) + scale(i);
    double s = 0;
    for (long i = 0; i < n; i++)
        s += v[i] * (double)(i % 7 + 1);
    printf("%.1f\n", s);
    free(v);
    return 0;
}

int weight(long i)
{
    return (int)(i % 5);
}

int bump(long i)
{
    return (int)(i % 3) + 1;
}
