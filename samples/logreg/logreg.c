/*
 * logreg.c - logistic regression trained with SGD on generated data.
 *
 * A sequential C program, annotated: built with plain `cc` the pragmas are
 * ignored and the training loop is per-example SGD; built with `stradscc`
 * and started with `strads-run -n N`, it is minibatch SGD on N processes
 * (sync_for): every worker thread runs minibatches of 256 examples on its
 * own replica of the weights, and the weight changes of all workers are
 * combined at the end of every clock (BSP by default; `strads-run --sync
 * ssp(2)` switches to stale-synchronous without recompiling). The loss and
 * the accuracy over the training set are reductions.
 *
 *   logreg [examples features epochs seed]
 *
 * Feature 0 is the constant 1 (the intercept), the others are N(0, 1).
 * Labels are drawn from a hidden logistic model, so no model reaches 100%.
 * Prints the training loss (mean log loss) and accuracy after each epoch.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* xorshift64*: the same stream on every platform, so runs are comparable. */
static uint64_t rng_state;

static double uniform(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

static double gaussian(void) /* Box-Muller */
{
    double u = uniform(), v = uniform();
    return sqrt(-2 * log(1 - u)) * cos(6.283185307179586 * v);
}

static long arg(int argc, char **argv, int i, long dflt)
{
    return argc > i ? strtol(argv[i], NULL, 10) : dflt;
}

int main(int argc, char **argv)
{
    long n = arg(argc, argv, 1, 50000);
    int d = (int)arg(argc, argv, 2, 20), epochs = (int)arg(argc, argv, 3, 10);
    rng_state = (uint64_t)arg(argc, argv, 4, 42) * 0x9E3779B97F4A7C15ULL + 1;
    if (n < 1 || d < 1 || epochs < 0) {
        fprintf(stderr, "usage: logreg [examples features epochs seed]\n");
        return 2;
    }

    /* Generate the data from a hidden model (sequential, driver only). */
    double *truth = malloc((size_t)d * sizeof *truth);
#pragma strads dvector row(d)
    float *X = malloc((size_t)n * d * sizeof *X);
#pragma strads dvector
    float *y = malloc((size_t)n * sizeof *y);
#pragma strads dvector
    float *w = calloc((size_t)d, sizeof *w);
    if (!truth || !X || !y || !w)
        return 1;
    for (int j = 0; j < d; j++)
        truth[j] = gaussian();
    for (long i = 0; i < n; i++) {
        double z = 0;
        for (int j = 0; j < d; j++) {
            X[i * d + j] = j == 0 ? 1.0f : (float)gaussian();
            z += truth[j] * X[i * d + j];
        }
        y[i] = uniform() < 1 / (1 + exp(-z));
    }

    float lr = 0.05f;
    for (int epoch = 1; epoch <= epochs; epoch++) {
#pragma strads sync_for minibatch(256)
        for (long i = 0; i < n; i++) {
            const float *x = &X[i * d];
            float z = 0;
            for (int j = 0; j < d; j++)
                z += w[j] * x[j];
            float g = 1 / (1 + expf(-z)) - y[i]; /* d loss / d z */
            for (int j = 0; j < d; j++)
                w[j] -= lr * g * x[j];
        }

        double loss = 0;
        long correct = 0;
#pragma strads sync_for reduction(+: loss, correct)
        for (long i = 0; i < n; i++) {
            double z = 0;
            for (int j = 0; j < d; j++)
                z += w[j] * X[i * d + j];
            double m = y[i] > 0.5f ? z : -z; /* margin */
            loss += m > 0 ? log1p(exp(-m)) : log1p(exp(m)) - m;
            correct += m > 0;
        }
        printf("epoch %d loss %.6f accuracy %.4f\n", epoch, loss / n, (double)correct / n);
        lr *= 0.8f;
    }
    free(truth);
    free(X);
    free(y);
    free(w);
    return 0;
}
