/*
 * straggler_km.c - k-means for bench/straggler.sh: the assignment step of
 * samples/kmeans, and an evaluation loop that always runs BSP (sync(bsp)
 * here and a per-site override in the script), so that the objective
 * printed is over every point even when the assignment step skipped some
 * (A-BSP's partial processing).
 *
 *   straggler_km [points dims clusters iterations [target [minibatch]]]
 *
 * Prints "epoch E time T loss L": T is the assignment time so far in
 * seconds, L the objective (mean squared distance to the nearest centroid);
 * epoch 0 is the objective of the initial centroids. With a target > 0 it
 * stops at the first iteration whose objective is at most the target.
 * The minibatch (default: all points) sets the clocks of an iteration: with
 * a node's whole block, one clock, the papers' iteration (a pass over each
 * node's data between two synchronizations); BSP's result does not depend
 * on it (the step only sums), A-BSP stops once per clock.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t rng_state = 7 * 0x9E3779B97F4A7C15ULL + 1;

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
    long n = argc > 1 ? atol(argv[1]) : 100000;
    int d = argc > 2 ? atoi(argv[2]) : 16, k = argc > 3 ? atoi(argv[3]) : 32;
    int iters = argc > 4 ? atoi(argv[4]) : 20;
    double target = argc > 5 ? atof(argv[5]) : 0;
    long mb = argc > 6 ? atol(argv[6]) : n;
    if (n < 1 || d < 1 || k < 1 || k > n || iters < 1 || mb < 1) {
        fprintf(stderr, "usage: straggler_km [points dims clusters iterations [target [minibatch]]]\n");
        return 2;
    }
    double *centre = malloc((size_t)k * d * sizeof *centre);
#pragma strads dvector row(d)
    double *pts = malloc((size_t)n * d * sizeof *pts);
    double *cent = malloc((size_t)k * d * sizeof *cent);
    double *sums = malloc((size_t)k * d * sizeof *sums);
    long *counts = malloc((size_t)k * sizeof *counts);
    if (!centre || !pts || !cent || !sums || !counts) return 1;
    for (long j = 0; j < (long)k * d; j++) centre[j] = (uniform() * 2 - 1) * 4;
    for (long i = 0; i < n; i++) {
        int c = (int)(uniform() * k);
        for (int j = 0; j < d; j++) pts[i * d + j] = centre[c * d + j] + gaussian();
    }
    for (long j = 0; j < (long)k * d; j++) cent[j] = pts[j];
    double train = 0;
    /* Iteration 0 runs the assignment step and drops its result: it
     * distributes the data and pays the loop's one-time reconnaissance,
     * which is the same for every model and not training time. */
    for (int it = 0; it <= iters; it++) {
        for (long j = 0; j < (long)k * d; j++) sums[j] = 0;
        for (int c = 0; c < k; c++) counts[c] = 0;
        double t0 = now();
#pragma strads sync_for minibatch(mb) copyin(cent[0:k*d]) reduction(+: sums[0:k*d], counts[0:k])
        for (long i = 0; i < n; i++) { /* TRAIN */
            const double *p = &pts[i * d];
            int best = 0;
            double bd = INFINITY;
            for (int c = 0; c < k; c++) {
                double dist = 0;
                for (int j = 0; j < d; j++) dist += (p[j] - cent[c * d + j]) * (p[j] - cent[c * d + j]);
                if (dist < bd) {
                    bd = dist;
                    best = c;
                }
            }
            for (int j = 0; j < d; j++) sums[best * d + j] += p[j];
            counts[best]++;
        }
        for (int c = 0; c < k && it > 0; c++)
            if (counts[c] > 0)
                for (int j = 0; j < d; j++) cent[c * d + j] = sums[c * d + j] / counts[c];
        if (it > 0) train += now() - t0;
        double obj = 0;
#pragma strads sync_for sync(bsp) copyin(cent[0:k*d]) reduction(+: obj)
        for (long i = 0; i < n; i++) {
            const double *p = &pts[i * d];
            double bd = INFINITY;
            for (int c = 0; c < k; c++) {
                double dist = 0;
                for (int j = 0; j < d; j++) dist += (p[j] - cent[c * d + j]) * (p[j] - cent[c * d + j]);
                if (dist < bd) bd = dist;
            }
            obj += bd;
        }
        printf("epoch %d time %.4f loss %.8f\n", it, train, obj / n);
        fflush(stdout);
        if (it > 0 && obj / n <= target) break;
    }
    free(centre);
    free(pts);
    free(cent);
    free(sums);
    free(counts);
    return 0;
}
