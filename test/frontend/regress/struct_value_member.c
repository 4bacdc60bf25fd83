/* A member of a struct that is a value, not memory: a call's result
 * (cmul(z, z).r), a member of one (pair(z).a.i), a conditional's. The
 * reconnaissance copy recorded them as reads by taking their address,
 * which gcc refused in the generated file ("lvalue required as unary
 * '&' operand"). In the body and in a helper the body calls. */
// CONFIGS: 1x1 1x2 2x1 3x1
#include <stdio.h>
#include <stdlib.h>

typedef struct { double r, i; } cplx;
typedef struct { cplx a, b; } cpair;

static cplx cmul(cplx x, cplx y) { return (cplx){x.r * y.r - x.i * y.i, x.r * y.i + x.i * y.r}; }
static cpair twice(cplx x) { return (cpair){x, cmul(x, x)}; }
static double sig(cplx x, double w) { return w * (cmul(x, x)).r + twice(x).b.i; }

int main(void)
{
    long n = 5000;
#pragma strads dvector
    double *out = malloc(n * sizeof *out);
#pragma strads dvector
    double *wt = malloc(n * sizeof *wt);
    if (!out || !wt) return 1;
    for (long i = 0; i < n; i++) out[i] = 0, wt[i] = 1.0 + (double)(i % 9) / 8;
    for (int it = 0; it < 2; it++) {
#pragma strads sync_for
        for (long i = 0; i < n; i++) {
            cplx z = {0.001 * (double)i, 0.5};
            cplx q = {0.25, -0.001 * (double)i};
            out[i] += cmul(z, z).r + twice(z).a.i + (i % 2 ? z : q).r + sig(q, wt[i]);
        }
    }
    double t = 0;
    for (long i = 0; i < n; i++) t += out[i] * (double)(i % 5 + 1);
    printf("%.6f\n", t);
    free(out);
    free(wt);
    return 0;
}
