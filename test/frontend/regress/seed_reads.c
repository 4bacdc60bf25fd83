/* async_for whose every iteration reads the same few elements of another
 * node (k-means' seeds through an index array) and picks the counter it
 * increments from them. A worker's reconnaissance reads those elements as
 * zeros until it fetches them, and only the first iteration that read them
 * ran again: the others kept the counters their zeros chose, the plan put
 * them where another node held those counters, and increments were lost
 * (a total of 7881 of 10000 at two processes). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    unsigned n = 10000, k = 8;
#pragma strads dvector
    unsigned *v = calloc(n, sizeof *v);
#pragma strads dvector
    unsigned *seed = calloc(k, sizeof *seed);
#pragma strads dvector
    unsigned *count = calloc(k, sizeof *count);
#pragma strads dvector
    unsigned *label = calloc(n, sizeof *label);
    if (!v || !seed || !count || !label) return 1;
    for (unsigned i = 0; i < n; i++) v[i] = (i * 7919u) % n;
    for (unsigned j = 0; j < k; j++) seed[j] = (j * 2654435761u) % n; /* across both halves */
    for (int pass = 0; pass < 3; pass++) {
        for (unsigned j = 0; j < k; j++) count[j] = 0;
#pragma strads async_for
        for (unsigned i = 0; i < n; i++) {
            unsigned best = 0, bd = 0;
            for (unsigned j = 0; j < k; j++) {
                unsigned c = v[seed[j]], d = c > v[i] ? c - v[i] : v[i] - c;
                if (j == 0 || d < bd) bd = d, best = j;
            }
            label[i] = best;
            count[best]++;
        }
        unsigned long total = 0, h = 0;
        for (unsigned j = 0; j < k; j++) total += count[j], h = h * 31 + count[j];
        for (unsigned i = 0; i < n; i++) h = h * 7 + label[i];
        printf("pass %d total %lu hash %lu\n", pass, total, h);
        for (unsigned j = 0; j < k; j++) seed[j] = (seed[j] + 977u * (unsigned)(pass + 1)) % n;
    }
    free(v);
    free(seed);
    free(count);
    free(label);
    return 0;
}
