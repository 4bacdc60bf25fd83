/* Integer elements that several nodes assign the same value under SSP and
 * ASP (the default aggregate, the average): each node's change used to be
 * divided by the element's writers as it landed at the owner, so three
 * nodes setting flag[k] = 1 added a third three times, truncated: 0. The
 * owner now sums what landed and applies its mean, as BSP does. */
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
    if (!flag || !cnt || !mark) return 1;
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
    }
    long s = 0;
    for (int k = 0; k < m; k++) s += flag[k] * (k + 1) + cnt[k] * 3 + (long)mark[k] * 7;
    printf("%ld %d %ld %lu\n", s, flag[m - 1], cnt[0], mark[1]);
    free(flag);
    free(cnt);
    free(mark);
    return 0;
}
