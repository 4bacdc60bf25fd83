/* Writes under tests of values the loop writes, in an else-if chain and
 * beside a `continue`: three equal edges into each node, so that in any
 * serial order the first lowers dist[v] and the other two count in the
 * else-if; a second loop skips with continue on the path that does not
 * write. The writes of the other path are recorded first on each path
 * (a continue skipped them; the inner if of an else-if was not looked
 * into: counts were lost at four processes, exit 0). */
#include <stdio.h>
#include <stdlib.h>

struct edge { int from, to, cost; };

int main(void)
{
    int n = 4000, m = 3 * (n - 1);
#pragma strads dvector
    struct edge *e = malloc((size_t)m * sizeof *e);
#pragma strads dvector
    int *dist = malloc((size_t)n * sizeof *dist);
#pragma strads dvector
    int *cnt = calloc((size_t)n, sizeof *cnt);
#pragma strads dvector
    int *hit = calloc((size_t)n, sizeof *hit);
    for (int k = 0; k < n - 1; k++) {
        e[k] = (struct edge){0, 1 + k, 5};
        e[n - 1 + k] = (struct edge){0, n - 1 - k, 5};
        e[2 * (n - 1) + k] = (struct edge){0, 1 + (k + n / 2) % (n - 1), 5};
    }
    for (int v = 0; v < n; v++) dist[v] = v == 0 ? 0 : 1 << 28;
#pragma strads async_for
    for (int k = 0; k < m; k++) {
        if (dist[e[k].to] > dist[e[k].from] + e[k].cost)
            dist[e[k].to] = dist[e[k].from] + e[k].cost;
        else if (dist[e[k].to] <= dist[e[k].from] + e[k].cost)
            cnt[e[k].to] += 1;
    }
    for (int v = 1; v < n; v++) dist[v] = 1 << 28;
#pragma strads async_for
    for (int k = 0; k < m; k++) {
        if (dist[e[k].to] > dist[e[k].from] + e[k].cost) {
            dist[e[k].to] = dist[e[k].from] + e[k].cost;
            hit[e[k].to] += 1;
        } else {
            continue;
        }
    }
    unsigned long long sum = 0; /* a hash: it wraps */
    int bad = 0;
    for (int v = 0; v < n; v++) sum = sum * 3 + (unsigned)(dist[v] + cnt[v] + 7 * hit[v]);
    for (int v = 1; v < n; v++) bad += cnt[v] != 2 || hit[v] != 1;
    printf("sum %llu bad %d\n", sum, bad);
    return 0;
}
// CONFIGS: 1x1 2x1 4x1 2x2
