/*
 * bench/progs/stencil_3d.c - a 3-D heat stencil over two arrays swapped
 * after every step, as Rodinia's hotspot3D writes it: the sync_for over
 * layers computes c = x + y * nx + z * nx * ny and writes out[c] from in[]'s
 * neighbours. stradsc cannot see that out[c] has one writer; a call's
 * records can (engine/loop_sync_separate.c), after which the driver runs
 * the steps alone as the loop itself.
 *
 * Usage: stencil_3d [SIDE LAYERS STEPS]   (default 256 8 40)
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int nx = argc > 1 ? atoi(argv[1]) : 256, nz = argc > 2 ? atoi(argv[2]) : 8;
    int steps = argc > 3 ? atoi(argv[3]) : 40, ny = nx;
    if (nx < 2 || nz < 2 || steps < 1) {
        fprintf(stderr, "usage: stencil_3d [SIDE LAYERS STEPS]\n");
        return 2;
    }
    size_t cells = (size_t)nx * ny * nz;
#pragma strads dvector
    float *a = malloc(cells * sizeof *a);
#pragma strads dvector
    float *b = malloc(cells * sizeof *b);
    if (!a || !b) return 1;
    for (size_t i = 0; i < cells; i++) a[i] = (float)(i % 97) / 8, b[i] = 0;
    const float cc = 0.4f, cw = 0.1f, cn = 0.1f, cb = 0.1f;
    float *in = a, *out = b;
    for (int s = 0; s < steps; s++) {
#pragma strads sync_for
        for (int z = 0; z < nz; z++)
            for (int y = 0; y < ny; y++)
                for (int x = 0; x < nx; x++) {
                    int c = x + y * nx + z * nx * ny;
                    int w = x == 0 ? c : c - 1, e = x == nx - 1 ? c : c + 1;
                    int n = y == 0 ? c : c - nx, so = y == ny - 1 ? c : c + nx;
                    int bo = z == 0 ? c : c - nx * ny, t = z == nz - 1 ? c : c + nx * ny;
                    out[c] = cc * in[c] + cw * (in[w] + in[e]) + cn * (in[n] + in[so]) +
                             cb * (in[bo] + in[t]);
                }
        float *tmp = in;
        in = out;
        out = tmp;
    }
    double sum = 0;
    for (size_t i = 0; i < cells; i++) sum += in[i] * (double)(i % 7 + 1);
    printf("stencil %dx%dx%d, %d steps: checksum %.9e\n", nx, ny, nz, steps, sum);
    free(a);
    free(b);
    return 0;
}
