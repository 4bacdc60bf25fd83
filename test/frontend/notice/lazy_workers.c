/* A short program whose calls all run alone on the driver: at -n 2 its
 * worker is never started (strads-run starts workers when the driver
 * first needs them); shared calls start it, with the same answer. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    enum { N = 4096 };
#pragma strads dvector
    double *x = malloc(N * sizeof(double));
    if (!x) return 1;
    for (int i = 0; i < N; i++) x[i] = (i % 17) * 0.25;
    for (int epoch = 0; epoch < 5; epoch++) {
#pragma strads async_for
        for (int i = 0; i < N; i++) x[i] = x[i] * 0.5 + 1.0;
    }
    double s = 0;
    for (int i = 0; i < N; i++) s += x[i];
    printf("%.6f\n", s);
    free(x);
    return 0;
}
