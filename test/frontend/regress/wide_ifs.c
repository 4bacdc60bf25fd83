/*
 * wide_ifs.c - ifs on floating-point values in an async_for body, which the
 * fast reconnaissance copy takes both ways (frontend/recon_slice.c), next
 * to ifs it must take as written:
 *   - a NaN guard that skips the iteration, and one around an update;
 *   - a threshold on a value that picks nothing: its update of H[j] is
 *     recorded for every iteration, and a node writes back what it fetched;
 *   - the same branch writing an element that a later read of the
 *     iteration reaches under another name and turns into an index (the
 *     copy runs that iteration again, exactly);
 *   - a threshold on that value choosing which array a pointer names,
 *     which a later update goes through: taken as written;
 *   - a floating-point range check that guards an index (x < 0 || x >= V):
 *     out-of-range records exist, and the copy must not touch W[(int)x]
 *     for them;
 *   - a comparison whose variable also picks an element (y > 1.5 with
 *     T[(int)y + a]), and a NaN test before S[n + j + (int)xq]: taken as
 *     written (the copy must not read S at (int)NaN).
 * The updates are sums of small integers, so every build and every plan
 * prints the same.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 1x2 2x1 4x1 2x2

#define V 500

struct rec {
    int a, b;
    double x, g;
};

static unsigned lcg(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

int main(void)
{
    long n = 20000;
    unsigned seed = 3;
#pragma strads dvector
    struct rec *rs = malloc(n * sizeof *rs);
#pragma strads dvector
    double *W = malloc(2 * V * sizeof *W);
#pragma strads dvector
    double *H = malloc(2 * V * sizeof *H);
#pragma strads dvector
    double *S = malloc(2 * n * sizeof *S);
#pragma strads dvector
    double *T = malloc(2 * V * sizeof *T);
    if (!rs || !W || !H || !S || !T)
        return 1;
    for (long j = 0; j < n; j++) {
        rs[j].a = (int)(lcg(&seed) % V);
        rs[j].b = V + (int)(lcg(&seed) % V);
        unsigned r = lcg(&seed) % 20;
        rs[j].x = r == 0 ? -3.0 : r == 1 ? 1e12 : (double)(lcg(&seed) % (2 * V));
        rs[j].g = j % 997 == 5 ? NAN : (double)(lcg(&seed) % 10) / 10;
    }
    for (long k = 0; k < 2 * V; k++)
        W[k] = H[k] = T[k] = 0;
    for (long k = 0; k < 2 * n; k++)
        S[k] = 0;
#pragma strads async_for
    for (long j = 0; j < n; j++) {
        int a = rs[j].a, b = rs[j].b;
        double g = rs[j].g * 2;
        if (isnan(g + W[a] * 0)) {
            fprintf(stderr, "skip\n");
            continue;
        }
        double u = g * 3;
        if (!isnan(u) && !isinf(u)) {
            W[a] += 1;
            W[b] += 2;
        }
        double g2 = rs[j].g * 2;
        if (g2 > 1.0) {
            H[a] += 1;
            S[j] = 5;
        }
        /* a pointer the branch sets picks what a later update touches */
        double *q = H + a + 1;
        if (g2 > 1.0)
            q = T + a;
        q[0] += 16;
        int k = (int)S[j % 3 == 0 ? j : n + j];
        T[k == 5 ? a : b] += 1;
        double x = rs[j].x;
        if (x < 0 || x >= 2 * V)
            continue;
        W[(int)x] += 4;
        double y = g;
        if (y > 1.5)
            H[b] += 1;
        T[(int)y + a] += 8;
        /* a NaN test that guards an index: (int)NaN is no element */
        double xq = j % 13 == 0 ? NAN : (double)(j % 2);
        if (!isnan(xq)) {
            double t = S[n + j + (int)xq]; /* the half of S nothing writes: 0 */
            H[a + ((int)t & 1)] += 1;
        }
    }
    double s = 0;
    for (long k = 0; k < 2 * V; k++)
        s += (W[k] + 3 * H[k] + 7 * T[k]) * (double)(k % 11 + 1);
    for (long k = 0; k < 2 * n; k++)
        s += S[k] * (double)(k % 5);
    printf("%.1f\n", s);
    free(rs);
    free(W);
    free(H);
    free(S);
    free(T);
    return 0;
}
