/*
 * engine/loop_async_exec.c - running a node's part of an async_for plan:
 * every round, fetch the elements owned elsewhere, run the sub-rounds on
 * the worker threads (no locks: cells of a sub-round never conflict; or, in
 * a round the plan split among the threads, striped locks taken in a fixed
 * turn, loop_locks.c), write back what was written, then a barrier. Verify
 * mode re-runs reconnaissance before each iteration and reports the first
 * access the plan did not foresee. STRADS_STATS: time per phase and bytes
 * moved.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"
#include "replay/replay.h"
#include "engine/loop_async.h"
#include "core/trace.h"

typedef struct exec_job {
    const strads_loop_site *site;
    void *env;
    char *tls;
    const node_plan *np;
    int round, sub;
    atomic_int violated; /* verify mode: an access outside the plan was seen */
    rt__turns turns;          /* locked rounds: the order locks were granted in */
    int64_t *ticket;          /* per position of np->order, in locked rounds */
    int64_t *gate;            /* cluster replay: the ticket each position must draw */
    int64_t skip;             /* iterations below it ran alone before (call_hdr) */
    int64_t *done;            /* locked sub-round: each thread's iterations run in turn order
                               * before the threads start (seq_locked) */
} exec_job;

/* The body over iterations idx[0..m), less those that ran before the call
 * (a call whose first iterations ran alone, loop_alone.c). */
static void body_idx(exec_job *j, char *tls, int64_t *idx, int64_t m)
{
    if (j->skip != INT64_MIN) {
        int64_t w = 0;
        for (int64_t q = 0; q < m; q++)
            if (idx[q] >= j->skip) idx[w++] = idx[q];
        m = w;
    }
    if (m) rt_body(j->site, j->env, tls, idx, 0, m);
}

/* Verify mode: before iteration order[k] runs, its reconnaissance body runs
 * on the state the real body is about to see; any access the planned
 * records do not contain breaks the static-control-flow assumption that the
 * plan rests on, and is reported with the loop, iteration, array, element. */
static bool verify_one(exec_job *j, int64_t k)
{
    const node_plan *np = j->np;
    strads_recon rc;
    int64_t it = np->order[k];
    rt_recon_init(&rc, it);
    rt_recon_run(j->site, j->env, &rc, np->order, k, k + 1);
    sched_rec_finish(&rc.rec);
    bool ok = true;
    for (size_t a = 0; a < rc.rec.nacc && ok; a++) {
        sched_acc x = rc.rec.acc[a];
        /* the planned accesses are sorted by element (loop_async_lists.c):
         * the last one of x's element, a write if any is */
        int64_t lo = np->voff[k], hi = np->voff[k + 1];
        while (lo < hi) {
            int64_t mid = lo + (hi - lo) / 2;
            if (SCHED_ACC_KEY(np->vacc[mid]) <= SCHED_ACC_KEY(x)) lo = mid + 1;
            else hi = mid;
        }
        bool found = lo > np->voff[k] && SCHED_ACC_KEY(np->vacc[lo - 1]) == SCHED_ACC_KEY(x) &&
                     (!SCHED_ACC_WRITE(x) || SCHED_ACC_WRITE(np->vacc[lo - 1]));
        if (!found) {
            dds_vec *dv = dds_vec_by_id(SCHED_ACC_DV(x));
            rt_error("verify: async_for %s:%u: iteration %lld %s element %lld of the distributed "
                     "array allocated at %s, which reconnaissance did not record: the body's "
                     "accesses depend on values that change while the loop runs",
                     j->site->file, j->site->line, (long long)it,
                     SCHED_ACC_WRITE(x) ? "writes" : "reads", (long long)SCHED_ACC_ELEM(x),
                     dv ? dv->site : "?");
            ok = false;
        }
    }
    sched_rec_free(&rc.rec);
    return ok;
}

/* A cell of a chunked order (loop_async_plan_strata.c): its iterations in
 * batches, each one call of the body (a call per chunk's run would be one
 * per few iterations with many threads). */
static void run_keyed(exec_job *j, int key, char *tls, int64_t len)
{
    int64_t idx[1024], m;
    sched_corder_cursor cur = {0, 0};
    if (len) rt_trace_begin(RT_TR_TASK, NULL, len);
    while ((m = sched_corder_next(j->np->corder, key, &cur, idx, 1024)) > 0) body_idx(j, tls, idx, m);
    if (len) rt_trace_end();
}

