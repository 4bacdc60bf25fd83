/* Inner loops over rows in the shapes reconnaissance records as one range
 * (frontend/recon_loop.c) and in shapes it must not: `k < d` and `k <= d - 1`,
 * p[k] and a flat row p[E + k] (E read from memory, or changed in the loop),
 * `++k` and `k += 1`, a loop that is the body of an if without braces, a
 * conditional access, a loop with a break, a pointer declared inside the
 * loop, an index read from another array, an empty range. The async_for
 * shares rows of H between items, so a row reconnaissance missed would let
 * two nodes update it at once (the 2-process run is in verify mode, which
 * stops at the first access not recorded). Which loops became ranges is
 * pinned by the golden file expected/recon_ranges.c: a range recorded for a
 * conditional access would be a row a sync_for node never touched, averaged
 * in as a zero delta. */
// ARGS: 600 8
// TOL: 0.02
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 600;
    int d = argc > 2 ? atoi(argv[2]) : 8, m = 40, nnz = 3;
    #pragma strads dvector row(d)
    double *X = malloc((size_t)n * d * sizeof *X);
    #pragma strads dvector row(d)
    double *W = malloc((size_t)n * d * sizeof *W);
    #pragma strads dvector row(d)
    double *H = malloc((size_t)m * d * sizeof *H);
    #pragma strads dvector row(nnz)
    int *col = malloc((size_t)n * nnz * sizeof *col);
    for (long i = 0; i < n * d; i++) {
        X[i] = (double)((i * 37) % 17) / 17 - 0.3;
        W[i] = 0.01 * (double)(i % 5);
    }
    for (long i = 0; i < m * d; i++) H[i] = 0.02 * (double)(i % 3);
    for (long i = 0; i < n * nnz; i++) col[i] = (int)((i * 13) % d);
    for (int e = 0; e < 4; e++) {
        #pragma strads async_for
        for (long i = 0; i < n; i++) {
            double *x = &X[i * d], *w = &W[i * d], *h = &H[(i * 7 % m) * d];
            const int *c = &col[i * nnz];
            double s = 0;
            int k;
            for (k = 0; k < d; k++)
                s += x[k] * h[k];
            for (int j = 0; j < nnz; j++)
                s += 0.1 * w[c[j]];
            for (k = 0; k < d; k++)
                if (x[k] > 0)
                    s -= 0.01 * w[k];
            for (k = 0; k < d; k++) {
                if (h[k] > 100)
                    break;
                s += 0.001 * h[k];
            }
            double g = 0.05 * (1.0 - s);
            for (int q = 0; q <= d - 1; ++q)
                h[q] += g * x[q];
            if (i % 2)
                for (k = 0; k < d; k += 1)
                    w[k] = 0.99 * w[k] + 0.01 * h[k];
            for (k = 0; k < 2; k++) {
                double *o = &H[((i + k) % m) * d];
                s += 0.001 * o[0];
            }
            for (k = d; k < 0; k++)
                w[k] = 1;
            for (k = 0; k < d; k++) /* a flat row E + k, E read from memory */
                s += 0.001 * H[(c[0] % m) * d + k];
            for (k = 0; k + 1 < d; k++) /* not k < B */
                s += 0.001 * (X[i * d + k] - X[i * d + k + 1]);
            for (k = 0; k < d; k++) { /* E assigned in the loop before the access */
                long r = (i + k) % n;
                s += 0.0001 * X[r * d + k];
            }
            long u = 0;
            for (k = 0; k < d; k++) {
                u = (i + k) % n;
                s += 0.0001 * X[u * d + k];
            }
            long off = (i + 1) % n * d;
            for (k = 0; k < d; k++) /* E changes in the loop */
                s += 0.0001 * X[off++ + k];
            w[0] += 0.001 * s;
        }
        double sum = 0;
        #pragma strads sync_for minibatch(100) reduction(+: sum)
        for (long i = 0; i < n; i++) {
            double *w = &W[i * d];
            const double *x = &X[i * d];
            for (int k = 0; k < d; k++)
                if (x[k] > 0.3)
                    w[k] += 0.01 * x[k];
            for (int k = 0; k < d; k++)
                sum += w[k] + 0.1 * X[i * d + k];
        }
        double hs = 0;
        for (long i = 0; i < m * d; i++) hs += H[i];
        printf("epoch %d sum %.6f h %.6f\n", e, sum, hs);
    }
    return 0;
}
