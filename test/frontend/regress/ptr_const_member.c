/* A distributed array of mixed-type structs that a helper reads through
 * a local struct's pointer to const (RSBench's SimulationData, its
 * member made const as stradsc's hint says): stored into a pointer to
 * const, the array is read-only, and the answer is the plain build's. */
// CONFIGS: 1x1 1x2 2x1 3x1
#include <stdio.h>
#include <stdlib.h>

typedef struct { double w; short tag; } item;
typedef struct { const item *items; int n; } table;

static double lookup(table t, int k) { return t.items[k % t.n].w * t.items[k % t.n].tag; }

int main(void)
{
    int n = 100, m = 20000;
#pragma strads dvector
    item *items = malloc(n * sizeof *items);
#pragma strads dvector
    double *out = malloc(m * sizeof *out);
    if (!items || !out) return 1;
    for (int i = 0; i < n; i++) items[i] = (item){0.5 * i, (short)(i % 3)};
    for (int rep = 0; rep < 3; rep++) {
#pragma strads sync_for
        for (int i = 0; i < m; i++) {
            table t;
            t.items = items;
            t.n = n - rep;
            out[i] = lookup(t, i * 7);
        }
    }
    double s = 0;
    for (int i = 0; i < m; i++) s += out[i] * (i % 3 + 1);
    printf("%.3f\n", s);
    free(items);
    free(out);
    return 0;
}
