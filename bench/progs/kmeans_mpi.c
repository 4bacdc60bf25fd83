/*
 * bench/progs/kmeans_mpi.c - bench/progs/kmeans.c by hand in MPI: rank 0
 * makes the points and scatters one contiguous block per rank (timed, as
 * strads' first call moves them to their owners), every rank assigns its
 * block, MPI_Allreduce sums the new sums, counts and inertia, and every
 * rank updates the centroids (bench/kmeans.sh).
 * Usage: mpirun -np P kmeans_mpi [points dims clusters iterations]
 */
#include <mpi.h>

#include "kmeans_data.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long n;
    int d, k, iters;
    km_args(argc, argv, &n, &d, &k, &iters);
    float *all = NULL;
    if (rank == 0) {
        all = malloc(sizeof(float) * n * d);
        if (!all) MPI_Abort(MPI_COMM_WORLD, 1);
        km_generate(all, n, d, k);
    }
    int *cnts = malloc(sizeof(int) * size), *offs = malloc(sizeof(int) * size);
    for (int r = 0; r < size; r++) {
        long lo = n * r / size, hi = n * (r + 1) / size;
        cnts[r] = (int)((hi - lo) * d);
        offs[r] = (int)(lo * d);
    }
    long mine = n * (rank + 1) / size - n * rank / size;
    float *x = malloc(sizeof(float) * (mine ? mine : 1) * d);
    float *cent = malloc(sizeof(float) * k * d);
    double *sum = malloc(sizeof(double) * k * d);
    long *count = malloc(sizeof(long) * k);
    if (!x || !cent || !sum || !count) MPI_Abort(MPI_COMM_WORLD, 1);
    if (rank == 0)
        for (long j = 0; j < (long)k * d; j++) cent[j] = all[j];

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = km_now(), inertia = 0;
    MPI_Scatterv(all, cnts, offs, MPI_FLOAT, x, cnts[rank], MPI_FLOAT, 0, MPI_COMM_WORLD);
    MPI_Bcast(cent, k * d, MPI_FLOAT, 0, MPI_COMM_WORLD);
    for (int it = 0; it < iters; it++) {
        for (long j = 0; j < (long)k * d; j++) sum[j] = 0;
        for (int c = 0; c < k; c++) count[c] = 0;
        inertia = 0;
        for (long i = 0; i < mine; i++) {
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
        MPI_Allreduce(MPI_IN_PLACE, sum, k * d, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        MPI_Allreduce(MPI_IN_PLACE, count, k, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        MPI_Allreduce(MPI_IN_PLACE, &inertia, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        for (int c = 0; c < k; c++)
            if (count[c] > 0)
                for (int j = 0; j < d; j++) cent[c * d + j] = (float)(sum[c * d + j] / count[c]);
    }
    double t = km_now() - t0;
    if (rank == 0)
        printf("result inertia=%.9e checksum=%.9e time_s=%.4f\n", inertia, km_checksum(cent, k, d),
               t);
    free(all);
    free(cnts);
    free(offs);
    free(x);
    free(cent);
    free(sum);
    free(count);
    MPI_Finalize();
    return 0;
}
