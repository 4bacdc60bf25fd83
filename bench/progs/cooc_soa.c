/*
 * bench/progs/cooc_soa.c - bench/progs/cooc_embed.c's trainer with its
 * records kept as three arrays of fields (word[j], ctx[j], cnt[j])
 * instead of an array of structs: the same updates, the same draws, the
 * same loss. The second style bench/cooc.sh measures.
 * Usage: cooc_soa [WORDS RECORDS DIM EPOCHS SEED]  (default 100000 1000000 50 3 1)
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t rng;

static double uniform(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (double)((rng * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

int main(int argc, char **argv)
{
    long V = argc > 1 ? atol(argv[1]) : 100000, n = argc > 2 ? atol(argv[2]) : 1000000;
    long D = argc > 3 ? atol(argv[3]) : 50;
    int epochs = argc > 4 ? atoi(argv[4]) : 3;
    rng = (uint64_t)(argc > 5 ? atol(argv[5]) : 1) * 0x9E3779B97F4A7C15ULL + 7;
    if (V < 2 || n < 1 || D < 1 || epochs < 0) {
        fprintf(stderr, "usage: cooc_soa [WORDS RECORDS DIM EPOCHS SEED]\n");
        return 2;
    }
    long R = D + 1; /* a row: D weights and the bias */
#pragma strads dvector
    int32_t *word = malloc((size_t)n * sizeof *word);
#pragma strads dvector
    int32_t *ctx = malloc((size_t)n * sizeof *ctx);
#pragma strads dvector
    float *cnt = malloc((size_t)n * sizeof *cnt);
#pragma strads dvector row(R)
    float *E = malloc((size_t)(2 * V * R) * sizeof *E);
#pragma strads dvector row(R)
    float *G = malloc((size_t)(2 * V * R) * sizeof *G);
    if (!word || !ctx || !cnt || !E || !G) return 1;
    /* frequent words first (a skewed draw), counts that fall with rank */
    for (long j = 0; j < n; j++) {
        double a = uniform(), b = uniform();
        word[j] = (int32_t)(a * a * V);
        ctx[j] = (int32_t)(b * b * V);
        cnt[j] = (float)(1 + 100 * uniform() * uniform());
    }
    for (long k = 0; k < 2 * V * R; k++) {
        E[k] = (float)((uniform() - 0.5) / D);
        G[k] = 1.0f;
    }
    const float lr = 0.05f, xmax = 100.0f;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int ep = 1; ep <= epochs; ep++) {
#pragma strads async_for
        for (long j = 0; j < n; j++) {
            float *a = &E[word[j] * R], *b = &E[(V + ctx[j]) * R];
            float *ga = &G[word[j] * R], *gb = &G[(V + ctx[j]) * R];
            float x = cnt[j];
            float f = x < xmax ? powf(x / xmax, 0.75f) : 1.0f;
            float d = a[D] + b[D] - logf(x);
            for (long k = 0; k < D; k++) d += a[k] * b[k];
            float g = f * d * lr;
            a[D] -= g / sqrtf(ga[D]);
            b[D] -= g / sqrtf(gb[D]);
            ga[D] += g * g;
            gb[D] += g * g;
            for (long k = 0; k < D; k++) {
                float ua = g * b[k], ub = g * a[k];
                a[k] -= ua / sqrtf(ga[k]);
                b[k] -= ub / sqrtf(gb[k]);
                ga[k] += ua * ua;
                gb[k] += ub * ub;
            }
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    {
        double loss = 0;
        for (long j = 0; j < n; j++) {
            const float *a = &E[word[j] * R], *b = &E[(V + ctx[j]) * R];
            float x = cnt[j], f = x < xmax ? powf(x / xmax, 0.75f) : 1.0f;
            double d = a[D] + b[D] - log(x);
            for (long k = 0; k < D; k++) d += a[k] * b[k];
            loss += 0.5 * f * d * d;
        }
        printf("loss %.6f after %d epochs\n", loss / (double)n, epochs);
        fprintf(stderr, "train_s %.3f\n", (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    }
    free(word);
    free(ctx);
    free(cnt);
    free(E);
    free(G);
    return 0;
}
