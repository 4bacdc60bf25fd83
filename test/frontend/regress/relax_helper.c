/* Connected components by label propagation over a sparse edge list, the
 * compare-and-write in a function of the file: relax() lowers one end's
 * label to the other's, in an if / else-if on the labels the loop itself
 * writes. Its copy records the writes of each branch on the other path too
 * (for an async_for; a sync_for caller's records stay exact). Unrecorded,
 * at two processes those writes were neither ordered nor written back, and
 * the while loop never ended. */
#include <stdio.h>
#include <stdlib.h>

typedef struct { int src, dst; } edge;

static int end_of(const edge *e, int which) { return which ? e->dst : e->src; }

static int relax(int *label, int a, int b)
{
    if (label[a] < label[b]) {
        label[b] = label[a];
        return 1;
    } else if (label[b] < label[a]) {
        label[a] = label[b];
        return 1;
    }
    return 0;
}

int main(void)
{
    int n = 100000;
    long m = (long)n * 3 / 4; /* sparse: many components, planned in parallel */
#pragma strads dvector
    edge *E = malloc((size_t)m * sizeof *E);
#pragma strads dvector
    int *label = malloc((size_t)n * sizeof *label);
    unsigned long long s = 88172645463325252ull;
    for (long k = 0; k < m; k++) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        int a = (int)(s % (unsigned)n);
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        E[k].src = a;
        E[k].dst = (int)((a + 1 + s % 1000) % (unsigned)n); /* near each other */
    }
    for (int v = 0; v < n; v++) label[v] = v;
    long changed = 1;
    int rounds = 0;
    while (changed && rounds < 400) {
        changed = 0;
#pragma strads async_for reduction(+: changed)
        for (long k = 0; k < m; k++)
            if (relax(label, end_of(&E[k], 0), end_of(&E[k], 1))) changed++;
        rounds++;
    }
    long comps = 0, sum = 0;
    for (int v = 0; v < n; v++) {
        comps += label[v] == v;
        sum += label[v];
    }
    printf("converged %d components %ld label_sum %ld\n", rounds < 400, comps, sum);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1 2x2
