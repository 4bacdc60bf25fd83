/* A network's dense layers in the style of llm.c's matmul_forward: one
 * function with a sync_for over rows, called once per layer of each step
 * with its input and output at offsets of one activation dvector and its
 * weights at an offset of another (nine pointer sets a step). Prints a
 * checksum of the activations. */
#include <stdio.h>
#include <stdlib.h>

enum { ROWS = 256, WIDTH = 128, LAYERS = 9, STEPS = 10 };

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

int main(void)
{
    size_t nw = (size_t)LAYERS * WIDTH * WIDTH, na = (size_t)(LAYERS + 1) * ROWS * WIDTH;
#pragma strads dvector
    float *w = malloc(nw * sizeof *w);
#pragma strads dvector
    float *act = calloc(na, sizeof *act);
    if (!w || !act) return 1;
    for (size_t k = 0; k < nw; k++) w[k] = ((float)((k * 2654435761u) % 1000) / 1000.0f - 0.5f) * 0.8f;
    for (size_t k = 0; k < (size_t)ROWS * WIDTH; k++) act[k] = (float)(k % 97) / 97.0f;
    for (int step = 0; step < STEPS; step++) {
        for (int l = 0; l < LAYERS; l++)
            dense(act + (size_t)(l + 1) * ROWS * WIDTH, act + (size_t)l * ROWS * WIDTH,
                  w + (size_t)l * WIDTH * WIDTH, ROWS, WIDTH);
        for (size_t k = 0; k < (size_t)ROWS * WIDTH; k++) act[k] = 0.5f * act[na - (size_t)ROWS * WIDTH + k];
    }
    double s = 0;
    for (size_t k = 0; k < na; k++) s += (double)act[k] * (double)(k % 5 + 1);
    printf("checksum %.6f\n", s);
    return 0;
}
