/* An async_for whose `if` tests a model value read straight from memory
 * (the iteration's own row of an array the loop writes, `O[i].v[0] > 2`)
 * and whose branch writes a shared row through a pointer it declares.
 * Reconnaissance followed the test as the call found it, and the plan
 * was kept for later calls, whose rows had changed their minds: later
 * epochs wrote rows no plan gave them and lost increments at two
 * processes (exit 0). Such an if is now taken both ways in the copy, the
 * test's reads recorded (recon_slice.c). */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 2x1 2x2 3x1

struct row {
    double v[2];
};
static struct row *O;

int main(void)
{
    long n = 20000, m = 64;
#pragma strads dvector
    int *xj = malloc(n * sizeof *xj);
#pragma strads dvector
    O = calloc(n, sizeof *O);
#pragma strads dvector
    long *A = calloc(m * 2, sizeof *A);
    if (!xj || !O || !A) return 1;
    for (long i = 0; i < n; i++) {
        xj[i] = (int)((i * 7919) % m);
        O[i].v[0] = (double)((i * 31) % 32) / 4;
    }
    long want = 0;
    for (int ep = 0; ep < 4; ep++) {
        for (long i = 0; i < n; i++) want += O[i].v[0] > 2; /* what the epoch will add */
#pragma strads async_for
        for (long i = 0; i < n; i++) {
            long j = xj[i];
            if (O[i].v[0] > 2) {
                long *ap = &A[j * 2];
                ap[0] += 1;
                ap[1] += j;
            }
            O[i].v[0] = O[i].v[0] > 2 ? O[i].v[0] - 3 : O[i].v[0] + 1.5;
        }
        long got = 0;
        for (long r = 0; r < m; r++) got += A[2 * r];
        printf("epoch %d: %s\n", ep, got == want ? "agree" : "LOST");
    }
    long s = 0;
    for (long r = 0; r < 2 * m; r++) s += A[r] * (r + 1);
    printf("%ld\n", s);
    free(xj);
    free(O);
    free(A);
    return 0;
}
