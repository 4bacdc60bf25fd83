/* A post-increment of a distributed array's element in GNU's `c ?: x`: the
 * refusal said "a macro writes a distributed array here", and there is no
 * macro. */
#include <stdlib.h>

long count(int n, int c)
{
#pragma strads dvector
    int *a = calloc(100, sizeof *a);
    long s = 0;
#pragma strads async_for reduction(+: s)
    for (int i = 0; i < n; i++) s += c ?: a[i % 100]++;
    free(a);
    return s;
}
// EXPECT: 12:43: error: a store to a distributed array inside a macro's argument or a GNU `?:`
// HINT: write the store as a statement of its own
