/*
 * kmeans_data.h - the points every k-means build of bench/kmeans.sh clusters
 * (kmeans.c, kmeans_omp.c, kmeans_mpi.c), so that they all see the same
 * data: n points in d dimensions around k hidden centres, from one
 * xorshift64* stream, and the command line they share.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t km_rng = 88172645463325252ULL;

static double km_uniform(void)
{
    km_rng ^= km_rng >> 12;
    km_rng ^= km_rng << 25;
    km_rng ^= km_rng >> 27;
    return (double)((km_rng * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

/* x: n x d floats, row-major. Each point is a hidden centre (spread 10)
 * plus uniform noise in [-2, 2) per coordinate. */
static void km_generate(float *x, long n, int d, int k)
{
    double *centre = malloc((size_t)k * d * sizeof *centre);
    if (!centre) {
        fprintf(stderr, "kmeans: out of memory\n");
        exit(1);
    }
    for (long j = 0; j < (long)k * d; j++) centre[j] = (km_uniform() * 2 - 1) * 10;
    for (long i = 0; i < n; i++) {
        int c = (int)(km_uniform() * k);
        for (int j = 0; j < d; j++)
            x[i * d + j] = (float)(centre[c * d + j] + (km_uniform() * 4 - 2));
    }
    free(centre);
}

/* kmeans [points dims clusters iterations] */
static void km_args(int argc, char **argv, long *n, int *d, int *k, int *iters)
{
    *n = argc > 1 ? atol(argv[1]) : 500000;
    *d = argc > 2 ? atoi(argv[2]) : 20;
    *k = argc > 3 ? atoi(argv[3]) : 40;
    *iters = argc > 4 ? atoi(argv[4]) : 5;
    if (*n < 1 || *d < 1 || *k < 1 || *k > *n || *iters < 1) {
        fprintf(stderr, "usage: kmeans [points dims clusters iterations]\n");
        exit(2);
    }
}

static double km_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The centroids after the last update, summed: with the inertia, what the
 * builds must agree on. */
static double km_checksum(const float *cent, int k, int d)
{
    double s = 0;
    for (long j = 0; j < (long)k * d; j++) s += cent[j] * (double)((j % 7) + 1);
    return s;
}
