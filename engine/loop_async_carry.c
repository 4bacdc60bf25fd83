/*
 * engine/loop_async_carry.c - elements a node keeps from one round into the
 * next.
 *
 * A node plan fetches, at the start of each round, every element of
 * another node that the round touches here, and writes back at its end
 * every element written here. When the same node touches an element in two
 * consecutive rounds, the fetch at the start of the second one is wasted:
 * what this node holds is current, since no other node may touch an
 * element in a round where this node writes it, nor write it in a round
 * where this node reads it. And when this node writes the element in both
 * rounds, its write-back at the end of the first can wait for the end of
 * the second: no other node touches it in the second round, so none can
 * read the owner's stale copy. (A node that only reads it in the second
 * round must write it back first: another node may read it in that round
 * too.) A node plan of the strata planner keeps its own block of a written
 * array through every round; without this it moved the block out and back
 * in at each round boundary (the co-occurrence trainer at 2x1: 20 MB each
 * way, twice an epoch). Best effort: without memory for the sorted copies
 * below, the lists stay as planned.
 *
 * A node notes too what its last round touches of the other nodes'
 * elements: no other node writes those in that round or after it, so its
 * copy of them is current when the call ends. The driver's coherence pull
 * leaves them out (dds_pull_keep; the co-occurrence trainer's context rows
 * the driver's node updated last came back from their owner, 20 MB an
 * epoch), and the next call of the plan need not fetch them again when
 * nothing changed the array in between (loop_async_exec.c: the other
 * node's block of word rows, 20 MB a call).
 */
#include <stdlib.h>
#include <string.h>

#include "engine/loop_async.h"

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The keys of list, flags cleared, sorted (duplicates kept). The lists
 * usually come sorted already (by array, then element): then no qsort. */
static uint64_t *sorted_keys(const uint64_t *list, int64_t n)
{
    uint64_t *s = malloc((size_t)(n ? n : 1) * sizeof *s);
    if (!s) return NULL;
    bool in_order = true;
    for (int64_t k = 0; k < n; k++) {
        s[k] = SCHED_ACC_KEY(list[k]);
        in_order &= !k || s[k - 1] <= s[k];
    }
    if (!in_order) qsort(s, (size_t)n, sizeof *s, cmp_u64);
    return s;
}

/* Whether sorted s holds key; *at is a cursor for keys asked in ascending
 * order (a walk instead of a search), or NULL. */
static bool has(const uint64_t *s, int64_t n, uint64_t key, int64_t *at)
{
    if (!at) return n && bsearch(&key, s, (size_t)n, sizeof *s, cmp_u64);
    while (*at < n && s[*at] < key) (*at)++;
    return *at < n && s[*at] == key;
}

/* Drops from list, in place, the keys in a that are also in b (or, b
 * NULL, all keys in a); returns the new length. */
static int64_t drop(uint64_t *list, int64_t n, const uint64_t *a, int64_t na, const uint64_t *b,
                    int64_t nb)
{
    bool in_order = true;
    for (int64_t k = 1; k < n && in_order; k++)
        in_order = SCHED_ACC_KEY(list[k - 1]) <= SCHED_ACC_KEY(list[k]);
    int64_t w = 0, ia = 0, ib = 0;
    for (int64_t k = 0; k < n; k++) {
        uint64_t key = SCHED_ACC_KEY(list[k]);
        bool in_a = has(a, na, key, in_order ? &ia : NULL);
        if (!in_a || (b && !has(b, nb, key, in_order ? &ib : NULL))) list[w++] = list[k];
    }
    return w;
}

void rt__carry_rounds(node_plan *np)
{
    if (np->rounds < 1 || !np->fetch || !np->wb) return;
    int R = np->rounds, rc = 0;
    uint64_t **f = calloc((size_t)R, sizeof *f), **w = calloc((size_t)R, sizeof *w);
    int64_t *nf = malloc((size_t)R * sizeof *nf), *nw = malloc((size_t)R * sizeof *nw);
    if (!f || !w || !nf || !nw) rc = STRADS_ENOMEM;
    for (int r = 0; r < R && !rc; r++) { /* the lists as planned */
        nf[r] = np->nfetch[r], nw[r] = np->nwb[r];
        f[r] = sorted_keys(np->fetch[r], nf[r]);
        w[r] = r ? sorted_keys(np->wb[r], nw[r]) : NULL; /* round 0's is never asked */
        if (!f[r] || (r && !w[r])) rc = STRADS_ENOMEM;
    }
    /* Another node's element (fetched) written here in rounds r and r + 1:
     * its write-back waits. This node's own stay: marking them is local. */
    for (int r = 0; r + 1 < R && !rc; r++)
        np->nwb[r] = drop(np->wb[r], np->nwb[r], f[r], nf[r], w[r + 1], nw[r + 1]);
    /* An element touched here in round r is current here in round r + 1. */
    for (int r = 1; r < R && !rc; r++)
        np->nfetch[r] = drop(np->fetch[r], np->nfetch[r], f[r - 1], nf[r - 1], NULL, 0);
    /* what the last round touches, as planned, is its sorted list */
    if (!rc && !np->last) {
        np->last = f[R - 1];
        np->nlast = nf[R - 1];
        f[R - 1] = NULL;
    }
    for (int r = 0; f && r < R; r++) free(f[r]);
    for (int r = 0; w && r < R; r++) free(w[r]);
    free(f);
    free(w);
    free(nf);
    free(nw);
}
