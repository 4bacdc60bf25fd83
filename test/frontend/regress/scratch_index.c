/* A body that allocates its own scratch index (a random forest's bootstrap
 * sample, malloc'd per tree as `malloc(n * sizeof *idx)`), fills it and
 * hands it to a helper that reads a dvector through it. The sizeof's *idx
 * was refused as an element steered by the loop's values, and with
 * sizeof(int) the reconnaissance crashed: its stores into the scratch went
 * to the shadow, which the helper's plain loads did not see (found by a
 * new user). The copy's own allocations are now written through. */
// CONFIGS: 1x2 2x1 2x2
#include <stdio.h>
#include <stdlib.h>

static int count(const int *y, const int *idx, int cnt)
{
    int ones = 0;
    for (int b = 0; b < cnt; b++) ones += y[idx[b]];
    return ones;
}

int main(void)
{
    int n = 300, trees = 12;
#pragma strads dvector
    int *y = malloc((size_t)n * sizeof *y);
#pragma strads dvector
    int *votes = calloc((size_t)trees, sizeof *votes);
#pragma strads dvector
    int *depth = calloc((size_t)trees, sizeof *depth);
    if (!y || !votes || !depth) return 1;
    for (int i = 0; i < n; i++) y[i] = i % 3 == 0;
#pragma strads async_for
    for (int t = 0; t < trees; t++) {
        int *idx = malloc((size_t)n * sizeof *idx);
        for (int b = 0; b < n; b++) idx[b] = (b * 7 + t) % n;
        votes[t] = count(y, idx, n);
        free(idx);
    }
#pragma strads sync_for
    for (int t = 0; t < trees; t++) {
        int *idx = calloc((size_t)n, sizeof *idx);
        for (int b = 0; b < n; b++) idx[b] = (b * 11 + 3 * t) % n;
        idx = realloc(idx, (size_t)n * 2 * sizeof *idx);
        for (int b = n; b < 2 * n; b++) idx[b] = idx[b - n];
        depth[t] = count(y, idx, 2 * n);
        free(idx);
    }
    long cs = 0;
    for (int t = 0; t < trees; t++) cs += (long)votes[t] * (t + 1) + depth[t];
    printf("checksum %ld\n", cs);
    free(y);
    free(votes);
    free(depth);
    return 0;
}
