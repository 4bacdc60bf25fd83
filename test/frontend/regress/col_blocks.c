/* Blocked wavefronts (Rodinia's lud and nw): each iteration of a sync_for
 * updates one block of columns of a row-major matrix, the rows picked by a
 * value that changes every call. stradsc proves the blocks apart while
 * their columns lie within a row (STRADS_ARRAY_COLS) and the runtime checks
 * that from each call's bounds: the calls run alone as the loop itself,
 * with no records for a verdict (they cost 7-30x the loop). A block whose
 * columns start before the row (column -16 on) fails the check: its calls
 * need the records' verdict. The plain build's bytes at every shape. */
// CONFIGS: 1x1 1x2 2x1 2x2
#include <stdio.h>
#include <stdlib.h>

enum { BS = 16 };

static void wave(int *a, int n, int nb, int step)
{
#pragma strads sync_for
    for (int b = 0; b < nb; b++) {
        int by = (b + step) % nb;
        for (int i = 0; i < BS; i++)
            for (int j = 0; j < BS; j++)
                a[(long)(by * BS + i) * n + b * BS + j] =
                    a[(long)(by * BS + i) * n + b * BS + j] / 2 + i + j + step + by;
    }
}

/* a trailing update past a pivot block at off: rows and columns from off */
static void trail(int *a, int n, int off, int nb, int bs)
{
#pragma strads sync_for
    for (int b = 0; b < nb; b++)
        for (int i = 0; i < bs; i++)
            for (int j = 0; j < bs; j++)
                a[(off + i) * n + off + b * bs + j] += a[(off + bs + i) * n + off + b * bs + j] % 5 - 2;
}

/* columns from back = -16: the first block reaches the row above's last ones */
static void shifted(int *a, int n, int nb, int back)
{
#pragma strads sync_for
    for (int b = 0; b < nb; b++)
        for (int i = 1; i < BS; i++)
            for (int j = 0; j < BS; j++)
                a[(long)(b * BS + i) * n + b * BS + j + back] += i * j + b;
}

int main(void)
{
    int n = 256, nb = n / BS;
#pragma strads dvector
    int *a = malloc((size_t)n * (size_t)n * sizeof *a);
    if (!a) return 1;
    for (long q = 0; q < (long)n * n; q++) a[q] = (int)(q % 7);
    for (int step = 0; step < nb; step++) {
        wave(a, n, nb, step);
        trail(a, n, step * 4, (n - step * 4 - 32) / 32, 32);
        shifted(a, n, nb, -16);
    }
    unsigned long cs = 0;
    for (long q = 0; q < (long)n * n; q++) cs = cs * 31 + (unsigned)a[q];
    printf("checksum %lu\n", cs);
    free(a);
    return 0;
}
