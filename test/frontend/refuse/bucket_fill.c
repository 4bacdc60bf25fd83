/* A bucket fill: each record goes to the next free place of its class
 * (out[pos[c]++]). Reconnaissance sees every class's first place only, so
 * at two processes the values landed on the wrong nodes (a wrong sum, exit
 * 0). The index comes from an array the loop writes at shared elements. */
#include <stdlib.h>

void fill(long n, const int *key, const double *val, double *out, long *pos)
{
#pragma strads async_for
    for (long i = 0; i < n; i++) {
        int c = key[i];
        out[pos[c]++] = val[i];
    }
}

/* The same through a local, in a helper. */
static void put(double *o, long *p, int c, double v)
{
    long at = p[c];
    p[c] = at + 1;
    o[at] = v;
}

void fill2(long n, const int *key, const double *val, double *out, long *pos)
{
#pragma strads async_for
    for (long i = 0; i < n; i++) put(out, pos, key[i], val[i]);
}
// EXPECT: 12:9: error: async_for: the element of 'out' here is found from a value of 'pos', which the loop writes
// EXPECT: 21:5: error: async_for: the element of 'o' here is found from a value of 'p', which the loop writes
// HINT: use sync_for if iterations may read values a clock old
