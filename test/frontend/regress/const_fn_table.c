/* A file-scope const table of function pointers (an activation per layer),
 * read in the body: each process reads its own copy, whose pointers are its
 * own functions; it was refused as "captured pointers". */
#include <stdio.h>
#include <stdlib.h>
static double sq(double x) { return x * x; }
static double cube(double x) { return x * x * x; }
typedef double (*act_fn)(double);
static const act_fn acts[2] = {sq, cube};
static double (*const acts2[2])(double) = {sq, cube};
int main(void)
{
    long n = 1000;
#pragma strads dvector
    double *w = calloc(n, sizeof *w);
    for (int ep = 0; ep < 2; ep++) {
#pragma strads async_for
        for (long i = 0; i < n; i++) {
            w[i] += acts[i % 2](0.001 * i) + acts2[(i + 1) % 2](0.5);
        }
    }
    double s = 0;
    for (long i = 0; i < n; i++) s += w[i];
    printf("%g\n", s);
    return 0;
}
