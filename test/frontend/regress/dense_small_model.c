/*
 * dense_small_model.c - a small dense model every iteration updates whole
 * (a tiny network's weights, through a struct of pointers built in the
 * body and a function of this file), on several nodes under BSP: no
 * lists are made, the model goes whole (reconnaissance recorded every
 * weight of every example, and it and its sort took 13 s of a first call
 * whose tasks took 0.01 s). The updates are whole numbers, so the sums
 * are exact in any order.
 */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    float *w, *b;
    int nin, nout;
} net;

static void update(net t, const float *in, float g)
{
    for (int o = 0; o < t.nout; o++) {
        for (int i = 0; i < t.nin; i++)
            t.w[o * t.nin + i] += g * in[i];
        t.b[o] += g;
    }
}

int main(void)
{
    const int rows = 20000, nin = 16, nout = 4;
#pragma strads dvector row(nin)
    float *in = malloc((size_t)rows * nin * sizeof *in);
#pragma strads dvector
    float *w = calloc((size_t)nin * nout, sizeof *w);
#pragma strads dvector
    float *b = calloc((size_t)nout, sizeof *b);
    for (int r = 0; r < rows; r++)
        for (int i = 0; i < nin; i++)
            in[r * nin + i] = (float)((r * 7 + i * 3) % 5);
    for (int epoch = 0; epoch < 3; epoch++) {
#pragma strads sync_for aggregate(w: sum) aggregate(b: sum) minibatch(100)
        for (int j = 0; j < rows; j++) {
            const net t = {w, b, nin, nout};
            update(t, &in[j * nin], (float)(j % 3 - 1));
        }
    }
    double s = 0;
    for (int k = 0; k < nin * nout; k++)
        s += w[k] * (k % 7 + 1);
    printf("%.1f %.1f %.1f\n", s, b[0], b[nout - 1]);
    free(in);
    free(w);
    free(b);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1 4x1 2x2
