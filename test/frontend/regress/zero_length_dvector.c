/* Distributed arrays of no elements (a network's input layer has no
 * weights: calloc(0, ...)): a loop over them stopped the job ("captured
 * pointer is not a distributed array") and free() said "not a live
 * distributed array". Now they are arrays of length 0, each its own. */
#include <stdio.h>
#include <stdlib.h>

static void update(double *w, double *u, int n, double rate)
{
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        w[i] -= rate * u[i];
        u[i] = 0;
    }
}

int main(void)
{
    double total = 0;
    for (int n = 0; n <= 6; n += 3) {
#pragma strads dvector
        double *w = calloc((size_t)n, sizeof *w);
#pragma strads dvector
        double *u = calloc((size_t)n, sizeof *u);
        if (!w || !u || w == u) return 1;
        for (int i = 0; i < n; i++) w[i] = i, u[i] = 1;
        update(w, u, n, 0.5);
        for (int i = 0; i < n; i++) total += w[i] + u[i];
        free(w);
        free(u);
    }
    printf("total %.2f\n", total);
    return 0;
}
