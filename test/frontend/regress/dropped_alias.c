/* A dropped store read back through another name: `cnt[u] += 1` goes
 * unrecorded in value (reconnaissance drops it), then a pointer of the
 * body that points into the same array reads the element and its value
 * picks a row to write. The store must stay shadowed so that the read runs
 * the iteration again exactly; recorded plainly, the plan would miss the
 * row and lose updates at two processes. The same through a pointer
 * declared before the loop (two of the env's pointers reach the array:
 * the runtime keeps the shadow). Sums and maxima only: every serial order
 * prints the same. */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 2x1 2x2 4x1

#define NR 500

int main(void)
{
    long m = 20000;
#pragma strads dvector
    int *who = malloc(m * sizeof *who);
#pragma strads dvector
    long *cnt = calloc(NR, sizeof *cnt);
#pragma strads dvector
    long *H = calloc(NR, sizeof *H);
    if (!who || !cnt || !H) return 1;
    for (long j = 0; j < m; j++) who[j] = (int)((j * 7919 + 13) % NR);
    for (int ep = 0; ep < 3; ep++) {
#pragma strads async_for
        for (long j = 0; j < m; j++) {
            int u = who[j];
            long *c = cnt + u;
            cnt[u] += 1;
            long *h = &H[(*c * 37 + u) % NR], v = (j * 7919) % 100003;
            if (v > *h) *h = v;
        }
        /* the other name declared outside the body: no later text of the
         * iteration names cnt, but the env's two pointers reach it */
        long *c0 = cnt;
#pragma strads async_for
        for (long j = 0; j < m; j++) {
            cnt[(j * 13) % NR] = j % 7;
            long *h = &H[(c0[(j * 13) % NR] * 71 + j) % NR], v = (j * 31) % 100003;
            if (v > *h) *h = v;
        }
        long h = 0, c = 0;
        for (int i = 0; i < NR; i++) h += H[i] * (i % 5 + 1), c += cnt[i];
        printf("epoch %d: %ld %ld\n", ep, h, c);
    }
    free(who);
    free(cnt);
    free(H);
    return 0;
}
