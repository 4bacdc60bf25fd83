/* Two pointers into one distributed array in one sync_for: a layer's
 * output and input at offsets of one activation array (llm.c's style),
 * whose rows stradsc proves each iteration's own (STRADS_ARRAY_SPAN), as
 * p[r * width + o] or through a row pointer p + r * width: the
 * runtime sees from the pointers' values that the rows read and the rows
 * written are apart, and runs the calls alone as the loop itself, with no
 * records for a verdict. A row scaled in place through two pointers to
 * the same rows is not apart: its calls need the records' verdict. The
 * plain build's bytes at every shape. */
// CONFIGS: 1x1 1x2 2x1 2x2
#include <stdio.h>
#include <stdlib.h>

enum { ROWS = 64, WIDTH = 32, LAYERS = 4 };

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

/* the same through row pointers (llm.c's out_bt = out + bt * OC) */
static void dense_rows(float *out, const float *in, const float *w, int rows, int width)
{
#pragma strads sync_for
    for (int r = 0; r < rows; r++) {
        float *o_r = out + r * width;
        const float *i_r = &in[r * width];
        for (int o = 0; o < width; o++) {
            float v = 0.0f;
            for (int i = 0; i < width; i++) v += i_r[i] * w[o * width + i];
            o_r[o] = v > 0.0f ? v : 0.01f * v;
        }
    }
}

/* out and in the same rows: iteration r reads and writes row r only */
static void scale_rows(float *out, const float *in, int rows, int width)
{
#pragma strads sync_for
    for (int r = 0; r < rows; r++) {
        float m = 1e-6f;
        for (int i = 0; i < width; i++) m = in[r * width + i] > m ? in[r * width + i] : m;
        for (int o = 0; o < width; o++) out[r * width + o] = in[r * width + o] / m;
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
    for (int step = 0; step < 4; step++) {
        for (int l = 0; l < LAYERS; l++) {
            float *x = act + (size_t)l * ROWS * WIDTH, *y = x + (size_t)ROWS * WIDTH;
            if (l % 2)
                dense(y, x, w + (size_t)l * WIDTH * WIDTH, ROWS, WIDTH);
            else
                dense_rows(y, x, w + (size_t)l * WIDTH * WIDTH, ROWS, WIDTH);
            scale_rows(y, y, ROWS, WIDTH);
        }
        for (size_t k = 0; k < (size_t)ROWS * WIDTH; k++) act[k] = act[na - (size_t)ROWS * WIDTH + k];
    }
    double s = 0;
    for (size_t k = 0; k < na; k++) s += (double)act[k] * (double)(k % 5 + 1);
    printf("act %a\n", s);
    free(w);
    free(act);
    return 0;
}
