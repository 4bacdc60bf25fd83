/* private(x) naming a fixed array whole, as OpenMP allows (NPB EP's
 * static double x[2 * NK]; a local scratch table): each worker's own copy
 * of all of it, as private(x[0:N]). It was a gcc error in the generated
 * file (assignment to expression with array type), found by a new user. */
// CONFIGS: 1x1 1x2 2x1
#include <stdio.h>
#include <stdlib.h>

static double x[16];

int main(void)
{
    int n = 200;
#pragma strads dvector
    double *out = malloc((size_t)n * sizeof *out);
    if (!out) return 1;
    double s = 0, t = 0;
    double g[8];
#pragma strads sync_for private(x) reduction(+: s)
    for (int k = 0; k < n; k++) {
        for (int i = 0; i < 16; i++) x[i] = k * i * 0.5;
        for (int i = 0; i < 16; i++) s += x[i];
    }
#pragma strads async_for private(g) reduction(+: t)
    for (int k = 0; k < n; k++) {
        for (int i = 0; i < 8; i++) g[i] = k + i;
        out[k] = g[k % 8];
        t += g[7];
    }
    double c = 0;
    for (int k = 0; k < n; k++) c += out[k];
    printf("%.1f %.1f %.1f\n", s, t, c);
    free(out);
    return 0;
}
