/* stream(x): each worker thread's copy of a generator's state starts apart,
 * so no two workers draw the same stream; the first worker keeps x, so the
 * plain build and 1x1 draw the same numbers. The output counts repeated
 * draws (0 in every shape; with private(rng) instead, 2 workers repeat each
 * other's draws). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int cmp(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int main(void)
{
    int n = 4000;
    uint64_t rng = 88172645463325252ull;
#pragma strads dvector
    uint64_t *y = calloc(n, sizeof *y);
#pragma strads sync_for sync(hybrid) recon(off) stream(rng) aggregate(y: sum)
    for (int i = 0; i < n; i++) {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        y[i] = rng;
    }
    uint64_t *s = malloc((size_t)n * sizeof *s);
    for (int i = 0; i < n; i++)
        s[i] = y[i];
    qsort(s, (size_t)n, sizeof *s, cmp);
    int dups = 0, zeros = 0;
    for (int i = 0; i < n; i++) {
        dups += i > 0 && s[i] == s[i - 1];
        zeros += s[i] == 0;
    }
    printf("dups %d zeros %d\n", dups, zeros);
    free(s);
    free(y);
    return 0;
}
