/* A sync_for whose body calls a function of another file (config_other.c)
 * that reads globals the driver set before the loop: `scale` defined
 * here, `offset` defined there and set here through an extern, and a
 * struct of settings. A worker process read its own never-set copies (the
 * sum of the workers' part came out with scale 1), so every global of
 * numbers this file declares and another file can name travels with such
 * a loop. The sums must be the plain build's on every shape. */
#include <stdio.h>
#include <stdlib.h>

struct settings {
    int mode;
    double gain[2];
};
float scale = 1.0f;
extern int offset;
struct settings cfg = {0, {1.0, 1.0}};
float apply(float x);

int main(void)
{
    long n = 200000;
#pragma strads dvector
    float *out = malloc((size_t)n * sizeof *out);
    if (!out) return 1;
    double total = 0;
    for (int round = 1; round <= 3; round++) {
        scale = 1.5f * (float)round;
        offset = round * 7;
        cfg.mode = round % 2;
        cfg.gain[1] = 0.25 * round;
        double s = 0;
#pragma strads sync_for recon(off) reduction(+: s)
        for (long i = 0; i < n; i++) {
            out[i] = apply((float)(i % 10));
            s += out[i];
        }
        total += s;
    }
    printf("%.3f %.3f\n", total, (double)out[n - 1]);
    free(out);
    return 0;
}