/* One thread's round of a plan kept as runs of offsets (mspan). */
static void run_segs(exec_job *j, char *tls, int64_t len)
{
    const node_plan *np = j->np;
    int64_t idx[1024];
    if (len) rt_trace_begin(RT_TR_TASK, NULL, len);
    for (int s = 0; s < np->nsegs; s++) {
        const rt__seg *g = &np->segs[(size_t)j->round * (size_t)np->nsegs + (size_t)s];
        rt__gaps_r rd;
        rt__gaps_open(&rd, g->gaps);
        for (int64_t q = 0; q < g->n;) {
            int64_t m = 0;
            for (; m < 1024 && q < g->n; m++, q++) idx[m] = g->base + rt__gaps_next(&rd);
            body_idx(j, tls, idx, m);
        }
    }
    if (len) rt_trace_end();
}

static void exec_task(void *arg, int64_t t, int thread)
{
    (void)thread;
    exec_job *j = arg;
    const node_plan *np = j->np;
    const sched_cell *c =
        &np->cells[((size_t)j->round * (size_t)np->subrounds + (size_t)j->sub) * (size_t)np->threads +
                   (size_t)t];
    char *tls = j->tls + (size_t)t * j->site->tls_size;
    if (atomic_load(&j->violated)) return;
    bool locked = np->locked[j->round];
    if (np->corder) { /* one round, never verified nor locked */
        run_keyed(j, j->sub * np->threads + (int)t, tls, c->len);
        return;
    }
    if (np->segs) { /* one thread, never verified nor locked */
        run_segs(j, tls, c->len);
        return;
    }
    if (!np->voff && !locked) {
        if (c->len) rt_trace_begin(RT_TR_TASK, NULL, c->len);
        if (c->len && j->skip == INT64_MIN) {
            rt_body(j->site, j->env, tls, np->order, c->start, c->start + c->len);
        } else {
            int64_t idx[1024];
            for (int64_t k = c->start; k < c->start + c->len;) {
                int64_t m = 0;
                for (; m < 1024 && k < c->start + c->len; m++, k++) idx[m] = np->order ? np->order[k] : k;
                body_idx(j, tls, idx, m);
            }
        }
        if (c->len) rt_trace_end();
        return;
    }
    for (int64_t k = c->start + (locked && j->done ? j->done[t] : 0); k < c->start + c->len && !atomic_load(&j->violated); k++) {
        const uint16_t *st = locked ? np->lstripe + np->loff[k] : NULL;
        int64_t nst = locked ? np->loff[k + 1] - np->loff[k] : 0;
        if (locked) rt__lock_wait_turn(&j->turns, j->gate[k]);
        rt__lock(st, nst);
        /* the ticket drawn while holding every lock is the iteration's
         * place in the serial order (loop_locks.c) */
        if (locked) j->ticket[k] = rt__turn_take(&j->turns);
        bool ok = !np->voff || verify_one(j, k);
        if (ok && (np->order ? np->order[k] : k) >= j->skip)
            rt_body(j->site, j->env, tls, np->order, k, k + 1);
        rt__unlock(st, nst);
        if (!ok) {
            atomic_store(&j->violated, 1);
            return;
        }
    }
}

/* Bytes this node moved in the current call (fetched, written back), for
 * STRADS_STATS; the node-function thread only. */
static uint64_t moved_bytes;

static bool stats_on(void)
{
    static int on = -1; /* read once: it guards a loop over every element moved */
    if (on < 0) on = rt_stats_on();
    return on;
}

/* Calls fn(dv, elems, n) for each array's run of sorted keys. */
static int per_array(const uint64_t *keys, int64_t n, int (*fn)(dds_vec *, const int64_t *, size_t))
{
    int64_t *elems = malloc((size_t)(n ? n : 1) * sizeof *elems);
    if (!elems) return STRADS_ENOMEM;
    int rc = 0;
    for (int64_t i = 0; i < n && !rc;) {
        uint32_t id = SCHED_ACC_DV(keys[i]);
        int64_t j = i;
        while (j < n && SCHED_ACC_DV(keys[j]) == id) {
            elems[j - i] = SCHED_ACC_ELEM(keys[j]);
            j++;
        }
        dds_vec *dv = dds_vec_by_id(id);
        if (dv) {
            rc = fn(dv, elems, (size_t)(j - i));
            /* write-back lists hold the node's own written elements too
             * (marked changed, not sent): only the others move; counted
             * only for STRADS_STATS, which prints it */
            for (int64_t q = 0; stats_on() && fn != dds_pull_keep && q < j - i; q++)
                moved_bytes += dds_owns(dv, elems[q], strads_rank()) ? 0 : dv->elem;
        }
        i = j;
    }
    free(elems);
    return rc;
}

