/*
 * bench/progs/cooc_glove.c - the co-occurrence trainer of bench/cooc.sh in
 * the layout and habits of Stanford GloVe's training loop: one flat array W
 * of 2 * V rows of D + 1 doubles (word rows, then context rows; the bias
 * last in a row) reached through offsets l1 and l2 into the same array,
 * AdaGrad sums in a second array of the same shape, 1-based word indices,
 * a loop counter declared at the top of the function, gradient clipping,
 * update buffers (private sections), NaN checks that skip a record or an
 * update, and a helper that zeroes a NaN update. The records, their order
 * and the arithmetic are those of cooc_embed.c where the layouts agree.
 * Prints the weighted loss after the last epoch, and the training time on
 * stderr.
 * Usage: cooc_glove [WORDS RECORDS DIM EPOCHS SEED]  (default 100000 1000000 50 3 1)
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef double real;

typedef struct crec {
    int word1, word2;
    real val;
} CREC;

static uint64_t rng;

static double uniform(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (double)((rng * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

static inline real zero_nan(real u)
{
    return isnan(u) || isinf(u) ? 0 : u;
}

int main(int argc, char **argv)
{
    long long V = argc > 1 ? atoll(argv[1]) : 100000, n = argc > 2 ? atoll(argv[2]) : 1000000;
    long long D = argc > 3 ? atoll(argv[3]) : 50;
    int epochs = argc > 4 ? atoi(argv[4]) : 3;
    rng = (uint64_t)(argc > 5 ? atol(argv[5]) : 1) * 0x9E3779B97F4A7C15ULL + 7;
    if (V < 2 || n < 1 || D < 1 || epochs < 0) {
        fprintf(stderr, "usage: cooc_glove [WORDS RECORDS DIM EPOCHS SEED]\n");
        return 2;
    }
    long long a, b, l1, l2, R = D + 1;
    real diff, fdiff, t1, t2;
    const real eta = 0.05, x_max = 100.0, alpha = 0.75, clip = 100.0;
#pragma strads dvector
    CREC *cr = malloc((size_t)n * sizeof *cr);
#pragma strads dvector row(R)
    real *W = malloc((size_t)(2 * V * R) * sizeof *W);
#pragma strads dvector row(R)
    real *gradsq = malloc((size_t)(2 * V * R) * sizeof *gradsq);
    real *up1 = malloc((size_t)D * sizeof *up1), *up2 = malloc((size_t)D * sizeof *up2);
    if (!cr || !W || !gradsq || !up1 || !up2) return 1;
    /* frequent words first (a skewed draw), counts that fall with rank */
    for (a = 0; a < n; a++) {
        double p = uniform(), q = uniform();
        cr[a].word1 = (int)(p * p * V) + 1;
        cr[a].word2 = (int)(q * q * V) + 1;
        cr[a].val = 1 + 100 * uniform() * uniform();
    }
    for (a = 0; a < 2 * V * R; a++) {
        W[a] = (uniform() - 0.5) / D;
        gradsq[a] = 1.0;
    }
    struct timespec ts0, ts1;
    clock_gettime(CLOCK_MONOTONIC, &ts0);
    for (int ep = 1; ep <= epochs; ep++) {
#pragma strads async_for private(up1[0:D], up2[0:D])
        for (a = 0; a < n; a++) {
            if (cr[a].word1 < 1 || cr[a].word2 < 1) continue;
            l1 = (cr[a].word1 - 1LL) * R;
            l2 = (cr[a].word2 - 1LL + V) * R;
            diff = 0;
            for (b = 0; b < D; b++) diff += W[b + l1] * W[b + l2];
            diff += W[D + l1] + W[D + l2] - log(cr[a].val);
            fdiff = cr[a].val > x_max ? diff : pow(cr[a].val / x_max, alpha) * diff;
            if (isnan(diff) || isnan(fdiff) || isinf(diff) || isinf(fdiff)) {
                fprintf(stderr, "NaN in record %lld: skipped\n", a);
                continue;
            }
            real s1 = 0, s2 = 0;
            for (b = 0; b < D; b++) {
                t1 = fmin(fmax(fdiff * W[b + l2], -clip), clip) * eta;
                t2 = fmin(fmax(fdiff * W[b + l1], -clip), clip) * eta;
                up1[b] = t1 / sqrt(gradsq[b + l1]);
                up2[b] = t2 / sqrt(gradsq[b + l2]);
                s1 += up1[b];
                s2 += up2[b];
                gradsq[b + l1] += t1 * t1;
                gradsq[b + l2] += t2 * t2;
            }
            if (!isnan(s1) && !isinf(s1) && !isnan(s2) && !isinf(s2)) {
                for (b = 0; b < D; b++) {
                    W[b + l1] -= up1[b];
                    W[b + l2] -= up2[b];
                }
            }
            W[D + l1] -= zero_nan(fdiff * eta / sqrt(gradsq[D + l1]));
            W[D + l2] -= zero_nan(fdiff * eta / sqrt(gradsq[D + l2]));
            fdiff *= fdiff * eta * eta;
            gradsq[D + l1] += fdiff;
            gradsq[D + l2] += fdiff;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &ts1);
    double loss = 0;
    for (a = 0; a < n; a++) {
        l1 = (cr[a].word1 - 1LL) * R;
        l2 = (cr[a].word2 - 1LL + V) * R;
        real x = cr[a].val, f = x < x_max ? pow(x / x_max, alpha) : 1.0;
        double d = W[D + l1] + W[D + l2] - log(x);
        for (b = 0; b < D; b++) d += W[b + l1] * W[b + l2];
        loss += 0.5 * f * d * d;
    }
    printf("loss %.6f after %d epochs\n", loss / (double)n, epochs);
    fprintf(stderr, "train_s %.3f\n",
            (double)(ts1.tv_sec - ts0.tv_sec) + 1e-9 * (double)(ts1.tv_nsec - ts0.tv_nsec));
    free(cr);
    free(W);
    free(gradsq);
    free(up1);
    free(up2);
    return 0;
}
