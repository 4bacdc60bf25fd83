/*
 * A sync_for that writes only its iterations' own elements (cnt[i]) under
 * sync(absp(0.5)) with a slow node: A-BSP's early stop would leave items
 * undone for the call (a count short, a convergence test that never
 * passes), so the loop runs whole, as under bsp, and says so once; every
 * item runs once a call, as in the plain build.
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    long n = 200000;
    int calls = 5;
#pragma strads dvector
    int *cnt = malloc(n * sizeof *cnt);
    if (!cnt)
        return 1;
    for (long i = 0; i < n; i++)
        cnt[i] = 0;
    for (int it = 0; it < calls; it++) {
#pragma strads sync_for sync(absp(0.5))
        for (long i = 0; i < n; i++)
            cnt[i] = cnt[i] + 1;
    }
    long short_runs = 0, total = 0;
    for (long i = 0; i < n; i++) {
        short_runs += cnt[i] != calls;
        total += cnt[i];
    }
    printf("item-runs %ld, items short of %d: %ld\n", total, calls, short_runs);

    free(cnt);
    return 0;
}
