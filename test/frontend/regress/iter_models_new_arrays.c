/* Elastic BSP, FlexPara and A-BSP keep each split's reconnaissance keys
 * between calls, and the keys name arrays by id: a call on other arrays (a
 * model reloaded into new dvectors, buffers swapped between sweeps) read
 * the old arrays' elements at 2 processes (a wrong checksum, exit 0). The
 * plain build's bytes at every shape. */
// CONFIGS: 1x1 2x1 3x1 2x2 2x1a
#include <stdio.h>
#include <stdlib.h>

static void layer(const float *w, const float *b, float *h, int nh, int ni)
{
#pragma strads sync_for sync(elastic(4))
    for (int i = 0; i < nh; i++) {
        float s = 0;
        for (int j = 0; j < ni; j++) s += (float)(j % 3) * 0.5f * w[i * ni + j];
        h[i] = s + b[0];
    }
}

static float *model(int n, float scale)
{
#pragma strads dvector
    float *w = calloc((size_t)n, sizeof *w);
    if (!w) exit(1);
    for (int i = 0; i < n; i++) w[i] = (float)(i % 11) * scale + (n == 2 ? 1.0f : 0.0f);
    return w;
}

int main(void)
{
    int nh = 300, ni = 64, n = 2000;
    float *w = model(nh * ni, 0.01f), *b = model(2, 0.25f);
#pragma strads dvector
    float *h = calloc((size_t)nh, sizeof *h);
#pragma strads dvector
    double *x = malloc((size_t)n * sizeof *x);
#pragma strads dvector
    double *y = calloc((size_t)n, sizeof *y);
    if (!h || !x || !y) return 1;
    for (int c = 0; c < 3; c++) layer(w, b, h, nh, ni);
    float *w2 = model(nh * ni, 0.02f), *b2 = model(2, 7.5f); /* reloaded */
    layer(w2, b2, h, nh, ni);
    double s = 0;
    for (int i = 0; i < nh; i++) s += (double)h[i] * (i + 1);
    printf("layer %.4f\n", s);
    for (int i = 0; i < n; i++) x[i] = i % 17;
    double *src = x, *dst = y;
    for (int sweep = 0; sweep < 6; sweep++) {
        if (sweep % 2 == 0) {
#pragma strads sync_for sync(flexpara)
            for (int i = 1; i < n - 1; i++) dst[i] = 0.25 * src[i - 1] + 0.5 * src[i] + 0.25 * src[i + 1];
        } else {
#pragma strads sync_for sync(absp(0.5))
            for (int i = 1; i < n - 1; i++) dst[i] = 0.25 * src[i - 1] + 0.5 * src[i] + 0.25 * src[i + 1];
        }
        double *t = src;
        src = dst;
        dst = t;
    }
    s = 0;
    for (int i = 0; i < n; i++) s += src[i] * (i % 13 + 1);
    printf("smooth %.6f\n", s);
    free(w), free(b), free(w2), free(b2), free(h), free(x), free(y);
    return 0;
}
