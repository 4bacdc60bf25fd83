/* Counters bumped with ++ and -- as statements: the fast reconnaissance copy
 * drops them like stores (cnt[j]++ is read again by its text through &cnt[j]
 * and keeps its shadow); every configuration must count as cc does. */
#include <stdio.h>
#include <stdlib.h>
int main(void)
{
    int n = 5000, m = 97;
#pragma strads dvector
    int *cnt = calloc(m, sizeof *cnt);
#pragma strads dvector
    long *tot = calloc(m, sizeof *tot);
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        int j = (i * 31) % m;
        cnt[j]++;
        --tot[(j + 1) % m];
        int *p = &cnt[j];
        tot[j] += *p;
    }
    long h = 0;
    for (int i = 0; i < m; i++) h += (long)cnt[i] * i + tot[i];
    printf("%ld\n", h);
    return 0;
}
