/* SGD-MF written with helper functions, its learning rate decaying every
 * epoch: the rate reaches the rows only through update()'s arithmetic, so
 * the plan is kept across epochs (it was made anew every epoch: the rate
 * was taken to pick rows once it went into a function). The ratings'
 * users repeat with a period (j * 7919 % 500): the first call's check for
 * one element every iteration writes sampled the middles of the eighths,
 * all on one user, and ran the loop alone as one conflict group. */
#include <stdio.h>
#include <stdlib.h>

#define K 8

static float dot(const float *a, const float *b, int k)
{
    float s = 0;
    for (int t = 0; t < k; t++) s += a[t] * b[t];
    return s;
}

static void update(float *w, float *h, float e, float rate, int k)
{
    for (int t = 0; t < k; t++) {
        float wt = w[t];
        w[t] += rate * (e * h[t] - 0.05f * wt);
        h[t] += rate * (e * wt - 0.05f * h[t]);
    }
}

int main(void)
{
    long n = 20000;
    int users = 500, items = 300;
#pragma strads dvector
    int *ru = malloc((size_t)n * sizeof *ru);
#pragma strads dvector
    int *ri = malloc((size_t)n * sizeof *ri);
#pragma strads dvector row(K)
    float *W = malloc((size_t)users * K * sizeof *W);
#pragma strads dvector row(K)
    float *H = malloc((size_t)items * K * sizeof *H);
    for (long j = 0; j < n; j++) {
        ru[j] = (int)((j * 7919) % users);
        ri[j] = (int)((j * 104729 + j / 3) % items);
    }
    for (long k = 0; k < (long)users * K; k++) W[k] = (float)(k % 13) / 60;
    for (long k = 0; k < (long)items * K; k++) H[k] = (float)(k % 11) / 50;
    float lr = 0.02f;
    for (int epoch = 0; epoch < 4; epoch++) {
        double se = 0;
#pragma strads async_for reduction(+: se)
        for (long j = 0; j < n; j++) {
            float *w = &W[ru[j] * K], *h = &H[ri[j] * K];
            float e = 1 - dot(w, h, K);
            se += (double)e * e;
            update(w, h, e, lr, K);
        }
        lr *= 0.8f;
        printf("epoch %d loss %.4f\n", epoch, se / (double)n);
    }
    return 0;
}
