/*
 * bench/progs/cooc_sep.c - bench/progs/cooc_embed.c's trainer with the
 * layout of GloVe's usual implementations: word vectors W, context vectors
 * C and their AdaGrad sums GW and GC in four arrays of their own (the
 * bias in a row's last column), record j updating W[w], GW[w], C[c] and
 * GC[c]. The third style bench/cooc.sh measures: three or four written
 * arrays in two groups of rows.
 * Usage: cooc_sep [WORDS RECORDS DIM EPOCHS SEED]  (default 100000 1000000 50 3 1)
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct rec {
    int32_t w, c;
    float x;
};

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
        fprintf(stderr, "usage: cooc_sep [WORDS RECORDS DIM EPOCHS SEED]\n");
        return 2;
    }
    long R = D + 1; /* a row: D weights and the bias */
#pragma strads dvector
    struct rec *recs = malloc((size_t)n * sizeof *recs);
#pragma strads dvector row(R)
    float *W = malloc((size_t)(V * R) * sizeof *W);
#pragma strads dvector row(R)
    float *C = malloc((size_t)(V * R) * sizeof *C);
#pragma strads dvector row(R)
    float *GW = malloc((size_t)(V * R) * sizeof *GW);
#pragma strads dvector row(R)
    float *GC = malloc((size_t)(V * R) * sizeof *GC);
    if (!recs || !W || !C || !GW || !GC) return 1;
    /* frequent words first (a skewed draw), counts that fall with rank */
    for (long j = 0; j < n; j++) {
        double a = uniform(), b = uniform();
        recs[j].w = (int32_t)(a * a * V);
        recs[j].c = (int32_t)(b * b * V);
        recs[j].x = (float)(1 + 100 * uniform() * uniform());
    }
    for (long k = 0; k < V * R; k++) {
        W[k] = (float)((uniform() - 0.5) / D);
        GW[k] = 1.0f;
    }
    for (long k = 0; k < V * R; k++) {
        C[k] = (float)((uniform() - 0.5) / D);
        GC[k] = 1.0f;
    }
    const float lr = 0.05f, xmax = 100.0f;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int ep = 1; ep <= epochs; ep++) {
#pragma strads async_for
        for (long j = 0; j < n; j++) {
            float *a = &W[recs[j].w * R], *b = &C[recs[j].c * R];
            float *ga = &GW[recs[j].w * R], *gb = &GC[recs[j].c * R];
            float x = recs[j].x;
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
            const float *a = &W[recs[j].w * R], *b = &C[recs[j].c * R];
            float x = recs[j].x, f = x < xmax ? powf(x / xmax, 0.75f) : 1.0f;
            double d = a[D] + b[D] - log(x);
            for (long k = 0; k < D; k++) d += a[k] * b[k];
            loss += 0.5 * f * d * d;
        }
        printf("loss %.6f after %d epochs\n", loss / (double)n, epochs);
        fprintf(stderr, "train_s %.3f\n", (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    }
    free(recs);
    free(W);
    free(GW);
    free(C);
    free(GC);
    return 0;
}
