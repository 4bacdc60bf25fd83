/*
 * engine/loop_sync.c - the data-parallel loop (sync_for): BSP, SSP(s),
 * Hybrid and ASP, and the task runner A-BSP shares.
 *
 * One call is one node function on every node. [begin, end) is cut into one
 * contiguous block per node (the split of a dvector of that length, so the
 * node that holds a minibatch's input runs it), each block into minibatches
 * (tasks), and the tasks run in clocks: in clock c thread t runs task
 * c*T + t. Every node runs the same number of clocks (the largest block
 * decides), so collectives line up.
 *
 * Model state lives in distributed arrays listed by the site
 * (strads_loop_array). Per clock a node refreshes the elements its tasks
 * touch (reconnaissance says which; recon(off): all), then:
 *   BSP, SSP, ASP  each thread copies what its task touches into its own
 *                  replica (a private mapping laid out like the array; the
 *                  body gets an env whose array pointers are moved there),
 *                  runs the task, and turns its written elements into
 *                  deltas. With reconnaissance the copy is by whole pages,
 *                  and the other pages fault in on first access, so that
 *                  writes it did not record become deltas too (the page
 *                  tracker, loop.h). The node folds the threads' deltas into
 *                  its copy in thread order (mean per element for AVG, sum
 *                  for SUM, fn per contribution for FN). An array replicated
 *                  whole (no records) keeps its start values instead, and
 *                  the fold compares a block at a time; on one process the
 *                  threads fold it straight into the node's copy, a slice
 *                  each.
 *   Hybrid         threads share the node's copy without locks (Hogwild).
 * and synchronizes with the owners:
 *   BSP, Hybrid    dds_writeback_deltas per written array: a collective that
 *                  combines every node's delta at the owner in rank order
 *                  and returns once every owner has combined (nobody
 *                  refreshes a row half combined). Under BSP the fold goes
 *                  to a buffer, not to the node's copy, so no owned row is
 *                  written before the exchange, which every node enters
 *                  after its refresh: one exchange and its agreement per
 *                  clock, no barrier. Hybrid's threads write the owned rows
 *                  in place, so it keeps a barrier after the refresh
 *                  (everybody has read before anybody writes). Either way
 *                  the result does not depend on timing;
 *   SSP, ASP       the node pushes its deltas to the owners, which apply them
 *                  on arrival (loop thread, under the node's apply lock) and
 *                  acknowledge; SSP(s) then announces the clock to every node
 *                  and a node starts clock c only when every node has
 *                  finished clock c-s-1 (rt_sync_gate_fn can replace that
 *                  rule), so what it reads after its refresh misses at most
 *                  s clocks of anybody's updates. STRADS_SSP_CHECK=1 records
 *                  the largest staleness seen and fails the loop if it ever
 *                  exceeds s. ASP never waits.
 * Reductions and private state are per-thread tls folded in thread order,
 * then rank order (loop_common.c). The SSP/ASP messages and clocks live in
 * loop_sync_ssp.c, the STRADS_SYNC override in loop_sync_spec.c, the
 * reconnaissance of the tasks (once per site and range) in
 * loop_sync_recon.c. Under A-BSP a call is one iteration instead of clocks
 * in lockstep, under Elastic BSP supersteps of ZIPLINE-chosen clocks, under
 * FlexPara splits reassigned between nodes by their capacity models
 * (loop_sync_iter.c, with loop_sync_absp.c's messages); their
 * tasks run through this file's task runner, in chunks that the stop
 * signal can cut.
 *
 * Threads: the node-function thread owns the call state (struct call); pool
 * threads touch only their own replica, env copy, tls and delta buffer,
 * except in a direct fold (one process, whole replicas), where each reads
 * every replica and writes its slice of the node's copy; the
 * loop thread applies other nodes' deltas to owned elements (SSP/ASP) under
 * the apply lock (rt__ssp_fold_begin).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <time.h>

#include "replay/replay.h"
#include "engine/loop_sync.h"
#include "core/trace.h"
/* ---- setup ---- */

/* Elements that are not numbers (STRADS_ARRAY_BYTES) cannot be combined:
 * written, they must be the iterations' own, as stradsc proved from the
 * body's text; at run time a pointer into the middle of the array, or a
 * dvector row(n) of n of them, is not. Judged at every call, before it
 * may run alone, so that a loop fails alike at every size and shape. */
static void own_bytes(const strads_loop_site *s, const void *env)
{
    for (size_t i = 0; i < s->narrays; i++) {
        const strads_loop_array *d = &s->arrays[i];
        if (!(d->flags & STRADS_ARRAY_BYTES) || (d->flags & STRADS_ARRAY_READONLY)) continue;
        const char *p;
        memcpy(&p, (const char *)env + d->env_off, sizeof p);
        dds_vec *dv;
        if (!p || dds_lookup(p, &dv, NULL)) continue; /* find_arrays says which */
        if (rt_own_here(d, p, dv, env)) continue;
        char what[512];
        snprintf(what, sizeof what,
                 "sync_for %s:%u: the loop writes elements of the distributed array allocated at "
                 "%s that are not numbers (%zu bytes each), which only work as the iterations' "
                 "own, and here the loop's pointer %s; hint: index the array itself by the loop "
                 "variable (p[i], p its first element, one element a row), or use async_for",
                 s->file, s->line, dv->site, dv->elem,
                 p != dv->base ? "points into the middle of it"
                               : "does not reach one element an iteration");
        strads_fatal(STRADS_EINVAL, what);
    }
}

/* In one process an array whose elements no two iterations share
 * (DISJOINT, its row as stradsc saw it) is written in place, as the
 * iterations' own (find_arrays). */
static bool disjoint_in_place(const strads_loop_array *d, const dds_vec *dv, const void *env)
{
    return strads_size() == 1 && (d->flags & STRADS_ARRAY_DISJOINT) && d->agg != STRADS_AGG_FN &&
           (!d->own_row_size || dv->elem == rt_own_elem(d, env));
}

static int find_arrays(call *c)
{
    const strads_loop_site *s = c->site;
    c->arr = calloc(s->narrays ? s->narrays : 1, sizeof *c->arr);
    if (!c->arr) return STRADS_ENOMEM;
    for (size_t i = 0; i < s->narrays; i++) {
        const strads_loop_array *d = &s->arrays[i];
        if (d->env_off + sizeof(void *) > s->env_size || !rt__type_size(d->type)) return STRADS_EPROTO;
        const char *p;
        memcpy(&p, (const char *)c->env + d->env_off, sizeof p);
        dds_vec *dv;
        if (!p) continue;
        if (dds_lookup(p, &dv, NULL)) {
            rt_error("sync_for %s:%u: array #%zu of the loop is not a distributed array",
                     s->file, s->line, i);
            return STRADS_EINVAL;
        }
        /* (an array only read is fetched whole elements at a time: any size) */
        if (!(d->flags & (STRADS_ARRAY_READONLY | STRADS_ARRAY_BYTES)) &&
            dv->elem % rt__type_size(d->type)) {
            rt_error("sync_for %s:%u: elements of the array allocated at %s (%zu bytes) are not "
                     "made of the declared scalar type", s->file, s->line, dv->site, dv->elem);
            return STRADS_EINVAL;
        }
        /* An array is its iterations' own only when every field reaches it
         * as p[i] from its first element, p[i] being one element, and no
         * user function combines a write (it might not just add). */
        int own = (d->flags & STRADS_ARRAY_OWN) && rt_own_here(d, p, dv, c->env) &&
                  d->agg != STRADS_AGG_FN;
        /* In one process an array whose elements no two iterations share
         * is written in place as well: nothing moves between nodes, and
         * each thread's replica of it, tracked page by page and folded,
         * cost a stencil's call 20 times its work. Reached through one
         * field only: a second pointer into it reads what the first
         * writes (alone_same). */
        int dj = !own && disjoint_in_place(d, dv, c->env);
        own |= dj;
        /* Two fields into one array share one replica, described by a
         * field that writes it if one does: the array is read only (not
         * combined, maybe fetched whole) only when every field only reads. */
        int dup = 0;
        for (int a = 0; a < c->narr && !dup; a++)
            if (c->arr[a].dv == dv) {
                dup = 1;
                /* one replica folds one way: two written fields that ask
                 * for two (`x = w + n` with aggregate(x: sum) only: w
                 * averaged) would fold both halves by whichever came first */
                const strads_loop_array *o = c->arr[a].desc;
                if (!(o->flags & STRADS_ARRAY_READONLY) && !(d->flags & STRADS_ARRAY_READONLY) &&
                    (o->agg != d->agg || o->fn != d->fn)) {
                    static const char *how[] = {"average (the default)", "sum", "a function"};
                    rt_error("sync_for %s:%u: two pointers the loop writes through point into the "
                             "distributed array allocated at %s, one combined by %s, the other by "
                             "%s; hint: give every pointer into that array the same aggregate(...) "
                             "clause", s->file, s->line, dv->site, how[o->agg % 3],
                             o->agg == d->agg ? "another function" : how[d->agg % 3]);
                    return STRADS_EINVAL;
                }
                c->arr[a].own &= own && !dj && !(o->flags & STRADS_ARRAY_DISJOINT);
                c->arr[a].one_writer = 0; /* p[i] and (p + 1)[i] share scalars */
                if ((c->arr[a].desc->flags & STRADS_ARRAY_READONLY) &&
                    !(d->flags & STRADS_ARRAY_READONLY)) {
                    c->arr[a].desc = d;
                    c->arr[a].nsc = dv->elem / rt__type_size(d->type);
                }
            }
        if (dup) continue;
        sarr *a = &c->arr[c->narr++];
        a->dv = dv;
        a->desc = d;
        a->nsc = dv->elem / rt__type_size(d->type);
        a->own = own;
        a->one_writer = (d->flags & STRADS_ARRAY_DISJOINT) ||
                        ((d->flags & STRADS_ARRAY_COLS) && d->cols_ok && d->cols_ok(c->env, c->h.begin, c->h.end));
    }
    return 0;
}

/* Array a, which the call only reads, whole into this node's copy; not
 * again while the driver's version of it stays the one this node fetched
 * (SAGA's 8 MB of examples under recon(off) came at every call). */
int rt__sync_fetch_input(call *c, int a)
{
    dds_vec *dv = c->arr[a].dv;
    ptrdiff_t i = c->arr[a].desc - c->site->arrays;
    uint64_t v = i >= 0 && i < SYNC_VERS ? c->h.ver[i] : 0;
    if (c->N == 1 || c->me == 0 || (v && dv->held_ver == v)) return 0;
    int rc = dds_prefetch_range(dv, 0, dv->n);
    dv->held_ver = rc ? 0 : v;
    return rc;
}

/* Arrays of the iterations' own elements (sarr.own), on several nodes: the
 * elements of this node's block that other nodes own are fetched before
 * the tasks (get), and after them every element of the block goes to its
 * owner, or is marked changed for the driver's pull where this node owns
 * it (get = 0). No other iteration reads them, so nothing in between. */
int rt__sync_own_range(call *c, int64_t lo, int64_t hi, int get)
{
    int rc = 0;
    for (int a = 0; a < c->narr && !rc && c->N > 1; a++) {
        dds_vec *dv = c->arr[a].dv;
        if (!c->arr[a].own || (!get && (c->arr[a].desc->flags & STRADS_ARRAY_READONLY))) continue;
        int64_t l = lo < 0 ? 0 : lo, h = hi > dv->n ? dv->n : hi;
        if (l >= h) continue;
        rc = get ? dds_prefetch_range(dv, l, h) : dds_writeback_range(dv, l, h);
    }
    return rc;
}

/* Which arrays are written, agreed by every node (the writebacks are
 * collectives: all nodes must run the same ones). */
static int agree_written(call *c)
{
    int32_t w[256];
    if (c->narr > 256) return STRADS_ETOOBIG;
    for (int a = 0; a < c->narr; a++) {
        w[a] = 0;
        if ((c->arr[a].desc->flags & STRADS_ARRAY_READONLY) || c->arr[a].own) continue;
        /* When tracking, an array may be written where reconnaissance saw
         * no write: every writable one is replicated and combined. */
        if (!c->ts || c->track) {
            w[a] = 1;
            continue;
        }
        for (int64_t k = 0; k < c->ntask && !w[a]; k++) w[a] = c->ts[k].wr[a].n > 0;
    }
    if (c->N > 1 && c->narr) {
        int rc = strads_allreduce(w, (size_t)c->narr, STRADS_T_I32, STRADS_OP_MAX);
        if (rc) return rc;
    }
    for (int a = 0; a < c->narr; a++) {
        c->arr[a].written = w[a];
        c->arr[a].replicate = c->replicas && w[a];
        c->any_written |= w[a];
    }
    return 0;
}

/*
 * SSP/ASP average an element's deltas as they arrive, so each node's delta
 * is scaled when applied: by 1 / (the nodes that write the element), which
 * the records of all nodes give (a dense model: every node; one writer: its
 * value unchanged). Dividing by the node count instead would shrink every
 * single-writer update N times.
 */
static int count_writers(call *c)
{
    int rc = 0;
    for (int a = 0; a < c->narr && !rc; a++) {
        sarr *x = &c->arr[a];
        if (!x->written || x->desc->agg != STRADS_AGG_AVG) continue;
        if (!(x->writers = calloc((size_t)x->dv->n, sizeof *x->writers))) return STRADS_ENOMEM;
        for (int64_t k = 0; k < c->ntask; k++) {
            const elist *w = &c->ts[k].wr[a];
            for (int64_t j = 0; j < w->n; j++) x->writers[el_at(w, j)] = 1;
        }
        rc = strads_allreduce(x->writers, (size_t)x->dv->n, STRADS_T_I32, STRADS_OP_SUM);
    }
    return rc;
}

