/* main(int argc, char const *argv[]): the glue passed it to the runtime as
 * int (*)(int, char **), an incompatible pointer type (a gcc error from
 * GCC 14; frontend.main_params builds it with that error on). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char const *argv[])
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
#pragma strads dvector
    double *v = malloc((size_t)n * sizeof *v);
    double s = 0;
#pragma strads sync_for reduction(+: s)
    for (long i = 0; i < n; i++) {
        v[i] = 0.5 * (double)i;
        s += v[i];
    }
    printf("%.1f\n", s);
    free(v);
    return 0;
}
// CONFIGS: 1x1 2x1
