/* A Jacobi sweep over a grid's interior, as stencil codes write it: rows
 * i = 1 .. ny - 2, columns j = 1 .. nx - 2 of a flat dvector row(nx). Each
 * iteration writes only its own row of the new grid, so the sync_for
 * writes it in place; j < nx - 1 was not recognized as within the row
 * (only j < nx), and every call ran shared with replicas and deltas, six
 * to nine times the plain build's time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int nx = 300, ny = 200, iters = 0;
#pragma strads dvector row(nx)
    double *g = calloc((size_t)nx * ny, sizeof *g);
#pragma strads dvector row(nx)
    double *h = calloc((size_t)nx * ny, sizeof *h);
    for (int j = 0; j < nx; j++) g[j] = h[j] = 1; /* the top edge is hot */
    for (;;) {
        iters++;
#pragma strads sync_for
        for (int i = 1; i < ny - 1; i++)
            for (int j = 1; j < nx - 1; j++)
                h[i * nx + j] = 0.25 * (g[(i - 1) * nx + j] + g[(i + 1) * nx + j] + g[i * nx + j - 1] +
                                        g[i * nx + j + 1]);
        double diff = 0;
#pragma strads sync_for reduction(max: diff)
        for (int i = 1; i < ny - 1; i++)
            for (int j = 1; j <= nx - 2; j++) diff = fmax(diff, fabs(g[i * nx + j] - h[i * nx + j]));
        double *t = g;
        g = h;
        h = t;
        if (diff < 1e-4 || iters == 400) break;
    }
    double s = 0;
    for (int k = 0; k < nx * ny; k++) s += g[k] * (k % 7 + 1);
    printf("iters %d sum %.9f\n", iters, s);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1 2x2
