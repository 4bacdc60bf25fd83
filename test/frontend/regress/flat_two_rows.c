/*
 * flat_two_rows.c - GloVe's own layout: one flat array holds word rows and
 * context rows, each of R - 1 values and a bias after them; iteration j
 * reaches its two rows as W[b + l1] and W[b + l2] (two rows of one pointer
 * in one loop, each a range for reconnaissance) and the biases as
 * W[R - 1 + l1] (past the loops' ranges), with NaN checks and private
 * update buffers as glove.c has them. Each iteration then writes its own
 * element of another array, which a later read of the iteration reaches
 * under another name for half the records (S[a] written, S[m] read, and
 * the row of T updated picked by it): reconnaissance must see the value the
 * iteration wrote, not memory's, or it records the other row. (A row of S
 * shared by iterations, read back so, is refused: frontend/steer.c.) The
 * updates are sums of small integers, so every build and every plan prints
 * the same.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 1x2 2x1 4x1 2x2

#define V 600
#define R 5 /* 4 values and the bias */

struct cr {
    int w1, w2, x;
};

static unsigned lcg(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

int main(void)
{
    long n = 20000, a, b, l1, l2;
    double diff, sum1, sum2;
    unsigned seed = 7;
#pragma strads dvector
    struct cr *recs = malloc(n * sizeof *recs);
#pragma strads dvector row(R)
    double *W = malloc(2 * V * R * sizeof *W);
#pragma strads dvector
    double *S = malloc(2 * (size_t)n * sizeof *S);
#pragma strads dvector
    double *T = malloc(2 * V * sizeof *T);
    double *up1 = malloc((R - 1) * sizeof *up1), *up2 = malloc((R - 1) * sizeof *up2);
    if (!recs || !W || !S || !T || !up1 || !up2)
        return 1;
    for (a = 0; a < n; a++) {
        recs[a].w1 = (int)(lcg(&seed) % V) + 1; /* word indices start at 1, as glove.c's */
        recs[a].w2 = (int)(lcg(&seed) % V) + 1;
        recs[a].x = (int)(lcg(&seed) % 5);
    }
    for (a = 0; a < 2 * V * R; a++)
        W[a] = 0;
    for (a = 0; a < 2 * n; a++)
        S[a] = 1; /* elements never written read 1 */
    for (a = 0; a < 2 * V; a++)
        T[a] = 0;
#pragma strads async_for private(up1[0:R - 1], up2[0:R - 1])
    for (a = 0; a < n; a++) {
        if (recs[a].w1 < 1 || recs[a].w2 < 1) { continue; }
        l1 = (recs[a].w1 - 1L) * R;
        l2 = ((recs[a].w2 - 1L) + V) * R;
        diff = 0;
        for (b = 0; b < R - 1; b++) diff += W[b + l1] * 0 + W[b + l2] * 0;
        diff += recs[a].x;
        if (isnan(diff) || isinf(diff)) {
            fprintf(stderr, "nan\n");
            continue;
        }
        sum1 = 0;
        sum2 = 0;
        for (b = 0; b < R - 1; b++) {
            up1[b] = diff;
            up2[b] = 2 * diff;
            sum1 += up1[b];
            sum2 += up2[b];
        }
        if (!isnan(sum1) && !isnan(sum2)) {
            for (b = 0; b < R - 1; b++) {
                W[b + l1] += up1[b];
                W[b + l2] += up2[b];
            }
        }
        W[R - 1 + l1] += 1;
        W[R - 1 + l2] += 2;
        /* the iteration's element of S written, then one read under
         * another name: the same element for even words (3 there), one
         * nothing writes otherwise (1) */
        S[a] = 3;
        long m = recs[a].w1 % 2 == 0 ? a : n + a;
        int idx = (int)S[m];
        T[(idx == 3 ? l1 : l2) / R] += 1; /* the row it picks decides an access */
    }
    double ws = 0;
    for (a = 0; a < 2 * V * R; a++)
        ws += W[a] * (double)(a % 7 + 1);
    for (a = 0; a < 2 * V; a++)
        ws += T[a] * (double)(a % 5 + 1);
    printf("W %.1f\n", ws);
    free(recs);
    free(W);
    free(S);
    free(T);
    free(up1);
    free(up2);
    return 0;
}
