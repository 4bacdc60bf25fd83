/*
 * engine/loop_sync_iter.c - a sync_for call run as A-BSP iterations, one
 * per minibatch clock (sync(absp(ratio[, threshold]))), as Elastic BSP's
 * supersteps (sync(elastic(R))) or with FlexPara's reassigned splits
 * (sync(flexpara), over BSP's or A-BSP's clocks): what each node fetches for
 * the splits it holds, the node's clocks until its quota is done, the stop
 * signal comes or the superstep ends, and the combine of everybody's
 * partial updates. The messages (plan,
 * reports, stop) are loop_sync_absp.c's, the decisions scheduler/'s.
 *
 * Threads: the node-function thread; tasks run on the pool through
 * loop_sync.c's task runner.
 */
#include <math.h>
#include <stdio.h>

#include "replay/replay.h"
#include "engine/loop_sync.h"
#include "core/trace.h"

/* The keys one split's items touch (reconnaissance of its range), kept per
 * node while the site and the split stay the same: a split that moved here
 * is reconnoitred once, and its data fetched once while the driver's
 * versions of the arrays it reads stay the same. Other nodes' splits are
 * known by their costs alone (share_costs) until one moves here. */
typedef struct split_keys {
    uint64_t site_id;
    uint64_t arrays;      /* arrays_sig of the call that made the keys */
    int64_t lo, hi;
    uint64_t *keys;       /* NULL: not reconnoitred here (costs only) */
    int64_t n;
    double size, in_bytes, par_bytes; /* split_cost's, for FlexPara and swaps */
    uint64_t ver[64];     /* the driver's versions of the arrays when fetched */
    int fetched;          /* this node has the split's input, as of ver: also
                           * after the split moved away (nothing drops the
                           * rows), so a split that comes back (A-BSP's swaps
                           * go back and forth between the slow node and the
                           * fast ones) is not fetched again */
    struct split_keys *next;
} split_keys;
static split_keys *skeys; /* the node-function thread only */

/* Which distributed arrays the call's fields reach, by id (the same on
 * every node): the keys name elements by array id, so a call on other
 * arrays (a model reloaded into new ones, ping-pong buffers swapped) cannot
 * use them. */
static uint64_t arrays_sig(const call *c)
{
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int a = 0; a < c->narr; a++)
        h = (h ^ (c->arr[a].dv ? c->arr[a].dv->id : 0xFFFFFFFFu)) * 0xBF58476D1CE4E5B9ull;
    return h;
}

static split_keys *find_keys(const call *c, int64_t lo, int64_t hi)
{
    for (split_keys *k = skeys; k; k = k->next)
        if (k->site_id == c->site->id && k->lo == lo && k->hi == hi) return k;
    return NULL;
}

static split_keys *add_split(call *c, int64_t lo, int64_t hi)
{
    split_keys *k = calloc(1, sizeof *k);
    if (!k) return NULL;
    k->site_id = c->site->id;
    k->arrays = arrays_sig(c);
    k->lo = lo;
    k->hi = hi;
    k->next = skeys;
    skeys = k;
    return k;
}

/* A split's size and bytes from its keys: distinct elements touched; bytes
 * of the read-only ones (the input that moves with the split) and of the
 * written ones (parameters shuffled every call). */
static void split_cost(const call *c, split_keys *sk)
{
    sk->size = (double)sk->n;
    sk->in_bytes = sk->par_bytes = 0;
    for (int64_t j = 0; j < sk->n;) {
        uint32_t id = SCHED_ACC_DV(sk->keys[j]);
        int64_t e = j;
        while (e < sk->n && SCHED_ACC_DV(sk->keys[e]) == id) e++;
        dds_vec *dv = dds_vec_by_id(id);
        int written = 0;
        for (int a = 0; a < c->narr; a++) written |= c->arr[a].dv == dv && c->arr[a].written;
        if (dv) *(written ? &sk->par_bytes : &sk->in_bytes) += (double)(e - j) * (double)dv->elem;
        j = e;
    }
}

