/* SGD matrix factorization written with nested row arrays: W and H are
 * `float (*)[K]` (one distributed element = one row), ratings are structs
 * reached through a pointer (W[r->u][k]), hyperparameters come in a struct
 * captured by value and a fixed array, the parallel loop sits in a function
 * with parameters, runs `j <= n - 1` with `++j`, and skips held-out ratings
 * with `continue`. A second loop in the same function computes the RMSE.
 * ARGS and TOL: see the comments at the bottom (read by test/frontend). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define K 8
typedef float real;

struct rating { int u, i; real r; };
struct hyper { real lr, lambda; int clip; };

static const real decay[4] = {1.0f, 0.9f, 0.8f, 0.7f};

static double epoch(struct rating *rs, long n, real (*W)[K], real (*H)[K], struct hyper hp,
                    int e)
{
    real sched[2] = {decay[e % 4], 0.5f};
    #pragma strads async_for
    for (long j = 0; j <= n - 1; ++j) {
        struct rating *r = &rs[j];
        if (j % 10 == 0)
            continue; /* held out */
        real err = r->r;
        for (int k = 0; k < K; k++)
            err -= W[r->u][k] * H[r->i][k];
        if (err > hp.clip)
            err = (real)hp.clip;
        real step = hp.lr * sched[0];
        for (int k = 0; k < K; k++) {
            real w = W[r->u][k];
            W[r->u][k] += step * (err * H[r->i][k] - hp.lambda * w);
            H[r->i][k] += step * (err * w - hp.lambda * H[r->i][k]) * (sched[1] * 2);
        }
    }
    double se = 0;
    long cnt = 0;
    #pragma strads sync_for reduction(+: se, cnt)
    for (long t = 0; t < (n + 9) / 10; t++) {
        const struct rating *r = &rs[t * 10];
        double p = 0;
        for (int k = 0; k < K; k++)
            p += W[r->u][k] * H[r->i][k];
        se += (p - r->r) * (p - r->r);
        cnt++;
    }
    return sqrt(se / (double)cnt);
}

int main(int argc, char **argv)
{
    int users = 300, items = 120;
    long n = argc > 1 ? atol(argv[1]) : 6000;
    unsigned long long s = 5;
    #pragma strads dvector
    struct rating *rs = malloc((size_t)n * sizeof *rs);
    #pragma strads dvector
    real (*W)[K] = calloc((size_t)users, sizeof *W);
    #pragma strads dvector
    real (*H)[K] = calloc((size_t)items, sizeof *H);
    for (long j = 0; j < n; j++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        rs[j].u = (int)((s >> 33) % (unsigned long long)users);
        rs[j].i = (int)((s >> 13) % (unsigned long long)items);
        rs[j].r = 1 + (real)((rs[j].u * 7 + rs[j].i * 3) % 5);
    }
    for (int u = 0; u < users; u++)
        for (int k = 0; k < K; k++)
            W[u][k] = 0.1f * (real)((u + k) % 7) / 7;
    for (int i = 0; i < items; i++)
        for (int k = 0; k < K; k++)
            H[i][k] = 0.1f * (real)((i * k) % 5) / 5;
    struct hyper hp = {0.02f, 0.05f, 4};
    for (int e = 0; e < 6; e++)
        printf("epoch %d rmse %.5f\n", e, epoch(rs, n, W, H, hp, e));
    free(rs);
    free(W);
    free(H);
    return 0;
}
// ARGS: 6000
// TOL: 0.02
