/*
 * bench/progs/cooc_bias.c - bench/progs/cooc_sep.c's trainer with every
 * part in an array of its own: word vectors W, context vectors C, their
 * biases BW and BC, and the AdaGrad sums of all four (GW, GC, GBW, GBC);
 * record j updates row w of the word arrays and row c of the context
 * ones. The fifth style bench/cooc.sh measures: eight written arrays in
 * two groups of rows.
 * Usage: cooc_bias [WORDS RECORDS DIM EPOCHS SEED]  (default 100000 1000000 50 3 1)
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
        fprintf(stderr, "usage: cooc_bias [WORDS RECORDS DIM EPOCHS SEED]\n");
        return 2;
    }
    long R = D; /* a row: D weights; the biases apart */
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
#pragma strads dvector
    float *BW = malloc((size_t)V * sizeof *BW);
#pragma strads dvector
    float *BC = malloc((size_t)V * sizeof *BC);
#pragma strads dvector
    float *GBW = malloc((size_t)V * sizeof *GBW);
#pragma strads dvector
    float *GBC = malloc((size_t)V * sizeof *GBC);
    if (!recs || !W || !C || !GW || !GC || !BW || !BC || !GBW || !GBC) return 1;
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
    for (long v = 0; v < V; v++) {
        BW[v] = BC[v] = (float)((uniform() - 0.5) / D);
        GBW[v] = GBC[v] = 1.0f;
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
            long w = recs[j].w, c = recs[j].c;
            float d = BW[w] + BC[c] - logf(x);
            for (long k = 0; k < D; k++) d += a[k] * b[k];
            float g = f * d * lr;
            for (long k = 0; k < D; k++) {
                float ua = g * b[k], ub = g * a[k];
                a[k] -= ua / sqrtf(ga[k]);
                b[k] -= ub / sqrtf(gb[k]);
                ga[k] += ua * ua;
                gb[k] += ub * ub;
            }
            BW[w] -= g / sqrtf(GBW[w]);
            BC[c] -= g / sqrtf(GBC[c]);
            GBW[w] += g * g;
            GBC[c] += g * g;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    {
        double loss = 0;
        for (long j = 0; j < n; j++) {
            const float *a = &W[recs[j].w * R], *b = &C[recs[j].c * R];
            float x = recs[j].x, f = x < xmax ? powf(x / xmax, 0.75f) : 1.0f;
            double d = BW[recs[j].w] + BC[recs[j].c] - log(x);
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
    free(BW);
    free(BC);
    free(GBW);
    free(GBC);
    return 0;
}
