/* A dense layer's forward pass called for each layer of a network, its
 * input and output rows at offsets of one activation dvector and its
 * weights at offsets of another (llm.c's matmul_forward): the calls cycle
 * through nine pointer sets, one more than the verdicts a site kept (every
 * call made new records), and the copies of BSP's emulated workers went
 * over their cap at two processes, so no call ever ran alone (a layer's
 * 3 ms shared for 0.2-1 s). Also under recon(off). The plain build's
 * bytes at every shape. */
// CONFIGS: 1x1 1x2 2x1 2x2
#include <stdio.h>
#include <stdlib.h>

enum { ROWS = 48, WIDTH = 24, LAYERS = 9 };

static void dense(float *out, const float *in, const float *w, int rows, int width)
{
#pragma strads sync_for
    for (int r = 0; r < rows; r++)
        for (int o = 0; o < width; o++) {
            float v = 0.0f;
            for (int i = 0; i < width; i++) v += in[r * width + i] * w[o * width + i];
            out[r * width + o] = v > 0.0f ? v : 0.01f * v;
        }
}

static void dense_off(float *out, const float *in, const float *w, int rows, int width)
{
#pragma strads sync_for recon(off)
    for (int r = 0; r < rows; r++)
        for (int o = 0; o < width; o++) {
            float v = 0.0f;
            for (int i = 0; i < width; i++) v += in[r * width + i] * w[o * width + i];
            out[r * width + o] = v;
        }
}

int main(void)
{
    size_t nw = (size_t)LAYERS * WIDTH * WIDTH, na = (size_t)(LAYERS + 1) * ROWS * WIDTH;
#pragma strads dvector
    float *w = malloc(nw * sizeof *w);
#pragma strads dvector
    float *act = calloc(na, sizeof *act);
    if (!w || !act) return 1;
    for (size_t k = 0; k < nw; k++) w[k] = (float)((k * 2654435761u) % 1000) / 4000.0f - 0.12f;
    for (size_t k = 0; k < (size_t)ROWS * WIDTH; k++) act[k] = (float)(k % 97) / 97.0f;
    for (int step = 0; step < 3; step++) {
        for (int l = 0; l < LAYERS; l++)
            dense(act + (size_t)(l + 1) * ROWS * WIDTH, act + (size_t)l * ROWS * WIDTH,
                  w + (size_t)l * WIDTH * WIDTH, ROWS, WIDTH);
        for (int l = 0; l < LAYERS; l++)
            dense_off(act + (size_t)(l + 1) * ROWS * WIDTH, act + (size_t)l * ROWS * WIDTH,
                      w + (size_t)l * WIDTH * WIDTH, ROWS, WIDTH);
        for (size_t k = 0; k < (size_t)ROWS * WIDTH; k++) act[k] = act[na - (size_t)ROWS * WIDTH + k] * 0.5f;
    }
    double s = 0;
    for (size_t k = 0; k < na; k++) s += (double)act[k] * (double)(k % 5 + 1);
    printf("act %a\n", s);
    free(w);
    free(act);
    return 0;
}
