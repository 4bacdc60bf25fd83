/*
 * bench/progs/sgdmf_helper.c - SGD matrix factorization as a user writes it
 * with helper functions: the flat rows of sgdmf_flat.c, the prediction a
 * dot() and the update an update() of rows passed by pointer, and a
 * learning rate that decays every epoch. One of the styles of the same
 * program that bench/sgdmf_styles.sh compares: reconnaissance must cost
 * about the same in each (the helpers' value-free copies,
 * frontend/recon_vfree.c). Built with plain cc it is the sequential program.
 *
 *   sgdmf_helper [USERS ITEMS RATINGS EPOCHS]   (K: -DK=, default 64)
 *
 * Prints the training RMSE of the last epoch and the seconds of the epochs
 * (first epoch apart: it includes reconnaissance and planning under strads).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef K
#define K 64
#endif

struct rating {
    int32_t u, i;
    float r;
};

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;

static double uniform(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

static float dot(const float *a, const float *b)
{
    float s = 0;
    for (int k = 0; k < K; k++) s += a[k] * b[k];
    return s;
}

static void update(float *w, float *h, float e, float lr, float lambda)
{
    for (int k = 0; k < K; k++) {
        float wk = w[k];
        w[k] += lr * (e * h[k] - lambda * wk);
        h[k] += lr * (e * wk - lambda * h[k]);
    }
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    long users = argc > 1 ? atol(argv[1]) : 480189, items = argc > 2 ? atol(argv[2]) : 17770;
    long n = argc > 3 ? atol(argv[3]) : 10000000;
    int epochs = argc > 4 ? atoi(argv[4]) : 3;
    if (users < 1 || items < 1 || n < 1 || epochs < 1) {
        fprintf(stderr, "usage: sgdmf_flat [USERS ITEMS RATINGS EPOCHS]\n");
        return 2;
    }
#pragma strads dvector
    struct rating *rs = malloc((size_t)n * sizeof *rs);
#pragma strads dvector row(K)
    float *W = malloc((size_t)users * K * sizeof *W);
#pragma strads dvector row(K)
    float *H = malloc((size_t)items * K * sizeof *H);
    if (!rs || !W || !H)
        return 1;
    for (long j = 0; j < n; j++) {
        double p = uniform();
        rs[j].u = (int32_t)(uniform() * users);
        rs[j].i = (int32_t)(p * p * p * items); /* popular items first */
        rs[j].r = (float)(1 + 4 * uniform());
    }
    for (long k = 0; k < users * K; k++)
        W[k] = (float)(uniform() * 0.2);
    for (long k = 0; k < items * K; k++)
        H[k] = (float)(uniform() * 0.2);

    float lr = 0.005f;
    const float lambda = 0.05f;
    double se = 0, first = 0, t0 = now();
    for (int epoch = 0; epoch < epochs; epoch++) {
        double t = now();
        se = 0;
#pragma strads async_for reduction(+: se)
        for (long j = 0; j < n; j++) {
            float *w = &W[(long)rs[j].u * K], *h = &H[(long)rs[j].i * K];
            float e = rs[j].r - 3 - dot(w, h);
            se += (double)e * e;
            update(w, h, e, lr, lambda);
        }
        lr *= 0.97f;
        if (epoch == 0)
            first = now() - t;
    }
    double all = now() - t0;
    printf("result style=helper epochs=%d rmse=%.4f first_s=%.3f later_s=%.3f total_s=%.3f\n", epochs,
           sqrt(se / (double)n), first, epochs > 1 ? (all - first) / (epochs - 1) : first, all);
    free(rs);
    free(W);
    free(H);
    return 0;
}
