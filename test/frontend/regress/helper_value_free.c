/* An async_for body calling the file's functions whose values go nowhere
 * in its reconnaissance: dot()'s value only feeds e, and e only feeds
 * scale()'s arithmetic into the row. The fast copy calls value-free copies
 * of both (no dot product computed); the body then reads back the row
 * scale() wrote, which its copy dropped, so the iteration runs again
 * exactly, and the count it picks is the right one. Each iteration has its
 * own row, and the counts are sums: every serial order prints the same. */
#include <stdio.h>
#include <stdlib.h>

#define K 8

static float dot(const float *a, const float *b, int k)
{
    float s = 0;
    for (int t = 0; t < k; t++) s += a[t] * b[t];
    return s;
}

static void scale(float *w, float g, int k)
{
    for (int t = 0; t < k; t++) w[t] += g * 0.5f;
}

int main(void)
{
    int n = 3000;
#pragma strads dvector row(K)
    float *W = malloc((size_t)n * K * sizeof *W);
#pragma strads dvector row(K)
    float *H = malloc((size_t)n * K * sizeof *H);
#pragma strads dvector
    int *cnt = calloc(8, sizeof *cnt);
    for (long k = 0; k < (long)n * K; k++) {
        W[k] = (float)(k % 17) / 40;
        H[k] = (float)(k % 13) / 30;
    }
    for (int epoch = 0; epoch < 3; epoch++) {
#pragma strads async_for
        for (int i = 0; i < n; i++) {
            float *w = &W[i * K];
            const float *h = &H[((i * 7) % n) * K];
            float e = 1 - dot(w, h, K);
            scale(w, e, K);
            if (w[0] > 0.6f)
                cnt[i % 8] += 1;
            else
                cnt[(i + 3) % 8] += 2;
        }
    }
    double s = 0;
    for (long k = 0; k < (long)n * K; k++) s += W[k];
    printf("cnt %d %d %d %d %d %d %d %d sum %.3f\n", cnt[0], cnt[1], cnt[2], cnt[3], cnt[4], cnt[5],
           cnt[6], cnt[7], s);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1 2x2