static int keys_of_range(call *c, int64_t lo, int64_t hi, split_keys **out)
{
    split_keys *k = find_keys(c, lo, hi);
    if ((*out = k) && k->keys) return 0;
    sched_records rec;
    int err = rt__sync_recon_range(c, lo, hi, &rec);
    size_t n = rec.nacc;
    uint64_t *keys = malloc((n ? n : 1) * sizeof *keys);
    if (!err && !keys) err = STRADS_ENOMEM;
    for (size_t i = 0; i < n && !err; i++) keys[i] = SCHED_ACC_KEY(rec.acc[i]);
    sched_rec_free(&rec);
    if (!err && !k && !(k = add_split(c, lo, hi))) err = STRADS_ENOMEM;
    if (err) {
        free(keys);
        return err;
    }
    k->keys = keys;
    k->n = (int64_t)uniq_u64(keys, n);
    split_cost(c, k);
    *out = k;
    return 0;
}

/* Collective, once per site and cut: every node reconnoitres its home
 * splits (splits k with k / per_node == me, per_node = nsplits / nodes) and
 * sends their costs to all (size, input bytes, parameter bytes per split):
 * the driver places splits by them, and every node then knows the cut. A
 * split that moves later is reconnoitred by its new node (one split's
 * range); the keys themselves stay home (PageRank's 200,000 vertices: 11 MB
 * of keys sent to every node, most of the first call's time). */
static int share_costs(call *c, const int64_t *bounds, int nsplits)
{
    int per = nsplits / c->N, rc = 0;
    double *mine = malloc((size_t)(per > 0 ? per : 1) * 3 * sizeof *mine);
    if (!mine) rc = STRADS_ENOMEM;
    for (int j = 0; j < per && !rc; j++) {
        split_keys *k;
        int64_t sp = (int64_t)c->me * per + j;
        rc = keys_of_range(c, bounds[sp], bounds[sp + 1], &k);
        if (!rc) {
            mine[3 * j] = k->size;
            mine[3 * j + 1] = k->in_bytes;
            mine[3 * j + 2] = k->par_bytes;
        }
    }
    void **out = calloc((size_t)c->N, sizeof *out), **in = calloc((size_t)c->N, sizeof *in);
    size_t *outl = calloc((size_t)c->N, sizeof *outl), *inl = calloc((size_t)c->N, sizeof *inl);
    if (!rc && (!out || !in || !outl || !inl)) rc = STRADS_ENOMEM;
    for (int r = 0; r < c->N && !rc; r++) {
        out[r] = mine;
        outl[r] = (size_t)per * 3 * sizeof *mine;
    }
    /* Every node takes part, also after a local error (then with nothing). */
    int xrc = out && outl && in && inl ? dds_exchange(dds_xchg_tag(), out, outl, in, inl) : rc;
    if (!rc) rc = xrc;
    for (int r = 0; r < c->N && in && inl; r++) {
        const double *v = in[r];
        if (!rc && r != c->me && inl[r] != (size_t)per * 3 * sizeof *v) rc = STRADS_EPROTO;
        for (int j = 0; j < per && !rc && r != c->me; j++) {
            int64_t sp = (int64_t)r * per + j;
            split_keys *k = find_keys(c, bounds[sp], bounds[sp + 1]);
            if (!k && !(k = add_split(c, bounds[sp], bounds[sp + 1]))) {
                rc = STRADS_ENOMEM;
                break;
            }
            if (!k->keys) {
                k->size = v[3 * j];
                k->in_bytes = v[3 * j + 1];
                k->par_bytes = v[3 * j + 2];
            }
        }
        free(in[r]);
    }
    free(mine);
    free(out);
    free(in);
    free(outl);
    free(inl);
    return rc;
}

/* Call start: written arrays whole (each thread replicates them whole and
 * they are combined whole at the end); the input of the splits this node
 * holds, as reconnaissance names it (whole arrays without it). This is
 * where a split that changed nodes has its data moved: once, while the
 * driver's versions of the arrays it reads stay the same (the driver's
 * writes and the owners' changes bump them). */
/* FlexPara's network rate of this node (Algorithm 2, the paper's equation
 * 6): bytes of other nodes' elements fetched over the seconds it took, from
 * the last call that moved enough to measure (small fetches are latency). */
