/* sync_for loops whose tasks stradsc cannot prove apart but whose records
 * do (loop_sync_separate.c): a 3-D stencil over ping-pong arrays writes
 * out[c ^ 1], c = x + y * nx + z * nx * ny (c ^ 1 it cannot follow), one writer
 * an element, and reads only the other array. The driver learns from a
 * call's records that the tasks are separate and runs the later calls
 * alone, as the loop itself (not as BSP's workers emulated). A second loop reads what a neighbouring
 * iteration writes: not separate, so its calls alone stay BSP's (the
 * default prints what every call shared prints). frontend.alone.separate
 * checks both, and that the first loop was found separate. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int nx = 64, ny = 64, nz = 8, n = 4096;
    size_t cells = (size_t)nx * ny * nz;
#pragma strads dvector
    float *a = malloc(cells * sizeof *a);
#pragma strads dvector
    float *b = malloc(cells * sizeof *b);
#pragma strads dvector
    double *v = malloc((size_t)n * sizeof *v);
    if (!a || !b || !v) return 1;
    for (size_t i = 0; i < cells; i++) a[i] = (float)(i % 13), b[i] = 0;
    for (int i = 0; i < n; i++) v[i] = i % 7;
    float *in = a, *out = b;
    double t = 0;
    for (int it = 0; it < 40; it++) {
#pragma strads sync_for
        for (int z = 0; z < nz; z++)
            for (int y = 0; y < ny; y++)
                for (int x = 0; x < nx; x++) {
                    int c = x + y * nx + z * nx * ny;
                    int w = x == 0 ? c : c - 1, e = x == nx - 1 ? c : c + 1;
                    int s = z == 0 ? c : c - nx * ny;
                    out[c ^ 1] = 0.5f * in[c] + 0.125f * (in[w] + in[e]) + 0.25f * in[s];
                }
        float *tmp = in;
        in = out;
        out = tmp;
#pragma strads sync_for reduction(+: t)
        for (int i = 0; i < n - 1; i++) {
            v[i] = 0.5 * (v[i] + v[i + 1]);
            t += v[i];
        }
    }
    double s = 0;
    for (size_t i = 0; i < cells; i++) s += in[i] * (double)(i % 7 + 1);
    printf("%.6e %.6e\n", s, t);
    free(a);
    free(b);
    free(v);
    return 0;
}
