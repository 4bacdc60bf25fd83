/*
 * sgdmf.c - SGD matrix factorization, the strads vertical slice.
 *
 * A sequential C program, annotated: built with plain `cc` the pragmas are
 * ignored and it runs as before; built with `stradscc` and started with
 * `strads-run -n N`, the rating loop runs on N processes (async_for: the
 * runtime finds a conflict-free order, so the result equals the sequential
 * loop in some order) and the RMSE loop is data-parallel (sync_for).
 *
 *   sgdmf [users items ratings rank epochs seed]
 *
 * The ratings are generated from a seed, Netflix-shaped: a hidden low-rank
 * model plus noise, popular items rated far more often than rare ones,
 * ratings clipped to 1..5. Every tenth rating is held out as the test set.
 * W (users x rank) and H (items x rank) are flat arrays; row(rank) makes one
 * row the unit of distribution. Prints the test RMSE after each epoch.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct rating {
    int32_t u, i;
    float r;
};

/* xorshift64*: the same stream on every platform, so runs are comparable. */
static uint64_t rng_state;

static double uniform(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

static long arg(int argc, char **argv, int i, long dflt)
{
    return argc > i ? strtol(argv[i], NULL, 10) : dflt;
}

int main(int argc, char **argv)
{
    long users = arg(argc, argv, 1, 2000), items = arg(argc, argv, 2, 500);
    long nratings = arg(argc, argv, 3, 100000);
    int rank = (int)arg(argc, argv, 4, 8), epochs = (int)arg(argc, argv, 5, 10);
    rng_state = (uint64_t)arg(argc, argv, 6, 42) * 0x9E3779B97F4A7C15ULL + 1;
    if (users < 1 || items < 1 || nratings < 10 || rank < 1 || epochs < 0) {
        fprintf(stderr, "usage: sgdmf [users items ratings rank epochs seed]\n");
        return 2;
    }

    /* The hidden model the ratings come from (sequential, driver only). */
    float *tu = malloc((size_t)users * rank * sizeof *tu);
    float *ti = malloc((size_t)items * rank * sizeof *ti);
    if (!tu || !ti)
        return 1;
    for (long k = 0; k < users * rank; k++)
        tu[k] = (float)(uniform() * 2 - 1);
    for (long k = 0; k < items * rank; k++)
        ti[k] = (float)(uniform() * 2 - 1);

    long ntest = nratings / 10, ntrain = nratings - ntest;
#pragma strads dvector
    struct rating *train = malloc((size_t)ntrain * sizeof *train);
#pragma strads dvector
    struct rating *test = malloc((size_t)ntest * sizeof *test);
    if (!train || !test)
        return 1;
    for (long j = 0, a = 0, b = 0; j < nratings; j++) {
        int32_t u = (int32_t)(uniform() * users);
        double p = uniform();
        int32_t i = (int32_t)(p * p * p * items); /* popular items first */
        double r = 3;
        for (int k = 0; k < rank; k++)
            r += tu[(long)u * rank + k] * ti[(long)i * rank + k];
        r += (uniform() - 0.5) * 0.5;
        r = r < 1 ? 1 : r > 5 ? 5 : r;
        struct rating x = {u, i, (float)r};
        if (j % 10 == 9)
            test[b++] = x;
        else
            train[a++] = x;
    }
    free(tu);
    free(ti);

#pragma strads dvector row(rank)
    float *W = malloc((size_t)users * rank * sizeof *W);
#pragma strads dvector row(rank)
    float *H = malloc((size_t)items * rank * sizeof *H);
    if (!W || !H)
        return 1;
    for (long k = 0; k < users * rank; k++)
        W[k] = (float)(uniform() * 0.2);
    for (long k = 0; k < items * rank; k++)
        H[k] = (float)(uniform() * 0.2);

    float lr = 0.02f;
    const float lambda = 0.05f;
    for (int epoch = 1; epoch <= epochs; epoch++) {
#pragma strads async_for
        for (long j = 0; j < ntrain; j++) {
            const struct rating *x = &train[j];
            float *w = &W[(long)x->u * rank], *h = &H[(long)x->i * rank];
            float e = x->r - 3;
            for (int k = 0; k < rank; k++)
                e -= w[k] * h[k];
            for (int k = 0; k < rank; k++) {
                float wk = w[k];
                w[k] += lr * (e * h[k] - lambda * wk);
                h[k] += lr * (e * wk - lambda * h[k]);
            }
        }

        double se = 0;
#pragma strads sync_for reduction(+: se)
        for (long j = 0; j < ntest; j++) {
            const struct rating *x = &test[j];
            double p = 3;
            for (int k = 0; k < rank; k++)
                p += W[(long)x->u * rank + k] * H[(long)x->i * rank + k];
            se += (p - x->r) * (p - x->r);
        }
        printf("epoch %d test_rmse %.6f\n", epoch, sqrt(se / (double)ntest));
        lr *= 0.9f;
    }
    free(W);
    free(H);
    free(train);
    free(test);
    return 0;
}
