/*
 * bench/progs/kmeans_dv.c - bench/progs/kmeans.c with its centroids a
 * dvector instead of copyin (a style users write: the centroids are the
 * model). Lloyd's k-means written as a user would: the
 * points one flat float array (n x d), k centroids, the assignment step a
 * sync_for whose new sums and counts are array-section reductions, the
 * update sequential. Built with cc it is the sequential program; with
 * stradscc it runs under strads-run (bench/kmeans.sh). kmeans_omp.c and
 * kmeans_mpi.c are the same code by hand in OpenMP and MPI.
 * Usage: kmeans [points dims clusters iterations]
 */
#include "kmeans_data.h"

int main(int argc, char **argv)
{
    long n;
    int d, k, iters;
    km_args(argc, argv, &n, &d, &k, &iters);
#pragma strads dvector row(d)
    float *x = malloc(sizeof(float) * n * d);
#pragma strads dvector
    float *cent = malloc(sizeof(float) * k * d);
    double *sum = malloc(sizeof(double) * k * d);
    long *count = malloc(sizeof(long) * k);
    if (!x || !cent || !sum || !count) return 1;
    km_generate(x, n, d, k);
    for (long j = 0; j < (long)k * d; j++) cent[j] = x[j]; /* the first k points */

    double t0 = km_now(), inertia = 0;
    for (int it = 0; it < iters; it++) {
        for (long j = 0; j < (long)k * d; j++) sum[j] = 0;
        for (int c = 0; c < k; c++) count[c] = 0;
        inertia = 0;
#pragma strads sync_for reduction(+: sum[0:k*d], count[0:k], inertia)
        for (long i = 0; i < n; i++) {
            const float *p = &x[i * d];
            int best = 0;
            float bestd = INFINITY;
            for (int c = 0; c < k; c++) {
                float dist = 0;
                for (int j = 0; j < d; j++) {
                    float t = p[j] - cent[c * d + j];
                    dist += t * t;
                }
                if (dist < bestd) {
                    bestd = dist;
                    best = c;
                }
            }
            for (int j = 0; j < d; j++) sum[best * d + j] += p[j];
            count[best]++;
            inertia += bestd;
        }
        for (int c = 0; c < k; c++)
            if (count[c] > 0)
                for (int j = 0; j < d; j++) cent[c * d + j] = (float)(sum[c * d + j] / count[c]);
    }
    double t = km_now() - t0;
    printf("result inertia=%.9e checksum=%.9e time_s=%.4f\n", inertia, km_checksum(cent, k, d), t);
    free(x);
    free(cent);
    free(sum);
    free(count);
    return 0;
}
