/* An OpenMP program being converted keeps its #include <omp.h>: stradsc
 * run by hand (as the tutorial shows, for its diagnostics) finds GCC's
 * header as stradscc and cc do (it said "'omp.h' file not found"). */
#include <omp.h>
#include <stdlib.h>

double sum_sq(long n)
{
#pragma strads dvector
    double *x = calloc((size_t)n, sizeof *x);
    double s = 0;
    if (!x) return 0;
#pragma strads sync_for reduction(+: s)
    for (long i = 0; i < n; i++) s += x[i] * x[i];
    free(x);
    return s;
}
