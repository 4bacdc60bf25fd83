/*
 * saga.c - least squares by SAGA (stochastic gradient with a gradient table).
 *
 * A sequential C program, annotated: built with plain `cc` the pragmas are
 * ignored; built with `stradscc` and started with `strads-run -n N`, each
 * epoch is a sync_for whose clocks are released by a barrier policy of this
 * program, `bounded_delay` (sync(custom(bounded_delay))): a process may
 * start its next clock while it is at most 2 clocks ahead of the slowest.
 *
 *   saga [examples features epochs seed]
 *
 * Minimizes f(w) = 1/(2n) sum_i (x_i . w - y_i)^2. SAGA keeps, per example,
 * the gradient it contributed last (for least squares the residual
 * r_i = x_i . w - y_i is enough: the gradient is r_i x_i) and their mean
 * gbar; a step on example i moves w by -lr ((r_new - r_i) x_i + gbar), then
 * updates gbar and r_i. The history makes the steps' variance vanish at the
 * optimum, so a constant step size converges, and a step computed from
 * slightly stale w and gbar still helps, which is what a bounded-delay
 * barrier exploits.
 *
 * In the parallel build every worker applies its steps to its own replica
 * of w and gbar; at the end of a clock the changes of w are averaged (the
 * default aggregation) and the changes of gbar are summed (each worker's
 * change is the sum of its own examples' contributions to the mean). The
 * table entry r_i has a single writer, the iteration of example i.
 *
 * Feature 0 is the constant 1, the others N(0, 1); y = x . w* + N(0, 0.5^2).
 * Prints the objective after each epoch and its optimum's lower bound
 * (half the noise variance).
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

/* A well-mixed 64-bit value of x (the splitmix64 finalizer). */
static uint64_t mix(uint64_t x)
{
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static long arg(int argc, char **argv, int i, long dflt)
{
    return argc > i ? strtol(argv[i], NULL, 10) : dflt;
}

/* The barrier policy (the program's own, found by name when built with
 * stradscc; unused by the plain build). Per process: clocks completed, how
 * many behind the fastest, whether it waits to start its next clock. The
 * struct has the layout of strads_worker_stat (strads.h), declared here so
 * that the file stays plain C. */
struct worker_stat {
    int64_t clock, staleness;
    double avg_task_s;
    int available;
};

int bounded_delay(const struct worker_stat *w, int n, long arg, unsigned char *may);
int bounded_delay(const struct worker_stat *w, int n, long arg, unsigned char *may)
{
    (void)arg;
    int64_t slowest = w[0].clock;
    for (int r = 1; r < n; r++)
        if (w[r].clock < slowest) slowest = w[r].clock;
    int go = 0;
    for (int r = 0; r < n; r++) {
        may[r] = (unsigned char)(w[r].available && w[r].clock - slowest <= 2);
        go += may[r];
    }
    return go;
}

int main(int argc, char **argv)
{
    long n = arg(argc, argv, 1, 100000);
    int d = (int)arg(argc, argv, 2, 20), epochs = (int)arg(argc, argv, 3, 10);
    uint64_t seed = (uint64_t)arg(argc, argv, 4, 42);
    rng_state = seed * 0x9E3779B97F4A7C15ULL + 1;
    if (n < 1 || d < 1 || epochs < 0) {
        fprintf(stderr, "usage: saga [examples features epochs seed]\n");
        return 2;
    }
    int width = d + 1; /* an example: d features, then its target */
    double *truth = malloc((size_t)d * sizeof *truth);
#pragma strads dvector row(width)
    double *ex = malloc((size_t)n * width * sizeof *ex);
#pragma strads dvector
    double *resid = calloc((size_t)n, sizeof *resid);
#pragma strads dvector
    double *w = calloc((size_t)d, sizeof *w);
#pragma strads dvector
    double *gbar = calloc((size_t)d, sizeof *gbar);
    if (!truth || !ex || !resid || !w || !gbar) return 1;
    for (int j = 0; j < d; j++) truth[j] = gaussian();
    double lmax = 0; /* the largest ||x_i||^2: the gradients' Lipschitz constant */
    for (long i = 0; i < n; i++) {
        double *x = &ex[i * width], y = 0, norm = 0;
        for (int j = 0; j < d; j++) {
            x[j] = j == 0 ? 1.0 : gaussian();
            y += truth[j] * x[j];
            norm += x[j] * x[j];
        }
        x[d] = y + 0.5 * gaussian();
        if (norm > lmax) lmax = norm;
    }
    /* The table starts at "no gradient yet" (r_i = 0, gbar = 0): the first
     * epoch fills it. 1/(3L) is the step size SAGA's analysis allows. */
    double lr = 1 / (3 * lmax);

    for (int epoch = 1; epoch <= epochs; epoch++) {
#pragma strads sync_for sync(custom(bounded_delay)) recon(off) aggregate(gbar: sum) aggregate(resid: sum)
        for (long k = 0; k < n; k++) {
            long i = (long)(mix(seed + (uint64_t)epoch * 0x9E3779B97F4A7C15ULL + (uint64_t)k) % (uint64_t)n);
            const double *x = &ex[i * width];
            double r = -x[d];
            for (int j = 0; j < d; j++) r += x[j] * w[j];
            double dr = r - resid[i];
            for (int j = 0; j < d; j++) w[j] -= lr * (dr * x[j] + gbar[j]);
            for (int j = 0; j < d; j++) gbar[j] += dr * x[j] / (double)n;
            resid[i] = r;
        }
        double obj = 0;
        for (long i = 0; i < n; i++) {
            const double *x = &ex[i * width];
            double r = -x[d];
            for (int j = 0; j < d; j++) r += x[j] * w[j];
            obj += r * r;
        }
        printf("epoch %d objective %.8f\n", epoch, obj / (2.0 * (double)n));
    }
    printf("noise floor %.8f\n", 0.5 * 0.25);
    free(truth);
    free(ex);
    free(resid);
    free(w);
    free(gbar);
    return 0;
}
