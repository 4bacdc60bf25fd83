/*
 * pagerank.c - PageRank by power iteration on a generated power-law graph.
 *
 * A sequential C program, annotated: built with plain `cc` the pragmas are
 * ignored; built with `stradscc` and started with `strads-run -n N`, the
 * update of the ranks runs on N processes (sync_for with sync(flexpara)).
 * Each vertex pulls the rank shares of its in-neighbours, so the work of a
 * vertex is its in-degree, and the generator makes in-degrees follow a
 * power law with the hubs at the low vertex numbers: a block partition
 * gives the first process far more edges than the others. FlexPara, the
 * skew-aware model, moves vertices from the slow process to the fast ones;
 * until the engine applies it, it runs as BSP. The update of a vertex reads
 * only the previous iteration's shares, so every model gives the sequential
 * result up to the order of floating-point additions.
 *
 * The ranks and the shares are distributed arrays. The graph (in-edge lists
 * in CSR form) is copied in whole: which shares a vertex reads depends on
 * its edge list, and reconnaissance reads only the memory of its own node,
 * where another node's part of a distributed edge array would be missing.
 *
 *   pagerank [vertices degree iterations seed [ranks.txt]]
 *
 * Edge sources are uniform (out-degrees are Poisson(degree); vertices
 * without out-edges spread their rank over all vertices); edge targets are
 * vertex floor(n * u^2.5) for u uniform in [0, 1), so the in-degree of
 * vertex j falls like j^-0.6. Prints the L1 change of the ranks per
 * iteration, then the 10 vertices of highest rank; with ranks.txt, writes
 * every vertex's rank there (one per line, %.17g) for comparing runs.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* xorshift64*: the same stream on every platform, so runs are comparable. */
static uint64_t rng_state;

static double uniform(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

static long arg(int argc, char **argv, int i, long dflt)
{
    return argc > i ? strtol(argv[i], NULL, 10) : dflt;
}

int main(int argc, char **argv)
{
    long n = arg(argc, argv, 1, 200000), degree = arg(argc, argv, 2, 10);
    int iters = (int)arg(argc, argv, 3, 20);
    rng_state = (uint64_t)arg(argc, argv, 4, 42) * 0x9E3779B97F4A7C15ULL + 1;
    const char *out = argc > 5 ? argv[5] : NULL;
    if (n < 10 || degree < 1 || iters < 0 || n > 1000000000) {
        fprintf(stderr, "usage: pagerank [vertices degree iterations seed [ranks.txt]]\n");
        return 2;
    }
    const double damping = 0.85;
    long m = n * degree;

    /* Generate the edges, then store them by target (CSR of in-edges):
     * the in-edges of v are src[off[v] .. off[v + 1] - 1]. */
    int *esrc = malloc((size_t)m * sizeof *esrc), *edst = malloc((size_t)m * sizeof *edst);
    long *outdeg = calloc((size_t)n, sizeof *outdeg), *off = calloc((size_t)n + 1, sizeof *off);
    int *src = malloc((size_t)m * sizeof *src);
#pragma strads dvector
    double *rank = malloc((size_t)n * sizeof *rank);
#pragma strads dvector
    double *share = malloc((size_t)n * sizeof *share);
    if (!esrc || !edst || !outdeg || !off || !src || !rank || !share) return 1;
    for (long e = 0; e < m; e++) {
        esrc[e] = (int)(uniform() * (double)n);
        edst[e] = (int)(pow(uniform(), 2.5) * (double)n);
        outdeg[esrc[e]]++;
        off[edst[e] + 1]++;
    }
    for (long v = 0; v < n; v++) off[v + 1] += off[v];
    for (long e = 0; e < m; e++) src[off[edst[e]]++] = esrc[e];
    for (long v = n; v > 0; v--) off[v] = off[v - 1]; /* the fill moved each start to the next */
    off[0] = 0;
    free(esrc);
    free(edst);
    printf("graph %ld vertices %ld edges, in-degree of vertex 0: %ld, median vertex: %ld\n", n, m,
           off[1] - off[0], off[n / 2 + 1] - off[n / 2]);

    for (long v = 0; v < n; v++) rank[v] = 1.0 / (double)n;
    for (int it = 1; it <= iters; it++) {
        /* What each vertex sends along each out-edge; dangling rank is
         * spread evenly. */
        double dangling = 0;
        for (long u = 0; u < n; u++) {
            share[u] = outdeg[u] ? rank[u] / (double)outdeg[u] : 0;
            if (!outdeg[u]) dangling += rank[u];
        }
        double base = (1 - damping + damping * dangling) / (double)n, change = 0;
#pragma strads sync_for sync(flexpara) copyin(off[0:n + 1], src[0:m]) reduction(+: change)
        for (long v = 0; v < n; v++) {
            double s = 0;
            for (long e = off[v]; e < off[v + 1]; e++) s += share[src[e]];
            double r = base + damping * s;
            change += fabs(r - rank[v]);
            rank[v] = r;
        }
        printf("iteration %d change %.6e\n", it, change);
    }

    /* The 10 vertices of highest rank (ties: lower number first). */
    long top[10];
    int ntop = 0;
    for (long v = 0; v < n; v++) {
        int k = ntop < 10 ? ntop++ : 10;
        while (k > 0 && rank[top[k - 1]] < rank[v]) {
            if (k < 10) top[k] = top[k - 1];
            k--;
        }
        if (k < 10) top[k] = v;
    }
    printf("top10");
    for (int k = 0; k < ntop; k++) printf(" %ld", top[k]);
    printf("\n");
    double sum = 0;
    for (long v = 0; v < n; v++) sum += rank[v];
    printf("rank sum %.12f top rank %.6e\n", sum, rank[top[0]]);
    if (out) {
        FILE *f = fopen(out, "w");
        if (!f) {
            perror(out);
            return 1;
        }
        for (long v = 0; v < n; v++) fprintf(f, "%.17g\n", rank[v]);
        if (fclose(f)) {
            perror(out);
            return 1;
        }
    }
    free(outdeg);
    free(off);
    free(src);
    free(rank);
    free(share);
    return 0;
}
