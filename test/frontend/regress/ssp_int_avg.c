/* Integer elements that several nodes assign the same value under SSP and
 * ASP (the default aggregate, the average): each node's change used to be
 * divided by the element's writers as it landed at the owner, so three
 * nodes setting flag[k] = 1 added a third three times, truncated: 0. The
 * owner now sums what landed and applies its mean, as BSP does. Several
 * threads lowering one unsigned element (10 to 7) averaged a change of
 * almost 2^64 under every model: its change is signed now. */
// CONFIGS: 1x1 2x1 3x1 4x1 2x2
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 6000, m = 50;
    #pragma strads dvector
    int *flag = calloc(m, sizeof *flag);
    #pragma strads dvector
    long *cnt = calloc(m, sizeof *cnt);
    #pragma strads dvector
    unsigned long *mark = calloc(m, sizeof *mark);
    #pragma strads dvector
    unsigned long *low = malloc(m * sizeof *low);
    if (!flag || !cnt || !mark || !low) return 1;
    for (int k = 0; k < m; k++) low[k] = 10;
    for (int ep = 0; ep < 3; ep++) {
#pragma strads sync_for sync(ssp(1))
        for (int i = 0; i < n; i++)
            if (i % 7 == 0) flag[(i / 7) % m] = 1;
#pragma strads sync_for sync(asp)
        for (int i = 0; i < n; i++)
            if (i % 11 == 0) cnt[(i / 11) % m] = 5 + ep;
#pragma strads sync_for sync(ssp(0)) recon(off)
        for (int i = 0; i < n; i++)
            if (i % 13 == 0) mark[(i / 13) % m] = 3;
#pragma strads sync_for
        for (int i = 0; i < n; i++) low[i % m] = 10 - ep;
#pragma strads sync_for sync(ssp(1))
        for (int i = 0; i < n; i++) low[(i + 1) % m] = 9 - ep;
    }
    long s = 0;
    for (int k = 0; k < m; k++)
        s += flag[k] * (k + 1) + cnt[k] * 3 + (long)mark[k] * 7 + (long)low[k] * 11;
    printf("%ld %d %ld %lu %lu\n", s, flag[m - 1], cnt[0], mark[1], low[2]);
    free(flag);
    free(cnt);
    free(mark);
    free(low);
    return 0;
}
