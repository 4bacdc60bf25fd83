/* A case label inside a ranged loop: the switch jumps past the loop's
 * initializer, where its range is recorded (frontend/recon_loop.c). */
#include <stdio.h>
#include <stdlib.h>
#define K 8
int main(void)
{
    int n = 64;
#pragma strads dvector
    float *W = calloc((size_t)n * K, sizeof *W);
    for (int e = 0; e < 3; e++) {
#pragma strads async_for
        for (int u = 0; u < 4 * n; u++) {
            float *w = &W[(u % n) * K];
            int k = 2;
            W[((u + 1) % n) * K + 5] += 0.25f;
            switch (u % 2) {
            case 0:
                k = 0;
                for (k = 0; k < K; k++) {
            case 1:
                    w[k] += 0.5f;
                }
            }
        }
    }
    double s = 0;
    for (int i = 0; i < n * K; i++) s += W[i] * (i % 13 + 1);
    printf("%.3f\n", s);
    return 0;
}
