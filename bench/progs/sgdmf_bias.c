/*
 * bench/progs/sgdmf_bias.c - SGD matrix factorization with a bias per user
 * and per item beside the factor rows (bu[u], bi[i], and the global mean),
 * the ratings as three arrays of fields (us[j], is[j], rs[j]) rather than
 * an array of structs. One of the styles of the same program (see
 * sgdmf_flat.c) that bench/sgdmf_styles.sh compares.
 *
 *   sgdmf_bias [USERS ITEMS RATINGS EPOCHS]   (K: -DK=, default 64)
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

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;

static double uniform(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
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
        fprintf(stderr, "usage: sgdmf_bias [USERS ITEMS RATINGS EPOCHS]\n");
        return 2;
    }
#pragma strads dvector
    int32_t *us = malloc((size_t)n * sizeof *us);
#pragma strads dvector
    int32_t *is = malloc((size_t)n * sizeof *is);
#pragma strads dvector
    float *rs = malloc((size_t)n * sizeof *rs);
#pragma strads dvector row(K)
    float *W = malloc((size_t)users * K * sizeof *W);
#pragma strads dvector row(K)
    float *H = malloc((size_t)items * K * sizeof *H);
#pragma strads dvector
    float *bu = calloc((size_t)users, sizeof *bu);
#pragma strads dvector
    float *bi = calloc((size_t)items, sizeof *bi);
    if (!us || !is || !rs || !W || !H || !bu || !bi)
        return 1;
    double sum = 0;
    for (long j = 0; j < n; j++) {
        double p = uniform();
        us[j] = (int32_t)(uniform() * users);
        is[j] = (int32_t)(p * p * p * items); /* popular items first */
        rs[j] = (float)(1 + 4 * uniform());
        sum += rs[j];
    }
    for (long k = 0; k < users * K; k++)
        W[k] = (float)(uniform() * 0.2);
    for (long k = 0; k < items * K; k++)
        H[k] = (float)(uniform() * 0.2);

    const float mu = (float)(sum / (double)n), lr = 0.005f, lambda = 0.05f;
    double se = 0, first = 0, t0 = now();
    for (int epoch = 0; epoch < epochs; epoch++) {
        double t = now();
        se = 0;
#pragma strads async_for reduction(+: se)
        for (long j = 0; j < n; j++) {
            long u = us[j], i = is[j];
            float e = rs[j] - mu - bu[u] - bi[i];
            for (int k = 0; k < K; k++)
                e -= W[u * K + k] * H[i * K + k];
            se += (double)e * e;
            bu[u] += lr * (e - lambda * bu[u]);
            bi[i] += lr * (e - lambda * bi[i]);
            for (int k = 0; k < K; k++) {
                float wk = W[u * K + k];
                W[u * K + k] += lr * (e * H[i * K + k] - lambda * wk);
                H[i * K + k] += lr * (e * wk - lambda * H[i * K + k]);
            }
        }
        if (epoch == 0)
            first = now() - t;
    }
    double all = now() - t0;
    printf("result style=bias epochs=%d rmse=%.4f first_s=%.3f later_s=%.3f total_s=%.3f\n", epochs,
           sqrt(se / (double)n), first, epochs > 1 ? (all - first) / (epochs - 1) : first, all);
    free(us);
    free(is);
    free(rs);
    free(W);
    free(H);
    free(bu);
    free(bi);
    return 0;
}
