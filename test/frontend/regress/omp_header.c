/* A program that includes GCC's <omp.h> without -fopenmp (its OpenMP
 * pragmas ignored, the header there for the prototypes) builds with plain
 * cc; stradscc hands stradsc GCC's header directory after its own, and
 * what clang reads differently in a system header (GCC 12's omp.h: an
 * attribute with arguments) is not the user's error. */
// CONFIGS: 1x1 2x1
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    #pragma strads dvector
    double *a = calloc(5000, sizeof *a);
    if (!a) return 1;
    long s = 0;
#pragma omp parallel for reduction(+: s)
    for (int i = 0; i < 100; i++) s += i;
#pragma strads sync_for
    for (int i = 0; i < 5000; i++) a[i] = i * 0.5;
    double t = 0;
    for (int i = 0; i < 5000; i++) t += a[i];
    printf("%ld %.1f\n", s, t);
    free(a);
    return 0;
}
