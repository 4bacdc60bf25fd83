/* sync_for loops whose written arrays each iteration reaches only as a[i],
 * i the loop variable: stradsc marks them STRADS_ARRAY_OWN and the engine
 * writes them in place, without replicas, deltas or per-clock exchanges;
 * only the elements of a node's block that another node owns are fetched
 * before and stored after. Under every model, over ranges that do not start
 * at 0 (blocks that do not match the arrays' owners), with the driver
 * changing the arrays between calls and reading them after each: the
 * output must be the plain build's. Also an array written at i + 1 (not
 * its iterations' own to stradsc: combined as before), and one written at
 * i through two pointers (own through both). */
// CONFIGS: 1x1 1x2 2x1 3x1 4x1
#include <stdio.h>
#include <stdlib.h>

#define N 30011

static long sum(const long *a, int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += a[i] * (i % 7 + 1);
    return s;
}

int main(void)
{
    #pragma strads dvector
    long *in = malloc(N * sizeof *in);
    #pragma strads dvector
    long *out = calloc(N, sizeof *out);
    #pragma strads dvector
    long *acc = calloc(N, sizeof *acc);
    #pragma strads dvector
    long *nb = calloc(N, sizeof *nb);
    #pragma strads dvector
    long *cnt = calloc(16, sizeof *cnt);
    if (!in || !out || !acc || !nb || !cnt) return 1;
    long *out2 = out;
    for (int i = 0; i < N; i++) in[i] = (i * 7919L) % 1009;
    for (int e = 0; e < 3; e++) {
        out[e * 101] += 5; /* the driver's writes reach the owners first */
#pragma strads sync_for
        for (int i = 3; i < N - 2; i++) {
            long v = in[i] + in[(i * 13) % N];
            out[i] = out[i] / 2 + v;
            acc[i] += out[i] % 11;
        }
        printf("bsp %d: %ld %ld\n", e, sum(out, N), sum(acc, N));
#pragma strads sync_for sync(ssp(1))
        for (int i = 1; i < N; i++) acc[i] = acc[i] * 3 % 1000003 + in[i];
        printf("ssp %d: %ld\n", e, sum(acc, N));
#pragma strads sync_for sync(asp)
        for (int i = 0; i < N - 5; i++) {
            out[i] += in[i] % 5;
            out2[i] += 1;
        }
        printf("asp %d: %ld\n", e, sum(out, N));
#pragma strads sync_for sync(hybrid)
        for (int i = 7; i < N; i++) acc[i] -= out[i] % 3;
        printf("hybrid %d: %ld\n", e, sum(acc, N));
#pragma strads sync_for sync(flexpara)
        for (int i = 0; i < N; i++) out[i] = (out[i] + acc[i] + in[(i * 31) % N]) % 100003;
        printf("flexpara %d: %ld\n", e, sum(out, N));
#pragma strads sync_for sync(elastic(2))
        for (int i = 2; i < N - 1; i++) acc[i] = (acc[i] ^ out[i]) % 65521;
        printf("elastic %d: %ld\n", e, sum(acc, N));
        /* nb[i + 1]: one writer an element, but not the iteration's own
         * to stradsc: replicated and combined as before */
#pragma strads sync_for aggregate(cnt: sum)
        for (int i = 0; i < N - 1; i++) {
            nb[i + 1] = nb[i + 1] / 2 + in[i] % 3;
            cnt[in[i] % 16] += 1;
        }
        printf("nb %d: %ld %ld\n", e, sum(nb, N), sum(cnt, 16));
    }
    free(in);
    free(out);
    free(acc);
    free(nb);
    free(cnt);
    return 0;
}
