/* Writes under a test of values the loop itself writes: a shortest-path
 * relaxation over an edge list, and a running maximum per bucket kept with
 * an else branch. Reconnaissance runs on the values before the call, so an
 * edge whose test failed there may pass when it runs; its write was not
 * recorded, the plan did not order it, and on a node that does not own the
 * element it was never written back (two processes printed distances that
 * were never lowered, exit 0). The edges are listed so that most tests
 * pass only after an earlier iteration of the same call lowered the source
 * (a path listed backwards); the loop repeats until nothing changes, so
 * any serial order gives the same distances. */
#include <stdio.h>
#include <stdlib.h>

struct edge { int from, to, cost; };

int main(void)
{
    int n = 400, extra = 1600, m = n - 1 + extra;
#pragma strads dvector
    struct edge *e = malloc((size_t)m * sizeof *e);
#pragma strads dvector
    int *dist = malloc((size_t)n * sizeof *dist);
#pragma strads dvector
    int *best = malloc(16 * sizeof *best);
#pragma strads dvector
    int *seen = calloc(16, sizeof *seen);
    unsigned s = 12345;
    for (int k = 0; k < n - 1; k++) /* the path n-2 -> n-1 first, 0 -> 1 last */
        e[k] = (struct edge){n - 2 - k, n - 1 - k, 1 + k % 3};
    for (int k = n - 1; k < m; k++) {
        s = s * 1103515245u + 12345u;
        int a = (int)((s >> 8) % (unsigned)n);
        s = s * 1103515245u + 12345u;
        e[k] = (struct edge){a, (int)((s >> 8) % (unsigned)n), 50 + (int)((s >> 4) % 100)};
    }
    for (int v = 0; v < n; v++) dist[v] = v == 0 ? 0 : 1 << 28;
    for (int b = 0; b < 16; b++) best[b] = -1;
    int rounds = 0, changed = 1;
    while (changed && rounds < n) {
        changed = 0;
#pragma strads async_for reduction(+: changed)
        for (int k = 0; k < m; k++) {
            if (dist[e[k].to] > dist[e[k].from] + e[k].cost) {
                dist[e[k].to] = dist[e[k].from] + e[k].cost;
                changed += 1;
            }
        }
        rounds++;
    }
#pragma strads async_for
    for (int v = 0; v < n; v++) {
        if (dist[v] > best[v % 16])
            best[v % 16] = dist[v];
        else
            seen[v % 16] += 1;
    }
    unsigned long long sum = 0; /* a hash: it wraps */
    for (int v = 0; v < n; v++) sum += dist[v];
    for (int b = 0; b < 16; b++) sum = sum * 31 + (unsigned)(best[b] + 7 * seen[b]);
    printf("sum %llu\n", sum);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1 4x1 2x2