static double fetch_rate;
#define RATE_MIN_BYTES (64 * 1024)

/* The union of the keys of the splits this node holds, sorted, kept per
 * site while the held splits stay the same (the node-function thread). */
typedef struct held_keys {
    uint64_t site_id;
    int64_t *bounds;      /* the held splits' lo and hi, in rt__absp_split order */
    int nheld;
    uint64_t *keys;
    size_t n;
    struct held_keys *next;
} held_keys;
static held_keys *hkeys;

static int held_union(call *c, uint64_t **out, size_t *nout)
{
    int nheld = rt__absp_held(c->ab);
    held_keys *h = hkeys;
    while (h && h->site_id != c->site->id) h = h->next;
    int same = h && h->nheld == nheld;
    for (int i = 0; same && i < nheld; i++) {
        int64_t lo, hi;
        rt__absp_split(c->ab, i, &lo, &hi);
        same = h->bounds[2 * i] == lo && h->bounds[2 * i + 1] == hi;
    }
    if (same) {
        *out = h->keys;
        *nout = h->n;
        return 0;
    }
    if (!h) {
        if (!(h = calloc(1, sizeof *h))) return STRADS_ENOMEM;
        h->site_id = c->site->id;
        h->next = hkeys;
        hkeys = h;
    }
    free(h->keys);
    free(h->bounds);
    h->keys = NULL;
    h->n = 0;
    h->nheld = 0;
    size_t n = 0;
    for (int i = 0; i < nheld; i++) {
        int64_t lo, hi;
        rt__absp_split(c->ab, i, &lo, &hi);
        split_keys *k = find_keys(c, lo, hi);
        n += k && k->keys ? (size_t)k->n : 0;
    }
    h->bounds = malloc((nheld > 0 ? (size_t)nheld : 1) * 2 * sizeof *h->bounds);
    h->keys = malloc((n ? n : 1) * sizeof *h->keys);
    if (!h->bounds || !h->keys) return STRADS_ENOMEM;
    for (int i = 0; i < nheld; i++) {
        int64_t lo, hi;
        rt__absp_split(c->ab, i, &lo, &hi);
        split_keys *k = find_keys(c, lo, hi);
        h->bounds[2 * i] = lo;
        h->bounds[2 * i + 1] = hi;
        if (k && k->keys) {
            memcpy(h->keys + h->n, k->keys, (size_t)k->n * sizeof *h->keys);
            h->n += (size_t)k->n;
        }
    }
    h->n = uniq_u64(h->keys, h->n);
    h->nheld = nheld;
    *out = h->keys;
    *nout = h->n;
    return 0;
}

/* Forgets the site's split keys and their union: the call's header asks
 * for new reconnaissance (an index array the loop reads was rewritten, or
 * STRADS_RECON_EVERY), the same on every node. */
static void forget_keys(const call *c)
{
    for (split_keys **pp = &skeys; *pp;) {
        split_keys *k = *pp;
        if (k->site_id != c->site->id) {
            pp = &k->next;
            continue;
        }
        *pp = k->next;
        free(k->keys);
        free(k);
    }
    for (held_keys *h = hkeys; h; h = h->next)
        if (h->site_id == c->site->id) h->nheld = -1; /* matches no call */
}

