/*
 * bench/progs/sgdmf_struct.c - SGD matrix factorization as a user writes it
 * with an array of row structs: struct row { float v[K]; } *W, indexed
 * W[u].v[k]. One of four styles of the same program (see sgdmf_flat.c) that
 * bench/sgdmf_styles.sh compares.
 *
 *   sgdmf_struct [USERS ITEMS RATINGS EPOCHS]   (K: -DK=, default 64)
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

struct row {
    float v[K];
};

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
        fprintf(stderr, "usage: sgdmf_struct [USERS ITEMS RATINGS EPOCHS]\n");
        return 2;
    }
#pragma strads dvector
    struct rating *rs = malloc((size_t)n * sizeof *rs);
#pragma strads dvector
    struct row *W = malloc((size_t)users * sizeof *W);
#pragma strads dvector
    struct row *H = malloc((size_t)items * sizeof *H);
    if (!rs || !W || !H)
        return 1;
    for (long j = 0; j < n; j++) {
        double p = uniform();
        rs[j].u = (int32_t)(uniform() * users);
        rs[j].i = (int32_t)(p * p * p * items); /* popular items first */
        rs[j].r = (float)(1 + 4 * uniform());
    }
    for (long u = 0; u < users; u++)
        for (int k = 0; k < K; k++)
            W[u].v[k] = (float)(uniform() * 0.2);
    for (long i = 0; i < items; i++)
        for (int k = 0; k < K; k++)
            H[i].v[k] = (float)(uniform() * 0.2);

    const float lr = 0.005f, lambda = 0.05f;
    double se = 0, first = 0, t0 = now();
    for (int epoch = 0; epoch < epochs; epoch++) {
        double t = now();
        se = 0;
#pragma strads async_for reduction(+: se)
        for (long j = 0; j < n; j++) {
            long u = rs[j].u, i = rs[j].i;
            float e = rs[j].r - 3;
            for (int k = 0; k < K; k++)
                e -= W[u].v[k] * H[i].v[k];
            se += (double)e * e;
            for (int k = 0; k < K; k++) {
                float wk = W[u].v[k];
                W[u].v[k] += lr * (e * H[i].v[k] - lambda * wk);
                H[i].v[k] += lr * (e * wk - lambda * H[i].v[k]);
            }
        }
        if (epoch == 0)
            first = now() - t;
    }
    double all = now() - t0;
    printf("result style=struct epochs=%d rmse=%.4f first_s=%.3f later_s=%.3f total_s=%.3f\n", epochs,
           sqrt(se / (double)n), first, epochs > 1 ? (all - first) / (epochs - 1) : first, all);
    free(rs);
    free(W);
    free(H);
    return 0;
}
