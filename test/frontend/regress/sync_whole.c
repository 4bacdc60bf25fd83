/* sync_for over small distributed arrays the loop only reads, which every
 * node fetches whole instead of recording their reads
 * (engine/loop_sync_recon.c): k-means-like centroids that every iteration
 * reads and the sequential code changes between calls; a CSR matrix whose
 * row pointers steer which columns an iteration reads, and whose vector
 * another sync_for writes between calls (the first call's reconnaissance
 * on a worker must read the owners' values); and a large input read row by
 * row, which keeps its records; a small table whose values pick the
 * elements of a large array an iteration reads (a worker must fetch the
 * table before its reconnaissance, or it records the wrong ones). Sums are of integers: the output must be
 * the plain build's at every shape. */
// CONFIGS: 1x1 1x2 2x1 4x1 2x2
#include <stdio.h>
#include <stdlib.h>

#define N 3000
#define K 12
#define D 6
#define R 100
#define P 64
#define BIG 300000

int main(void)
{
    #pragma strads dvector row(D)
    long *x = malloc(sizeof(long) * N * D);
    #pragma strads dvector
    long *cent = malloc(sizeof(long) * K * D);
    #pragma strads dvector
    int *rowptr = malloc(sizeof(int) * (R + 1));
    #pragma strads dvector
    int *col = malloc(sizeof(int) * R * 8);
    #pragma strads dvector
    long *v = malloc(sizeof(long) * R);
    #pragma strads dvector
    long *out = malloc(sizeof(long) * R);
    #pragma strads dvector
    long *perm = malloc(sizeof(long) * P);
    #pragma strads dvector
    long *big = malloc(sizeof(long) * BIG);
    for (long i = 0; i < BIG; i++) big[i] = i % 1000;
    unsigned s = 12345;
    for (long i = 0; i < N * D; i++) x[i] = (long)((s = s * 1103515245u + 12345u) >> 20) % 100;
    for (long j = 0; j < K * D; j++) cent[j] = x[j];
    int nnz = 0;
    for (int r = 0; r < R; r++) {
        rowptr[r] = nnz;
        int len = 1 + (int)((s = s * 1103515245u + 12345u) >> 24) % 8;
        for (int q = 0; q < len; q++) col[nnz++] = (int)((s = s * 1103515245u + 12345u) >> 16) % R;
    }
    rowptr[R] = nnz;
    for (int r = 0; r < R; r++) v[r] = r % 7, out[r] = 0;

    long total = 0;
    for (int it = 0; it < 4; it++) {
        long sum[K * D], count[K], inertia = 0;
        for (int j = 0; j < K * D; j++) sum[j] = 0;
        for (int c = 0; c < K; c++) count[c] = 0;
        #pragma strads sync_for reduction(+: sum[0:K*D], count[0:K], inertia)
        for (long i = 0; i < N; i++) {
            int best = 0;
            long bestd = -1;
            for (int c = 0; c < K; c++) {
                long dist = 0;
                for (int j = 0; j < D; j++) {
                    long t = x[i * D + j] - cent[c * D + j];
                    dist += t * t;
                }
                if (bestd < 0 || dist < bestd) bestd = dist, best = c;
            }
            for (int j = 0; j < D; j++) sum[best * D + j] += x[i * D + j];
            count[best]++;
            inertia += bestd;
        }
        for (int c = 0; c < K; c++)
            for (int j = 0; j < D; j++) cent[c * D + j] = count[c] ? sum[c * D + j] / count[c] : cent[c * D + j];
        printf("it %d inertia %ld\n", it, inertia);

        /* y = A v, then v = y mod 11 by another loop */
        long dot = 0;
        #pragma strads sync_for reduction(+: dot)
        for (int r = 0; r < R; r++) {
            long acc = 0;
            for (int q = rowptr[r]; q < rowptr[r + 1]; q++) acc += v[col[q]];
            out[r] = acc;
            dot += acc * (r + 1);
        }
        #pragma strads sync_for
        for (int r = 0; r < R; r++) v[r] = (out[r] + r) % 11;
        printf("it %d dot %ld\n", it, dot);
        for (int p = 0; p < P; p++) perm[p] = (long)((s = s * 1103515245u + 12345u) >> 8) % BIG;
        long pick = 0;
        #pragma strads sync_for reduction(+: pick)
        for (long i = 0; i < N; i++) {
            long a = 0;
            for (int q = 0; q < 4; q++) a += big[perm[(i + q) % P]];
            pick += a * (i % 5 + 1);
        }
        printf("it %d pick %ld\n", it, pick);
        total += dot + inertia + pick;
    }
    long sv = 0;
    for (int r = 0; r < R; r++) sv += v[r] * (r + 1);
    printf("total %ld v %ld\n", total, sv);
    free(x);
    free(cent);
    free(rowptr);
    free(col);
    free(v);
    free(out);
    free(perm);
    free(big);
    return 0;
}
