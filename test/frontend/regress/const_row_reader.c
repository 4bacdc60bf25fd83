/* A body that reads a distributed array through a local pointer to const
 * (llama2.c's attention: `const float *k = cache + off; k[i]`). Taken for
 * a write (the pointer escaped into a local), the array was replicated
 * per thread and clock and copied whole by the driver's emulation of the
 * workers: 80 ms a call for 20 us of work, 140x the plain build.
 * frontend.const_reader checks that stradsc lists it read-only; the
 * shapes here that the answer is the plain build's. */
// CONFIGS: 1x1 1x2 2x1 3x1
#include <stdio.h>
#include <stdlib.h>

#define H 4
#define D 16
#define T 64

int main(void)
{
#pragma strads dvector
    float *cache = malloc(sizeof(float) * T * H * D);
#pragma strads dvector
    float *out = malloc(sizeof(float) * H * D);
    if (!cache || !out) return 1;
    for (int i = 0; i < T * H * D; i++) cache[i] = (float)(i % 11) * 0.125f;
    double sum = 0;
    for (int pos = 0; pos < T; pos += 7) {
        const float *base = cache;
        float *o0 = out;
#pragma strads sync_for
        for (int h = 0; h < H; h++) {
            float *o = o0 + h * D;
            for (int i = 0; i < D; i++) o[i] = 0;
            for (int t = 0; t <= pos; t++) {
                const float *v = base + t * H * D + h * D;
                const float *k;
                k = base + (pos - t) * H * D + h * D;
                for (int i = 0; i < D; i++) o[i] += v[i] * k[i];
            }
        }
        for (int i = 0; i < H * D; i++) sum += out[i];
    }
    printf("%.3f\n", sum);
    free(cache);
    free(out);
    return 0;
}
