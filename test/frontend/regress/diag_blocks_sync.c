/* Anti-diagonal blocks of a dynamic-programming table as a sync_for (the
 * shape of an alignment score filled block by block): every call's blocks
 * write separate cells and read the cells of the previous diagonals. The
 * ranges move from call to call (new records each call), and a call run
 * alone emulates BSP's workers, whose restore of the table once wrote past
 * its last element into the mapping's padding (the driver died of SIGSEGV
 * at two processes: dds_mapping_of). */
#include <stdio.h>
#include <stdlib.h>

#define B 8

static int best(int a, int b, int c) { return a > b ? (a > c ? a : c) : (b > c ? b : c); }

static void fill(int *T, const signed char *S, int w, int bi, int bj)
{
    for (int i = bi * B + 1; i <= bi * B + B; i++)
        for (int j = bj * B + 1; j <= bj * B + B; j++)
            T[i * w + j] = best(T[(i - 1) * w + j - 1] + S[i * w + j], T[i * w + j - 1] - 3,
                                T[(i - 1) * w + j] - 3);
}

int main(void)
{
    int n = 96, w = n + 1, nb = n / B;
#pragma strads dvector
    signed char *S = malloc((size_t)w * w);
#pragma strads dvector
    int *T = malloc((size_t)w * w * sizeof *T);
    if (!S || !T) return 1;
    unsigned x = 12345;
    for (int k = 0; k < w * w; k++) {
        x = x * 1103515245u + 12345u;
        S[k] = (signed char)((x >> 16) % 9) - 4;
        T[k] = 0;
    }
    for (int k = 1; k < w; k++) T[k] = T[k * w] = -3 * k;
    for (int d = 0; d < 2 * nb - 1; d++) {
        int lo = d < nb ? 0 : d - nb + 1, hi = d < nb ? d : nb - 1;
#pragma strads sync_for
        for (int bi = lo; bi <= hi; bi++)
            fill(T, S, w, bi, d - bi);
    }
    long long s = 0;
    for (int k = 0; k < w * w; k++) s += (long long)T[k] * (k % 5 + 1);
    printf("%lld %d\n", s, T[w * w - 1]);
    free(S);
    free(T);
    return 0;
}
