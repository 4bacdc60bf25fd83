/* A row read by one loop and updated by the next, whose bound is a macro
 * naming a variable assigned between the loops: recorded by the first
 * loop alone (frontend/recon_pair.c), the update's longer range was missed. */
#include <stdio.h>
#include <stdlib.h>
#define K 8
#define LEN len
int main(void)
{
    int n = 64;
#pragma strads dvector
    float *W = calloc((size_t)n * K, sizeof *W);
    for (int i = 0; i < n * K; i++) W[i] = (float)(i % 5);
    long pos = 0;
    for (int e = 0; e < 3; e++) {
#pragma strads async_for reduction(+: pos)
        for (int u = 0; u < 4 * n; u++) {
            float *w = &W[(u % n) * K];
            int len = 3, k;
            float g = 0;
            W[((u + 1) % n) * K + 5] += 0.25f; /* a write to the next row */
            for (k = 0; k < LEN; k++)
                g += w[k];
            len = K;
            pos += g > 2;
            for (k = 0; k < LEN; k++)
                w[k] += 0.5f;
        }
    }
    double s = 0;
    for (int i = 0; i < n * K; i++) s += W[i] * (i % 13 + 1);
    printf("%.3f %ld\n", s, pos);
    return 0;
}
