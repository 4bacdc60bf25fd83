/*
 * A node plan's lists after engine/loop_async_carry.c: an element of
 * another node touched here in two consecutive rounds is fetched only in
 * the first; one written here in both is written back only after the
 * second; one written and then only read is written back at once (another
 * node may read it in the next round); this node's own elements keep their
 * write-backs (marked changed locally); rounds further apart keep both.
 * The lists come in unsorted, with the write flag on some keys, and keep
 * their order and flags.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine/loop_async.h"

enum { R = 4 };

#define K(e) SCHED_ACC(1, (e), 0)
#define KW(e) SCHED_ACC(1, (e), 1)

static void set(uint64_t **list, int64_t *n, const uint64_t *keys, int64_t cnt)
{
    *list = malloc((size_t)(cnt ? cnt : 1) * sizeof **list);
    memcpy(*list, keys, (size_t)cnt * sizeof **list);
    *n = cnt;
}

static bool in(const uint64_t *list, int64_t n, uint64_t key)
{
    for (int64_t k = 0; k < n; k++)
        if (SCHED_ACC_KEY(list[k]) == SCHED_ACC_KEY(key)) return true;
    return false;
}

int main(void)
{
    /* Elements: 10 written in rounds 0-3; 20 written in 0, read in 1;
     * 30 read in 0, written in 1; 40 this node's own, written in 0 and 1;
     * 50 written in 0 and 2, not in 1; 60 read in rounds 0 and 1. */
    node_plan *pl = calloc(1, sizeof *pl), *one = calloc(1, sizeof *one);
    CHECK(pl && one);
#define np (*pl)
    np.rounds = R;
    np.fetch = calloc(R, sizeof *np.fetch);
    np.wb = calloc(R, sizeof *np.wb);
    np.nfetch = calloc(R, sizeof *np.nfetch);
    np.nwb = calloc(R, sizeof *np.nwb);
    set(&np.fetch[0], &np.nfetch[0], (uint64_t[]){K(60), K(50), K(10), K(30), K(20)}, 5);
    set(&np.wb[0], &np.nwb[0], (uint64_t[]){K(50), KW(40), K(20), K(10)}, 4);
    set(&np.fetch[1], &np.nfetch[1], (uint64_t[]){K(30), K(20), KW(10), K(60)}, 4);
    set(&np.wb[1], &np.nwb[1], (uint64_t[]){K(40), K(30), KW(10)}, 3);
    set(&np.fetch[2], &np.nfetch[2], (uint64_t[]){K(10), K(50)}, 2);
    set(&np.wb[2], &np.nwb[2], (uint64_t[]){K(10), K(50)}, 2);
    set(&np.fetch[3], &np.nfetch[3], (uint64_t[]){K(10)}, 1);
    set(&np.wb[3], &np.nwb[3], (uint64_t[]){K(10)}, 1);
    rt__carry_rounds(&np);

    /* round 0: everything fetched; 10 waits, the rest written back */
    CHECK_EQ(np.nfetch[0], 5);
    CHECK_EQ(np.nwb[0], 3);
    CHECK_EQ(np.wb[0][0], K(50));
    CHECK_EQ(np.wb[0][1], KW(40));
    CHECK_EQ(np.wb[0][2], K(20));
    /* round 1: nothing fetched (all touched in round 0); 10 waits again,
     * 40 (own) and 30 written back */
    CHECK_EQ(np.nfetch[1], 0);
    CHECK_EQ(np.nwb[1], 2);
    CHECK(in(np.wb[1], np.nwb[1], K(40)) && in(np.wb[1], np.nwb[1], K(30)));
    /* round 2: 50 fetched again (not touched in round 1), 10 kept */
    CHECK_EQ(np.nfetch[2], 1);
    CHECK_EQ(np.fetch[2][0], K(50));
    CHECK_EQ(np.nwb[2], 1);
    CHECK_EQ(np.wb[2][0], K(50));
    /* round 3: 10 written back at last, with its flag as listed */
    CHECK_EQ(np.nfetch[3], 0);
    CHECK_EQ(np.nwb[3], 1);
    CHECK_EQ(np.wb[3][0], K(10));
    for (int r = 0; r < R; r++)
        CHECK(!in(np.wb[r], np.nwb[r], K(60))); /* read only: never written back */

    /* one round: nothing to carry */
    one->rounds = 1;
    one->fetch = calloc(1, sizeof *one->fetch);
    one->wb = calloc(1, sizeof *one->wb);
    one->nfetch = calloc(1, sizeof *one->nfetch);
    one->nwb = calloc(1, sizeof *one->nwb);
    set(&one->fetch[0], &one->nfetch[0], (uint64_t[]){K(1)}, 1);
    set(&one->wb[0], &one->nwb[0], (uint64_t[]){K(1)}, 1);
    rt__carry_rounds(one);
    CHECK_EQ(one->nfetch[0], 1);
    CHECK_EQ(one->nwb[0], 1);

#undef np
    rt__node_plan_free(pl);
    rt__node_plan_free(one);
    CHECK_DONE();
}
