/* Minibatch logistic regression written like a textbook C trainer: the
 * training loop lives in train() and gets the data as `const real_t *X`
 * parameters (distributed arrays allocated in main: checked at loop entry),
 * a gradient scratch buffer allocated once before the loop is private to
 * each worker, the weights are a written distributed array whose updates
 * add up across workers (aggregate sum), a static local holds the L2 factor,
 * a counter of examples seen is an accumulate(), and min/max reductions
 * track the margins. A second, read-only loop computes the accuracy. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef double real_t;

static real_t sigm(real_t z) { return 1 / (1 + exp(-z)); }

static void train(const real_t *X, const int *y, real_t *w, long n, int d, int epochs)
{
    static real_t l2 = 1e-4;
    real_t *grad = malloc((size_t)d * sizeof *grad);
    long seen = 0;
    for (int e = 0; e < epochs; e++) {
        real_t loss = 0, lo = 1e300, hi = -1e300;
        real_t lr = 0.5 / (1 + e);
        #pragma strads sync_for minibatch(50) private(grad[0:d]) aggregate(w: sum) threads(2) \
                reduction(+: loss) reduction(min: lo) reduction(max: hi) accumulate(seen)
        for (long i = 0; i < n; i++) {
            real_t z = 0;
            for (int k = 0; k < d; k++)
                z += X[i * d + k] * w[k];
            real_t p = sigm(z);
            real_t m = y[i] ? z : -z;
            if (m < lo)
                lo = m;
            if (m > hi)
                hi = m;
            loss += y[i] ? -log(p + 1e-12) : -log(1 - p + 1e-12);
            for (int k = 0; k < d; k++)
                grad[k] = (p - y[i]) * X[i * d + k] + l2 * w[k];
            for (int k = 0; k < d; k++)
                w[k] -= lr * grad[k];
            seen++;
        }
        printf("epoch %d loss %.4f\n", e, loss / (real_t)n);
        if (lo > hi)
            printf("no margins\n");
    }
    printf("seen %ld\n", seen);
    free(grad);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 4000;
    int d = 6;
    #pragma strads dvector row(d)
    real_t *X = malloc((size_t)n * d * sizeof *X);
    #pragma strads dvector
    int *y = malloc((size_t)n * sizeof *y);
    #pragma strads dvector
    real_t *w = calloc((size_t)d, sizeof *w);
    unsigned s = 17;
    for (long i = 0; i < n; i++) {
        real_t t = 0;
        for (int k = 0; k < d; k++) {
            s = s * 1664525u + 1013904223u;
            X[i * d + k] = (real_t)(s >> 8) / 16777216.0 * 2 - 1;
            t += X[i * d + k] * (k % 2 ? 1.5 : -1.0);
        }
        y[i] = t > 0.1;
    }
    train(X, y, w, n, d, 4);
    long correct = 0;
    #pragma strads sync_for reduction(+: correct)
    for (long i = 0; i < n; i++) {
        real_t z = 0;
        for (int k = 0; k < d; k++)
            z += X[i * d + k] * w[k];
        correct += (z > 0) == (y[i] != 0);
    }
    printf("accuracy %.2f\n", (double)correct / (double)n);
    free(X);
    free(y);
    free(w);
    return 0;
}
// ARGS: 4000
// TOL: 0.05
