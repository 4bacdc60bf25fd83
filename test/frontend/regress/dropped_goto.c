/* A store reconnaissance drops, read back after a jump to a label before
 * it: `retry: v = cnt[k]; cnt[k] = v + 1; if (v < 3) goto retry;`. No text
 * after the store names cnt, but the jump runs the read again; the store
 * must stay shadowed, or the copy reads the old value forever and the
 * picked row is not the program's. Sums only: every serial order prints
 * the same. */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 1x2 2x1 4x1

#define NR 400

int main(void)
{
    long m = 6000;
#pragma strads dvector
    long *cnt = calloc(m, sizeof *cnt);
#pragma strads dvector
    long *H = calloc(NR, sizeof *H);
    if (!cnt || !H) return 1;
    for (int ep = 0; ep < 2; ep++) {
#pragma strads async_for
        for (long j = 0; j < m; j++) {
            long v;
        retry:
            v = cnt[j];
            cnt[j] = v + 1;
            if (v % 4 < 3) goto retry;
            H[(v * 37 + j) % NR] += j % 5 + 1;
        }
        long h = 0, c = 0;
        for (int i = 0; i < NR; i++) h += H[i] * (i % 7 + 1);
        for (long j = 0; j < m; j++) c += cnt[j];
        printf("epoch %d: %ld %ld\n", ep, h, c);
    }
    free(cnt);
    free(H);
    return 0;
}
