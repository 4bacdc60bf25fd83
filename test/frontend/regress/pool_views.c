/* Layers whose activations are views into one pooled allocation, as
 * transformer trainers lay them out: a sync_for over rows of one view,
 * reading the view before it. Each call's pointers differ from the last
 * call's, cycling through the layers; every key gets a verdict that its
 * tasks are separate, and its later calls run alone as the loop itself. */
#include <stdio.h>
#include <stdlib.h>

enum { ROWS = 128, DIN = 48, DOUT = 48, LAYERS = 4, STEPS = 12 };

static void layer(float *y, const float *x, const float *wt, int rows, int din, int dout)
{
#pragma strads sync_for
    for (int blk = 0; blk < rows / 4; blk++) {
        int r0 = blk * 4;
        for (int o = 0; o < dout; o++) {
            float acc[4] = {0, 0, 0, 0};
            for (int k = 0; k < din; k++) {
                float w = wt[o * din + k];
                for (int r = 0; r < 4; r++) acc[r] += x[(r0 + r) * din + k] * w;
            }
            for (int r = 0; r < 4; r++) y[(r0 + r) * dout + o] = acc[r] > 0 ? acc[r] * 0.5f : 0.0f;
        }
    }
}

int main(void)
{
    size_t per = (size_t)ROWS * DIN;
#pragma strads dvector
    float *pool = malloc((LAYERS + 1) * per * sizeof(float));
#pragma strads dvector
    float *wt = malloc((size_t)DIN * DOUT * sizeof(float));
    if (!pool || !wt) return 1;
    for (int i = 0; i < DIN * DOUT; i++) wt[i] = (float)((i * 7) % 13 - 6) / 40.0f;
    double sum = 0;
    for (int s = 0; s < STEPS; s++) {
        for (size_t i = 0; i < per; i++) pool[i] = (float)((i + (size_t)s) % 11) / 10.0f;
        for (int l = 0; l < LAYERS; l++) layer(pool + (l + 1) * per, pool + l * per, wt, ROWS, DIN, DOUT);
        for (size_t i = 0; i < per; i++) sum += pool[LAYERS * per + i];
    }
    printf("%.6f\n", sum);
    free(pool);
    free(wt);
    return 0;
}
