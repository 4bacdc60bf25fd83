/* A blocked wavefront (Rodinia lud/nw): each iteration writes one 16x16
 * block of a large matrix, a block the step picks. stradsc cannot show
 * the blocks apart, so calls alone were BSP's workers emulated, copying
 * the matrix at every clock (150x the plain build); a verdict of separate
 * tasks now lets each call run alone as the loop itself, and the step,
 * which changes every call, asks for one each time. Blocks two iterations
 * add into (not separate) must still come out as the plain build's. */
// CONFIGS: 1x1 2x1 1x2a 2x1a 3x1a
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 512, nb = n / 16;
#pragma strads dvector
    int *a = malloc((size_t)n * (size_t)n * sizeof *a);
    if (!a) return 1;
    for (long q = 0; q < (long)n * n; q++) a[q] = (int)(q % 7);
    for (int step = 0; step < nb; step++) {
#pragma strads sync_for
        for (int b = 0; b < nb; b++) {
            int by = (b + step) % nb;
            for (int i = 0; i < 16; i++)
                for (int j = 0; j < 16; j++)
                    a[(long)(by * 16 + i) * n + b * 16 + j] =
                        a[(long)(by * 16 + i) * n + b * 16 + j] / 2 + i + j + step + by;
        }
    }
    /* two iterations add into one block: tasks not separate */
    for (int step = 0; step < 4; step++) {
#pragma strads sync_for aggregate(a: sum)
        for (int b = 0; b < nb; b++)
            for (int j = 0; j < 16; j++)
                a[(long)(step * 16) * n + (b % (nb / 2)) * 16 + j] += b % 3 + j;
    }
    unsigned long cs = 0; /* unsigned: wraps, where a long overflows (UB) */
    for (long q = 0; q < (long)n * n; q++) cs = cs * 31 + a[q];
    printf("checksum %lu\n", cs);
    free(a);
    return 0;
}
