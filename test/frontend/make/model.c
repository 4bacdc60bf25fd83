/* The file with the parallel loop; main.c and stats.c have no pragma. */
#include <stdlib.h>
#include "model.h"

double *model_new(long n)
{
#pragma strads dvector
    double *w = malloc((size_t)n * sizeof *w);
    for (long i = 0; i < n; i++)
        w[i] = (double)(i % 10) / 10.0;
    return w;
}

double model_step(double *w, long n, double lr)
{
    double loss = 0;
#pragma strads async_for reduction(+: loss)
    for (long i = 0; i < n; i++) {
        double g = w[i] - 0.5;
        w[i] -= lr * g;
        loss += g * g;
    }
    return loss;
}
