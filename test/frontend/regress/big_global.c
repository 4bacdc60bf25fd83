/* A loop that reads a large global array (NPB IS's key array, 32 MB at
 * class A) captures it by value: the call's environment held it on the
 * stack, past the 8 MB a process gets, and every configuration died of
 * SIGSEGV. An environment that large lives on the heap (stradsc also warns
 * that the array is copied into every call). */
#include <stdio.h>

// CONFIGS: 1x1 1x2 2x1

#define N (3 << 20) /* 12 MB of int */
static int keys[N];

int main(void)
{
    long i, sum = 0;
    for (int r = 0; r < 2; r++) {
        for (i = 0; i < N; i++)
            keys[i] = (int)((i + r) % 7);
#pragma strads sync_for reduction(+: sum)
        for (i = 0; i < N; i++)
            sum += keys[i];
        printf("round %d sum %ld\n", r, sum);
    }
    return 0;
}
