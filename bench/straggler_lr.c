/*
 * straggler_lr.c - logistic regression for bench/straggler.sh: the
 * training loop of samples/logreg with wider examples and larger
 * minibatches, so that compute (what STRADS_SLOW scales) outweighs the
 * messages of a sync point, and an evaluation loop that always runs BSP
 * (sync(bsp) here and a per-site override in the script), so that the loss
 * printed is over every example whatever the training loop skipped.
 *
 *   straggler_lr [examples features epochs [minibatch [target]]]
 *
 * Prints "epoch E time T loss L": T is the training time so far in
 * seconds (the evaluation is not counted), L the mean log loss; epoch 0
 * is the loss before training. With a target > 0 it stops at the first
 * epoch whose loss is at most the target (the benchmark needs no more).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t rng_state = 42 * 0x9E3779B97F4A7C15ULL + 1;

static double uniform(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

static double gaussian(void)
{
    double u = uniform(), v = uniform();
    return sqrt(-2 * log(1 - u)) * cos(6.283185307179586 * v);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 40000;
    int d = argc > 2 ? atoi(argv[2]) : 400, epochs = argc > 3 ? atoi(argv[3]) : 20;
    long mb = argc > 4 ? atol(argv[4]) : 1000;
    double target = argc > 5 ? atof(argv[5]) : 0;
    if (n < 1 || d < 2 || epochs < 1 || mb < 1) {
        fprintf(stderr, "usage: straggler_lr [examples features epochs [minibatch [target]]]\n");
        return 2;
    }
    double *truth = malloc((size_t)d * sizeof *truth);
#pragma strads dvector row(d)
    float *X = malloc((size_t)n * d * sizeof *X);
#pragma strads dvector
    float *y = malloc((size_t)n * sizeof *y);
    /* The weights are one element of d floats: a dvector of single floats
     * would make reconnaissance record d accesses per example. */
#pragma strads dvector row(d)
    float *w = calloc((size_t)d, sizeof *w);
    if (!truth || !X || !y || !w) return 1;
    for (int j = 0; j < d; j++) truth[j] = gaussian() / sqrt(d / 20.0);
    /* Features uniform with unit variance: a Gaussian per feature would
     * make generating the data (serial, on the driver) cost more than a
     * run of the fast models. */
    for (long i = 0; i < n; i++) {
        double z = 0;
        for (int j = 0; j < d; j++) {
            X[i * d + j] = j == 0 ? 1.0f : (float)((2 * uniform() - 1) * 1.7320508075688772);
            z += truth[j] * X[i * d + j];
        }
        y[i] = uniform() < 1 / (1 + exp(-z));
    }
    float lr = 0.02f;
    double train = 0;
    /* Epoch 0 runs the training loop with learning rate 0: it distributes
     * the data and pays the loop's one-time reconnaissance, which is the
     * same for every model and not training time. */
    for (int epoch = 0; epoch <= epochs; epoch++) {
        double t0 = now();
        float step = epoch > 0 ? lr : 0.0f;
#pragma strads sync_for minibatch(mb)
        for (long i = 0; i < n; i++) { /* TRAIN */
            const float *x = &X[i * d];
            float z = 0;
            for (int j = 0; j < d; j++) z += w[j] * x[j];
            float g = 1 / (1 + expf(-z)) - y[i];
            for (int j = 0; j < d; j++) w[j] -= step * g * x[j];
        }
        if (epoch > 0) {
            train += now() - t0;
            lr *= 0.9f;
        }
        double loss = 0;
#pragma strads sync_for sync(bsp) reduction(+: loss)
        for (long i = 0; i < n; i++) {
            double z = 0;
            for (int j = 0; j < d; j++) z += w[j] * X[i * d + j];
            double m = y[i] > 0.5f ? z : -z;
            loss += m > 0 ? log1p(exp(-m)) : log1p(exp(m)) - m;
        }
        printf("epoch %d time %.4f loss %.6f\n", epoch, train, loss / n);
        fflush(stdout);
        if (epoch > 0 && loss / n <= target) break;
    }
    free(truth);
    free(X);
    free(y);
    free(w);
    return 0;
}
