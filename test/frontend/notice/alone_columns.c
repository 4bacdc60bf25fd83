/* A network layer's weights updated by column (tinn's and backprop's
 * output layer: iteration i, a hidden unit, writes x[j * nh + i] for
 * every output j) and by row (w[i * ni + j]). With several processes the
 * processes' written elements interleave, so ranges of them meet; the
 * tasks' records compared element by element show them apart
 * (loop_sync_separate.c's bits), and the calls run alone as the loop
 * itself. frontend.alone.columns checks the verdict at 2x1 and 2x2, and
 * that the default prints what every call shared prints. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int nh = 28, no = 10, ni = 256, calls = 400;
#pragma strads dvector
    float *w = calloc((size_t)nh * (ni + no), sizeof *w);
    if (!w) return 1;
    float *x = w + nh * ni;
    for (int c = 0; c < calls; c++) {
        float g = 1e-3f * (float)(c % 5);
#pragma strads sync_for
        for (int i = 0; i < nh; i++) {
            float s = 0;
            for (int j = 0; j < no; j++) {
                s += x[j * nh + i];
                x[j * nh + i] += g;
            }
            for (int j = 0; j < ni; j++) w[i * ni + j] += g * s;
        }
    }
    double cs = 0;
    for (int k = 0; k < nh * (ni + no); k++) cs += w[k] * (double)(k % 3 + 1);
    printf("%.9g\n", cs);
    free(w);
    return 0;
}
