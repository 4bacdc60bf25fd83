/* Rodinia nw's shape: a blocked dynamic-programming wavefront whose
 * sync_for runs over the blocks of one anti-diagonal, so that every call
 * has a range of its own (and a step of its own). Each block reads the
 * edges of the blocks above and to its left, written by earlier calls.
 * Calls alone were BSP's workers emulated at the first call and shared
 * (reconnaissance, tasks) at every later one, 80-120x the plain build: a
 * new range now keeps what the site's calls alone were, so each call asks
 * for a verdict on its records and, separate, runs alone as the loop
 * itself (frontend.alone.wavefront counts them). */
// CONFIGS: 1x1 1x2 2x1 1x2a 2x1a 3x1a
#include <stdio.h>
#include <stdlib.h>
#define B 16

int main(void)
{
    int nb = 24, n = nb * B + 1;
#pragma strads dvector
    int *m = malloc((size_t)n * n * sizeof *m);
    if (!m) return 1;
    for (int i = 0; i < n * n; i++)
        m[i] = (i < n || i % n == 0) ? -(i % n + i / n) : 0;
    for (int blk = 1; blk <= 2 * nb - 1; blk++) {
        int lo = blk > nb ? blk - nb : 0, hi = blk < nb ? blk : nb;
#pragma strads sync_for
        for (int bx = lo; bx < hi; bx++) {
            int by = blk - 1 - bx;
            for (int i = 1; i <= B; i++)
                for (int j = 1; j <= B; j++) {
                    int r = by * B + i, c = bx * B + j;
                    int a = m[(r - 1) * n + c - 1] + ((r * 7 + c * 3) % 11) - 5;
                    int b = m[r * n + c - 1] - 2, d = m[(r - 1) * n + c] - 2;
                    m[r * n + c] = a > b ? (a > d ? a : d) : (b > d ? b : d);
                }
        }
    }
    unsigned long h = 0;
    for (int i = 0; i < n * n; i++) h = h * 31 + (unsigned)m[i];
    printf("checksum %lu last %d\n", h, m[n * n - 1]);
    free(m);
    return 0;
}
