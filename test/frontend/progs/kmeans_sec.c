/* k-means in the style of Liao's kmeans.c: points in a flat array of `dim`
 * doubles per point (row(dim)), centroids in plain heap memory shipped with
 * copyin, per-cluster sums and counts as array-section reductions with a
 * typedef'd 64-bit count, loops written `i != n` with `i += 1`, points
 * flagged as outliers skipped with `continue`, a static global threshold,
 * and two parallel loops per iteration (assignment, then the objective). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int64_t count_t;
typedef double coord_t;

static coord_t outlier_at = 50.0;
int dim = 3;

static coord_t dist2(const coord_t *a, const coord_t *b)
{
    coord_t s = 0;
    for (int d = 0; d < dim; d++)
        s += (a[d] - b[d]) * (a[d] - b[d]);
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 5000;
    int k = 5, iters = 6;
    #pragma strads dvector row(dim)
    coord_t *pts = malloc((size_t)n * dim * sizeof *pts);
    #pragma strads dvector
    int *member = malloc((size_t)n * sizeof *member);
    coord_t *cent = malloc((size_t)k * dim * sizeof *cent);
    coord_t *sums = malloc((size_t)k * dim * sizeof *sums);
    count_t *counts = malloc((size_t)k * sizeof *counts);
    unsigned s = 3;
    for (long i = 0; i < n; i++)
        for (int d = 0; d < dim; d++) {
            s = s * 1103515245u + 12345u;
            pts[i * dim + d] = (coord_t)((s >> 16) % 1000) / 100.0 + (i % 5) * 8.0;
        }
    pts[7 * dim] = 1000; /* an outlier */
    for (int c = 0; c < k; c++)
        memcpy(&cent[c * dim], &pts[(c * 97 + 1) * dim], (size_t)dim * sizeof *cent);
    for (int it = 0; it < iters; it++) {
        memset(sums, 0, (size_t)k * dim * sizeof *sums);
        memset(counts, 0, (size_t)k * sizeof *counts);
        count_t skipped = 0;
        #pragma strads sync_for copyin(cent[0:k*dim]) \
                reduction(+: sums[0:k*dim], counts[0:k], skipped)
        for (long i = 0; i != n; i += 1) {
            if (pts[i * dim] > outlier_at) {
                member[i] = -1;
                skipped++;
                continue;
            }
            int best = 0;
            coord_t bd = dist2(&pts[i * dim], &cent[0]);
            for (int c = 1; c < k; c++) {
                coord_t dd = dist2(&pts[i * dim], &cent[c * dim]);
                if (dd < bd) {
                    bd = dd;
                    best = c;
                }
            }
            member[i] = best;
            for (int d = 0; d < dim; d++)
                sums[best * dim + d] += pts[i * dim + d];
            counts[best] += 1;
        }
        for (int c = 0; c < k; c++)
            if (counts[c])
                for (int d = 0; d < dim; d++)
                    cent[c * dim + d] = sums[c * dim + d] / (coord_t)counts[c];
        coord_t obj = 0;
        #pragma strads sync_for copyin(cent[0:k*dim]) reduction(+: obj)
        for (long i = 0; i != n; i += 1) {
            if (member[i] < 0)
                continue;
            obj += dist2(&pts[i * dim], &cent[member[i] * dim]);
        }
        printf("iter %d objective %.6f skipped %lld sizes", it, obj, (long long)skipped);
        for (int c = 0; c < k; c++)
            printf(" %lld", (long long)counts[c]);
        printf("\n");
    }
    free(pts);
    free(member);
    free(cent);
    free(sums);
    free(counts);
    return 0;
}
// ARGS: 5000
// TOL: 1e-9
