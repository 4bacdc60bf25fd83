/* A flat 3-D grid smoothed level by level (NPB MG's V-cycle): each call
 * writes u[(i3 * n + i2) * n + i1], slab i3 of its iteration, and reads
 * r around it. stradsc proves the slabs disjoint, so a call run alone
 * computes what the shared call does (at 2 processes the levels were
 * 100x the plain build: a shared call and a new reconnaissance for each). */
// CONFIGS: 1x1 1x2 2x1 3x1 2x1a 1x2a
#include <stdio.h>
#include <stdlib.h>

static void smooth(double *u, const double *r, int n)
{
    int i3, i2, i1;
#pragma strads sync_for
    for (i3 = 1; i3 < n - 1; i3++)
        for (i2 = 1; i2 < n - 1; i2++)
            for (i1 = 1; i1 < n - 1; i1++)
                u[(i3 * n + i2) * n + i1] +=
                    0.1 * (r[(i3 * n + i2) * n + i1 - 1] + r[(i3 * n + i2) * n + i1 + 1] +
                           r[(i3 * n + i2 - 1) * n + i1] + r[(i3 * n + i2 + 1) * n + i1] +
                           r[((i3 - 1) * n + i2) * n + i1] + r[((i3 + 1) * n + i2) * n + i1]) -
                    0.6 * r[(i3 * n + i2) * n + i1] + 0.01 * u[(i3 * n + i2) * n + i1];
}

int main(void)
{
    double *u[6], *r[6];
    int levels = 5, size[6] = {0, 4, 6, 10, 18, 34};
    for (int l = 1; l <= levels; l++) {
        long m = (long)size[l] * size[l] * size[l];
#pragma strads dvector
        u[l] = malloc((size_t)m * sizeof(double));
#pragma strads dvector
        r[l] = malloc((size_t)m * sizeof(double));
        if (!u[l] || !r[l]) return 1;
        for (long i = 0; i < m; i++) {
            u[l][i] = 0;
            r[l][i] = (double)((i * 7919) % 101) / 101.0;
        }
    }
    for (int it = 0; it < 6; it++) {
        for (int l = levels; l >= 1; l--) smooth(u[l], r[l], size[l]);
        for (int l = 2; l <= levels; l++) smooth(u[l], r[l], size[l]);
    }
    for (int l = 1; l <= levels; l++) {
        double s = 0;
        for (long i = 0; i < (long)size[l] * size[l] * size[l]; i++) s += u[l][i] * (double)(i % 13);
        printf("level %d: %.12e\n", l, s);
        free(u[l]);
        free(r[l]);
    }
    return 0;
}
