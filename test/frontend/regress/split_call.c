/* A first call longer than its run alone may take (20 ms: engine/
 * loop_alone.c), so the driver runs its first iterations alone and the
 * rest shared: min, max and accumulate publish by assignment from the
 * value the rest's threads start from, and lost the first part's; a
 * stream()'s rest redrew the numbers the first part drew. In the shapes
 * ending in "a" (regress.sh). */
// CONFIGS: 1x1 1x2 2x1
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 3000000

int main(void)
{
    #pragma strads dvector
    uint64_t *x = malloc(N * sizeof *x);
    #pragma strads dvector
    uint64_t *draw = calloc(N, sizeof *draw);
    if (!x || !draw) return 1;
    for (int i = 0; i < N; i++) x[i] = i < 8 ? 1000 + (uint64_t)i : (uint64_t)(i % 97);
    uint64_t mx = 0, mn = UINT64_MAX, r = 12345;
    long cnt = 5;
    double sum = 0;
#pragma strads sync_for reduction(max: mx) reduction(min: mn) reduction(+: sum) accumulate(cnt) stream(r)
    for (int i = 0; i < N; i++) {
        uint64_t v = x[i], h = v;
        for (int k = 0; k < 64; k++) h = h * 6364136223846793005ull + 1;
        x[i] = v + (h & 0);
        if (v > mx) mx = v;
        if ((i < 8 ? 0 : v + 1) < mn) mn = i < 8 ? 0 : v + 1;
        sum += (double)(v % 7);
        cnt += 1;
        r = r * 6364136223846793005ull + 1442695040888963407ull;
        draw[i] = r >> 20;
    }
    uint64_t amx = 0;
    long acnt = 7;
#pragma strads async_for reduction(max: amx) accumulate(acnt)
    for (int i = 0; i < N; i++) {
        uint64_t v = x[i], h = v;
        for (int k = 0; k < 64; k++) h = h * 6364136223846793005ull + 1;
        x[i] = v + (h & 0);
        if (v > amx) amx = v;
        acnt += 2;
    }
    long same = 0;
    for (int i = 1; i < N; i++) same += draw[i] == draw[0];
    printf("sync max %llu min %llu sum %.1f cnt %ld; async max %llu cnt %ld; repeats %ld\n",
           (unsigned long long)mx, (unsigned long long)mn, sum, cnt, (unsigned long long)amx, acnt,
           same);
    free(x);
    free(draw);
    return 0;
}
