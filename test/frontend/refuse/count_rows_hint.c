/* Counts kept in rows of integers (LDA's topic counts, int (*nw)[K]) that
 * a sync_for adds into under the default aggregate: the warning offered
 * reduction(+: nw[0:V]) too, which stradsc refuses for a section of rows
 * (found by a new user): only the aggregate, and the flat form. */
#include <stdlib.h>
#define K 8

int main(void)
{
    int n = 100, v = 10;
#pragma strads dvector
    int (*nw)[K] = calloc((size_t)v, sizeof *nw);
    if (!nw) return 1;
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        nw[i % v][i % K]--;
        nw[i % v][(i + 1) % K]++;
    }
    return nw[0][0];
}
// EXIT: 0
// EXPECT: 16:9: warning: sync_for adds into the integers of 'nw' under the default aggregate
// HINT: add aggregate(nw: sum) to add the workers' changes up (a reduction takes a flat array of numbers