/* True when this node's copies of array id are still valid: no node writes
 * it in this loop, and its version is the one this plan last fetched at.
 * The driver's copy of an array the loop does not write is always valid:
 * coherence (docs/dds.md) gives it every element when the previous operator
 * ended, and nothing changes it during this one. (SGD-MF on 2 nodes: the
 * driver fetched the other node's ratings again, 0.48 s of the first epoch.) */
/* Array id's place in the header's versioned arrays, or -1. */
static int hdr_slot(const call_hdr *h, uint32_t id)
{
    for (uint32_t k = 0; k < h->ndv; k++)
        if (h->dv_id[k] == id) return (int)k;
    return -1;
}

static bool still_valid(const node_plan *np, const call_hdr *h, uint32_t id)
{
    for (int64_t k = 0; k < np->nwritten; k++)
        if (np->written[k] == id) return false;
    if (strads_rank() == 0) return true;
    int k = hdr_slot(h, id);
    for (uint32_t q = 0; k >= 0 && q < np->nseen; q++)
        if (np->seen_id[q] == id) return np->seen_ver[q] == h->dv_ver[k];
    return false;
}

/* Whether array id is unchanged since this plan's previous call here
 * ended (call_hdr.held). */
static bool held(const node_plan *np, const call_hdr *h, uint32_t id)
{
    int k = hdr_slot(h, id);
    return np->ran && k >= 0 && (h->held >> k & 1);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Fetches round 0's keys of one array less what this node holds current
 * from the plan's previous call: on the driver's node none (its copy is
 * coherent when an operator ends), on another node those its last round
 * touched (np->last, sorted keys) are left out. */
static int fetch_unheld(const node_plan *np, const uint64_t *keys, int64_t n)
{
    if (strads_rank() == 0) return 0;
    uint64_t *c = malloc((size_t)(n ? n : 1) * sizeof *c);
    if (!c) return STRADS_ENOMEM;
    int64_t m = 0;
    for (int64_t k = 0; k < n; k++) {
        uint64_t key = SCHED_ACC_KEY(keys[k]);
        if (!np->nlast || !bsearch(&key, np->last, (size_t)np->nlast, sizeof key, cmp_u64))
            c[m++] = keys[k];
    }
    int rc = m ? per_array(c, m, dds_prefetch) : 0;
    free(c);
    return rc;
}

/* Fetches the keys of a round, leaving out arrays whose copies are valid
 * and, in round 0, the elements held from the previous call. */
static int fetch_round(const node_plan *np, const call_hdr *h, int r)
{
    const uint64_t *keys = np->fetch[r];
    int64_t n = np->nfetch[r], i = 0;
    int rc = 0;
    while (i < n && !rc) {
        int64_t j = i;
        uint32_t id = SCHED_ACC_DV(keys[i]);
        while (j < n && SCHED_ACC_DV(keys[j]) == id) j++;
        if (still_valid(np, h, id)) {
            /* nothing to fetch */
        } else if (r == 0 && held(np, h, id)) {
            rc = fetch_unheld(np, keys + i, j - i);
        } else {
            rc = per_array(keys + i, j - i, dds_prefetch);
        }
        i = j;
    }
    return rc;
}

/* After a call: remember the versions the read-only copies now have. */
static void note_versions(node_plan *np, const call_hdr *h)
{
    np->nseen = h->ndv;
    memcpy(np->seen_id, h->dv_id, sizeof np->seen_id);
    memcpy(np->seen_ver, h->dv_ver, sizeof np->seen_ver);
}

/* After a call with locked rounds: the order this node ran (locked
 * segments by ticket), gathered on rank 0 into call_order. Collective over
 * the nodes of a plan with any locked round. */
static int64_t *call_order, call_n; /* rank 0: the latest call's serial order */

int64_t *rt__take_call_order(int64_t *n)
{
    int64_t *o = call_order;
    *n = call_n;
    call_order = NULL;
    return o;
}

static int gather_order(const node_plan *np, const exec_job *j, uint64_t tag)
{
    int64_t *ran = malloc((size_t)(np->norder ? np->norder : 1) * sizeof *ran);
    int64_t *roff = malloc(((size_t)np->rounds + 1) * sizeof *roff);
    int rc = ran && roff ? 0 : STRADS_ENOMEM;
    if (!rc) memcpy(ran, np->order, (size_t)np->norder * sizeof *ran);
    size_t per_round = (size_t)np->subrounds * (size_t)np->threads;
    for (int r = 0; r < np->rounds && !rc; r++) {
        const sched_cell *c = &np->cells[(size_t)r * per_round], *e = c + per_round - 1;
        roff[r] = c->start;
        if (np->locked[r]) rc = rt__lock_realize(np->order, j->ticket, c->start, e->start + e->len, ran);
    }
    if (!rc) {
        roff[np->rounds] = np->norder;
        free(call_order);
        call_order = NULL;
        rc = rt__order_gather(ran, roff, np->rounds, tag, &call_order, &call_n);
    }
    free(ran);
    free(roff);
    return rc;
}

/*
 * A locked sub-round starts on one thread, in the order the turns would
 * grant it (turn_gates), with no locks: the same serial order, so the
 * same result. When its iterations are short (Bellman-Ford's edge: a few
 * nanoseconds, where a turn handed between threads costs microseconds: a
 * locked call took 7 s that one thread runs in 1 ms), it finishes there;
 * after SEQ_PROBE turns of longer ones, the threads take the rest of their
 * shares under locks (j->done: what each has run).
 */
#define SEQ_PROBE 256
#define SEQ_MAX_US 20.0
static void seq_locked(exec_job *j)
{
    const node_plan *np = j->np;
    const sched_cell *c =
        &np->cells[((size_t)j->round * (size_t)np->subrounds + (size_t)j->sub) * (size_t)np->threads];
    int64_t most = 0, ran = 0;
    for (int t = 0; t < np->threads; t++) {
        j->done[t] = 0;
        most = c[t].len > most ? c[t].len : most;
    }
    uint64_t t0 = rt_now_us();
    bool all = false;
    for (int64_t q = 0; q < most; q++) {
        for (int t = 0; t < np->threads; t++) {
            if (q >= c[t].len) continue;
            int64_t k = c[t].start + q;
            j->ticket[k] = rt__turn_take(&j->turns);
            if ((np->order ? np->order[k] : k) >= j->skip)
                rt_body(j->site, j->env, j->tls + (size_t)t * j->site->tls_size, np->order, k, k + 1);
            j->done[t] = q + 1;
            ran++;
        }
        if (!all && ran >= SEQ_PROBE) {
            if ((double)(rt_now_us() - t0) / (double)ran >= SEQ_MAX_US) return;
            all = true;
        }
    }
}

/* The order in which the iterations of locked rounds draw their tickets:
 * the threads' shares interleaved, one iteration of each in turn. A thread
 * waits for its turn only to take its locks, so bodies that do not conflict
 * still overlap; and since the order is fixed, a run with locks repeats bit
 * for bit like any other plan. */
static int turn_gates(const node_plan *np, int64_t **gate)
{
    *gate = malloc((size_t)(np->norder + 1) * sizeof **gate);
    if (!*gate) return STRADS_ENOMEM;
    size_t per_round = (size_t)np->subrounds * (size_t)np->threads;
    int64_t next = 0;
    for (int r = 0; r < np->rounds; r++) {
        if (!np->locked[r]) continue;
        for (int s = 0; s < np->subrounds; s++) {
            const sched_cell *c = &np->cells[(size_t)r * per_round + (size_t)s * (size_t)np->threads];
            int64_t most = 0;
            for (int t = 0; t < np->threads; t++) most = c[t].len > most ? c[t].len : most;
            for (int64_t q = 0; q < most; q++)
                for (int t = 0; t < np->threads; t++)
                    if (q < c[t].len) (*gate)[c[t].start + q] = next++;
        }
    }
    return 0;
}

/* Cluster replay of a call with locked rounds: the lock grants must come
 * in the recorded order. From the recorded serial order of the call, the
 * ticket each position of this node's locked rounds is to draw (*gate). */
static int replay_gates(const strads_loop_site *site, const node_plan *np, const call_hdr *h,
                        int64_t **gate)
{
    int64_t *rec = NULL, n = 0;
    int rc = replay_load_order(site, h->call, h->begin, h->end, &rec, &n);
    int64_t *pos = rc ? NULL : malloc((size_t)(h->end - h->begin + 1) * sizeof *pos);
    *gate = rc ? NULL : malloc((size_t)(np->norder + 1) * sizeof **gate);
    if (!rc && (!pos || !*gate)) rc = STRADS_ENOMEM;
    for (int64_t i = 0; !rc && i < h->end - h->begin; i++) pos[i] = -1;
    for (int64_t i = 0; !rc && i < n; i++)
        if (rec[i] >= h->begin && rec[i] < h->end) pos[rec[i] - h->begin] = i;
    size_t per_round = (size_t)np->subrounds * (size_t)np->threads;
    int64_t base = 0;
    for (int r = 0; r < np->rounds && !rc; r++) {
        const sched_cell *c = &np->cells[(size_t)r * per_round], *e = c + per_round - 1;
        if (!np->locked[r]) continue;
        rc = rt__lock_gates(np->order, c->start, e->start + e->len, pos, h->begin, base, *gate);
        base += e->start + e->len - c->start;
    }
    if (rc == STRADS_ESTATE)
        rt_error("replay: async_for %s:%u: call %llu ran iterations the record does not have: "
                 "the program or its input changed", site->file, site->line,
                 (unsigned long long)h->call);
    free(rec);
    free(pos);
    if (rc) {
        free(*gate);
        *gate = NULL;
    }
    return rc;
}

int rt__execute(const strads_loop_site *site, void *env, char *tls, node_plan *np,
                   const call_hdr *h)
{
    exec_job j = {.site = site, .env = env, .tls = tls, .np = np, .skip = h->skip};
    int rc = 0;
    if (np->loff && !(j.ticket = malloc((size_t)(np->norder + 1) * sizeof *j.ticket))) return STRADS_ENOMEM;
    if (np->loff && (rc = replay_cluster() ? replay_gates(site, np, h, &j.gate) : turn_gates(np, &j.gate))) {
        free(j.ticket);
        return rc;
    }
    /* (a cluster replay's grants follow the record; verify mode checks
     * each access under the threads' locks) */
    if (np->loff && !replay_cluster() && !np->voff && !(j.done = calloc((size_t)np->threads, sizeof *j.done))) {
        free(j.ticket);
        free(j.gate);
        return STRADS_ENOMEM;
    }
    uint64_t t_fetch = 0, t_run = 0, t_wb = 0, t_bar = 0, t;
    moved_bytes = 0;
    rt_progress_total(np->rounds, "rounds");
    for (int r = 0; r < np->rounds && !rc; r++) {
        j.round = r;
        rt_trace_begin(RT_TR_ROUND, NULL, r);
        t = rt_now_us();
        rt_trace_begin(RT_TR_FETCH, NULL, 0);
        if (strads_size() > 1) rc = fetch_round(np, h, r);
        rt_trace_end();
        t_fetch += rt_now_us() - t, t = rt_now_us();
        for (int s = 0; s < np->subrounds && !rc; s++) {
            j.sub = s;
            if (np->locked[r] && j.done) seq_locked(&j);
            rc = rt_pool_run(np->threads, exec_task, &j);
        }
        t_run += rt_now_us() - t, t = rt_now_us();
        rt_trace_begin(RT_TR_WRITEBACK, NULL, 0);
        replay_fault("writeback"); /* STRADS_FAULT=OP:RANK:writeback */
        if (!rc && strads_size() > 1) rc = per_array(np->wb[r], np->nwb[r], dds_writeback);
        for (int64_t k = 0; !rc && np->mark && k < np->nmark[r]; k++) {
            dds_vec *dv = dds_vec_by_id(np->mark[r][k].id);
            if (dv) dds_mark_changed(dv, np->mark[r][k].lo, np->mark[r][k].hi);
        }
        rt_trace_end();
        t_wb += rt_now_us() - t, t = rt_now_us();
        rt_trace_begin(RT_TR_BARRIER, NULL, 0);
        if (!rc && strads_size() > 1) rc = strads_barrier();
        rt_trace_end();
        t_bar += rt_now_us() - t;
        rt_trace_end();
        rt_progress_step();
    }
    if (strads_rank() == 0 && stats_on()) {
        rt_stats_note("async_for %s:%u: rank 0 fetch %.3f s, body %.3f s, write-back %.3f s, "
                      "barriers %.3f s, %.1f MB moved", site->file, site->line, t_fetch / 1e6,
                      t_run / 1e6, t_wb / 1e6, t_bar / 1e6, (double)moved_bytes / 1e6);
        rt_stats("async_rounds", site->file, site->line,
                 "fetch_s=%.6f body_s=%.6f writeback_s=%.6f barrier_s=%.6f moved_bytes=%llu",
                 t_fetch / 1e6, t_run / 1e6, t_wb / 1e6, t_bar / 1e6,
                 (unsigned long long)moved_bytes);
    }
    /* A violation stops the bodies but not the rounds, so that every node
     * still meets the others at each barrier; the call then fails. */
    if (!rc && atomic_load(&j.violated)) rc = STRADS_ESTATE;
    if (!rc && np->nlast && strads_size() > 1) rc = per_array(np->last, np->nlast, dds_pull_keep);
    if (!rc && np->any_locked) rc = gather_order(np, &j, h->invocation);
    if (!rc) note_versions(np, h);
    np->ran = !rc;
    free(j.ticket);
    free(j.gate);
    free(j.done);
    return rc;
}

