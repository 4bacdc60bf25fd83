/*
 * A histogram under sync(hybrid) with aggregate(cnt: sum): hybrid's
 * threads share the process's copy without locks (Hogwild), so two
 * threads' cnt[k]++ on one element can lose one. The runtime says so once
 * (the totals themselves depend on the race: not checked here).
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    long n = 400000;
    int k = 16;
#pragma strads dvector
    int *cnt = calloc(k, sizeof *cnt);
#pragma strads dvector
    int *x = malloc(n * sizeof *x);
    if (!cnt || !x)
        return 1;
    for (long i = 0; i < n; i++)
        x[i] = (int)(i * 7 % k);
    for (int call = 0; call < 3; call++) {
#pragma strads sync_for sync(hybrid) aggregate(cnt: sum)
        for (long i = 0; i < n; i++)
            cnt[x[i]]++;
    }
    long total = 0;
    for (int j = 0; j < k; j++)
        total += cnt[j];
    printf("total %ld\n", total);
    free(cnt);
    free(x);
    return 0;
}
