/* The row pointer's address taken as &(w) in the body, and the first loop
 * moving w through it: the update writes another row than the one the
 * first loop read, so pairing them (frontend/recon_pair.c) missed it. */
#include <stdio.h>
#include <stdlib.h>
#define K 8
int main(void)
{
    int n = 64;
#pragma strads dvector
    float *W = calloc((size_t)n * K, sizeof *W);
    for (int i = 0; i < n * K; i++) W[i] = (float)(i % 5);
    for (int e = 0; e < 3; e++) {
#pragma strads async_for
        for (int u = 0; u < 4 * n; u++) {
            float *w = &W[(u % n) * K], *w2 = &W[((u + 1) % n) * K];
            float **pw = &(w);
            float g = 0;
            for (int k = 0; k < K; k++) {
                g += w[k];
                if (k == K - 1)
                    *pw = w2; /* w now names the next row */
            }
            for (int k = 0; k < K; k++)
                w[k] += 0.5f;
        }
    }
    double s = 0;
    for (int i = 0; i < n * K; i++) s += W[i] * (i % 13 + 1);
    printf("%.3f\n", s);
    return 0;
}
