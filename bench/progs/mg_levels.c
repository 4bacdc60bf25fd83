/* A multigrid-style smoother (the shape of NPB MG's V-cycle): one sync_for
 * over the slabs of a flat 3-D grid, u[(i3 * n + i2) * n + i1], called
 * level by level on grids of 6 sizes, down and up, CYCLES times.
 * Usage: mg_levels [CYCLES] (default 40). Prints a checksum of the finest
 * grid (bench/user_shapes.sh compares it with the plain build's). */
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
                    0.6 * r[(i3 * n + i2) * n + i1];
}

int main(int argc, char **argv)
{
    int cycles = argc > 1 ? atoi(argv[1]) : 40;
    enum { L = 6 };
    double *u[L + 1], *r[L + 1];
    int size[L + 1] = {0, 4, 6, 10, 18, 34, 66};
    for (int l = 1; l <= L; l++) {
        long m = (long)size[l] * size[l] * size[l];
#pragma strads dvector
        u[l] = calloc((size_t)m, sizeof(double));
#pragma strads dvector
        r[l] = malloc((size_t)m * sizeof(double));
        if (!u[l] || !r[l]) return 1;
        for (long i = 0; i < m; i++) r[l][i] = (double)((i * 7919) % 101) / 101.0;
    }
    for (int it = 0; it < cycles; it++) {
        for (int l = L; l >= 1; l--) smooth(u[l], r[l], size[l]);
        for (int l = 2; l <= L; l++) smooth(u[l], r[l], size[l]);
    }
    double s = 0;
    for (long i = 0; i < (long)size[L] * size[L] * size[L]; i++) s += u[L][i] * (double)(i % 13);
    printf("checksum %.10e\n", s);
    return 0;
}
