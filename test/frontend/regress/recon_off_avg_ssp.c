/* sync_for recon(off) with the default aggregate (avg) on SSP's engine
 * (asp, ssp(s), custom): an element one node changes takes that node's
 * change, not 1/N of it (at 4 nodes small integer updates vanished). Found
 * by progfuzz, seed 3052. */
#include <stdio.h>
#include <stdlib.h>
int main(void)
{
    long n = 64;
#pragma strads dvector
    long (*O)[4] = calloc((size_t)n, sizeof *O);
    for (int ep = 0; ep < 2; ep++) {
#pragma strads sync_for recon(off) sync(custom(bsp))
        for (long i = 0; i < n; i++)
            for (int k = 0; k < 4; k++) {
                if (i % 2) O[i][k] -= k; else O[i][k] += 2;
            }
    }
    long s = 0;
    unsigned long h = 0; /* wraps: a hash, and signed overflow is undefined */
    for (long i = 0; i < n; i++) for (int k = 0; k < 4; k++) { s += O[i][k]; h = h * 31 + (unsigned long)O[i][k]; }
    printf("sum %ld hash %lu O[1] %ld %ld %ld %ld\n", s, h, O[1][0], O[1][1], O[1][2], O[1][3]);
    free(O);
    return 0;
}