static int setup_replicas(call *c)
{
    int T = c->T;
    c->rep = calloc((size_t)T * (size_t)(c->narr ? c->narr : 1), sizeof *c->rep);
    c->envs = calloc((size_t)T, sizeof *c->envs);
    c->tb = calloc((size_t)T, sizeof *c->tb);
    c->start = calloc((size_t)(c->narr ? c->narr : 1), sizeof *c->start);
    if (!c->rep || !c->envs || !c->tb || !c->start) return STRADS_ENOMEM;
    if (c->track) {
        c->trk = calloc((size_t)T * (size_t)(c->narr ? c->narr : 1), sizeof *c->trk);
        c->xl = calloc((size_t)T * (size_t)(c->narr ? c->narr : 1), sizeof *c->xl);
        if (!c->trk || !c->xl) return STRADS_ENOMEM;
    }
    for (int t = 0; t < T; t++) {
        c->envs[t] = malloc(c->site->env_size);
        if (!c->envs[t]) return STRADS_ENOMEM;
        memcpy(c->envs[t], c->env, c->site->env_size);
        for (int a = 0; a < c->narr; a++) {
            if (!c->arr[a].replicate) continue;
            dds_vec *dv = c->arr[a].dv;
            /* Untouched pages cost nothing: only what a task copies in is
             * ever backed by memory. */
            void *r = mmap(NULL, dv->bytes, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
            if (r == MAP_FAILED) return STRADS_ENOMEM;
            c->rep[(size_t)t * (size_t)c->narr + (size_t)a] = r;
            if (c->track) {
                int rc = rt__track_init(&c->trk[(size_t)t * (size_t)c->narr + (size_t)a], r, dv);
                if (rc) return rc;
            }
        }
        /* Move every listed pointer into its array's replica. */
        for (size_t i = 0; i < c->site->narrays; i++) {
            size_t off = c->site->arrays[i].env_off;
            char *p;
            memcpy(&p, (char *)c->env + off, sizeof p);
            for (int a = 0; a < c->narr && p; a++) {
                dds_vec *dv = c->arr[a].dv;
                if (!c->arr[a].replicate || p < dv->base || p >= dv->base + dv->bytes) continue;
                char *q = c->rep[(size_t)t * (size_t)c->narr + (size_t)a] + (p - dv->base);
                memcpy(c->envs[t] + off, &q, sizeof q);
            }
        }
    }
    return 0;
}

static void teardown(call *c)
{
    if (c->rep)
        for (int t = 0; t < c->T; t++)
            for (int a = 0; a < c->narr; a++) {
                char *r = c->rep[(size_t)t * (size_t)c->narr + (size_t)a];
                if (r) munmap(r, c->arr[a].dv->bytes);
            }
    free(c->rep);
    for (int a = 0; c->start && a < c->narr; a++) free(c->start[a]);
    free(c->start);
    if (c->trk)
        for (size_t i = 0; i < (size_t)c->T * (size_t)c->narr; i++) rt__track_free(&c->trk[i]);
    free(c->trk);
    if (c->xl)
        for (size_t i = 0; i < (size_t)c->T * (size_t)c->narr; i++) {
            free(c->xl[i].idx);
            free(c->xl[i].d);
        }
    free(c->xl);
    if (c->envs)
        for (int t = 0; t < c->T; t++) free(c->envs[t]);
    free(c->envs);
    if (c->tb)
        for (int t = 0; t < c->T; t++) free(c->tb[t].d);
    free(c->tb);
    free(c->task_of);
    free(c->iota);
    for (int a = 0; c->arr && a < c->narr; a++) {
        free(c->arr[a].writers);
        free(c->arr[a].changed_by);
        free(c->arr[a].iavg);
    }
    free(c->arr);
    sched_slow_free(c->slow);
}

/* ---- running one clock's tasks ---- */

static const elist *list_of(const call *c, int64_t k, int a, int wr, elist *whole)
{
    if (!c->ts) {
        whole->all = 1;
        whole->idx = NULL;
        whole->n = c->arr[a].dv->n;
        return whole;
    }
    return wr ? &c->ts[k].wr[a] : &c->ts[k].all[a];
}

/* STRADS_SLOW: sleeps (factor - 1) times the compute since start_us. Short
 * computations owe less than a sleep can take (a nanosleep costs tens of
 * microseconds), so each thread accumulates what it owes and sleeps once
 * the debt passes a millisecond: over many tasks the factor is right. */
static void slow_factor(call *c, uint64_t start_us)
{
    static _Thread_local double debt;
    if (!c->slow) return;
    uint64_t now_us = rt_now_us();
    double now = (double)now_us / 1e6;
    double f = sched_slow_factor(c->slow, c->me, now - c->t0);
    debt += (f - 1) * (now - (double)start_us / 1e6);
    if (debt < 2e-4) return;
    struct timespec ts = {(time_t)debt, (long)((debt - (double)(time_t)debt) * 1e9)};
    nanosleep(&ts, NULL);
    /* What the sleep overshot is paid back by the next computations. */
    debt -= (double)(rt_now_us() - now_us) / 1e6;
}

static void slow_down(call *c, uint64_t task_start_us)
{
    if (c->slow_ms > 0) {
        struct timespec ts = {c->slow_ms / 1000, (c->slow_ms % 1000) * 1000000L};
        nanosleep(&ts, NULL);
    }
    if (!c->absp) slow_factor(c, task_start_us); /* A-BSP: per chunk (run_body) */
}

/* A-BSP: one chunk of a split, slowed per chunk so that a stop signal can
 * cut a slowed task as it would cut a slow one. */
typedef struct chunk_ctx {
    call *c;
    void *env, *tls;
} chunk_ctx;

static void run_chunk(void *arg, int64_t lo, int64_t hi)
{
    chunk_ctx *x = arg;
    uint64_t start = rt_now_us();
    if (lo < x->c->h.skip) lo = x->c->h.skip < hi ? x->c->h.skip : hi;
    if (lo < hi) rt_body(x->c->site, x->env, x->tls, NULL, lo, hi);
    slow_factor(x->c, start);
}

/* Chunks small enough that a stop signal ends a task soon after it comes. */
#define ABSP_CHUNKS_PER_TASK 16

/* The body over task k of thread slot t: its minibatch, or under A-BSP the
 * next minibatch of the node's split, chunk by chunk until the stop signal;
 * a slot that got no item has no task in this clock (task_of[t] = -1), so
 * that its zero delta does not dilute an average. */
static void run_body(call *c, int t, int64_t k, void *env, void *tls)
{
    if (c->absp) {
        chunk_ctx x = {c, env, tls};
        rt_trace_begin(RT_TR_TASK, NULL, -1); /* runs until the stop signal: size unknown */
        if (!rt__absp_run(c->ab, t, c->mb, c->mb / ABSP_CHUNKS_PER_TASK, run_chunk, &x))
            c->task_of[t] = -1;
        rt_trace_end();
        return;
    }
    int64_t lo, hi;
    task_range(c, k, &lo, &hi);
    if (lo < c->h.skip) lo = c->h.skip < hi ? c->h.skip : hi; /* ran alone before */
    rt_trace_begin(RT_TR_TASK, NULL, hi - lo);
    if (lo < hi) rt_body(c->site, env, tls, NULL, lo, hi);
    rt_trace_end();
}

/* An array every task writes whole (no records), combined by sum or mean:
 * a task's buffer keeps its start values, and the fold takes the change
 * where the replica's bytes differ from them (rt__v_add_changed), without
 * a pass computing every element's delta. */
static bool fold_whole(const call *c, int a)
{
    return !c->ts && c->arr[a].desc->agg != STRADS_AGG_FN;
}

/* A task's deltas of one array in its buffer, rounded up so that the next
 * array's start is aligned for any element type (an int array of 97 put
 * the next long array's deltas at an odd multiple of 4). */
static size_t delta_bytes(int64_t n, const dds_vec *dv)
{
    return ((size_t)n * dv->elem + 15) & ~(size_t)15;
}

void rt__sync_run_task(void *arg, int64_t t, int thread)
{
    (void)thread;
    call *c = arg;
    int64_t k = c->task_of[t];
    if (k < 0) return;
    uint64_t start = rt_now_us();
    void *tls = c->tls + (size_t)t * c->site->tls_size;
    if (!c->replicas) {
        run_body(c, (int)t, k, c->env, tls);
        slow_down(c, start);
        return;
    }
    /* Copy in what the task touches, keep the start values of what it
     * writes (the owner side may change the node's copy meanwhile). */
    tbuf *b = &c->tb[t];
    size_t need = 0;
    elist whole;
    for (int a = 0; a < c->narr; a++)
        if (c->arr[a].replicate && !c->arr[a].direct)
            need += delta_bytes(el_count(list_of(c, k, a, 1, &whole), c->arr[a].dv), c->arr[a].dv);
    if (need > b->cap) {
        char *d = realloc(b->d, need);
        if (!d) {
            c->err = STRADS_ENOMEM;
            return;
        }
        b->d = d;
        b->cap = need;
    }
    size_t at = 0;
    for (int a = 0; a < c->narr; a++) {
        if (!c->arr[a].replicate) continue;
        dds_vec *dv = c->arr[a].dv;
        char *r = c->rep[(size_t)t * (size_t)c->narr + (size_t)a];
        const elist *all = list_of(c, k, a, 0, &whole);
        if (c->arr[a].direct) { /* from the clock's start values, kept for the fold */
            memcpy(r, c->start[a], (size_t)dv->n * dv->elem);
            continue;
        }
        if (c->track) {
            int rc = rt__track_begin(&c->trk[(size_t)t * (size_t)c->narr + (size_t)a], all, dv->elem);
            if (rc) {
                c->err = rc;
                return;
            }
        } else if (all->all) {
            rt__copy_node_rows(r, dv->base, (size_t)dv->n * dv->elem);
        } else {
            for (int64_t j = 0; j < all->n; j++)
                rt__copy_node_rows(r + (size_t)all->idx[j] * dv->elem,
                                   dv->base + (size_t)all->idx[j] * dv->elem, dv->elem);
        }
        const elist *wr = list_of(c, k, a, 1, &whole);
        int64_t nw = el_count(wr, dv);
        if (wr->all) {
            memcpy(b->d + at, r, (size_t)nw * dv->elem);
        } else {
            for (int64_t j = 0; j < nw; j++)
                memcpy(b->d + at + (size_t)j * dv->elem, r + (size_t)wr->idx[j] * dv->elem, dv->elem);
        }
        at += delta_bytes(nw, dv);
    }
    run_body(c, (int)t, k, c->envs[t], tls);
    at = 0;
    for (int a = 0; a < c->narr; a++) {
        if (!c->arr[a].replicate || c->arr[a].direct) continue;
        dds_vec *dv = c->arr[a].dv;
        char *r = c->rep[(size_t)t * (size_t)c->narr + (size_t)a];
        const elist *wr = list_of(c, k, a, 1, &whole);
        int64_t nw = el_count(wr, dv);
        if (fold_whole(c, a)) {
            /* start values kept: the fold compares */
        } else if (wr->all) {
            rt__v_delta(c->arr[a].desc->type, b->d + at, r, (size_t)nw * c->arr[a].nsc);
        } else {
            for (int64_t j = 0; j < nw; j++)
                rt__v_delta(c->arr[a].desc->type, b->d + at + (size_t)j * dv->elem,
                        r + (size_t)wr->idx[j] * dv->elem, c->arr[a].nsc);
        }
        at += delta_bytes(nw, dv);
        if (c->track) {
            size_t i = (size_t)t * (size_t)c->narr + (size_t)a;
            int rc = rt__track_changed(&c->trk[i], &c->arr[a], wr, &c->xl[i]);
            if (rc) c->err = rc;
        }
    }
    slow_down(c, start);
}

/* ---- per-clock unions ---- */

/* Union of the written (wr = 1) or touched elements of array a over the
 * tasks of this clock. */
int rt__sync_clock_union(call *c, int a, int wr, elist *out)
{
    memset(out, 0, sizeof *out);
    if (!c->ts) {
        out->all = 1;
        out->n = c->arr[a].dv->n;
        return 0;
    }
    int64_t n = 0;
    for (int t = 0; t < c->T; t++)
        if (c->task_of[t] >= 0) n += (wr ? c->ts[c->task_of[t]].wr : c->ts[c->task_of[t]].all)[a].n;
    out->idx = malloc((size_t)(n ? n : 1) * sizeof *out->idx);
    if (!out->idx) return STRADS_ENOMEM;
    int runs = 0;
    for (int t = 0; t < c->T; t++) {
        if (c->task_of[t] < 0) continue;
        const elist *l = &(wr ? c->ts[c->task_of[t]].wr : c->ts[c->task_of[t]].all)[a];
        memcpy(out->idx + out->n, l->idx, (size_t)l->n * sizeof *l->idx);
        out->n += l->n;
        runs += l->n > 0;
    }
    if (runs > 1) out->n = uniq_i64(out->idx, out->n); /* one list is sorted unique */
    return 0;
}

/* A small floating array the loop only reads, whose new values the driver
 * wrote since this node fetched it: whole, not only the elements the kept
 * records name. The records are kept when such an array changes (a model
 * an evaluation loop reads changes every epoch and picks nothing), but its
 * values may decide how far a search reads (a particle filter's CDF: at
 * four processes the later calls read elements no record named, stale,
 * exit 0). Integer arrays redo the reconnaissance instead (input_key). */
static bool float_input(const call *c, int a)
{
    const sarr *x = &c->arr[a];
    return (x->desc->flags & STRADS_ARRAY_READONLY) && !x->own && rt__floating(x->desc->type) &&
           (size_t)x->dv->n * x->dv->elem <= SYNC_WHOLE_BYTES;
}

/* Pulls what this clock's tasks touch from the owners (multi-node). */
static int refresh(call *c, int64_t clock)
{
    int rc = 0;
    /* An array the last write-back returned whole (dds/delta.c) is fresh
     * within this call; the first clock refreshes everything, since the
     * driver may have written it between calls. */
    for (int a = 0; a < c->narr && clock == 0; a++) c->arr[a].dv->combined_all = false;
    /* read only: once a call; no task lists them (loop_sync_recon.c) */
    for (int a = 0; a < c->narr && clock == 0 && c->ts && !rc; a++)
        if (c->arr[a].whole || float_input(c, a)) rc = rt__sync_fetch_input(c, a);
    if (!c->ts) {
        /* Read-only arrays cannot change during the call: once is enough. */
        for (int a = 0; a < c->narr && !rc; a++) {
            if (c->arr[a].dv->combined_all || c->arr[a].own) continue;
            if (c->arr[a].desc->flags & STRADS_ARRAY_READONLY) {
                if (clock == 0) rc = rt__sync_fetch_input(c, a);
            } else {
                rc = rt__ssp_prefetch(c->arr[a].dv, NULL, 0);
            }
        }
        return rc;
    }
    int64_t n = 0;
    int runs = 0;
    for (int t = 0; t < c->T; t++)
        if (c->task_of[t] >= 0) n += c->ts[c->task_of[t]].nkeys, runs += c->ts[c->task_of[t]].nkeys > 0;
    uint64_t *keys = malloc((size_t)(n ? n : 1) * sizeof *keys);
    int64_t *elems = malloc((size_t)(n ? n : 1) * sizeof *elems);
    if (!keys || !elems) rc = STRADS_ENOMEM;
    n = 0;
    for (int t = 0; t < c->T && !rc; t++) {
        if (c->task_of[t] < 0) continue;
        const tset *s = &c->ts[c->task_of[t]];
        memcpy(keys + n, s->keys, (size_t)s->nkeys * sizeof *keys);
        n += s->nkeys;
    }
    /* one task's keys are sorted already (MLR on one thread: 3,760 a clock) */
    if (!rc && runs > 1) rt__sort_u64(keys, (size_t)n);
    for (int64_t i = 0; i < n && !rc;) {
        uint32_t id = SCHED_ACC_DV(keys[i]);
        int64_t j = i, m = 0;
        for (; j < n && SCHED_ACC_DV(keys[j]) == id; j++)
            if (!m || elems[m - 1] != SCHED_ACC_ELEM(keys[j])) elems[m++] = SCHED_ACC_ELEM(keys[j]);
        i = j;
        dds_vec *dv = dds_vec_by_id(id);
        int own = 0; /* its tasks' elements came before the clocks */
        for (int x = 0; x < c->narr && dv; x++) own |= c->arr[x].dv == dv && c->arr[x].own;
        if (!dv || dv->combined_all || own) continue;
        /* the elements this node owns need no fetch: a sorted range */
        int64_t a = 0, b = m;
        if (dv->part != DDS_PART_HASH && dv->bounds && c->me < dv->nodes) {
            a = lower_i64(elems, m, dv->bounds[c->me]);
            b = lower_i64(elems, m, dv->bounds[c->me + 1]);
        }
        if (a > 0) rc = rt__ssp_prefetch(dv, elems, a);
        if (!rc && b < m) rc = rt__ssp_prefetch(dv, elems + b, m - b);
    }
    free(keys);
    free(elems);
    return rc;
}

/* Folds the threads' deltas of array a into the node's copy, in thread
 * order. U lists the clock's written elements, S their values before. For
 * SSP/ASP, owned elements take 1/nodes of an AVG contribution (the other
 * nodes' arrive separately); the caller holds apply_lock then. */
/* Where the fold puts element e: the node's copy, or (F) its row of F, a
 * buffer in U's order. */
static char *fold_row(const dds_vec *dv, const elist *U, char *F, int64_t e)
{
    return F ? F + (size_t)el_find(U, e) * dv->elem : dv->base + (size_t)e * dv->elem;
}

/* Counts a fold keeps per scalar of an element (a mean of rows of several
 * scalars: rt__v_put), or 0. */
static size_t scalar_counts(const sarr *x)
{
    return x->desc->agg == STRADS_AGG_AVG && x->nsc > 1 ? x->nsc : 0;
}

static void fold_array(call *c, int a, const elist *U, const char *S, char *F, int32_t *cnt,
                       size_t *at)
{
    sarr *x = &c->arr[a];
    dds_vec *dv = x->dv;
    strads_agg_kind agg = x->desc->agg;
    elist whole;
    int64_t nu = el_count(U, dv);
    size_t cw = scalar_counts(x);
    int32_t *cs = cw ? cnt + (nu ? nu : 1) : NULL;
    memset(cnt, 0, (size_t)(nu ? nu : 1) * (1 + cw) * sizeof *cnt);
    for (int t = 0; t < c->T; t++) {
        if (c->task_of[t] < 0) continue;
        const elist *wr = list_of(c, c->task_of[t], a, 1, &whole);
        int64_t nw = el_count(wr, dv);
        const char *d = c->tb[t].d + at[t];
        const char *rep = c->rep[(size_t)t * (size_t)c->narr + (size_t)a]; /* the task's end values */
        if (fold_whole(c, a)) {
            /* A whole array (recon(off), or one node without lists): the
             * replica against its start values (d), a block at a time, not
             * three calls an element (twice the tasks' compute for SAGA's
             * residual at 1 x 2). Zero changes are skipped, sums too:
             * -0.0 + 0.0 is +0.0, which changed elements no thread wrote
             * (and what loop_sync_alone.c computes). */
            rt__v_add_changed(x->desc->type, F ? F : dv->base, rep, d, (size_t)nw, x->nsc, cnt, cs);
            at[t] += delta_bytes(nw, dv);
            continue;
        }
        /* both lists sorted: e's place in U by a cursor, not a search per
         * element (two searches an element were a fifth of a PageRank run) */
        int64_t u = 0;
        for (int64_t j = 0; j < nw; j++) {
            /* An element the thread left as it was is no write, and must
             * not dilute an average, whether reconnaissance recorded it
             * (w[f] -= lr * g * x[f] at x[f] = 0) or not: what the threads
             * changed decides, so the driver can compute the same alone
             * (loop_sync_alone.c). A user's function sees every recorded
             * write. */
            if ((wr->all || agg != STRADS_AGG_FN) && rt__zero_bytes(d + (size_t)j * dv->elem, dv->elem))
                continue;
            int64_t e = el_at(wr, j), p;
            if (U->all) {
                p = e;
            } else {
                while (u < U->n && U->idx[u] < e) u++;
                p = u < U->n && U->idx[u] == e ? u : -1;
            }
            char *row = F ? F + (size_t)p * dv->elem : dv->base + (size_t)e * dv->elem;
            if (agg == STRADS_AGG_FN && x->desc->fn)
                x->desc->fn(row, d + (size_t)j * dv->elem, dv->elem);
            else
                rt__v_put(x->desc->type, row, rep + (size_t)e * dv->elem, S + (size_t)p * dv->elem,
                          d + (size_t)j * dv->elem, x->nsc, cnt[p] == 0, cs ? cs + (size_t)p * cw : NULL);
            cnt[p]++;
        }
        at[t] += delta_bytes(nw, dv);
        /* Then the thread's writes outside its records (none is also a
         * recorded write of the thread: one contribution per element). */
        const rt__xlist *xl = c->track ? &c->xl[(size_t)t * (size_t)c->narr + (size_t)a] : NULL;
        for (int64_t j = 0; xl && j < xl->n; j++) {
            int64_t e = xl->idx[j];
            char *row = fold_row(dv, U, F, e);
            int64_t p = el_find(U, e);
            if (agg == STRADS_AGG_FN && x->desc->fn)
                x->desc->fn(row, xl->d + (size_t)j * dv->elem, dv->elem);
            else
                rt__v_put(x->desc->type, row, rep + (size_t)e * dv->elem, S + (size_t)p * dv->elem,
                          xl->d + (size_t)j * dv->elem, x->nsc, cnt[p] == 0, cs ? cs + (size_t)p * cw : NULL);
            cnt[p]++;
        }
    }
    int async = c->kind == STRADS_SYNC_SSP || c->kind == STRADS_SYNC_ASP;
    for (int64_t j = 0; j < nu; j++) {
        if (!cnt[j]) continue;
        int64_t e = el_at(U, j);
        /* a search of the owners' bounds: only when it matters */
        int owned = (async || (!F && c->N > 1)) && dds_owner(dv, e) == c->me;
        double f = 1;
        char *row = F ? F + (size_t)j * dv->elem : dv->base + (size_t)e * dv->elem;
        if (cs) /* the threads' mean, per scalar */
            rt__v_mean_from(x->desc->type, row, S + (size_t)j * dv->elem, x->nsc, cs + (size_t)j * cw);
        else if (agg == STRADS_AGG_AVG)
            f = 1.0 / cnt[j];
        if (async && owned && x->iavg) { /* the threads' mean, then the nodes' */
            if (f != 1) rt__v_scale_from(x->desc->type, row, S + (size_t)j * dv->elem, x->nsc, f);
            rt__iavg_land_from(x, e, row, S + (size_t)j * dv->elem, rt__writers(x, e, c->N, c->me));
        } else {
            if (async && owned && agg == STRADS_AGG_AVG) f /= rt__writers(x, e, c->N, c->me);
            if (f != 1) rt__v_scale_from(x->desc->type, row, S + (size_t)j * dv->elem, x->nsc, f);
        }
        if (!F && owned && c->N > 1) dds_mark_changed(dv, e, e + 1);
    }
}

/* ---- one clock ---- */

/* The direct arrays' fold (one node, whole replicas): the threads fold a
 * slice each, in parallel, straight from the replicas of the threads that
 * ran a task, in thread order, against the copy's values when the tasks
 * began; what else wrote the node's copy meanwhile stays (a function the
 * body calls, in another file, through a global). */
typedef struct direct_fold {
    call *c;
    const char **rep; /* [narr][T]: the replicas to fold */
    int nrep;
    char *was;        /* [T][wmax]: one element per part */
    size_t wmax;
} direct_fold;

static void fold_direct_part(void *arg, int64_t p, int thread)
{
    (void)thread;
    direct_fold *f = arg;
    call *c = f->c;
    for (int a = 0; a < c->narr; a++) {
        sarr *x = &c->arr[a];
        if (!x->direct) continue;
        int64_t n = x->dv->n, lo = n * p / c->T, hi = n * (p + 1) / c->T;
        rt__fold_replicas(x->desc->type, x->desc->agg == STRADS_AGG_AVG, x->dv->base, c->start[a],
                          f->rep + (size_t)a * (size_t)c->T, f->nrep, x->nsc, lo, hi,
                          f->was + (size_t)p * f->wmax);
    }
}

static int fold_direct(call *c)
{
    direct_fold f = {.c = c};
    for (int a = 0; a < c->narr; a++)
        if (c->arr[a].direct && c->arr[a].dv->elem > f.wmax) f.wmax = c->arr[a].dv->elem;
    if (!f.wmax) return 0;
    f.wmax = (f.wmax + 15) & ~(size_t)15; /* each part's element aligned */
    f.rep = calloc((size_t)c->narr * (size_t)c->T, sizeof *f.rep);
    f.was = malloc((size_t)c->T * f.wmax);
    int rc = f.rep && f.was ? 0 : STRADS_ENOMEM;
    for (int t = 0; t < c->T && !rc; t++) {
        if (c->task_of[t] < 0) continue;
        for (int a = 0; a < c->narr; a++)
            f.rep[(size_t)a * (size_t)c->T + (size_t)f.nrep] = c->rep[(size_t)t * (size_t)c->narr + (size_t)a];
        f.nrep++;
    }
    if (!rc) rc = rt_pool_run(c->T, fold_direct_part, &f);
    free(f.rep);
    free(f.was);
    return rc;
}

int rt__sync_run_tasks(call *c)
{
    for (int a = 0; a < c->narr; a++) {
        dds_vec *dv = c->arr[a].dv;
        if (!c->arr[a].direct) continue;
        if (!c->start[a] && !(c->start[a] = malloc(dv->bytes ? dv->bytes : 1))) return STRADS_ENOMEM;
        memcpy(c->start[a], dv->base, dv->bytes);
    }
    c->err = 0;
    int rc = rt_pool_run(c->T, rt__sync_run_task, c);
    return rc ? rc : c->err;
}

/* The fold of the clock's replicas: into the node's copy, or (F, BSP) into
 * F[a], U[a]'s values after the clock, which the caller frees. */
static int fold_threads(call *c, elist *U, char **S, char **F)
{
    int rc = 0, lock = (c->kind == STRADS_SYNC_SSP || c->kind == STRADS_SYNC_ASP) && c->N > 1;
    if ((rc = fold_direct(c))) return rc;
    size_t *at = calloc((size_t)c->T, sizeof *at);
    if (!at) return STRADS_ENOMEM;
    /* Other nodes' deltas may be landing in the owned elements. */
    if (lock && !rc) rc = rt__ssp_fold_begin();
    for (int a = 0; a < c->narr && !rc; a++) {
        if (!c->arr[a].replicate || c->arr[a].direct) continue;
        dds_vec *dv = c->arr[a].dv;
        int64_t nu = el_count(&U[a], dv);
        S[a] = malloc((size_t)(nu ? nu : 1) * dv->elem);
        /* counts per element, then per scalar for a mean of rows */
        size_t cw = scalar_counts(&c->arr[a]);
        int32_t *cnt = malloc((size_t)(nu ? nu : 1) * (1 + cw) * sizeof *cnt);
        if (!S[a] || !cnt) {
            free(cnt);
            rc = STRADS_ENOMEM;
            break;
        }
        if (U[a].all)
            rt__copy_node_rows(S[a], dv->base, (size_t)nu * dv->elem);
        else
            for (int64_t j = 0; j < nu; j++)
                memcpy(S[a] + (size_t)j * dv->elem, dv->base + (size_t)U[a].idx[j] * dv->elem, dv->elem);
        if (F && !(F[a] = malloc((size_t)(nu ? nu : 1) * dv->elem))) {
            free(cnt);
            rc = STRADS_ENOMEM;
            break;
        }
        if (F) memcpy(F[a], S[a], (size_t)nu * dv->elem);
        fold_array(c, a, &U[a], S[a], F ? F[a] : NULL, cnt, at);
        free(cnt);
    }
    if (lock) rt__ssp_fold_end();
    free(at);
    return rc;
}

int rt__sync_fold_threads(call *c, elist *U, char **S)
{
    return fold_threads(c, U, S, NULL);
}

/* Under BSP and Hybrid: every written array's deltas to the owners, all
 * nodes together, combined in rank order; the values after the clock are
 * the node's copy, or F[a] where F has them (fold_threads). It returns once
 * every owner has combined (dds_writeback_deltas), so a fast node's next
 * refresh cannot read a row half combined: no barrier after it. */
static int writeback_bsp(call *c, dds_snap **snap, char **F)
{
    int rc = 0;
    rt_trace_begin(RT_TR_WRITEBACK, NULL, -1);
    for (int a = 0; a < c->narr && !rc; a++) {
        if (!c->arr[a].written) continue;
        const strads_loop_array *d = c->arr[a].desc;
        dds_agg agg;
        memset(&agg, 0, sizeof agg);
        agg.kind = d->agg == STRADS_AGG_SUM              ? DDS_AGG_SUM
                   : d->agg == STRADS_AGG_FN && d->fn ? DDS_AGG_FN
                                                      : DDS_AGG_AVG;
        agg.type = d->type;
        agg.fn = (dds_agg_fn)d->fn;
        /* a node's unchanged element is no contribution (fold_array) */
        agg.changed_only = agg.kind != DDS_AGG_FN || !(c->site->recon && c->site->recon_on);
        rc = F && F[a] ? dds_writeback_deltas_from(c->arr[a].dv, snap[a], F[a], &agg)
                       : dds_writeback_deltas(c->arr[a].dv, snap[a], &agg);
    }
    rt_trace_end();
    return rc;
}

int rt__sync_writeback_bsp(call *c, dds_snap **snap)
{
    int rc = writeback_bsp(c, snap, NULL);
    /* A-BSP's clocks (loop_sync_iter.c) keep the barrier after the combine
     * that BSP does without: without it samples/pagerank under
     * sync(flexpara) on 4 nodes waits forever for a clock's stop signal far
     * more often (a race of the stop signal it only makes rarer). */
    int any = 0;
    for (int a = 0; a < c->narr; a++) any |= c->arr[a].written;
    if (!rc && any && c->N > 1) {
        sync_phase(c, SPH_BARRIER);
        rc = strads_barrier();
        sync_phase(c, SPH_EXCHANGE);
    }
    return rc;
}

/* After the tasks: adds the writes outside the records to the clock's
 * written elements U (and, for BSP, takes their snapshot again: the node's
 * copy is still as before the tasks, which only wrote replicas). Says once
 * per site and process that reconnaissance missed writes. */
static int add_unrecorded(call *c, elist *U, dds_snap **snap, int bsp)
{
    int rc = 0;
    for (int a = 0; a < c->narr && !rc; a++) {
        if (!c->arr[a].replicate) continue;
        int64_t extra = 0;
        for (int t = 0; t < c->T; t++)
            if (c->task_of[t] >= 0) extra += c->xl[(size_t)t * (size_t)c->narr + (size_t)a].n;
        if (!extra) continue;
        dds_vec *dv = c->arr[a].dv;
        if (rt_loop_once(c->site->id ^ 0x756E7265636F7264ull))
            rt_warn("sync_for %s:%u: the body wrote elements of the array allocated at %s that "
                    "reconnaissance did not record (a write under a condition?); they are "
                    "combined, but their values are not refreshed from the owners before the "
                    "tasks: recon(off) if the body reads them", c->site->file, c->site->line,
                    dv->site);
        int64_t *idx = realloc(U[a].idx, (size_t)(U[a].n + extra) * sizeof *idx);
        if (!idx) return STRADS_ENOMEM;
        U[a].idx = idx;
        for (int t = 0; t < c->T; t++) {
            if (c->task_of[t] < 0) continue;
            const rt__xlist *xl = &c->xl[(size_t)t * (size_t)c->narr + (size_t)a];
            if (xl->n) memcpy(idx + U[a].n, xl->idx, (size_t)xl->n * sizeof *idx);
            U[a].n += xl->n;
        }
        U[a].n = uniq_i64(U[a].idx, U[a].n);
        if (bsp && c->N > 1) {
            dds_snap_free(snap[a]);
            snap[a] = NULL;
            rc = dds_snapshot(dv, U[a].idx, (size_t)U[a].n, &snap[a]);
        }
    }
    return rc;
}

static int run_clock(call *c, int64_t clock)
{
    int rc = 0, N = c->N;
    int bsp = c->kind == STRADS_SYNC_BSP || c->kind == STRADS_SYNC_HYBRID;
    for (int t = 0; t < c->T; t++) {
        int64_t k = clock * c->T + t;
        c->task_of[t] = k < c->ntask ? k : -1;
    }
    sync_phase(c, SPH_FETCH);
    rt_trace_begin(RT_TR_FETCH, NULL, -1);
    if (N > 1) rc = refresh(c, clock);
    rt_trace_end();
    /* what this clock writes, and (BSP) its values before */
    size_t na = (size_t)(c->narr ? c->narr : 1);
    elist *U = calloc(na, sizeof *U);
    char **S = calloc(na, sizeof *S);
    dds_snap **snap = calloc(na, sizeof *snap);
    /* BSP's replicas fold into F, not into the node's copy: nothing writes
     * an owned row before the write-back's exchange, which every node
     * enters only after its refresh. */
    int aside = bsp && N > 1 && c->replicas;
    char **F = aside ? calloc(na, sizeof *F) : NULL;
    if (!U || !S || !snap || (aside && !F)) rc = rc ? rc : STRADS_ENOMEM;
    for (int a = 0; a < c->narr && !rc && (c->replicas || N > 1); a++) {
        if (!c->arr[a].written) continue;
        rc = rt__sync_clock_union(c, a, 1, &U[a]);
        if (!rc && bsp && N > 1)
            rc = dds_snapshot(c->arr[a].dv, U[a].all ? c->iota : U[a].idx, (size_t)U[a].n, &snap[a]);
    }
    /* The owners' copies are what other nodes refresh from, and Hybrid's
     * threads write the owned elements in place: nobody may write before
     * everybody has read. */
    if (!rc && bsp && N > 1 && c->any_written && !aside) {
        sync_phase(c, SPH_BARRIER);
        rt_trace_begin(RT_TR_BARRIER, NULL, -1);
        rc = strads_barrier();
        rt_trace_end();
    }
    sync_phase(c, SPH_COMPUTE);
    if (!rc) {
        /* The handler serves this clock's replicas only while tasks run. */
        if (c->track) rt__track_arm(c->trk, c->T * c->narr);
        if (!bsp && N > 1 && c->replicas) rc = rt__ssp_tasks_begin(); /* record/replay order */
        if (!rc) rc = rt__sync_run_tasks(c);
        if (c->track) rt__track_arm(NULL, 0);
    }
    sync_phase(c, SPH_FOLD);
    if (!rc && c->track) rc = add_unrecorded(c, U, snap, bsp);
    if (!rc && c->replicas) rc = fold_threads(c, U, S, F);
    sync_phase(c, SPH_EXCHANGE);
    if (!rc && N > 1) rc = bsp ? writeback_bsp(c, snap, F) : rt__ssp_push(c->arr, c->narr, U, S);
    for (int a = 0; a < c->narr; a++) {
        if (U) free(U[a].idx);
        if (S) free(S[a]);
        if (F) free(F[a]);
        if (snap) dds_snap_free(snap[a]);
    }
    free(U);
    free(S);
    free(F);
    free(snap);
    return rc;
}

/* Runs the clocks; SSP waits at each clock's gate, and with
 * STRADS_SSP_CHECK=1 fails when a clock starts further ahead than s. */
static int run_clocks(call *c)
{
    int ssp = c->kind == STRADS_SYNC_SSP && c->N > 1, rc = 0;
    int check = rt_cfg()->ssp_check;
    rt__clocks k;
    memset(&k, 0, sizeof k);
    strads_sync_spec spec = {(strads_sync_kind)c->h.model, c->h.a, c->h.b, c->h.has_b, c->h.custom};
    if (ssp) rc = rt__clocks_init(&k, c->h.invocation, &spec);
    int64_t max_stale = 0;
    double avg_s = 0;
    sync_phase(c, SPH_FETCH);
    if (!rc) rc = rt__sync_own_range(c, c->lo, c->hi, 1);
    rt_progress_total(c->clocks, "clocks");
    for (int64_t clock = 0; clock < c->clocks && !rc; clock++) {
        rt_trace_begin(RT_TR_CLOCK, NULL, clock);
        if (ssp) {
            int64_t stale = 0;
            sync_phase(c, SPH_BARRIER);
            rt_trace_begin(RT_TR_BARRIER, NULL, -1);
            rc = rt__clocks_wait(&k, clock, &stale);
            rt_trace_end();
            if (stale > max_stale) max_stale = stale;
            if (!rc && check && c->h.model == STRADS_SYNC_SSP && stale > c->h.staleness) {
                rt_error("sync_for %s:%u: SSP check: clock %lld starts %lld clocks ahead of the "
                         "slowest node, bound %lld",
                         c->site->file, c->site->line, (long long)clock, (long long)stale,
                         (long long)c->h.staleness);
                rc = STRADS_ESTATE;
            }
        }
        uint64_t t0 = rt_now_us();
        if (!rc) rc = run_clock(c, clock);
        /* STAT's avg_task_s: the weight of the newest clock, as in
         * sched_stat_done (scheduler/custom_policy.c) */
        double took = (double)(rt_now_us() - t0) / 1e6;
        avg_s = clock == 0 ? took : 0.75 * avg_s + 0.25 * took;
        if (!rc && ssp) rc = rt__clocks_announce(&k, clock + 1, avg_s);
        rt_trace_end();
        rt_progress_step();
    }
    sync_phase(c, SPH_EXCHANGE);
    if (!rc) rc = rt__sync_own_range(c, c->lo, c->hi, 0);
    if (!ssp) return rc;
    sync_phase(c, SPH_BARRIER); /* waiting for every node's last clock */
    int frc = rt__clocks_finish(&k, rc ? 0 : c->clocks);
    if (!rc) rc = frc;
    if (!rc) rc = strads_allreduce(&max_stale, 1, STRADS_T_I64, STRADS_OP_MAX);
    sync_phase(c, SPH_EXCHANGE);
    if (!rc && c->me == 0 && (check || rt_stats_on())) {
        const char *model = rt_sync_name((strads_sync_kind)c->h.model);
        rt_stats_note("sync_for %s:%u: %s(%lld) max staleness %lld", c->site->file, c->site->line,
                      model, (long long)c->h.staleness, (long long)max_stale);
        rt_stats("ssp", c->site->file, c->site->line, "model=%s staleness=%lld max_staleness=%lld",
                 model, (long long)c->h.staleness, (long long)max_stale);
    }
    return rc;
}

/* ---- the node function ---- */

static int parse_slow_test(call *c)
{
    const rt_config *cfg = rt_cfg();
    if (cfg->slow_test_rank == c->me) c->slow_ms = cfg->slow_test_ms;
    const char *v = cfg->slow;
    if (v) {
        char err[256];
        if (sched_slow_parse(v, c->N, &c->slow, err, sizeof err)) {
            rt_error("STRADS_SLOW=%s: %s", v, err);
            return STRADS_ECONFIG;
        }
    }
    return 0;
}

/* A setup step that failed on one node fails on all of them, before the
 * clocks' collectives: otherwise the others would wait for it forever.
 * Collective; returns rc, or STRADS_EREMOTE when only another node failed. */
static int agree(const call *c, int rc)
{
    if (c->N == 1) return rc;
    int32_t e = rc;
    int crc = strads_allreduce(&e, 1, STRADS_T_I32, STRADS_OP_MIN);
    if (crc) return crc;
    return rc ? rc : e ? STRADS_EREMOTE : 0;
}

/* STRADS_STATS: the call as the driver's node saw it; sent and received
 * are rank 0's message bytes during the call, copyin the bytes of copyin
 * sections the call's message shipped and those it referred to by hash
 * because every node held them (loop_fields.c). */
static void print_stats(const call *c, double secs, uint64_t sent, uint64_t recvd)
{
    const char *model = rt_sync_name((strads_sync_kind)c->h.model);
    /* A-BSP, Elastic and FlexPara run on BSP's mechanics under their own name */
    const char *as = c->absp ? model : rt_sync_name((strads_sync_kind)c->kind);
    double ph[SPH_N];
    for (int i = 0; i < SPH_N; i++) ph[i] = (double)c->ph_us[i] / 1e6;
    int same = strcmp(model, as) == 0;
    rt_stats_note("sync_for %s:%u: %s%s%s, %d nodes x %d threads, %lld tasks of %lld, %lld clocks, "
                  "%.3f s (rank 0: recon %.3f, plan %.3f, fetch %.3f, compute %.3f, fold %.3f, "
                  "exchange %.3f, barrier %.3f s; sent %llu, received %llu bytes; copyin shipped "
                  "%llu, kept %llu bytes)",
                  c->site->file, c->site->line, model, same ? "" : " as ", same ? "" : as, c->N,
                  c->T, (long long)c->ntask, (long long)c->mb, (long long)c->clocks, secs,
                  ph[SPH_RECON], ph[SPH_PLAN], ph[SPH_FETCH], ph[SPH_COMPUTE], ph[SPH_FOLD],
                  ph[SPH_EXCHANGE], ph[SPH_BARRIER], (unsigned long long)sent,
                  (unsigned long long)recvd, (unsigned long long)c->copyin_sent,
                  (unsigned long long)c->copyin_kept);
    rt_stats("sync_for", c->site->file, c->site->line,
             "model=%s runs_as=%s nodes=%d threads=%d tasks=%lld minibatch=%lld clocks=%lld "
             "time_s=%.6f recon_s=%.6f plan_s=%.6f fetch_s=%.6f compute_s=%.6f fold_s=%.6f "
             "exchange_s=%.6f barrier_s=%.6f sent_bytes=%llu recv_bytes=%llu copyin_bytes=%llu "
             "copyin_kept_bytes=%llu lists=%d",
             model, as, c->N, c->T, (long long)c->ntask, (long long)c->mb, (long long)c->clocks,
             secs, ph[SPH_RECON], ph[SPH_PLAN], ph[SPH_FETCH], ph[SPH_COMPUTE], ph[SPH_FOLD],
             ph[SPH_EXCHANGE], ph[SPH_BARRIER], (unsigned long long)sent,
             (unsigned long long)recvd, (unsigned long long)c->copyin_sent,
             (unsigned long long)c->copyin_kept, c->ts != NULL);
}

/* Reconnaissance that costs far more than the work it plans (a small
 * network whose every iteration touches all its weights: 2 s of records
 * for 1 ms of tasks a call) is said once per loop, with the way out. */
/* Summed over a site's calls (the node function's thread of rank 0): a
 * reconnaissance whose plan serves many calls is paid once (a conjugate
 * gradient's 0.1 s for 178 calls of 7 ms was said as too dear). */
typedef struct recon_cost {
    uint64_t id, calls, recons, recon_us, work_us;
    struct recon_cost *next;
} recon_cost;
static recon_cost *recon_costs;

static void say_recon_cost(const call *c)
{
    recon_cost *k = recon_costs;
    while (k && k->id != c->site->id) k = k->next;
    if (!k && (k = calloc(1, sizeof *k))) k->id = c->site->id, k->next = recon_costs, recon_costs = k;
    if (!k) return;
    k->calls++;
    k->recons += c->ph_us[SPH_RECON] > 0;
    k->recon_us += c->ph_us[SPH_RECON];
    k->work_us += c->ph_us[SPH_COMPUTE];
    double recon = (double)k->recon_us / 1e6, work = (double)k->work_us / 1e6;
    if ((k->calls < 4 && k->recons < 2) || recon < 0.1 || recon < 10 * work ||
        !rt_loop_once(c->site->id ^ 0x7265636F6E636F73ull))
        return;
    /* recon(off)'s price, so that the way out is not taken where it costs
     * more (a stencil over large arrays: every call would move them whole) */
    double whole = 0;
    for (int a = 0; a < c->narr; a++)
        if (!c->arr[a].own) whole += (double)c->arr[a].dv->n * (double)c->arr[a].dv->elem;
    rt_warn("sync_for %s:%u: reconnaissance took %.2f s for %.3f s of the tasks it plans "
            "over %llu calls (an iteration that touches many elements, or that computes much "
            "to find them; STRADS_STATS=1 says when it is made again); recon(off) on the "
            "pragma skips it, at a price: at every call each node then fetches the arrays the "
            "body reads whole and combines what it writes whole, here %.1f MB; worth it when "
            "that moves faster than the reconnaissance takes (docs/guide.md)",
            c->site->file, c->site->line, recon, work, (unsigned long long)k->calls, whole / 1e6);
}

static void keep_separate(const call *c, int separate);

/* Rank 0's node function: the call's tasks were separate and left to the
 * driver (want_sep 2); the driver runs it alone (run_shared). */
static bool tasks_skipped;
static int run_tasks(call *c, int rc, int async);

static int sync_node(const void *arg, size_t len)
{
    if (len < sizeof(sync_hdr)) return STRADS_EPROTO;
    call c;
    memset(&c, 0, sizeof c);
    memcpy(&c.h, arg, sizeof c.h);
    int rc = rt_loop_site_decode(c.h.site_ref, &c.site);
    if (rc) return rc;
    rc = rt_loop_env_open(c.site, arg, len, sizeof c.h, &c.env);
    if (rc) return rc;
    rt_trace_begin(RT_TR_SYNC_FOR, c.site, -1);
    c.N = strads_size();
    c.me = strads_rank();
    c.T = c.h.threads;
    c.kind = c.h.kind;
    c.mb = c.h.minibatch;
    /* STRADS_SLOW's periods count from the first parallel loop. */
    static double first_loop_s;
    if (!first_loop_s) first_loop_s = (double)rt_now_ms() / 1000.0;
    c.t0 = first_loop_s;
    uint64_t t_start = rt_now_us(), sent0 = 0, recv0 = 0;
    if (c.me == 0) {
        rt_net_bytes(&sent0, &recv0);
        rt_fields_copyin_counts(&c.copyin_sent, &c.copyin_kept);
    }
    c.ph_at = t_start;
    c.ph = SPH_PLAN;
    block_of(&c.h, c.N, c.me, &c.lo, &c.hi);
    c.ntask = (c.hi - c.lo + c.mb - 1) / c.mb;
    for (int r = 0; r < c.N; r++) {
        int64_t lo, hi;
        block_of(&c.h, c.N, r, &lo, &hi);
        int64_t clocks = ((hi - lo + c.mb - 1) / c.mb + c.T - 1) / c.T;
        if (clocks > c.clocks) c.clocks = clocks;
    }
    int async = (c.kind == STRADS_SYNC_SSP || c.kind == STRADS_SYNC_ASP) && c.N > 1;
    /* Hogwild threads race on the node's copy: a replay completes the call. */
    if (c.kind == STRADS_SYNC_HYBRID && c.T > 1) replay_note_timing();
    /* A lone thread of a lone node is its own replica: it runs in place,
     * which keeps the one-node one-thread run exactly sequential. Without
     * the site's array table nothing can be replicated: threads share the
     * node's copy as under Hybrid. */
    c.replicas = c.kind != STRADS_SYNC_HYBRID && (c.N > 1 || c.T > 1) && c.site->narrays;
    /* A-BSP, Elastic and FlexPara need a split per node; a smaller range
     * runs as BSP. */
    c.absp = (c.h.model == STRADS_SYNC_ABSP || c.h.model == STRADS_SYNC_ELASTIC ||
              c.h.model == STRADS_SYNC_FLEXPARA) &&
             c.h.end - c.h.begin >= (int64_t)c.N;
    if (c.absp) rt__absp_handlers(); /* before agree(): no report can beat it */
    c.task_of = calloc((size_t)c.T, sizeof *c.task_of);
    if (!c.task_of) rc = STRADS_ENOMEM;
    if (!rc) rc = parse_slow_test(&c);
    if (!rc) rc = find_arrays(&c);
    /* Nor where the table says the body writes none (a loss over the test
     * set) or only arrays the iterations own, written in place: one node
     * then needs no reconnaissance either (sgdmf.c's RMSE loop spent
     * 0.2-0.3 s of its first call on it, 1 M ratings). */
    int writable = 0;
    for (int a = 0; a < c.narr; a++)
        writable |= !(c.arr[a].desc->flags & STRADS_ARRAY_READONLY) && !c.arr[a].own;
    if (!writable) c.replicas = 0;
    /* A-BSP's early stop leaves items for a later call; an item of a loop
     * that writes only its iterations' own elements, with no reduction, is
     * then simply not done this call: a prediction left stale, a copy of
     * new ranks not made (PageRank under a global --sync absp). Every model
     * gives such a loop the sequential result, so it runs whole, as BSP
     * (said once). A reduction is a shared model the stop may cut short
     * (k-means' sums over the points processed). */
    if (c.absp && (c.h.model == STRADS_SYNC_ABSP || (c.h.model == STRADS_SYNC_FLEXPARA && c.h.a > 0 && c.h.a < 1)) &&
        !writable && !c.site->tls_size) {
        c.absp = false;
        if (c.me == 0 && rt_loop_once(c.site->id ^ 0x6162737077686F6Cull))
            rt_warn("sync_for %s:%u: the body writes only its iterations' own elements, which "
                    "A-BSP's early stop would leave undone for this call: every item runs, as "
                    "under bsp (absp is for loops that update a shared model)",
                    c.site->file, c.site->line);
    }
    /* A-BSP's splits start anywhere and move between nodes: it fetches by
     * split (absp_fetch) and replicates written arrays whole. */
    /* a generated site without a table touches no distributed array (NPB
     * EP: reconnaissance took twice its loop, for nothing to list) */
    bool listed = c.narr > 0 || !c.site->env_fields;
    /* every array the iterations' own (t-SNE's rows, each rewritten in a
     * binary search): each node fetches its block's and writes them back,
     * and records name nothing more (reconnaissance took five times the
     * loop, exactly, element by element) */
    bool all_own = c.narr > 0;
    for (int a = 0; a < c.narr; a++) all_own &= c.arr[a].own;
    if (!rc && !c.absp && listed && !all_own && c.site->recon && c.site->recon_on &&
        (c.N > 1 || c.replicas)) {
        sync_phase(&c, SPH_RECON);
        rc = rt__sync_recon(&c);
        sync_phase(&c, SPH_PLAN);
    }
    /* Replicas hold only what the records name: writes beyond them are
     * found at page granularity (loop.h) instead of being dropped. */
    c.track = c.ts && c.replicas;
    rc = agree(&c, rc);
    if (!rc) rc = agree_written(&c);
    /* whether the tasks are separate: the driver may then run the next
     * calls these records serve alone (loop_sync_separate.c) */
    bool skip_tasks = false;
    if (!rc && c.h.want_sep) {
        rt__sep none = {.ok = -1, .narr = c.narr};
        int separate;
        rc = rt__sync_sep_agree(&c, c.sep ? c.sep : &none, &separate);
        if (!rc && c.me == 0 && separate >= 0) keep_separate(&c, separate);
        /* separate, in a call the driver would have run alone but for the
         * verdict (want_sep 2): no task runs here, the driver runs the call
         * alone as the loop itself (run_shared). Rank 0 alone has the
         * verdict: every node learns it (they must skip alike) */
        int32_t v = c.me == 0 ? separate : -1;
        if (!rc && c.h.want_sep == 2 && c.N > 1) rc = strads_allreduce(&v, 1, STRADS_T_I32, STRADS_OP_MAX);
        skip_tasks = !rc && v == 1 && c.h.want_sep == 2;
        if (skip_tasks && c.me == 0) tasks_skipped = true;
    }
    if (!skip_tasks) rc = run_tasks(&c, rc, async);
    sync_phase(&c, SPH_PLAN);
    /* (records that bought a verdict, the call then run alone: no tasks
     * to weigh them against, and recon(off) would move the arrays whole) */
    if (c.me == 0 && !skip_tasks) say_recon_cost(&c);
    if (c.me == 0 && rt_stats_on()) {
        uint64_t sent, recvd;
        rt_net_bytes(&sent, &recvd);
        print_stats(&c, (double)(rt_now_us() - t_start) / 1e6, sent - sent0, recvd - recv0);
    }
    teardown(&c);
    rt_trace_end();
    rt_loop_env_close(c.site, c.env);
    return rc;
}

/* The tasks of a call shared, its reductions folded and published: after
 * the records and the verdict on them (sync_node). */
static int run_tasks(call *c, int rc, int async)
{
    for (int a = 0; a < c->narr; a++)
        c->arr[a].direct = c->N == 1 && c->arr[a].replicate && !c->ts &&
                          (c->arr[a].desc->agg == STRADS_AGG_SUM || c->arr[a].desc->agg == STRADS_AGG_AVG);
    if (!rc && async && c->ts && c->N > 1) rc = count_writers(c);
    /* without records, an average counts the nodes that change an element */
    for (int a = 0; !rc && async && !c->ts && c->N > 1 && c->N <= 64 && a < c->narr; a++)
        if (c->arr[a].written && c->arr[a].desc->agg == STRADS_AGG_AVG &&
            !(c->arr[a].changed_by = calloc((size_t)c->arr[a].dv->n, sizeof *c->arr[a].changed_by)))
            rc = STRADS_ENOMEM;
    for (int a = 0; !rc && async && c->N > 1 && a < c->narr; a++)
        if (c->arr[a].written) rc = rt__iavg_open(&c->arr[a]);
    /* a hand-made site without a table, or a body calling a function of
     * another file, which may write a distributed array stradsc did not
     * see (a generated site without a table touches none) */
    if (!rc && !c->site->narrays && (c->site->calls_out || !c->site->env_fields) && c->N > 1 && !c->ts &&
        strads_rank() == 0)
        rt_warn("sync_for %s:%u: without reconnaissance or the site's array table, writes to "
                "distributed arrays %sare not combined across nodes", c->site->file, c->site->line,
                c->site->calls_out ? "by the functions of other files it calls " : "");
    if (!rc && !c->ts && c->N > 1) {
        /* only written arrays are snapshot whole: the input (600,000
         * k-means points) would cost 4.8 MB of fresh memory a call */
        int64_t maxn = 1;
        for (int a = 0; a < c->narr; a++)
            if (c->arr[a].written && c->arr[a].dv->n > maxn) maxn = c->arr[a].dv->n;
        c->iota = malloc((size_t)maxn * sizeof *c->iota);
        if (!c->iota) rc = STRADS_ENOMEM;
        for (int64_t i = 0; i < maxn && !rc; i++) c->iota[i] = i;
    }
    if (!rc && c->replicas) rc = setup_replicas(c);
    if (!rc) rc = rt_loop_tls_new(c->site, c->env, c->T, &c->tls);
    rc = agree(c, rc);
    /* SSP/ASP: every node's delta handler must be ready before anyone pushes. */
    int opened = 0;
    if (!rc && async) rc = rt__ssp_open(c->arr, c->narr), opened = 1;
    if (!rc) rc = c->absp ? rt__sync_run_absp(c) : run_clocks(c);
    if (opened) {
        int crc = rt__ssp_close();
        if (!rc) rc = crc;
    }
    char *acc = NULL;
    sync_phase(c, SPH_FOLD); /* the reductions, threads then ranks */
    if (!rc) rc = rt_loop_fold(c->site, c->env, c->tls, c->T, c->h.invocation, &acc);
    rt_loop_publish(c->site, c->env, acc);
    rt_loop_tls_free(c->site, c->tls, c->T);
    return rc;
}

/* The parts of what a sync_for's records depend on (input_key). */
enum { IN_COPYIN, IN_SCALARS, IN_INDICES, IN_N };

/* Driver: whether the tasks of a call were separate (loop_sync_separate.c),
 * for the input key, range, minibatch and threads its records were made
 * for; the latest SEP_KEPT (ping-pong arrays alternate two keys, a layer
 * function's calls cycle through a network's layers: llm.c's matmul
 * through nine, which four kept made a miss at every call). Records for a
 * verdict are asked SEP_ASKS times a site, more while every verdict said
 * separate. */
#define SEP_KEPT 128
#define SEP_ASKS 4
typedef struct sep_kept {
    uint64_t input[IN_N];
    int64_t begin, end, mb;
    int T, separate, used;
} sep_kept;

/* Driver: calls of each site so far, for STRADS_RECON_EVERY. */
typedef struct site_calls {
    uint64_t id, calls;
    uint64_t input[IN_N]; /* input_key of the latest call */
    sep_kept sep[SEP_KEPT];
    int sep_next;
    int want_sep; /* its calls alone are BSP's workers emulated: records for a verdict */
    int sep_yes, sep_no; /* verdicts kept: separate, not */
    int sep_asks; /* calls that made lists for a verdict (a few: keys may never repeat) */
    int sep_gathers; /* calls that gathered the nodes' descriptions, likewise */
    int key_asks, key_hits; /* calls alone shared for a new key's verdict; calls alone that found one */
    bool emu_dear; /* its latest call as BSP's workers emulated cost over 4x their work */
    int emu_slow; /* its calls as BSP's workers emulated that cost over 10x their work */
    struct site_calls *next;
} site_calls;

/* Driver: whether a site's calls of one range and thread count run alone
 * (engine/loop_alone.c). One per range (a loop over alternating slices),
 * up to RT_RANGES_PER_SITE a site and thread count. */
typedef struct alone_state {
    uint64_t id;
    int64_t begin, end;
    int threads;
    uint64_t used; /* alone_clock at its latest call */
    rt_alone al;
    bool emu_timed; /* its calls alone were BSP's workers emulated */
    bool tried_shared; /* a call was shared early for a verdict on its tasks */
    bool priced;       /* its first shared call's price was projected (recon_price) */
    struct alone_state *next;
} alone_state;
static alone_state *alone_list;
static uint64_t alone_clock;

static alone_state *alone_of(const strads_loop_site *site, int64_t begin, int64_t end, int threads)
{
    alone_state *s, *recent = NULL, *old = NULL;
    int same = 0;
    for (s = alone_list; s; s = s->next) {
        if (s->id != site->id || s->threads != threads) continue;
        if (s->begin == begin && s->end == end) break;
        same++;
        if (!recent || s->used > recent->used) recent = s;
        if (!old || s->used < old->used) old = s;
    }
    if (!s) {
        alone_state *reuse = same >= RT_RANGES_PER_SITE ? old : NULL;
        if (!reuse && !(reuse = calloc(1, sizeof *reuse))) return NULL;
        if (reuse != old) {
            reuse->next = alone_list;
            alone_list = reuse;
        }
        rt_alone al = {0};
        if (recent)
            rt_alone_inherit(&al, &recent->al, (double)(end - begin) / (double)(recent->end - recent->begin));
        reuse->id = site->id, reuse->begin = begin, reuse->end = end, reuse->threads = threads;
        reuse->al = al;
        /* how the site's calls alone ran, and whether its records were
         * priced, hold for a new range too (a wavefront's every call is
         * one: each asks for a verdict on its records, which lets it run
         * alone as the loop itself, 1 ms a call where shared tasks took
         * 3-40 ms); the rest is the range's own */
        reuse->emu_timed = recent && recent->emu_timed;
        reuse->priced = recent && recent->priced;
        reuse->tried_shared = false;
        s = reuse;
    }
    s->used = ++alone_clock;
    return s;
}
static site_calls *calls_list;

static site_calls *calls_of(const strads_loop_site *site)
{
    site_calls *s = calls_list;
    while (s && s->id != site->id) s = s->next;
    if (!s && (s = calloc(1, sizeof *s))) {
        *s = (site_calls){.id = site->id, .next = calls_list};
        calls_list = s;
    }
    return s;
}

/* Rank 0, for the driver: the verdict on the call's records, under the
 * input key the driver computed for it (sync_prepare). */
/* The verdict kept for records of this input key, range, minibatch and
 * threads, or NULL. */
static sep_kept *sep_find(site_calls *sc, const uint64_t key[IN_N], int64_t begin, int64_t end,
                          int64_t mb, int threads)
{
    for (int i = 0; i < SEP_KEPT; i++) {
        sep_kept *k = &sc->sep[i];
        if (k->used && !memcmp(k->input, key, sizeof k->input) && k->begin == begin && k->end == end &&
            k->mb == mb && k->T == threads)
            return k;
    }
    return NULL;
}

static void keep_separate(const call *c, int separate)
{
    site_calls *sc = calls_of(c->site);
    if (!sc) return;
    sep_kept *k = sep_find(sc, sc->input, c->h.begin, c->h.end, c->mb, c->T);
    if (!k) {
        k = &sc->sep[sc->sep_next];
        sc->sep_next = (sc->sep_next + 1) % SEP_KEPT;
    }
    if (rt_stats_on() && (!k->used || k->separate != separate))
        rt_stats("separate", c->site->file, c->site->line, "separate=%d", separate);
    if (separate) sc->sep_yes++;
    else sc->sep_no++;
    memcpy(k->input, sc->input, sizeof k->input);
    k->begin = c->h.begin, k->end = c->h.end, k->mb = c->mb, k->T = c->T;
    k->separate = separate;
    k->used = 1;
}

static void input_key(const strads_loop_site *site, const void *env, uint64_t key[IN_N]);

/* 1 separate, 0 not, -1 no verdict kept. */
static int sep_lookup(site_calls *sc, const uint64_t key[IN_N], int64_t begin, int64_t end,
                      int64_t mb, int threads)
{
    const sep_kept *k = sep_find(sc, key, begin, end, mb, threads);
    return k ? k->separate : -1;
}

/* Were the tasks of this call separate when its records were made? */
static int kept_separate(const strads_loop_site *site, const void *env, int64_t begin, int64_t end,
                         int64_t mb, int threads)
{
    site_calls *sc = calls_of(site);
    if (!sc || !sc->sep[0].used) return -1;
    uint64_t key[IN_N];
    input_key(site, env, key);
    return sep_lookup(sc, key, begin, end, mb, threads);
}

static int recon_due(site_calls *s)
{
    if (!s) return 1;
    int64_t k = rt_cfg()->recon_every;
    return s->calls++ > 0 && k > 0 && (s->calls - 1) % (uint64_t)k == 0;
}

/* What the records depend on besides the range: the captured integer
 * scalars, the versions of the integer arrays the loop only reads (an
 * index array the sequential code rewrote between calls: the rows written
 * through it moved, and writes beyond the
 * records made in a helper were lost) and the bytes of the copyin input
 * that can hold indices: k-means' centroids, a copyin of floats that
 * changes every call, redid the reconnaissance of every call. Kept in
 * parts, for the reason a new reconnaissance gives. */
static const char *const in_why[IN_N] = {
    "its copyin input changed",
    "a captured pointer or value that picks rows changed (a pointer swapped between calls "
    "counts: the records name the arrays)",
    "an integer array it only reads changed"};

/* Integers whose values pick nothing: stradsc's picks of the pointer at
 * env_off (frontend/keyed.c: labels only compared). */
static bool values_only(const strads_loop_site *site, size_t env_off)
{
    for (int i = 0; site->env_fields && i < site->nenv_fields; i++)
        if (site->env_fields[i].cls == STRADS_F_PTR && site->env_fields[i].off == env_off)
            return site->env_fields[i].picks == STRADS_PICKS_NO;
    return false;
}

static void input_key(const strads_loop_site *site, const void *env, uint64_t key[IN_N])
{
    key[IN_COPYIN] = rt_loop_copyin_index_hash(site, env);
    /* and the captured integers: an offset that moves every call (the
     * epoch in idx[(i + epoch) % n]) moves what the records name */
    key[IN_SCALARS] = env && site->env_fields
                          ? rt_fields_scalar_hash(env, site->env_fields, site->nenv_fields)
                          : 0;
    uint64_t h = 0;
    for (size_t a = 0; a < site->narrays; a++) {
        /* integer arrays only: indices pick rows; the model values an
         * evaluation loop reads change every epoch and pick nothing */
        strads_type t = site->arrays[a].type;
        if (!(site->arrays[a].flags & STRADS_ARRAY_READONLY) || t == STRADS_T_F32 || t == STRADS_T_F64 ||
            values_only(site, site->arrays[a].env_off))
            continue;
        const void *p;
        dds_vec *dv;
        memcpy(&p, (const char *)env + site->arrays[a].env_off, sizeof p);
        /* its contents in one process, where versions do not move: records
         * of an index array rewritten between calls missed the new rows'
         * writes at 1x2 (one thread of one process needs none, and skips
         * this hash with the call) */
        if (p && dds_lookup(p, &dv, NULL) == 0)
            h = (h ^ (rt_loop_array_stamp(dv) + 0x9E3779B97F4A7C15ull * (a + 1))) *
                0xBF58476D1CE4E5B9ull;
    }
    key[IN_INDICES] = h;
}

/* The header and what the driver decides it from, after the sequential
 * code's writes reached the owners (rt_loop_invoke_ex). */
typedef struct sync_prep {
    sync_hdr h; /* first: only this travels */
    const strads_loop_site *site;
    const void *env;
    site_calls *sc;
} sync_prep;

static void sync_prepare(void *hdr)
{
    sync_prep *p = hdr;
    for (size_t a = 0; a < p->site->narrays && a < SYNC_VERS; a++) {
        const void *q;
        dds_vec *dv;
        memcpy(&q, (const char *)p->env + p->site->arrays[a].env_off, sizeof q);
        p->h.ver[a] = q && dds_lookup(q, &dv, NULL) == 0 ? dv->version + 1 : 0;
    }
    uint64_t key[IN_N];
    input_key(p->site, p->env, key);
    int records = p->site->recon && p->site->recon_on; /* recon(off) makes none */
    int why = -1;
    for (int k = 0; p->sc && k < IN_N && why < 0; k++)
        if (key[k] != p->sc->input[k]) why = k;
    if (records && p->sc && p->sc->calls > 1 && why >= 0 && !p->h.recon) {
        p->h.recon = 1;
        if (rt_stats_on()) {
            rt_stats_note("sync_for %s:%u: new reconnaissance: %s", p->site->file, p->site->line,
                          in_why[why]);
            rt_stats("recon_again", p->site->file, p->site->line, "loop=sync_for reason=%s",
                     why == IN_COPYIN ? "copyin" : why == IN_SCALARS ? "scalars" : "indices");
        }
    }
    /* a verdict wanted and none kept for these records: every node makes
     * its lists, even where it would fetch whole arrays (loop_sync_recon.c) */
    int sep = records && p->sc ? sep_lookup(p->sc, key, p->h.begin, p->h.end, p->h.minibatch, p->h.threads)
                               : 0;
    /* Where the call would run alone but for a verdict (BSP's workers
     * emulated cost the copies of the model: a blocked wavefront's
     * 16x16 blocks of a 16 MB matrix, 50 ms a call for 0.2 ms of work), a
     * verdict of separate runs it alone as the loop itself at once
     * (want_sep 2): what each costs is the records. As long as every
     * verdict so far said separate, its calls keep asking: a key that
     * never repeats (the wavefront's step) gets one each call. */
    bool alone = p->sc && p->sc->want_sep && rt_loop_may_run_alone();
    bool more = alone && p->sc->sep_yes > 0 && p->sc->sep_no == 0;
    if (sep < 0 && p->sc->want_sep && p->h.recon < 2 && (p->sc->sep_asks < SEP_ASKS || more)) {
        p->h.recon = 2;
        p->sc->sep_asks++;
    }
    /* the nodes describe their tasks only for records without a verdict,
     * a few times a site (a gather a call) */
    if (sep < 0 && (p->sc->sep_gathers < 2 * SEP_ASKS || more)) {
        p->h.want_sep = alone ? 2 : 1;
        p->sc->sep_gathers++;
    }
    if (p->sc) memcpy(p->sc->input, key, sizeof key);
}

/* Does a call run alone compute what the same call shared computes? When
 * every array the body writes is its iterations' own (each touches only
 * element i, reading it too: STRADS_ARRAY_OWN), no worker reads another's
 * write, and no change is averaged: yes, up to the order of reductions.
 * Otherwise (a model written under averaging, `w[f] += g`) the answer is
 * the model's, and which calls ran alone would change it with timing.
 * summed: the model lets a worker read others' changes as soon as they are
 * made (SSP, ASP, a barrier policy), so an array whose changes are summed
 * (aggregate(x: sum)) may be written by several: the loop run alone is
 * the run of one worker, which such a model allows (its reads are never
 * stale), the plain program's answer. Under averaging it is not: N
 * workers' mean moves the model by 1/N of their changes. */
/* The bytes of dv that array d's pointer p reaches in iterations begin ..
 * end - 1, as [*lo, *hi) from dv's base, where stradsc states them
 * (STRADS_ARRAY_SPAN); *own: no two iterations reach one element. */
static bool span_of(const strads_loop_array *d, const void *env, const void *p, const dds_vec *dv,
                    int64_t begin, int64_t end, int64_t *lo, int64_t *hi, bool *own)
{
    if (!(d->flags & STRADS_ARRAY_SPAN) || !d->span_elem || !p || !dv) return false;
    int64_t a = d->span_a, l = d->span_lo, h = d->span_hi, el = (int64_t)d->span_elem;
    if (!a) {
        int64_t row = d->own_row_size ? rt_own_row(d, env) : 0;
        if (row <= 0) return false;
        a = row, l = 0, h = row - 1;
    }
    *own = h - l < (a < 0 ? -a : a);
    int64_t first = a > 0 ? begin : end - 1, last = a > 0 ? end - 1 : begin, emin, emax;
    if (begin >= end) {
        *lo = *hi = 0;
        return true;
    }
    if (__builtin_mul_overflow(first, a, &emin) || __builtin_add_overflow(emin, l, &emin) ||
        __builtin_mul_overflow(last, a, &emax) || __builtin_add_overflow(emax, h + 1, &emax) ||
        __builtin_mul_overflow(emin, el, &emin) || __builtin_mul_overflow(emax, el, &emax))
        return false;
    int64_t off = (const char *)p - (const char *)dv->base;
    *lo = off + emin, *hi = off + emax;
    return true;
}

static bool alone_same(const strads_loop_site *site, const void *env, int64_t begin, int64_t end,
                       bool summed)
{
    enum { MAXA = 64 };
    const dds_vec *vec[MAXA];
    int64_t lo[MAXA], hi[MAXA];
    bool spans[MAXA], own[MAXA];
    if (site->narrays > MAXA) return false;
    for (size_t a = 0; a < site->narrays; a++) {
        int f = site->arrays[a].flags;
        /* summed changes read at once, or never read (STRADS_ARRAY_ADDED:
         * a scatter's sums are the sequential additions) */
        bool sum = (summed || (f & STRADS_ARRAY_ADDED)) && !(f & STRADS_ARRAY_READONLY) &&
                   site->arrays[a].agg == STRADS_AGG_SUM;
        /* a block of columns an iteration, all within the rows this call */
        bool cols = (f & STRADS_ARRAY_COLS) && site->arrays[a].cols_ok &&
                    site->arrays[a].cols_ok(env, begin, end);
        if (!(f & (STRADS_ARRAY_READONLY | STRADS_ARRAY_OWN | STRADS_ARRAY_DISJOINT)) && !sum && !cols)
            return false;
        const void *p;
        dds_vec *dv = NULL;
        memcpy(&p, (const char *)env + site->arrays[a].env_off, sizeof p);
        if ((!p || dds_lookup(p, &dv, NULL) != 0) && !(f & STRADS_ARRAY_READONLY)) return false;
        vec[a] = dv;
        spans[a] = span_of(&site->arrays[a], env, p, dv, begin, end, &lo[a], &hi[a], &own[a]);
        /* a flat row's length, as stradsc saw it, is the array's, or the
         * rows its iterations write are theirs alone (SPAN) */
        if (site->arrays[a].own_row_size && !sum && !(f & STRADS_ARRAY_READONLY) &&
            !(spans[a] && own[a]) && (!dv || dv->elem != rt_own_elem(&site->arrays[a], env)))
            return false;
    }
    /* stradsc judged each pointer alone: another one into an array the
     * body writes (q = a, a[2 * j + 2] = q[2 * j]) reads what it writes,
     * unless the bytes each reaches in this call are apart */
    for (size_t a = 0; a < site->narrays; a++)
        for (size_t b = 0; !(site->arrays[a].flags & STRADS_ARRAY_READONLY) && b < site->narrays; b++)
            if (b != a && vec[b] == vec[a] &&
                !(spans[a] && spans[b] && (hi[a] <= lo[b] || hi[b] <= lo[a])))
                return false;
    return true;
}

/* Does the loop write a distributed array of rows of floating scalars
 * under aggregate(avg)? */
static bool float_rows_avg(const strads_loop_site *site, const void *env)
{
    for (size_t a = 0; a < site->narrays; a++) {
        const strads_loop_array *d = &site->arrays[a];
        const void *p;
        dds_vec *dv;
        memcpy(&p, (const char *)env + d->env_off, sizeof p);
        if (!(d->flags & STRADS_ARRAY_READONLY) && d->agg == STRADS_AGG_AVG && rt__floating(d->type) && p &&
            dds_lookup(p, &dv, NULL) == 0 && dv->elem > rt__type_size(d->type))
            return true;
    }
    return false;
}

/* What the records of a whole call would cost, from those of 4 blocks of
 * up to 32 iterations spread over it, made on the driver (which holds the
 * data after a call alone); fewer blocks once they have taken cap_s (a
 * call alone: the price then only says how long to stay alone); 0 when
 * the loop makes none (every array its iterations' own) or they cannot be
 * made. */
static double recon_price(const strads_loop_site *site, const void *env, int64_t begin, int64_t end,
                          double cap_s)
{
    enum { BLOCKS = 4, BLOCK = 32 };
    /* in one process only arrays written other than in place want them */
    bool records = false;
    for (size_t a = 0; a < site->narrays && !records; a++) {
        const strads_loop_array *d = &site->arrays[a];
        if (d->flags & STRADS_ARRAY_OWN) continue;
        if (strads_size() == 1) {
            const void *p;
            dds_vec *dv;
            memcpy(&p, (const char *)env + d->env_off, sizeof p);
            if ((d->flags & STRADS_ARRAY_READONLY) ||
                (p && dds_lookup(p, &dv, NULL) == 0 && disjoint_in_place(d, dv, env)))
                continue;
        }
        records = true;
    }
    if (!records) return 0;
    int64_t n = end - begin, done = 0;
    uint64_t t0 = rt_now_us();
    bool over = false;
    for (int k = 0; k < BLOCKS && done < n && !over; k++) {
        int64_t lo = begin + n * k / BLOCKS, hi = lo + BLOCK < end ? lo + BLOCK : end;
        /* in runs of 1, 2, 4... iterations: one iteration's records may
         * cost more than the call (a row of a matmul recorded element by
         * element) */
        for (int64_t at = lo, run = 1; at < hi && !over; at += run, run *= 2) {
            int64_t to = at + run < hi ? at + run : hi;
            strads_recon rc;
            rt_recon_init(&rc, at);
            rc.sync = true;
            rt_recon_run(site, env, &rc, NULL, at, to);
            int err = rc.err;
            sched_rec_free(&rc.rec);
            if (err) return 0;
            done += to - at;
            over = rt_now_us() - t0 > cap_s * 1e6;
        }
    }
    return done > 0 ? (double)(rt_now_us() - t0) / 1e6 / (double)done * (double)n : 0;
}

/* One call run by the driver alone, as the sequential program runs it
 * (one worker's view of every model, its own writes seen at once), or,
 * emu, as BSP's workers compute it (loop_sync_alone.c; fresh: the model
 * lets a worker read others' changes at once). Stops after
 * budget_s seconds (0: none); returns where it stopped (emu: begin, when
 * two timed clocks, *whole_s the call's estimate, said it would not fit). */
static int64_t run_alone(const strads_loop_site *site, void *env, int64_t begin, int64_t end,
                         double budget_s, bool emu, bool fresh, int threads, int64_t mb,
                         double shared_s, rt__emu_seen *seen)
{
    uint64_t op;
    *seen = (rt__emu_seen){0};
    if (!rt_loop_alone_begin(site, env, &op)) return end;
    int64_t done = end;
    if (!emu)
        done = rt_loop_body_alone_for(site, env, NULL, begin, end, budget_s, &seen->whole_s);
    else if (!rt__sync_emulate(site, env, begin, end, strads_size(), threads, mb, fresh, budget_s,
                               shared_s, seen))
        done = begin;
    rt_loop_alone_end(site, env, op, done > begin);
    return done;
}

/* Iterations per task: the user's minibatch, else about 8 tasks a thread
 * of a node (clocks at which the workers see each other's changes); one a
 * thread where every array the body writes is its iterations' own or
 * disjoint (alone_same): no clock could change what the call computes, and
 * each would fetch, snapshot and write back the arrays again (a stencil's
 * arrays go whole). */
static int64_t minibatch_of(const strads_loop_site *site, const void *env, int64_t begin,
                            int64_t end, int threads)
{
    const strads_loop_dyn *dyn = env;
    int64_t n = end - begin, share = (n + strads_size() - 1) / strads_size();
    int per = alone_same(site, env, begin, end, false) ? threads : 8 * threads;
    int64_t mb = dyn->minibatch > 0 ? dyn->minibatch : (share + per - 1) / per;
    return mb < 1 ? 1 : mb;
}

/* A site whose every call needs new records for its verdict (a blocked
 * factorization's range moves at each call, so no key comes back) and
 * whose verdicts all said separate: the records cost many times the loop
 * they let run alone. Said once, with the way out. */
static void say_verdict_dear(const strads_loop_site *site, const site_calls *sc, double rec_s, double alone_s)
{
    if (!sc || sc->sep_yes < 3 || sc->sep_no || sc->key_hits || rec_s < 10 * alone_s || rec_s < 0.01 ||
        !rt_loop_once(site->id ^ 0x7665726469637421ull))
        return;
    rt_warn("sync_for %s:%u: its range or a captured value that picks rows changed from call to "
            "call, so each of its %d calls so far made new reconnaissance records to learn that "
            "its tasks touch separate elements (the latest: %.0f ms with its planning), then ran "
            "alone in %.1f ms: if its iterations never touch one another's elements, async_for "
            "runs such calls as the loop itself without records",
            site->file, site->line, sc->sep_yes, rec_s * 1e3, alone_s * 1e3);
}

/* A site whose calls run alone as BSP's workers emulated, the copies of
 * the arrays they write costing many times the loop's own work, call
 * after call (PolyBench's nussinov with each anti-diagonal a sync_for:
 * 0.1 ms of cells a call, 20-30 ms of copies, 300x the plain build). Said
 * once, at the 20th such call, with the way out. */
static void say_emu_dear(const strads_loop_site *site, site_calls *sc, int threads, double took,
                         double body_s)
{
    if (!sc || ++sc->emu_slow != 20 || !rt_loop_once(site->id ^ 0x656d75646561722eull)) return;
    rt_warn("sync_for %s:%u: its calls run alone on the driver as its %d x %d workers would run "
            "them (each on a copy of the arrays it writes, reading the clock's values, "
            "not other workers' changes), and the copies cost %.0fx the loop's own work (the "
            "latest call %.1f ms for %.2f ms of iterations): if no iteration reads what another "
            "iteration of the same call writes (a wavefront's cells), async_for runs each call as "
            "the loop itself; else give each call more iterations",
            site->file, site->line, strads_size(), threads, took / body_s, took * 1e3,
            body_s * 1e3);
}

/* One call shared by every node: its seconds, and whether it made records. */
static double run_shared(const strads_loop_site *site, void *env, int64_t begin, int64_t end,
                         int64_t skip, int threads, int64_t mb, int kind, const strads_sync_spec *spec,
                         bool *planned)
{
    site_calls *sc = calls_of(site);
    sync_prep p = {{0,         begin, end, mb, rt_loop_next_invocation(), threads, kind,
                    spec->kind == STRADS_SYNC_SSP ? (int64_t)spec->a : 0, recon_due(sc),
                    (int32_t)spec->kind, spec->a, spec->b, spec->has_b, {0}, {0}, skip, 0},
                   site, env, sc};
    sync_hdr *h = &p.h;
    if (spec->kind == STRADS_SYNC_CUSTOM && spec->custom_fn)
        snprintf(h->custom, sizeof h->custom, "%s", spec->custom_fn);
    int rc = rt_fnref_encode(site, &h->site_ref);
    if (rc) strads_fatal(rc, "sync_for: loop site outside the program");
    uint64_t t0 = rt_now_us();
    tasks_skipped = false;
    rc = rt_loop_invoke_ex(site, env, sync_node, &p, sizeof *h, sync_prepare);
    if (rc) {
        char what[256];
        snprintf(what, sizeof what, "sync_for at %s:%u", site->file, site->line);
        strads_fatal(rc, what);
    }
    if (tasks_skipped) { /* separate: the loop itself, from where the probe stopped */
        rt__emu_seen seen;
        tasks_skipped = false;
        if (rt_stats_on()) rt_stats("alone_separate", site->file, site->line, "begin=%lld end=%lld",
                                    (long long)begin, (long long)end);
        rt__sync_sep_open_written();
        uint64_t t1 = rt_now_us();
        run_alone(site, env, skip > begin ? skip : begin, end, 0, false, false, threads, mb, 0, &seen);
        say_verdict_dear(site, sc, (double)(t1 - t0) / 1e6, (double)(rt_now_us() - t1) / 1e6);
    }
    *planned = h->recon;
    return (double)(rt_now_us() - t0) / 1e6;
}

/* Two pointer fields of the loop holding one address, one only read and
 * the other written (`smooth(a, a, n)` for a Jacobi step written
 * `out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3`): each iteration reads
 * the clock's values, not the changes of the iterations before it, so the
 * answer depends on the workers and is not the plain build's. Said once,
 * whether the call then runs shared or alone. */
static void say_in_place(const strads_loop_site *site, const void *env)
{
    for (size_t a = 0; a < site->narrays; a++)
        for (size_t b = 0; b < site->narrays; b++) {
            const strads_loop_array *r = &site->arrays[a], *w = &site->arrays[b];
            if (!(r->flags & STRADS_ARRAY_READONLY) || (w->flags & STRADS_ARRAY_READONLY)) continue;
            const void *p, *q;
            memcpy(&p, (const char *)env + r->env_off, sizeof p);
            memcpy(&q, (const char *)env + w->env_off, sizeof q);
            dds_vec *dv;
            if (!p || p != q || dds_lookup(p, &dv, NULL) ||
                !rt_loop_once(site->id ^ 0x696e2d706c616365ull))
                continue;
            rt_warn("sync_for %s:%u: two of its pointers, one read and one written, hold the same "
                    "address in the distributed array allocated at %s (the same array passed as a "
                    "function's input and output): under sync_for an iteration reads the values at "
                    "its clock's start, not what the iterations before it wrote, so the answer "
                    "depends on the processes and threads and is not the plain build's; pass two "
                    "arrays (double buffering), or use async_for for the sequential order's answer",
                    site->file, site->line, dv->site);
            return;
        }
}

/* The runtime entry point; see strads.h. */
void strads_sync_for(const strads_loop_site *site, int64_t begin, int64_t end, void *env)
{
    if (!site || !env || !site->body || site->abi != STRADS_ABI_VERSION) {
        char what[256];
        snprintf(what, sizeof what, "sync_for %s:%u: loop site from an incompatible stradsc",
                 site && site->file ? site->file : "?", site ? site->line : 0);
        strads_fatal(STRADS_EINVAL, what);
    }
    rt_nested_check(site);
    if (end <= begin) return;
    own_bytes(site, env);
    const strads_loop_dyn *dyn = env;
    strads_sync_spec spec;
    int rc = rt_sync_resolve(site, &dyn->sync, &spec);
    if (rc) strads_fatal(rc, "STRADS_SYNC");
    /* The clause's values, evaluated at loop entry (stradsc checks those
     * written as numbers): a negative staleness hung every rank. */
    const char *bad = spec.kind == STRADS_SYNC_SSP && (spec.a < 0 || spec.a != (double)(long)spec.a)
                          ? "ssp(s) takes a whole staleness s >= 0"
                      : spec.kind == STRADS_SYNC_ABSP && !(spec.a > 0 && spec.a <= 1)
                          ? "absp(ratio) takes 0 < ratio <= 1"
                      : spec.kind == STRADS_SYNC_ELASTIC && !(spec.a >= 1)
                          ? "elastic(R) takes R >= 1"
                          : NULL;
    if (bad) {
        char what[256];
        snprintf(what, sizeof what, "sync_for %s:%u: sync(...) value %g out of range: %s",
                 site->file ? site->file : "?", site->line, spec.a, bad);
        strads_fatal(STRADS_EINVAL, what);
    }
    int kind = spec.kind;
    if (kind == STRADS_SYNC_DEFAULT) kind = spec.kind = STRADS_SYNC_BSP;
    if (kind > STRADS_SYNC_ASP) {
        /* A-BSP, Elastic and FlexPara run in loop_sync_iter.c (the header
         * says BSP: their combine is BSP's write-back). custom(...) is a
         * policy: the gate it installed (rt_sync_set_gate) decides who may
         * start which clock, on SSP's mechanics; without one the model runs
         * as BSP, said once per site. */
        if (spec.kind == STRADS_SYNC_ABSP || spec.kind == STRADS_SYNC_ELASTIC ||
            spec.kind == STRADS_SYNC_FLEXPARA) {
            kind = STRADS_SYNC_BSP;
        } else if (rt_sync_has_gate(spec.kind)) {
            kind = STRADS_SYNC_SSP;
        } else {
            if (rt_loop_once(site->id ^ 0x6E6F6D6F64656Cull))
                rt_warn("sync_for %s:%u: sync(%s) is not available yet, running bsp", site->file,
                        site->line, rt_sync_name(spec.kind));
            kind = STRADS_SYNC_BSP;
        }
    }
    /* SSP's mechanics send each thread's replica's changes: writes that a
     * helper makes through a global reach the node's copy and were lost
     * (BSP and Elastic combine the node's copy, Hybrid shares it). */
    for (size_t a = 0; (kind == STRADS_SYNC_SSP || kind == STRADS_SYNC_ASP) && strads_size() > 1 &&
                       a < site->narrays;
         a++)
        if (site->arrays[a].flags & STRADS_ARRAY_VIA_GLOBAL) {
            char what[512];
            snprintf(what, sizeof what,
                     "sync_for %s:%u: a function the body calls writes a distributed array "
                     "through a global variable, which under sync(%s) bypasses each thread's "
                     "replica and its writes would be lost; pass the array to the function as a "
                     "parameter, or use bsp or hybrid",
                     site->file, site->line, rt_sync_name(spec.kind));
            strads_fatal(STRADS_EINVAL, what);
        }
    int threads = rt_loop_threads(env);
    if (strads_size() * threads > 1) say_in_place(site, env);
    /* Hybrid's threads share a process's copy without locks (Hogwild):
     * two threads' cnt[k]++ on one element lose one (an LDA's topic counts
     * went negative). Said once. */
    for (size_t a = 0; kind == STRADS_SYNC_HYBRID && threads > 1 && a < site->narrays; a++) {
        strads_type t = site->arrays[a].type;
        if (!(site->arrays[a].flags & (STRADS_ARRAY_READONLY | STRADS_ARRAY_OWN)) &&
            (t == STRADS_T_I32 || t == STRADS_T_I64 || t == STRADS_T_U64)) {
            if (rt_loop_once(site->id ^ 0x68796263696E7473ull))
                rt_warn("sync_for %s:%u: under hybrid the threads of a process share its copy of "
                        "the arrays without locks, so two threads' increments of one integer "
                        "element can lose one: counts want bsp, ssp or asp with aggregate(...: "
                        "sum), or one thread (--threads 1)",
                        site->file, site->line);
            break;
        }
    }
    /* A function the body calls that writes an array through a global
     * writes the node's copy, not its thread's replica: two threads doing
     * G[j] += t at once lose one update (a wrong sum, now and then, under
     * load). Outside Hybrid, whose threads share the copy by design, such a
     * call runs one thread a node; said once per site. */
    static uint64_t one_thread_said;
    for (size_t a = 0; threads > 1 && kind != STRADS_SYNC_HYBRID && a < site->narrays; a++)
        if (site->arrays[a].flags & STRADS_ARRAY_VIA_GLOBAL) {
            if (one_thread_said != site->id && strads_rank() == 0)
                rt_warn("sync_for %s:%u: a function the body calls writes a distributed array "
                        "through a global variable, which the threads of a process would write "
                        "at once: one thread a process runs it; pass the array to the function "
                        "as a parameter to use them all", site->file, site->line);
            one_thread_said = site->id;
            threads = 1;
        }
    /* One thread of one process runs in place, exactly as the sequential
     * program does: without the call's machinery (7 us a call) when short
     * calls may run alone at all. */
    if (strads_size() == 1 && threads == 1 && spec.kind != STRADS_SYNC_CUSTOM &&
        rt_loop_may_run_alone()) {
        rt__emu_seen seen;
        rt_loop_say_in_place("sync_for", site);
        run_alone(site, env, begin, end, 0, false, false, 1, 0, 0, &seen);
        return;
    }
    alone_state *as = alone_of(site, begin, end, threads);
    int64_t mb = minibatch_of(site, env, begin, end, threads);
    /* A call whose records say its tasks are separate runs alone as the
     * loop itself (loop_sync_separate.c); where its calls alone were timed
     * as BSP's workers emulated, which copy the model at every clock,
     * they are timed anew */
    bool records = site->recon && site->recon_on;
    int sep = -1;
    bool summed = kind == STRADS_SYNC_SSP || kind == STRADS_SYNC_ASP;
    /* (at every call: the pointers may meet in one array later) */
    bool exact = as && alone_same(site, env, begin, end, summed);
    if (as) as->al.exact = exact;
    if (as && records &&
        (as->emu_timed || rt_alone_next(&as->al, true) != RT_CALL_SHARED) && !exact)
        sep = kept_separate(site, env, begin, end, mb, threads);
    site_calls *sc = as ? calls_of(site) : NULL;
    if (sc && sep >= 0) sc->key_hits++;
    if (as && as->emu_timed && sep >= 0) {
        if (sep == 1) rt_alone_forget(&as->al);
        as->emu_timed = false;
    }
    if (sc) sc->want_sep = as->emu_timed && sep < 0;
    rt_call_how how = as ? rt_alone_next(&as->al, true) : RT_CALL_SHARED;
    /* Only for a call that may run alone: the loop itself where exact;
     * else BSP's workers one after another, where they fit. BSP's lockstep is one of the runs
     * SSP, ASP, a barrier policy, A-BSP, Elastic and FlexPara allow (their
     * answers depend on timing already), not Hybrid's (its threads share
     * one copy); under the first three a summed change may also be read
     * at once (summed). */
    bool same = how != RT_CALL_SHARED && (sep == 1 || exact);
    bool emu = how != RT_CALL_SHARED && !same;
    if (emu && spec.kind == STRADS_SYNC_HYBRID) how = RT_CALL_SHARED;
    /* BSP's workers combine a row of floating scalars per scalar; SSP and
     * the others on several processes divide a node's change by the nodes
     * writing the element, so their emulation would differ from their
     * shared run by that factor: shared */
    if (emu && strads_size() > 1 && spec.kind != STRADS_SYNC_BSP && spec.kind != STRADS_SYNC_DEFAULT &&
        float_rows_avg(site, env))
        how = RT_CALL_SHARED;
    bool planned = false;
    /* A new key of a site whose verdicts all said separate, whose calls
     * emulated cost over 4x their work (views into one pooled array that
     * change from call to call: llm.c's layers, each emulated call copying
     * and comparing the whole pool): this call shared for its verdict,
     * which then runs it alone as the loop itself, and later calls of the
     * key too. Keys asked must come back (hits): one that never repeats
     * gets SEP_ASKS. Not timed: its records are no measure of a call. */
    if (emu && sep < 0 && records && sc && sc->emu_dear && sc->sep_yes > 0 && sc->sep_no == 0 &&
        sc->key_asks < SEP_ASKS + sc->key_hits) {
        sc->key_asks++;
        sc->want_sep = 1;
        run_shared(site, env, begin, end, INT64_MIN, threads, mb, kind, &spec, &planned);
        return;
    }
    if (how != RT_CALL_SHARED) {
        /* an emulation's copies are timed at every call (emu_dear) */
        uint64_t t0 = emu ? rt_now_us() : rt_alone_clock(&as->al, how);
        /* A probe that cannot hand its rest to the nodes (BSP's workers
         * emulated: their blocks would be another call's) runs a whole
         * call of up to RT_LONG_ALONE_S, as a kept loop may (one timed
         * clock tells) */
        double budget = how != RT_CALL_PROBE ? 0 : emu ? RT_LONG_ALONE_S : RT_SHORT_CALL_S;
        rt__emu_seen seen;
        /* (what a shared call cost, or was priced at: the copies it allows) */
        int64_t done = run_alone(site, env, begin, end, budget, emu, summed, threads, mb,
                                 as->al.shared_last_s > 0 ? as->al.shared_last_s : as->al.buy_s, &seen);
        if (seen.whole_s > 0) rt_alone_estimate(&as->al, seen.whole_s);
        /* BSP's workers emulated would not fit the probe's budget: where
         * the records a shared call makes would cost more than the call
         * (a row-parallel matmul whose output is not proved each row's
         * own, its index written through a macro: every element of every
         * row recorded), the call runs alone emulated whole, and so do the
         * next until they have cost what sharing would first, as a call
         * alone as the loop itself does below. */
        if (emu && done == begin && how == RT_CALL_PROBE && records && !as->priced && seen.whole_s > 0) {
            as->priced = true;
            double price = recon_price(site, env, begin, end, seen.whole_s);
            rt__emu_seen all;
            /* (the records' price is what a shared call would cost: the
             * copies it allows) */
            if (2 * price > seen.whole_s &&
                run_alone(site, env, begin, end, 0, true, summed, threads, mb, 2 * price, &all) == end) {
                rt_alone_after(&as->al, "sync_for", site, threads, how, rt_alone_took(&as->al, t0), 1, false);
                rt_alone_rent_first(&as->al, "sync_for", site, 2 * price);
                as->emu_timed = true;
                rt_loop_release();
                return;
            }
        }
        as->emu_timed = emu;
        if (emu && sc && done > begin && seen.body_s > 0)
            sc->emu_dear = 4 * seen.body_s < (double)(rt_now_us() - t0) / 1e6;
        if (done > begin || !emu) {
            /* A first call alone as the loop itself stays alone until its
             * calls have cost what sharing would first (its records, and
             * their planning and fetches: twice them), as async_for's
             * sample projects (a stencil: 2 ms alone, 0.8 s of records at
             * its first shared call); a probe the budget stopped finishes
             * the call alone where the records would cost more than the
             * call at its warm rate (a 2048^2 stencil: 0.1 s alone, 13 s
             * for its first shared call, which moved its arrays whole).
             * So does an emulated probe that ran the whole call: unpriced,
             * its calls went shared after the default rent (a CSR logistic
             * regression: 0.09 s alone, 8 s of records at its first
             * shared call), or stayed alone priced, as the probe's budget
             * happened to run out or not. Not one whose copies cost four
             * times the loop's work, which goes shared once for a verdict
             * below (views into one pooled array). */
            double price = 0;
            bool verdict = emu && sep < 0 && !seen.overlap && records && seen.body_s > 0 && !as->tried_shared &&
                           4 * seen.body_s < (double)(rt_now_us() - t0) / 1e6;
            uint64_t priced_us = 0; /* an emulated call ran whole before its pricing: not the call's */
            if ((same || (emu && done == end && !verdict)) && records && how == RT_CALL_PROBE && !as->priced) {
                as->priced = true;
                uint64_t p0 = rt_now_us();
                price = recon_price(site, env, begin, end, done < end ? seen.whole_s : (double)(p0 - t0) / 1e6);
                if (emu) priced_us = rt_now_us() - p0;
                if (done < end && seen.whole_s > 0 && 2 * price > seen.whole_s) {
                    rt__emu_seen rest;
                    done = run_alone(site, env, done, end, 0, false, false, threads, mb, 0, &rest);
                }
            }
            double took = rt_alone_took(&as->al, t0 + priced_us);
            /* a probe stopped early projects the call at its warm rate
             * (rt_alone_after takes took / ran for the whole) */
            double ran = (double)(done - begin) / (double)(end - begin);
            if (!emu && done < end && seen.whole_s > took) ran = took / seen.whole_s;
            rt_alone_after(&as->al, "sync_for", site, threads, how, took, ran, false);
            /* the emulation's copies cost four times the loop's own work,
             * and no two workers changed one element: one call shared now,
             * whose records may say the tasks are separate (then its calls
             * alone run as the loop itself) */
            if (verdict) {
                as->tried_shared = true;
                rt_alone_share_next(&as->al);
            }
            if (emu && done == end && seen.body_s > 0 && took > 10 * seen.body_s)
                say_emu_dear(site, sc, threads, took, seen.body_s);
            /* two workers wrote one element: no records will say separate */
            if (emu && seen.overlap) as->emu_timed = false;
            if (price > 0 && done == end) rt_alone_rent_first(&as->al, "sync_for", site, 2 * price);
            /* the rest shared, on the records of the whole range, which
             * the next calls keep; not timed */
            if (done < end) run_shared(site, env, begin, end, done, threads, mb, kind, &spec, &planned);
            rt_loop_release();
            return;
        }
        /* the workers' copies cannot be made, or cost more than the
         * call: shared */
    }
    double took = run_shared(site, env, begin, end, INT64_MIN, threads, mb, kind, &spec, &planned);
    if (as) rt_alone_after(&as->al, "sync_for", site, threads, RT_CALL_SHARED, took, 0, planned);
}
