/* Counting into a dvector of integers under sync_for's default aggregate,
 * the average of the workers' changes: the counts come out divided by the
 * workers. stradsc says so, and how to add them up. */
#include <stdlib.h>

int *hist(const int *lab, long n, int k)
{
#pragma strads dvector
    int *cnt = calloc(k, sizeof *cnt);
#pragma strads sync_for
    for (long i = 0; i < n; i++)
        cnt[lab[i]] += 1;
    return cnt;
}
// EXPECT: 12:9: warning: sync_for adds into the integers of 'cnt' under the default aggregate
// HINT: add aggregate(cnt: sum)
// HINT: reduction(+: cnt[0:k])
// EXIT: 0
