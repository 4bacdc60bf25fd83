/*
 * bench/progs/bellman_ford.c - single-source shortest paths by Bellman-Ford
 * over a sparse random graph, as a user writes it: each sweep relaxes every
 * edge in an async_for, and the sweeps stop when one changes nothing. An
 * edge reads the distance of its source and may write that of its target,
 * so iterations conflict through reads all over the graph: its plan has
 * little parallelism and its reconnaissance costs many sweeps
 * (bench/conflict.sh, PROG=bellman_ford). Any serial order of the sweeps
 * reaches the same distances; the sweep count is not printed (another
 * order may need fewer).
 *
 *   bellman_ford [NODES DEGREE MAX_SWEEPS]
 */
#include <stdio.h>
#include <stdlib.h>

struct edge {
    int from, to;
    double w;
};

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 200000, deg = argc > 2 ? atoi(argv[2]) : 8;
    int max_sweeps = argc > 3 ? atoi(argv[3]) : 1000;
    if (n < 2 || deg < 1 || max_sweeps < 1 || (long)n * deg > 1L << 30) {
        fprintf(stderr, "usage: bellman_ford [NODES DEGREE MAX_SWEEPS]\n");
        return 2;
    }
    long m = (long)n * deg;
#pragma strads dvector
    struct edge *E = malloc((size_t)m * sizeof *E);
#pragma strads dvector
    double *dist = malloc((size_t)n * sizeof *dist);
    if (!E || !dist)
        return 1;
    unsigned s = 7;
    for (long k = 0; k < m; k++) {
        s = s * 1664525u + 1013904223u;
        E[k].from = (int)((s >> 8) % (unsigned)n);
        s = s * 1664525u + 1013904223u;
        E[k].to = (int)((s >> 8) % (unsigned)n);
        s = s * 1664525u + 1013904223u;
        E[k].w = 1 + (s >> 8) % 100;
    }
    for (int v = 0; v < n; v++)
        dist[v] = 1e30;
    dist[0] = 0;
    int changed = 1;
    for (int sweep = 0; changed && sweep < max_sweeps; sweep++) {
        changed = 0;
#pragma strads async_for reduction(+: changed)
        for (long k = 0; k < m; k++) {
            struct edge e = E[k];
            if (dist[e.from] + e.w < dist[e.to]) {
                dist[e.to] = dist[e.from] + e.w;
                changed++;
            }
        }
    }
    double sum = 0;
    int reached = 0;
    for (int v = 0; v < n; v++)
        if (dist[v] < 1e29) {
            sum += dist[v];
            reached++;
        }
    printf("reached %d distance sum %.1f\n", reached, sum);
    free(E);
    free(dist);
    return 0;
}
