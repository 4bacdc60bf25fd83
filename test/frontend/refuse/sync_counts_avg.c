/* Counting into a dvector of integers under sync_for's default aggregate,
 * the average of the workers' changes: the counts come out divided by the
 * workers. stradsc says so, and how to add them up: a histogram the body
 * never reads wants the reduction first (aggregate(sum) on NPB IS's key
 * counts cost 10-100x the plain loop); counts the body reads (LDA's) want
 * aggregate(sum), which lets it see them. */
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

int *sample(const int *word, int *topic, long n, int v, int k)
{
#pragma strads dvector
    int *nwt = calloc((size_t)v * k, sizeof *nwt);
#pragma strads sync_for
    for (long i = 0; i < n; i++) {
        int t = nwt[word[i] * k] > 3 ? 1 : 0;
        nwt[word[i] * k + t] += 1;
        topic[i] = t;
    }
    return nwt;
}
// EXPECT: 15:9: warning: sync_for adds into the integers of 'cnt' under the default aggregate
// HINT: add reduction(+: cnt[0:k]) to give each worker its own copy, summed at the end (the fast way
// HINT: or aggregate(cnt: sum)
// EXPECT: 25:17: warning: sync_for adds into the integers of 'nwt' under the default aggregate
// HINT: add aggregate(nwt: sum) to add the workers' changes up, or reduction
// EXIT: 0
