/*
 * kmeans.c - Lloyd's k-means on generated Gaussian blobs.
 *
 * A sequential C program, annotated: built with plain `cc` the pragmas are
 * ignored; built with `stradscc` and started with `strads-run -n N`, the
 * assignment step runs on N processes (sync_for). Each worker thread sums
 * the points of its share per cluster; the array-section reductions combine
 * those partial sums in a fixed order. The centroid update stays sequential.
 *
 *   kmeans [points dims clusters iterations seed]
 *
 * The points are drawn around `clusters` hidden centres (spread 1, centres
 * spread 10). The first `clusters` points are the initial centroids. Prints
 * the objective (sum of squared distances to the nearest centroid) after
 * each assignment step.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

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
    long n = arg(argc, argv, 1, 100000);
    int d = (int)arg(argc, argv, 2, 8), k = (int)arg(argc, argv, 3, 10);
    int iters = (int)arg(argc, argv, 4, 15);
    rng_state = (uint64_t)arg(argc, argv, 5, 42) * 0x9E3779B97F4A7C15ULL + 1;
    if (n < 1 || d < 1 || k < 1 || k > n || iters < 0) {
        fprintf(stderr, "usage: kmeans [points dims clusters iterations seed]\n");
        return 2;
    }

    /* Generate the data (sequential, driver only). */
    double *centre = malloc((size_t)k * d * sizeof *centre);
#pragma strads dvector row(d)
    double *pts = malloc((size_t)n * d * sizeof *pts);
    double *cent = malloc((size_t)k * d * sizeof *cent);
    double *sums = malloc((size_t)k * d * sizeof *sums);
    long *counts = malloc((size_t)k * sizeof *counts);
    if (!centre || !pts || !cent || !sums || !counts)
        return 1;
    for (long j = 0; j < (long)k * d; j++)
        centre[j] = (uniform() * 2 - 1) * 10;
    for (long i = 0; i < n; i++) {
        int c = (int)(uniform() * k);
        for (int j = 0; j < d; j++)
            pts[i * d + j] = centre[c * d + j] + gaussian();
    }
    for (long j = 0; j < (long)k * d; j++)
        cent[j] = pts[j];

    for (int it = 1; it <= iters; it++) {
        /* Assignment step: nearest centroid of each point, summed per cluster. */
        double obj = 0;
        for (long j = 0; j < (long)k * d; j++)
            sums[j] = 0;
        for (int c = 0; c < k; c++)
            counts[c] = 0;
#pragma strads sync_for copyin(cent[0:k*d]) reduction(+: sums[0:k*d], counts[0:k], obj)
        for (long i = 0; i < n; i++) {
            const double *p = &pts[i * d];
            int best = 0;
            double bd = INFINITY;
            for (int c = 0; c < k; c++) {
                double dist = 0;
                for (int j = 0; j < d; j++)
                    dist += (p[j] - cent[c * d + j]) * (p[j] - cent[c * d + j]);
                if (dist < bd) {
                    bd = dist;
                    best = c;
                }
            }
            for (int j = 0; j < d; j++)
                sums[best * d + j] += p[j];
            counts[best]++;
            obj += bd;
        }
        printf("iter %d objective %.10e\n", it, obj);

        /* Update step: each centroid moves to the mean of its points. */
        for (int c = 0; c < k; c++)
            if (counts[c] > 0) /* an empty cluster keeps its centroid */
                for (int j = 0; j < d; j++)
                    cent[c * d + j] = sums[c * d + j] / counts[c];
    }
    free(centre);
    free(pts);
    free(cent);
    free(sums);
    free(counts);
    return 0;
}
