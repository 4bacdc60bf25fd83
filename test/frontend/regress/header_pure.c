/* A loop body calling functions of the program's own header that depend
 * only on their values: stradsc cannot copy them for reconnaissance, and
 * runs them as written there, which changes nothing. Rows of two arrays an
 * iteration, as in SGD-MF, each row in one iteration (the result does not
 * depend on the order). */
#include <stdio.h>
#include <stdlib.h>

#include "header_pure.h"

int main(void)
{
    int n = 600, m = 600, d = 8;
#pragma strads dvector
    int *pu = malloc(n * sizeof *pu);
#pragma strads dvector
    int *pv = malloc(n * sizeof *pv);
#pragma strads dvector row(d)
    double *U = malloc((size_t)m * d * sizeof *U);
#pragma strads dvector row(d)
    double *V = malloc((size_t)m * d * sizeof *V);
    for (int i = 0; i < n; i++) {
        pu[i] = (i * 7) % m; /* 7 and 600 are coprime: one iteration a row */
        pv[i] = (i * 11 + 3) % m;
    }
    for (int k = 0; k < m * d; k++) {
        U[k] = 0.01 * (k % 7);
        V[k] = 0.02 * (k % 5);
    }
    for (int epoch = 0; epoch < 3; epoch++) {
#pragma strads async_for
        for (int i = 0; i < n; i++) {
            double *u = U + pu[i] * d, *v = V + pv[i] * d, z = 0;
            for (int k = 0; k < d; k++)
                z += u[k] * v[k];
            double g = centred(z);
            for (int k = 0; k < d; k++) {
                double t = u[k];
                u[k] -= 0.1 * g * v[k];
                v[k] -= 0.1 * g * t;
            }
        }
    }
    double sum = 0;
    for (int k = 0; k < m * d; k++)
        sum += U[k] * (k + 1) - V[k];
    printf("%.12f\n", sum);
    free(pu);
    free(pv);
    free(U);
    free(V);
    return 0;
}
