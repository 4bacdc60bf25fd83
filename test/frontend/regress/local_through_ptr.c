/* A local array written through a pointer (`long *p = flag + 1; *p =
 * ...;`; beside it a helper filling a local buffer it is handed), whose
 * values then pick the rows the iteration writes. The fast reconnaissance copy
 * takes memory reached through a pointer for a distributed array's and
 * drops the store, so the local kept its zeros there and the rows it
 * picks had no plan: at two processes most increments were lost, exit 0.
 * Such a store on the stack now runs the iteration again in the exact
 * copy. Sums only: every serial order prints the same. */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 2x1 2x2 4x1

#define NR 3000

static void mark(int *buf, long j)
{
    buf[j % 4] = (int)(j % 7) + 1;
}

int main(void)
{
    long m = 15000;
#pragma strads dvector
    int *rw = malloc(m * sizeof *rw);
#pragma strads dvector
    long *H = calloc(NR, sizeof *H);
#pragma strads dvector
    long *G = calloc(NR, sizeof *G);
    if (!rw || !H || !G) return 1;
    for (long j = 0; j < m; j++) rw[j] = (int)((j * 7919 + 13) % NR);
    for (int ep = 0; ep < 3; ep++) {
        long taken = 0;
#pragma strads async_for reduction(+: taken)
        for (long j = 0; j < m; j++) {
            long flag[2] = {0, 0};
            long *p = flag + 1;
            *p = (j + ep) % 3 != 0;
            taken += flag[1];
            if (flag[1]) H[rw[j]] += 1;
            int buf[4] = {0, 0, 0, 0};
            mark(buf, j);
            if (buf[2]) G[(rw[j] * 3) % NR] += buf[2];
        }
        long h = 0, g = 0;
        for (int i = 0; i < NR; i++) h += H[i] * (i % 5 + 1), g += G[i] * (i % 3 + 1);
        printf("epoch %d: %ld %ld %ld\n", ep, taken, h, g);
    }
    free(rw);
    free(H);
    free(G);
    return 0;
}
