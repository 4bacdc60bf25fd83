#include <stdio.h>
#include <stdlib.h>
#include "model.h"
#include "stats.h"

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *w = model_new(n);
    for (int it = 0; it < 5; it++)
        printf("iter %d loss %.6f norm %.6f\n", it, model_step(w, n, 0.3), stats_norm(w, n));
    free(w);
    return 0;
}
