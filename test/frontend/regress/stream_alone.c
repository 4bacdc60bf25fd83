/* An async_for with stream(x) whose call runs alone on the driver (a short
 * first call: its probe finishes the call) draws what the plain build
 * draws: the driver alone is the first worker, whose copy is x itself.
 * It drew from a worker no node has and printed other numbers, where the
 * runtime's note said "as the sequential program does". One call only:
 * a later call may be timed shared, whose workers draw their own streams
 * (docs/guide.md, stream). */
// CONFIGS: 1x1 1x2a 2x1a 3x1a
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    long n = 300;
    unsigned long long x = 12345;
#pragma strads dvector
    double *acc = calloc(8, sizeof *acc);
    if (!acc) return 1;
#pragma strads async_for stream(x) /* the numbers pick no rows */
    for (long i = 0; i < n; i++) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        acc[i % 8] += (double)((x >> 33) % 7);
    }
    for (int k = 0; k < 8; k++) printf("%.0f ", acc[k]);
    printf("x %llu\n", x);
    free(acc);
    return 0;
}
