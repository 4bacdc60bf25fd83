/*
 * test/sync/csr_sum.c - a sync_for whose accesses are found through indices
 * that live in distributed arrays: vertex v sums x[col[e]] over its edges
 * e in [off[v], off[v+1]), as PageRank over a CSR graph does. The last
 * quarter of the vertices hold most of the edges, so on several processes
 * a node's share of the vertices reads row pointers and column indices
 * that other nodes own; reconnaissance must see their values, not zeros.
 *
 * Built with plain cc and with stradscc; the outputs must be equal (the
 * sums are small integers, exact in doubles, in any order).
 * Usage: csr_sum [nvertices] [rounds]
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 2000, rounds = argc > 2 ? atol(argv[2]) : 3;
    if (n < 8 || rounds < 1) {
        fprintf(stderr, "csr_sum: need nvertices >= 8 and rounds >= 1\n");
        return 2;
    }
    long m = 4 * n;
#pragma strads dvector
    long *off = calloc((size_t)n + 1, sizeof *off);
#pragma strads dvector
    long *col = malloc((size_t)m * sizeof *col);
#pragma strads dvector
    double *x = malloc((size_t)n * sizeof *x);
#pragma strads dvector
    double *out = calloc((size_t)n, sizeof *out);
    if (!off || !col || !x || !out) return 1;
    /* the last quarter of the vertices own three quarters of the edges, so
     * on 2 and on 4 processes rank 1 reads column indices of rank 0 */
    for (long v = 0; v < n; v++) off[v] = v < 3 * n / 4 ? v * 4 / 3 : n + (v - 3 * n / 4) * 12;
    off[n] = m;
    for (long e = 0; e < m; e++) col[e] = (e * 7919) % n;
    for (long u = 0; u < n; u++) x[u] = (double)(u % 5 + 1);

    for (long r = 0; r < rounds; r++) {
        double tot = 0;
#pragma strads sync_for reduction(+: tot)
        for (long v = 0; v < n; v++) {
            double s = 0;
            for (long e = off[v]; e < off[v + 1]; e++) s += x[col[e]];
            out[v] = s;
            tot += s;
        }
        /* a checksum that notices a sum moved to another vertex */
        double chk = 0;
        for (long v = 0; v < n; v++) {
            chk += (double)(v % 13 + 1) * out[v];
            x[v] = (double)((long)out[v] % 11 + 1);
        }
        printf("round %ld tot %.0f chk %.0f\n", r, tot, chk);
    }
    free(off);
    free(col);
    free(x);
    free(out);
    return 0;
}
