/*
 * engine/loop_sync_history.c - strads_history_*: versioned snapshots of a
 * distributed array on every node, for bodies that read the parameters an
 * item last saw (the ASYNC paper's history, SAGA), on top of
 * scheduler/history.c's copy-on-write versions.
 *
 * Why on every node: a body runs where its items are, and asking the driver
 * for an old row per item would put a round trip in the hot path (ASYNC's
 * answer, broadcasting a table of every item's parameters, costs more than
 * the rows that changed). So new and commit run a node function on every
 * node, like a loop: each node pulls the array's current content from the
 * owners and commits it to its own history; reads are local. A handle is
 * an index into each process's table, the same on every node because the
 * driver makes them in order and every node runs the same calls.
 *
 * Threads: new, commit and free run on the node-function thread between
 * loops; get reads while no commit runs (loop bodies run inside loops).
 */
#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"
#include "engine/loop.h"
#include "scheduler/policy.h"

#define HIST_MAX 64

typedef struct hist_ent {
    dds_vec *dv;
    sched_hist *h;
} hist_ent;
static hist_ent table[HIST_MAX]; /* per process */

typedef struct hist_msg {
    int64_t handle;
    uint32_t array; /* dds_vec id */
    int32_t keep;   /* new: versions kept; 0: commit; -1: free */
} hist_msg;

/* The node's copy of the whole array, current with the owners. */
static int pull(dds_vec *dv)
{
    return strads_size() > 1 && strads_rank() != 0 ? dds_prefetch_range(dv, 0, dv->n) : 0;
}

static int hist_node(const void *arg, size_t len)
{
    if (len != sizeof(hist_msg)) return STRADS_EPROTO;
    hist_msg m;
    memcpy(&m, arg, sizeof m);
    if (m.handle < 0 || m.handle >= HIST_MAX) return STRADS_EPROTO;
    hist_ent *e = &table[m.handle];
    if (m.keep < 0) {
        sched_hist_free(e->h);
        memset(e, 0, sizeof *e);
        return 0;
    }
    if (m.keep > 0) {
        dds_vec *dv = dds_vec_by_id(m.array);
        if (!dv || e->h) return STRADS_EPROTO;
        int rc = pull(dv);
        if (!rc) rc = sched_hist_new((size_t)dv->n, dv->elem, m.keep, dv->base, &e->h);
        if (!rc) e->dv = dv;
        return rc;
    }
    if (!e->h) return STRADS_EPROTO;
    int rc = pull(e->dv);
    /* Copy on write: only the elements that differ from the latest version. */
    uint64_t latest = sched_hist_latest(e->h);
    for (int64_t i = 0; i < e->dv->n && !rc; i++) {
        const void *old;
        const char *now = e->dv->base + (size_t)i * e->dv->elem;
        rc = sched_hist_get(e->h, (size_t)i, latest, &old);
        if (!rc && memcmp(old, now, e->dv->elem)) rc = sched_hist_write(e->h, (size_t)i, now);
    }
    return rc ? rc : sched_hist_commit(e->h, NULL);
}

/* Driver: runs m on every node as an operator (the sequential code's writes
 * reach the owners first). */
static int run(const hist_msg *m)
{
    int rc = dds_operator_begin();
    if (!rc) rc = strads_invoke_all(hist_node, m, sizeof *m);
    int erc = dds_operator_end();
    return rc ? rc : erc;
}

int strads_history_new(const void *array, int keep, strads_history *out)
{
    if (!array || keep < 1 || !out) return STRADS_EINVAL;
    if (strads_rank() != 0) return STRADS_ESTATE;
    dds_vec *dv;
    if (dds_lookup(array, &dv, NULL)) return STRADS_EINVAL;
    int64_t k = 0;
    while (k < HIST_MAX && table[k].h) k++;
    if (k == HIST_MAX) return STRADS_ETOOBIG;
    hist_msg m = {k, dv->id, keep};
    int rc = run(&m);
    if (!rc) *out = k;
    return rc;
}

int strads_history_commit(strads_history h, uint64_t *version)
{
    if (h < 0 || h >= HIST_MAX || !table[h].h) return STRADS_EINVAL;
    if (strads_rank() != 0) return STRADS_ESTATE;
    hist_msg m = {h, table[h].dv->id, 0};
    int rc = run(&m);
    if (!rc && version) *version = sched_hist_latest(table[h].h);
    return rc;
}

const void *strads_history_get(strads_history h, int64_t i, uint64_t version)
{
    if (h < 0 || h >= HIST_MAX || !table[h].h || i < 0 || i >= table[h].dv->n) return NULL;
    const void *row;
    return sched_hist_get(table[h].h, (size_t)i, version, &row) ? NULL : row;
}

uint64_t strads_history_latest(strads_history h)
{
    return h >= 0 && h < HIST_MAX && table[h].h ? sched_hist_latest(table[h].h) : 0;
}

int strads_history_free(strads_history h)
{
    if (h < 0 || h >= HIST_MAX || !table[h].h) return STRADS_EINVAL;
    if (strads_rank() != 0) return STRADS_ESTATE;
    hist_msg m = {h, 0, -1};
    return strads_invoke_all(hist_node, &m, sizeof m);
}
