/*
 * The chunked order (scheduler/chunk_order.c): for keys drawn at random over
 * several chunks and a partial last one, every key's iterations come back
 * in ascending order, each once, however small the batches the cursor
 * hands out; counts match; the expanded order is the stable counting sort
 * by key with cells in key order; bad sizes are refused.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "scheduler/sched.h"

static void round_trip(int64_t first, int64_t n, int nkeys, int64_t batch)
{
    sched_corder co;
    CHECK_OK(sched_corder_init(&co, first, n, nkeys));
    CHECK_EQ(co.nchunks, (n + SCHED_CHUNK - 1) / SCHED_CHUNK);
    uint8_t *key = malloc((size_t)n + 1);
    int64_t *want = calloc((size_t)nkeys, sizeof *want);
    for (int64_t i = 0; i < n; i++) {
        /* skewed: key 0 takes about half, the last key none when nkeys > 2 */
        key[i] = check_rand() % 2 ? 0 : (uint8_t)(check_rand() % (uint64_t)(nkeys > 2 ? nkeys - 1 : nkeys));
        want[key[i]]++;
    }
    for (int64_t c = co.nchunks - 1; c >= 0; c--) /* chunks in any order, as threads lay them */
        sched_corder_chunk(&co, c, key + c * SCHED_CHUNK);
    int64_t *idx = malloc((size_t)batch * sizeof *idx), total = 0;
    for (int k = 0; k < nkeys; k++) {
        CHECK_EQ(sched_corder_count(&co, k), want[k]);
        sched_corder_cursor cur = {0, 0};
        int64_t got = 0, last = first - 1, m;
        while ((m = sched_corder_next(&co, k, &cur, idx, batch)) > 0) {
            CHECK(m <= batch);
            for (int64_t q = 0; q < m; q++) {
                CHECK(idx[q] > last && idx[q] < first + n);
                CHECK_EQ(key[idx[q] - first], k);
                last = idx[q];
            }
            got += m;
        }
        CHECK_EQ(got, want[k]);
        total += got;
    }
    CHECK_EQ(total, n);
    int64_t *order = malloc(((size_t)n + 1) * sizeof *order);
    sched_cell *cells = malloc((size_t)nkeys * sizeof *cells);
    CHECK_OK(sched_corder_expand(&co, order, cells));
    int64_t at = 0;
    for (int k = 0; k < nkeys; k++) {
        CHECK_EQ(cells[k].start, at);
        CHECK_EQ(cells[k].len, want[k]);
        for (int64_t i = 0; i < n; i++)
            if (key[i] == k) CHECK_EQ(order[at++], first + i);
    }
    sched_corder_free(&co);
    free(order);
    free(cells);
    free(idx);
    free(want);
    free(key);
}

int main(void)
{
    check_rng = 0x9E3779B97F4A7C15ull; /* the draws this test was written with */
    round_trip(0, 0, 4, 8);
    round_trip(7, 1, 4, 1);
    round_trip(100, 3 * SCHED_CHUNK + 123, 4, 1);
    round_trip(100, 3 * SCHED_CHUNK + 123, 4, 1024);
    round_trip(5, 2 * SCHED_CHUNK, 9, 37);
    round_trip(0, 5 * SCHED_CHUNK - 1, 256, 1000);
    sched_corder co;
    CHECK_EQ(sched_corder_init(&co, 0, 10, 0), STRADS_EINVAL);
    CHECK_EQ(sched_corder_init(&co, 0, 10, SCHED_CORDER_KEYS + 1), STRADS_EINVAL);
    CHECK_EQ(sched_corder_init(&co, 0, -1, 4), STRADS_EINVAL);
    CHECK_DONE();
    return 0;
}
