/* A 3-D stencil in Rodinia hotspot3D's style: the cell index computed as
 * c = x + y * nx + z * nx * ny, z the loop variable: stradsc proves the
 * writes out[c] stay in slab z (each counter runs inside the length of
 * the stride above it), so the calls run alone as the loop itself without
 * records for a verdict; the arrays swap every step. */
// CONFIGS: 1x1 1x2 2x1 2x2
#include <stdio.h>
#include <stdlib.h>

static void step(float *out, const float *in, int nx, int ny, int nz)
{
#pragma strads sync_for
    for (int z = 0; z < nz; z++)
        for (int y = 0; y < ny; y++)
            for (int x = 0; x < nx; x++) {
                int c = x + y * nx + z * nx * ny;
                int w = x == 0 ? c : c - 1, e = x == nx - 1 ? c : c + 1;
                int n = y == 0 ? c : c - nx, s = y == ny - 1 ? c : c + nx;
                int b = z == 0 ? c : c - nx * ny, t = z == nz - 1 ? c : c + nx * ny;
                out[c] = 0.4f * in[c] + 0.1f * (in[w] + in[e] + in[n] + in[s] + in[b] + in[t]);
            }
}

int main(void)
{
    int nx = 24, ny = 20, nz = 6;
    size_t cells = (size_t)nx * (size_t)ny * (size_t)nz;
#pragma strads dvector
    float *a = malloc(cells * sizeof *a);
#pragma strads dvector
    float *b = malloc(cells * sizeof *b);
    if (!a || !b) return 1;
    for (size_t i = 0; i < cells; i++) a[i] = (float)(i % 97) / 8, b[i] = 0;
    for (int s = 0; s < 30; s++) {
        step(b, a, nx, ny, nz);
        float *t = a;
        a = b;
        b = t;
    }
    double sum = 0;
    for (size_t i = 0; i < cells; i++) sum += a[i] * (double)(i % 7 + 1);
    printf("%a\n", sum);
    free(a);
    free(b);
    return 0;
}
