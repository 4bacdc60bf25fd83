/* Columns of flat matrices updated one an iteration (backprop's weight
 * adjust w[k * (nd + 1) + j], a transposed layout a[r * n + i]): proved
 * apart, so calls run alone as the loop itself (the first call's default
 * was 13x the plain build, emulating BSP's workers on copies, then making
 * records for a verdict); the plain build's bytes at every shape. */
#include <stdio.h>
#include <stdlib.h>

static void adjust(float *w, float *old, const float *delta, int nd, const float *ly, int nly)
{
    float dw;
    int j, k;
#pragma strads sync_for
    for (j = 1; j <= nd; j++) {
        for (k = 0; k <= nly; k++) {
            dw = 0.3f * delta[j] * ly[k] + 0.3f * old[k * (nd + 1) + j];
            w[k * (nd + 1) + j] += dw;
            old[k * (nd + 1) + j] = dw;
        }
    }
}

static float *vec(long n)
{
#pragma strads dvector
    float *p = calloc((size_t)n, sizeof *p);
    if (!p) exit(1);
    for (long i = 0; i < n; i++) p[i] = (float)((i * 7919) % 1000) / 1000.0f;
    return p;
}

int main(void)
{
    int n = 3000, h = 16;
    float *in = vec(n + 1), *dh = vec(h + 1);
    float *w1 = vec((long)(n + 1) * (h + 1)), *o1 = vec((long)(n + 1) * (h + 1));
#pragma strads dvector
    double *a = malloc(sizeof(double) * 40 * 200);
    if (!a) return 1;
    for (int p = 0; p < 40 * 200; p++) a[p] = p % 9;
    for (int step = 0; step < 3; step++) {
        adjust(w1, o1, dh, h, in, n);
#pragma strads sync_for
        for (int i = 0; i < 40; i++)
            for (int r = 0; r < 200; r++) {
                int idx = r * 40 + i;
                a[idx] = a[idx] * 0.5 + r + step;
            }
    }
    double s = 0;
    for (long i = 0; i < (long)(n + 1) * (h + 1); i++) s += w1[i] + 2.0 * o1[i];
    for (int p = 0; p < 40 * 200; p++) s += a[p] * (p % 5);
    printf("%.6f\n", s);
    return 0;
}
