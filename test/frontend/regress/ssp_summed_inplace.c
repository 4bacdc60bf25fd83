/* A sync_for under ssp and asp whose large table is summed, beside an
 * array of the iterations' own and a small averaged model: a call the
 * driver runs alone as the workers would writes the summed table and the
 * own array in place, without a copy per worker and clock
 * (engine/loop_sync_alone.c). Integer sums and own elements come out as
 * in the plain build whichever way each call ran; the model is printed
 * only as a sign, which any run the models allow keeps. */
// CONFIGS: 1x1 2x1 2x1a 1x2a 2x2a 3x1a
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint32_t mix(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    return x ^ (x >> 16);
}

int main(void)
{
    int n = 20000, nb = 50000, calls = 6;
#pragma strads dvector
    int *cnt = calloc((size_t)nb, sizeof *cnt);
#pragma strads dvector
    long *own = calloc((size_t)n, sizeof *own);
#pragma strads dvector
    double *w = calloc(4, sizeof *w);
    if (!cnt || !own || !w) return 1;
    for (int c = 0; c < calls; c++) {
        long hits = 0;
#pragma strads sync_for sync(ssp(1)) aggregate(cnt: sum) reduction(+: hits)
        for (int i = 0; i < n; i++) {
            uint32_t h = mix((uint32_t)(i * 7919 + c));
            int b = (int)(h % (uint32_t)nb);
            cnt[b] += 1 + (int)(h % 3u);
            own[i] += b % 97;
            w[h % 4u] += 0.001 * (1.0 - w[h % 4u]);
            hits += cnt[b] > 0;
        }
#pragma strads sync_for sync(asp) aggregate(cnt: sum)
        for (int i = 0; i < n / 2; i++) cnt[mix((uint32_t)i + 77u) % (uint32_t)nb] += 2;
        printf("call %d hits %ld\n", c, hits);
    }
    long long sum = 0, weighted = 0, o = 0;
    for (int b = 0; b < nb; b++) sum += cnt[b], weighted += (long long)cnt[b] * (b % 1009);
    for (int i = 0; i < n; i++) o += own[i] * (long long)(i % 13 + 1);
    printf("sum %lld weighted %lld own %lld\n", sum, weighted, o);
    for (int k = 0; k < 4; k++) printf("w[%d] %s\n", k, w[k] > 0 ? "positive" : "not positive");
    free(cnt);
    free(own);
    free(w);
    return 0;
}