static int absp_fetch(call *c, const int64_t *bounds, int nsplits)
{
    int rc = 0;
    uint64_t sig = arrays_sig(c);
    bool other = false;
    for (split_keys *k = skeys; k && !other; k = k->next) other = k->site_id == c->site->id && k->arrays != sig;
    if (c->h.recon || other) forget_keys(c);
    uint64_t t0 = rt_now_us();
    double moved = 0;
    int by_keys = c->site->recon && c->site->recon_on && c->narr <= 64;
    uint64_t ver[64] = {0};
    for (int a = 0; a < c->narr && a < 64 && c->me == 0; a++) ver[a] = c->arr[a].dv->version;
    if (by_keys) rc = strads_broadcast(ver, sizeof ver);
    /* The same answer on every node: each has all splits' keys or none. */
    if (!rc && by_keys && !find_keys(c, bounds[nsplits - 1], bounds[nsplits]))
        rc = share_costs(c, bounds, nsplits);
    /* (written arrays: superstep_begin; the iterations' own: their splits' ranges) */
    for (int a = 0; a < c->narr && !rc; a++)
        if (!c->arr[a].written && !c->arr[a].own && !by_keys) rc = rt__sync_fetch_input(c, a);
    for (int i = 0; i < rt__absp_held(c->ab) && !rc; i++) {
        int64_t lo, hi;
        rt__absp_split(c->ab, i, &lo, &hi);
        rc = rt__sync_own_range(c, lo, hi, 1);
    }
    /* The held splits' keys together: splits share much of what they read
     * (PageRank's ranks of popular vertices), fetched once. The union is
     * kept while the node holds the same splits (its sort cost more than
     * the fetch). */
    uint64_t *all = NULL;
    size_t nall = 0;
    int fresh = 0;
    for (int i = 0; i < rt__absp_held(c->ab) && by_keys && !rc; i++) {
        int64_t lo, hi;
        rt__absp_split(c->ab, i, &lo, &hi);
        split_keys *k;
        rc = keys_of_range(c, lo, hi, &k);
        if (rc) break;
        int same = k->fetched != 0;
        for (int a = 0; a < c->narr && same; a++)
            same = c->arr[a].written || c->arr[a].own || k->ver[a] == ver[a];
        k->fetched = 1;
        memcpy(k->ver, ver, sizeof ver);
        fresh |= !same;
    }
    if (!rc && fresh) rc = held_union(c, &all, &nall);
    int64_t *elems = rc || !nall ? NULL : malloc(nall * sizeof *elems);
    if (!rc && nall && !elems) rc = STRADS_ENOMEM;
    for (size_t j = 0; j < (rc ? 0 : nall);) {
        uint32_t id = SCHED_ACC_DV(all[j]);
        size_t e = j, m = 0;
        for (; e < nall && SCHED_ACC_DV(all[e]) == id; e++) elems[m++] = SCHED_ACC_ELEM(all[e]);
        dds_vec *dv = dds_vec_by_id(id);
        int written = 0;
        for (int a = 0; a < c->narr; a++)
            written |= c->arr[a].dv == dv && (c->arr[a].written || c->arr[a].own);
        if (dv && m && !written) {
            for (size_t q = 0; q < m; q++)
                if (dds_owner(dv, elems[q]) != c->me) moved += (double)dv->elem;
            rc = dds_prefetch(dv, elems, m);
        }
        j = e;
    }
    free(elems);
    double secs = (double)(rt_now_us() - t0) / 1e6;
    if (!rc && moved >= RATE_MIN_BYTES && secs > 0) fetch_rate = moved / secs;
    return rc;
}

/* Elastic BSP's driver state of each site: the nodes' recent clock times,
 * kept across calls. */
typedef struct elastic_site {
    uint64_t site_id;
    int N;
    sched_elastic *e;
    int64_t supersteps, calls;
    struct elastic_site *next;
} elastic_site;
static elastic_site *esites; /* the driver's node-function thread */

/* FlexPara's items: splits per node (the unit b of Algorithm 1 moves
 * ceil(b * 16) = 1 of them at a time). */
#define FLEX_SPLITS 16

/* How many recent clock times the prediction averages. */
#define ELASTIC_WINDOW 4

/* Collective, at an Elastic barrier: every node's work left and clock
 * times of the superstep just ended reach the driver, which predicts each
 * node's next R clock ends and picks with ZIPLINE how many clocks each runs
 * before the next barrier (BSP's one until every node has a clock time).
 * Returns 0 with *left the items left on all nodes together. */
