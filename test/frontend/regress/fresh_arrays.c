/* sync_for calls whose arrays are new each call: a gradient allocated anew
 * every epoch, and a stencil whose two arrays swap. Reconnaissance names
 * elements by the loop's arrays in order, so another array of the same
 * shape keeps the lists (a new one every call cost 6 times the plain
 * build at two processes); frontend.recon_again.fresh_arrays checks that
 * no call reconnoitres again, this file that the output is the plain
 * build's. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 4000, d = 16;
#pragma strads dvector row(d)
    double *x = malloc((size_t)n * d * sizeof *x);
#pragma strads dvector
    double *a = calloc((size_t)n, sizeof *a);
#pragma strads dvector
    double *b = calloc((size_t)n, sizeof *b);
    if (!x || !a || !b) return 1;
    for (int i = 0; i < n * d; i++) x[i] = (double)((i * 37) % 101) / 101.0;
    for (int i = 0; i < n; i++) a[i] = (double)(i % 7);
    double w[16] = {0};
    for (int epoch = 0; epoch < 6; epoch++) {
#pragma strads dvector
        double *grad = calloc((size_t)d, sizeof *grad);
        if (!grad) return 1;
#pragma strads sync_for aggregate(grad: sum)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < d; j++) grad[j] += x[i * d + j] * (double)(i % 3);
        for (int j = 0; j < d; j++) w[j] += grad[j] / n;
        free(grad);
#pragma strads sync_for
        for (int i = 1; i < n - 1; i++) b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
        double *t = a;
        a = b;
        b = t;
    }
    double s = 0;
    for (int i = 0; i < n; i++) s += a[i] * (i % 5);
    printf("w0 %.9g w15 %.9g s %.9g\n", w[0], w[15], s);
    free(x);
    free(a);
    free(b);
    return 0;
}
