/* Clauses with sections and per-thread state: copyin, private, array-section
 * reductions, min/max, accumulate, sync_for options, <= loops, a loop
 * variable declared before the loop, a body without braces, main(void). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1000, D = 4, K = 3 };

static unsigned next(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 16) & 0x7fff;
}

int main(void)
{
    double *pts = malloc(N * D * sizeof *pts);
    double cent[K][D];
    for (int i = 0; i < N * D; i++)
        pts[i] = (i * 37 % 101) / 10.0;
    for (int c = 0; c < K; c++)
        for (int d = 0; d < D; d++)
            cent[c][d] = pts[c * 17 * D + d];

    /* k-means assignment step: sums and counts as array-section reductions */
    double *sums = calloc(K * D, sizeof *sums);
    long counts[K] = {0};
    double *scratch = malloc(D * sizeof *scratch);
    double cost = 0, worst = 0, best = 1e300;
    long words = 0;
    unsigned seed = 7;
    #pragma strads sync_for minibatch(100) sync(absp(0.5, 2)) threads(2) recon(off) \
            copyin(pts[0:N*D]) private(scratch[0:D], seed) \
            reduction(+: sums[0:K*D], counts[0:K], cost) reduction(max: worst) \
            reduction(min: best) accumulate(words)
    for (int i = 0; i <= N - 1; i++) {
        int bc = 0;
        double bd = 1e300;
        for (int c = 0; c < K; c++) {
            double dist = 0;
            for (int d = 0; d < D; d++) {
                scratch[d] = pts[i * D + d] - cent[c][d];
                dist += scratch[d] * scratch[d];
            }
            if (dist < bd) {
                bd = dist;
                bc = c;
            }
        }
        for (int d = 0; d < D; d++)
            sums[bc * D + d] += pts[i * D + d];
        counts[bc]++;
        cost += bd;
        if (bd > worst)
            worst = bd;
        if (bd < best)
            best = bd;
        words += 1 + (int)(next(&seed) % 2) * 0;
        if (words % 250 == 0)
            continue;
    }
    printf("cost %.6f worst %.6f best %.6f words %ld\n", cost, worst, best, words);
    for (int c = 0; c < K; c++)
        printf("cluster %d: %ld points, mean x %.6f\n", c, counts[c],
               counts[c] ? sums[c * D] / counts[c] : 0.0);

    long j, hits = 0;
    #pragma strads async_for copyin(pts[0:N*D]) reduction(+: hits)
    for (j = 10; j != N; ++j)
        hits += pts[j * D] > 5.0;
    printf("hits %ld j %ld\n", hits, j);
    free(pts);
    free(sums);
    free(scratch);
    return 0;
}