static int elastic_plan(call *c, double took, int64_t clocks, int32_t *pick, int64_t *left)
{
    int N = c->N, rc = 0;
    double *st = calloc((size_t)N * 2 + 1, sizeof *st);
    if (!st) return STRADS_ENOMEM;
    st[2 * c->me] = took;
    st[2 * c->me + 1] = (double)clocks;
    st[2 * N] = (double)rt__absp_left(c->ab);
    rc = strads_allreduce(st, (size_t)N * 2 + 1, STRADS_T_F64, STRADS_OP_SUM);
    *left = rc ? 0 : (int64_t)st[2 * N];
    for (int r = 0; r < N; r++) pick[r] = 1;
    if (!rc && c->me == 0 && *left > 0) {
        elastic_site *s = esites;
        while (s && (s->site_id != c->site->id || s->N != N)) s = s->next;
        if (!s && (s = calloc(1, sizeof *s))) {
            s->site_id = c->site->id;
            s->N = N;
            rc = sched_elastic_new(N, ELASTIC_WINDOW, &s->e);
            if (rc) {
                free(s);
                s = NULL;
            } else {
                s->next = esites;
                esites = s;
            }
        }
        if (!s && !rc) rc = STRADS_ENOMEM;
        for (int r = 0; r < N && !rc; r++)
            if (st[2 * r + 1] > 0) rc = sched_elastic_observe(s->e, r, 0, st[2 * r] / st[2 * r + 1]);
        int R = c->h.a >= 1 ? (int)c->h.a : 1;
        int *p = rc ? NULL : malloc((size_t)N * sizeof *p);
        double barrier, wait;
        if (p && sched_elastic_next(s->e, R, NULL, 0, p, &barrier, &wait) == 0)
            for (int r = 0; r < N; r++) pick[r] = p[r];
        free(p);
        if (s) s->supersteps++;
    }
    free(st);
    int brc = strads_broadcast(pick, (size_t)N * sizeof *pick);
    return rc ? rc : brc;
}

/* Start of a superstep: written arrays refreshed from the owners and their
 * values kept (start[a]); nobody folds into the owners' copies before
 * everybody has read them. */
static int superstep_begin(call *c, char **start)
{
    int rc = 0;
    sync_phase(c, SPH_EXCHANGE);
    for (int a = 0; a < c->narr && !rc && c->N > 1; a++) {
        if (!c->arr[a].written) continue;
        dds_vec *dv = c->arr[a].dv;
        rc = dds_prefetch_range(dv, 0, dv->n);
        if (!rc && !start[a] && !(start[a] = malloc((size_t)dv->n * dv->elem))) rc = STRADS_ENOMEM;
        if (!rc) memcpy(start[a], dv->base, (size_t)dv->n * dv->elem);
    }
    if (c->N > 1 && c->any_written) {
        sync_phase(c, SPH_BARRIER);
        int brc = strads_barrier();
        if (!rc) rc = brc;
    }
    return rc;
}

/* Exchanges n bytes of x and y (elements of any size: a row of a model). */
static void swap_bytes(char *x, char *y, size_t n)
{
    char tmp[256];
    for (size_t at = 0; at < n; at += sizeof tmp) {
        size_t k = n - at < sizeof tmp ? n - at : sizeof tmp;
        memcpy(tmp, x + at, k), memcpy(x + at, y + at, k), memcpy(y + at, tmp, k);
    }
}

/* End of a superstep: everybody's changes since superstep_begin combined at
 * the owners (collective). Only the elements this node changed take part:
 * the threads replicate written arrays whole, and an unchanged element sent
 * as a zero delta would count as a contribution and dilute an average. The
 * snapshot needs the start values, so they are put back for the moment it
 * is taken (nobody reads this node's copy meanwhile: other nodes fetch only
 * in superstep_begin). Elastic (wrote non-NULL): wrote[a] marks the
 * elements this node changed in the call so far; a node that is idle
 * (its block done) sends them as zero deltas to an average (see there). */
