/* A blocked wavefront (the shape of Rodinia's lud and nw): each call of a
 * sync_for writes one 16x16 block per iteration of an N x N matrix, the
 * block row picked by the step, which changes every call.
 * Usage: block_wave [N] (default 1024). Prints a checksum. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1024, nb = n / 16;
#pragma strads dvector
    int *a = malloc((size_t)n * (size_t)n * sizeof *a);
    if (!a || nb < 1) return 1;
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
    unsigned long cs = 0; /* unsigned: wraps, where a long overflows (UB) */
    for (long q = 0; q < (long)n * n; q++) cs = cs * 31 + a[q];
    printf("checksum %lu\n", cs);
    return 0;
}
