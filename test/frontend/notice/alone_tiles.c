/* A stencil cut into tiles (hotspot's: one iteration a 16 x 16 tile of a
 * 512 x 512 grid, reading its halo from the other array of a ping-pong
 * pair) and a transpose written by column. At three processes the shares
 * end mid-row of tiles, so the processes' written elements interleave
 * and ranges of them meet; the arrays, 262,144 elements each, are
 * compared element by element (loop_sync_separate.c's bits, sized to the
 * arrays), the tasks are separate, and the calls run alone as the loop
 * itself. frontend.alone.tiles checks the verdicts at 3x1 and 2x2, and
 * that the default prints what every call shared prints. */
#include <stdio.h>
#include <stdlib.h>

#define G 512
#define TS 16

int main(void)
{
    int tiles = (G / TS) * (G / TS), steps = 12;
#pragma strads dvector
    float *a = malloc(sizeof(float) * G * G);
#pragma strads dvector
    float *b = malloc(sizeof(float) * G * G);
#pragma strads dvector
    float *t = malloc(sizeof(float) * G * G);
    if (!a || !b || !t) return 1;
    for (int k = 0; k < G * G; k++) a[k] = b[k] = (float)(k % 97) / 97.0f;
    for (int s = 0; s < steps; s++) {
        float *in = s % 2 ? b : a, *out = s % 2 ? a : b;
#pragma strads sync_for
        for (int q = 0; q < tiles; q++) {
            int r0 = q / (G / TS) * TS, c0 = q % (G / TS) * TS;
            for (int r = r0; r < r0 + TS; r++)
                for (int c = c0; c < c0 + TS; c++) {
                    float n = r > 0 ? in[(r - 1) * G + c] : in[r * G + c];
                    float w = c > 0 ? in[r * G + c - 1] : in[r * G + c];
                    float e = c < G - 1 ? in[r * G + c + 1] : in[r * G + c];
                    float so = r < G - 1 ? in[(r + 1) * G + c] : in[r * G + c];
                    out[r * G + c] = 0.6f * in[r * G + c] + 0.1f * (n + w + e + so);
                }
        }
    }
#pragma strads sync_for
    for (int c = 0; c < G; c++)
        for (int r = 0; r < G; r++) t[r * G + c] = a[c * G + r] + 0.5f * (float)c;
    double cs = 0;
    for (int k = 0; k < G * G; k++) cs += (a[k] + t[k]) * (double)(k % 7 + 1);
    printf("%.9g\n", cs);
    free(a);
    free(b);
    free(t);
    return 0;
}