static int superstep_end(call *c, char **start, dds_snap **snap, unsigned char **wrote, int idle)
{
    int rc = 0;
    sync_phase(c, SPH_EXCHANGE);
    for (int a = 0; a < c->narr && !rc; a++) {
        if (!c->arr[a].written) continue;
        dds_vec *dv = c->arr[a].dv;
        size_t e = dv->elem;
        int64_t m = 0;
        unsigned char *w = wrote && c->arr[a].desc->agg == STRADS_AGG_AVG ? wrote[a] : NULL;
        for (int64_t i = 0; i < dv->n; i++) {
            int changed = memcmp(dv->base + (size_t)i * e, start[a] + (size_t)i * e, e) != 0;
            if (w && changed) w[i] = 1;
            if (changed || (w && idle && w[i])) c->iota[m++] = i;
        }
        for (int64_t j = 0; j < m; j++)
            swap_bytes(dv->base + (size_t)c->iota[j] * e, start[a] + (size_t)c->iota[j] * e, e);
        rc = dds_snapshot(dv, c->iota, (size_t)m, &snap[a]);
        for (int64_t j = 0; j < m; j++)
            swap_bytes(dv->base + (size_t)c->iota[j] * e, start[a] + (size_t)c->iota[j] * e, e);
        /* c->iota is 0..n-1 again for the next user */
        for (int64_t i = 0; i < m; i++) c->iota[i] = i;
    }
    int wrc = rt__sync_writeback_bsp(c, snap);
    if (!rc) rc = wrc;
    for (int a = 0; a < c->narr; a++) {
        dds_snap_free(snap[a]);
        snap[a] = NULL;
    }
    return rc;
}

/* One clock of this node: each thread the next minibatch of the node's
 * splits (chunk by chunk, until the stop signal), then the threads folded
 * into the node's copy as under BSP. Adds its seconds to *took. */
static int run_clock(call *c, int64_t clock, elist *U, char **S, double *took)
{
    int rc = 0;
    uint64_t t0 = rt_now_us();
    rt_trace_begin(RT_TR_CLOCK, NULL, clock);
    for (int t = 0; t < c->T; t++) c->task_of[t] = clock;
    sync_phase(c, SPH_EXCHANGE);
    for (int a = 0; a < c->narr && !rc && c->replicas; a++)
        if (c->arr[a].written) rc = rt__sync_clock_union(c, a, 1, &U[a]);
    sync_phase(c, SPH_COMPUTE);
    if (!rc) rc = rt__sync_run_tasks(c);
    sync_phase(c, SPH_FOLD);
    if (!rc && c->replicas) rc = rt__sync_fold_threads(c, U, S);
    for (int a = 0; a < c->narr; a++) {
        free(S[a]);
        S[a] = NULL;
    }
    *took += (double)(rt_now_us() - t0) / 1e6;
    rt_trace_end();
    rt_progress_step();
    return rc;
}

/*
 * A-BSP: the call as BSP's clocks (c->clocks of them, each node's threads
 * one minibatch each per clock), each clock an A-BSP iteration: the stop
 * signal is decided over the clock's quotas (rt__absp_clock), a node that
 * finished its quota waits for it, and everybody's partial updates are
 * combined at the owners, as BSP combines at every clock. What a node did
 * not process in a clock comes first in its next clock; what is left at the
 * call's end comes first in the next call (the split's cursor), where
 * Algorithm 2 may have moved the split.
 */
static int absp_clocks(call *c, char **start, dds_snap **snap, elist *U, char **S)
{
    int rc = 0;
    double took = 0;
    for (int64_t clock = 0; !rc && clock < c->clocks; clock++) {
        int any = 0;
        if (clock > 0) rc = superstep_begin(c, start);
        sync_phase(c, SPH_BARRIER); /* the clock's quotas and stop signal */
        if (!rc) rc = rt__absp_clock(c->ab, clock, c->clocks, &any);
        if (rc || !any) break;
        rc = run_clock(c, clock, U, S, &took);
        /* Until the clock's stop signal every node must be ready to report. */
        sync_phase(c, SPH_BARRIER);
        if (!rc) rc = rt__absp_wait(c->ab);
        if (!rc && c->N > 1 && c->any_written) rc = superstep_end(c, start, snap, NULL, 0);
    }
    return rc;
}

/*
 * The call as A-BSP's clocks or as Elastic BSP's supersteps. Every node
 * fetches what its splits need and snapshots the written arrays; then runs
 * clocks in which its threads run the next items of its splits (threads
 * combined into the node's copy after each clock, as under BSP).
 *   A-BSP    (and FlexPara over it or over BSP) absp_clocks: each clock
 *            until the node's quota is done or the clock's stop signal
 *            comes, then everybody's partial updates combined; at the end
 *            the driver learns the counts.
 *   Elastic  pick[me] clocks, then a barrier that combines everybody's
 *            updates since the last one, and the driver picks the next
 *            superstep's clocks (elastic_plan); every item is processed
 *            once per call, so the splits stay where they are and the
 *            call ends when all are done.
 */
