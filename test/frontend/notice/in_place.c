// A Jacobi step written as a function of an input and an output array,
// called with one array as both: under sync_for its iterations read the
// values at their clock's start, so the answer depends on the workers.
// Said once, naming the array; two arrays get no such warning.
#include <stdio.h>
#include <stdlib.h>

static void relax(double *out, const double *in, int n)
{
#pragma strads sync_for
    for (int i = 1; i < n - 1; i++) out[i] = 0.25 * in[i - 1] + 0.5 * in[i] + 0.25 * in[i + 1];
}

int main(void)
{
    int n = 20000;
#pragma strads dvector
    double *a = malloc(n * sizeof *a);
#pragma strads dvector
    double *b = malloc(n * sizeof *b);
    for (int i = 0; i < n; i++) a[i] = b[i] = i % 13;
    for (int r = 0; r < 4; r++) {
        relax(b, a, n);
        relax(a, b, n);
    }
    double s = 0;
    for (int i = 0; i < n; i++) s += a[i] * (i % 5);
    printf("%.3f\n", s);
    for (int r = 0; r < 4; r++) relax(a, a, n);
    return 0;
}