int rt__sync_run_absp(call *c)
{
    int rc = 0, elastic = c->h.model == STRADS_SYNC_ELASTIC, flex = c->h.model == STRADS_SYNC_FLEXPARA;
    /* A-BSP and Elastic: one split per node, its block. FlexPara: several
     * per node (FlexPara's items), so that a node's share can shrink by
     * a fraction of its block. */
    int64_t n = c->h.end - c->h.begin, per = 1;
    if (flex) per = n / c->N < FLEX_SPLITS ? n / c->N : FLEX_SPLITS;
    int nsplits = c->N * (int)per;
    int64_t *bounds = malloc(((size_t)nsplits + 1) * sizeof *bounds);
    int32_t *pick = calloc((size_t)c->N, sizeof *pick);
    double *sizes = calloc((size_t)nsplits * 2, sizeof *sizes), *bytes = sizes + nsplits;
    if (!bounds || !pick || !sizes) {
        free(bounds);
        free(pick);
        free(sizes);
        return STRADS_ENOMEM;
    }
    for (int r = 0; r < c->N; r++) {
        int64_t lo, hi;
        block_of(&c->h, c->N, r, &lo, &hi);
        for (int64_t j = 0; j < per; j++) bounds[r * per + j] = lo + (hi - lo) * j / per;
    }
    bounds[nsplits] = c->h.end;
    /* b: < 0 no swaps; absent (has_b 0): the default threshold */
    int absent = !c->h.has_b;
    int thr = c->h.b < 0 ? -1 : absent ? SCHED_ABSP_DEFAULT_THRESHOLD : (int)c->h.b;
    double ratio = c->h.a;
    /* Elastic: every item, no swaps. FlexPara places the splits itself (no
     * swaps) over BSP's clocks or, as flexpara(absp(R)), A-BSP's. */
    if (elastic) ratio = 1;
    if (flex) ratio = c->h.a > 0 && c->h.a < 1 ? c->h.a : 1;
    if (elastic || flex) thr = -1;
    /* absp(R) without a threshold: swaps within a movement budget
     * (rt__absp_end); an explicit threshold is the paper's Algorithm 2 */
    int budget = thr >= 0 && absent;
    rc = rt__absp_begin(c->site, c->h.invocation, bounds, nsplits, ratio, thr, flex, &c->ab);
    if (rc) {
        free(bounds);
        free(pick);
        free(sizes);
        return rc;
    }
    size_t na = (size_t)(c->narr ? c->narr : 1);
    dds_snap **snap = calloc(na, sizeof *snap);
    char **start = calloc(na, sizeof *start);
    elist *U = calloc(na, sizeof *U);
    char **S = calloc(na, sizeof *S);
    unsigned char **wrote = elastic ? calloc(na, sizeof *wrote) : NULL;
    if (!snap || !start || !U || !S || (elastic && !wrote)) rc = STRADS_ENOMEM;
    for (int a = 0; a < c->narr && wrote && !rc; a++)
        if (c->arr[a].written && !(wrote[a] = calloc((size_t)c->arr[a].dv->n, 1)))
            rc = STRADS_ENOMEM;
    sync_phase(c, SPH_FETCH);
    if (!rc && c->N > 1) rc = absp_fetch(c, bounds, nsplits);
    int brc = start ? superstep_begin(c, start) : STRADS_ENOMEM;
    if (!rc) rc = brc;
    double took = 0;
    int64_t ran = 0, left = 1;
    rt_progress_total(0, "clocks"); /* they run until the stop signal */
    int clockwise = !elastic;
    /* A-BSP's chunks are logged per slot and a replay runs them again
     * (rt__absp_run); Elastic's and FlexPara's plans depend on timing. */
    if (clockwise && !flex) replay_note_ordered();
    if (!rc && clockwise) rc = absp_clocks(c, start, snap, U, S);
    while (!rc && elastic) {
        sync_phase(c, SPH_PLAN);
        rc = elastic_plan(c, took, ran, pick, &left);
        if (rc || !left) break;
        took = 0;
        ran = 0;
        for (int64_t clock = 0; !rc && rt__absp_left(c->ab) > 0 && clock < pick[c->me]; clock++) {
            rc = run_clock(c, clock, U, S, &took);
            ran++;
        }
        /* Elastic's barrier: everybody's updates since the last one. An
         * average (the default aggregate) divides by the nodes that changed
         * an element; under BSP a node that writes an element changes it at
         * every clock. Here a node whose block is done runs no more clocks
         * in the call, and without it the average of the few still running
         * would weigh their clocks up to N times as much as BSP does (the
         * slow node's data, at the end of every call: the model drifted to
         * it and never reached BSP's loss). So an idle node still takes part
         * in the average with a zero change of every element it changed
         * earlier in the call, as it would under BSP; an element only the
         * running nodes write is averaged over them alone, as before. */
        if (!rc && c->N > 1 && c->any_written) rc = superstep_end(c, start, snap, wrote, ran == 0);
        if (!rc) rc = superstep_begin(c, start);
        if (rc) break;
    }
    /* Until the stop signal every node must be ready to report. */
    sync_phase(c, SPH_BARRIER);
    if (!rc && !clockwise) rc = rt__absp_wait(c->ab);
    /* the iterations' own elements of the splits held here, to their owners
     * before the splits may move (rt__absp_end) */
    sync_phase(c, SPH_EXCHANGE);
    for (int i = 0; i < rt__absp_held(c->ab) && !rc; i++) {
        int64_t lo, hi;
        rt__absp_split(c->ab, i, &lo, &hi);
        rc = rt__sync_own_range(c, lo, hi, 0);
    }
    sync_phase(c, SPH_PLAN); /* the counts, and the driver's reassignment */
    int64_t processed = 0;
    /* FlexPara's item size: the distinct elements a split touches (its
     * items without reconnaissance, and then no input bytes are known);
     * the input bytes also price A-BSP's swaps. Only the driver reads them. */
    double par = 0;
    for (int k = 0; k < nsplits && (flex || budget) && c->me == 0; k++) {
        split_keys *sk = find_keys(c, bounds[k], bounds[k + 1]);
        sizes[k] = sk ? sk->size : (double)(bounds[k + 1] - bounds[k]);
        bytes[k] = sk ? sk->in_bytes : 0;
        par += (sk ? sk->par_bytes : 0) / nsplits;
    }
    uint64_t ver = 0;
    for (int a = 0; a < c->narr; a++)
        if (!c->arr[a].written && !c->arr[a].own) ver += c->arr[a].dv->version;
    rt__split_costs fl = {sizes, bytes, par, fetch_rate, budget, ver};
    int erc = rt__absp_end(c->ab, c->site, flex || budget ? &fl : NULL, &processed);
    c->ab = NULL;
    if (!rc) rc = erc;
    if (!rc && elastic && c->me == 0 && rt_stats_on()) {
        elastic_site *s = esites;
        while (s && s->site_id != c->site->id) s = s->next;
        if (s) s->calls++;
        if (s) {
            rt_stats_note("sync_for %s:%u: elastic(%d) %lld supersteps in %lld calls",
                          c->site->file, c->site->line, (int)c->h.a, (long long)s->supersteps,
                          (long long)s->calls);
            rt_stats("elastic", c->site->file, c->site->line, "r=%d supersteps=%lld calls=%lld",
                     (int)c->h.a, (long long)s->supersteps, (long long)s->calls);
        }
    }
    for (int a = 0; a < c->narr; a++) {
        if (snap) dds_snap_free(snap[a]);
        if (start) free(start[a]);
        if (U) free(U[a].idx);
        if (wrote) free(wrote[a]);
    }
    free(wrote);
    free(snap);
    free(start);
    free(U);
    free(S);
    free(pick);
    free(sizes);
    free(bounds);
    return rc;
}
