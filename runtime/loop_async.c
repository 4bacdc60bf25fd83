/*
 * runtime/loop_async.c - the serializable parallel loop (async_for).
 *
 * One call is one node function on every node:
 *   1. the first time a site runs (and whenever its plan is stale),
 *      reconnaissance: each node runs the read-only recon body over its
 *      share of the iterations (again on those that read elements it had to
 *      fetch, recon.c) and sends the records to rank 0, which builds
 *      the plan (scheduler/plan.c) and sends each node its part: its
 *      iterations per round, sub-round and thread, and per round the
 *      elements to fetch and to write back;
 *   2. every round: fetch the elements owned elsewhere, run the sub-rounds
 *      on the worker threads (no locks: cells of a sub-round never conflict),
 *      write back what was written, then a barrier;
 *   3. reductions: threads fold in thread order, nodes in rank order.
 * The driver's sequential code is coherent before and after (dds_operator_
 * begin/end). Serializability: the run equals the sequential loop executed
 * in plan order (round, node, sub-round, thread, position), which
 * STRADS_ORDER_FILE writes out for the oracle tests.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dds/dds.h"
#include "replay/replay.h"
#include "runtime/loop.h"
#include "runtime/trace.h"

#define MSG_RECORDS RT_MSG_LOOP_RECORDS
#define MSG_PLAN RT_MSG_LOOP_PLAN

#define MAX_VERSIONED 32

typedef struct call_hdr {
    uint64_t site_ref;
    int64_t begin, end;
    uint64_t invocation;
    int32_t recon;   /* 1: run reconnaissance and plan now */
    int32_t threads;
    /* Content versions of the arrays (dds_vec.version, kept by the driver):
     * a node that fetched read-only elements at the same version keeps
     * them instead of fetching again every call. */
    uint32_t ndv;
    uint32_t dv_id[MAX_VERSIONED];
    uint64_t dv_ver[MAX_VERSIONED];
    uint64_t call;   /* the driver's async_for call number, which names recorded orders */
} call_hdr;

/* A node's share of a plan. Keys are SCHED_ACC_KEY values, sorted. */
typedef struct node_plan {
    uint64_t site_id;
    int64_t begin, end;
    int threads, rounds, subrounds;
    int64_t *order, norder;
    sched_cell *cells;     /* [rounds][subrounds][threads], start into order */
    uint64_t **fetch, **wb;
    int64_t *nfetch, *nwb;
    int64_t *voff;         /* verify mode: the planned records of order[], CSR */
    sched_acc *vacc;
    uint32_t *written;     /* arrays any node writes in this loop (sorted ids) */
    int64_t nwritten;
    uint8_t *locked;       /* per round: this node's threads share it with locks */
    int64_t *loff;         /* positions of locked rounds: lock stripes, CSR (loop_locks.c) */
    uint16_t *lstripe;
    int32_t any_locked;    /* some node locks in some round: orders are gathered */
    uint32_t seen_id[MAX_VERSIONED]; /* versions of read-only arrays fetched so far */
    uint64_t seen_ver[MAX_VERSIONED];
    uint32_t nseen;
    struct node_plan *next;
} node_plan;

static node_plan *plans; /* this node's cache; the node-function thread only */

/* STRADS_VERIFY_RECON=1: check every real access against the plan. */
static bool verify_mode(void)
{
    const char *v = getenv("STRADS_VERIFY_RECON");
    return v && *v && strcmp(v, "0") != 0;
}

/* Driver only: what a site's plan was built for besides its range and
 * threads (see plan_stale): which array each pointer word of the env
 * pointed into, and the versions of the arrays the loop only reads. The
 * arrays it writes are left out on purpose: they change every call by
 * design, and under the static-control-flow assumption their values (model
 * values) do not decide which elements an iteration touches; read-only
 * arrays (index arrays, sample tables) may. Versions move only on more
 * than one process (dds/coherence.c tracks the driver's writes there), so
 * on one process with several threads a rewritten array goes unnoticed. */
typedef struct env_ref {
    uint32_t word; /* index of a pointer-sized word of the env */
    uint32_t dv;   /* the array it points into */
    uintptr_t at;  /* where: a captured pointer into the middle of an array
                    * (a row chosen by the sequential code) moves the rows too */
} env_ref;

typedef struct plan_key {
    env_ref *refs;
    uint32_t nrefs;
    uint32_t ro_id[SCHED_MAX_ARRAYS];
    uint64_t ro_ver[SCHED_MAX_ARRAYS];
    int nro;
} plan_key;

/* Driver only: per-site statistics and the full plan's order. */
typedef struct site_state {
    uint64_t site_id;
    int64_t begin, end;
    int threads;
    uint64_t calls;
    int64_t *order, norder; /* the serial order the plan is equivalent to */
    plan_key key;
    struct site_state *next;
} site_state;
static site_state *sites;
static int64_t *planned_order, planned_n; /* rank 0: set by the latest planning */
/* rank 0: the arrays the latest plan only reads (planned_nro < 0: none planned) */
static uint32_t planned_ro[SCHED_MAX_ARRAYS];
static int planned_nro = -1;

static void node_plan_free(node_plan *p)
{
    if (!p) return;
    for (int r = 0; r < p->rounds; r++) {
        if (p->fetch) free(p->fetch[r]);
        if (p->wb) free(p->wb[r]);
    }
    free(p->fetch);
    free(p->wb);
    free(p->written);
    free(p->voff);
    free(p->vacc);
    free(p->locked);
    free(p->loff);
    free(p->lstripe);
    free(p->nfetch);
    free(p->nwb);
    free(p->order);
    free(p->cells);
    free(p);
}

static node_plan *find_plan(uint64_t id, int64_t begin, int64_t end, int threads)
{
    for (node_plan *p = plans; p; p = p->next)
        if (p->site_id == id && p->begin == begin && p->end == end && p->threads == threads)
            return p;
    return NULL;
}

static void cache_plan(node_plan *np)
{
    node_plan **pp = &plans;
    while (*pp) {
        node_plan *q = *pp;
        if (q->site_id == np->site_id && q->begin == np->begin && q->end == np->end &&
            q->threads == np->threads) {
            *pp = q->next;
            node_plan_free(q);
            break;
        }
        pp = &q->next;
    }
    np->next = plans;
    plans = np;
}

/* ---- reconnaissance ---- */

typedef struct recon_job {
    const strads_loop_site *site;
    const void *env;
    int64_t lo, hi;
    int parts;
    strads_recon *rc;
} recon_job;

static void recon_task(void *arg, int64_t t, int thread)
{
    (void)thread;
    recon_job *j = arg;
    int64_t n = j->hi - j->lo;
    int64_t a = j->lo + n * t / j->parts, b = j->lo + n * (t + 1) / j->parts;
    rt_recon_init(&j->rc[t], a);
    j->rc[t].err = sched_rec_reserve(&j->rc[t].rec, b - a);
    j->site->recon(j->env, &j->rc[t], NULL, a, b);
    sched_rec_finish(&j->rc[t].rec);
}

/* Runs recon over [lo, hi) on the node's threads; result in *out. */
static int run_recon(const strads_loop_site *site, const void *env, int64_t lo, int64_t hi,
                     int threads, sched_records *out)
{
    sched_rec_init(out, lo);
    recon_job j = {site, env, lo, hi, threads, calloc((size_t)threads, sizeof(strads_recon))};
    if (!j.rc) return STRADS_ENOMEM;
    rt_pool_run(threads, recon_task, &j);
    int rc = 0;
    for (int t = 0; t < threads; t++) {
        if (!rc) rc = j.rc[t].err;
        if (!rc) rc = sched_rec_append(out, &j.rc[t].rec);
        sched_rec_free(&j.rc[t].rec);
    }
    free(j.rc);
    return rc;
}

typedef struct recon_again {
    const strads_loop_site *site;
    const void *env;
    int threads;
} recon_again;

static int recon_range(void *arg, int64_t lo, int64_t hi, sched_records *out)
{
    recon_again *a = arg;
    return run_recon(a->site, a->env, lo, hi, a->threads, out);
}

static int send_records(const sched_records *r, uint64_t tag)
{
    rt_packer p;
    rt_pack_begin(&p, MSG_RECORDS, tag);
    msgpack_pack_int64(&p.pk, r->first);
    msgpack_pack_int64(&p.pk, r->n);
    msgpack_pack_bin(&p.pk, (size_t)(r->n + 1) * sizeof(int64_t));
    msgpack_pack_bin_body(&p.pk, r->off, (size_t)(r->n + 1) * sizeof(int64_t));
    msgpack_pack_bin(&p.pk, r->nacc * sizeof(sched_acc));
    int rc = rt_send(0, p.sb.data, p.sb.size, r->acc, r->nacc * sizeof(sched_acc));
    rt_pack_done(&p);
    return rc;
}

/* Reads the next object, which must be of the given type. */
static int next_obj(msgpack_unpacked *up, const rt_msg *m, size_t *off, msgpack_object_type t,
                    msgpack_object **o)
{
    int rc = rt_unpack_next(up, m->body, m->body_len, off, o);
    if (!rc && (*o)->type != t &&
        !(t == MSGPACK_OBJECT_NEGATIVE_INTEGER && (*o)->type == MSGPACK_OBJECT_POSITIVE_INTEGER))
        rc = STRADS_EPROTO;
    return rc;
}

/* Rank 0: appends rank src's records to r (which they must follow). */
static int recv_records(int src, uint64_t tag, sched_records *r)
{
    rt_msg *m;
    int rc = rt_recv(MSG_RECORDS, tag, src, -1, &m);
    if (rc) return rc;
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    msgpack_object *first, *n, *offs, *acc;
    rc = next_obj(&up, m, &off, MSGPACK_OBJECT_NEGATIVE_INTEGER, &first);
    int64_t f = rc ? 0 : first->via.i64;
    if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_NEGATIVE_INTEGER, &n);
    int64_t cnt = rc ? 0 : n->via.i64;
    if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &offs);
    if (!rc && (cnt < 0 || offs->via.bin.size != (size_t)(cnt + 1) * sizeof(int64_t))) rc = STRADS_EPROTO;
    const char *offp = rc ? NULL : offs->via.bin.ptr; /* the next unpack reuses offs */
    if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &acc);
    if (!rc && acc->via.bin.size % sizeof(sched_acc)) rc = STRADS_EPROTO;
    /* straight from the message into r: records are the largest message */
    if (!rc)
        rc = sched_rec_append_raw(r, f, cnt, offp, acc->via.bin.ptr, acc->via.bin.size / sizeof(sched_acc));
    if (rc == STRADS_EPROTO || rc == STRADS_EINVAL)
        rt_error("async_for: malformed access records from rank %d", src);
    msgpack_unpacked_destroy(&up);
    rt_msg_free(m);
    return rc;
}

/* Bitmaps of the elements one node touches in one round, per array, so that
 * the fetch and write-back lists come out sorted and unique by a scan
 * instead of a sort (planning cost is paid before the first epoch). */
typedef struct touch_arr {
    uint32_t id;
    dds_vec *dv;
    uint64_t *all, *wr;
} touch_arr;

typedef struct touch_map {
    touch_arr slot[64];
    int n;
} touch_map;

/* The slot of array id, made when new; -1 when id is unknown or slots ran out. */
static int touch_slot(touch_map *tm, uint32_t id)
{
    for (int k = 0; k < tm->n; k++)
        if (tm->slot[k].id == id) return k;
    dds_vec *dv = dds_vec_by_id(id);
    if (!dv || tm->n == 64) return -1;
    size_t words = (size_t)(dv->n + 63) / 64;
    touch_arr ns = {id, dv, calloc(words ? words : 1, 8), calloc(words ? words : 1, 8)};
    if (!ns.all || !ns.wr) {
        free(ns.all);
        free(ns.wr);
        return -1;
    }
    /* keep slots in id order so the lists come out sorted by key */
    int k = tm->n++;
    for (; k > 0 && tm->slot[k - 1].id > id; k--) tm->slot[k] = tm->slot[k - 1];
    tm->slot[k] = ns;
    return k;
}

static void touch_free(touch_map *tm)
{
    for (int k = 0; k < tm->n; k++) {
        free(tm->slot[k].all);
        free(tm->slot[k].wr);
    }
}

/* Collects set bits of map (clearing them) into keys; when skip_owned, the
 * elements node owns are left out. */
static size_t collect(const touch_map *tm, int k, uint64_t *map, int node, bool skip_owned,
                      uint64_t *keys)
{
    dds_vec *dv = tm->slot[k].dv;
    size_t words = (size_t)(dv->n + 63) / 64, n = 0;
    /* a range-partitioned array: the node's own elements are one range */
    bool ranged = dv->part != DDS_PART_HASH && node < dv->nodes;
    int64_t own_lo = ranged ? dv->bounds[node] : 0, own_hi = ranged ? dv->bounds[node + 1] : 0;
    for (size_t w = 0; w < words; w++) {
        uint64_t bits = map[w];
        map[w] = 0;
        while (bits) {
            int64_t e = (int64_t)(w * 64 + (size_t)__builtin_ctzll(bits));
            bits &= bits - 1;
            if (skip_owned && (ranged ? e >= own_lo && e < own_hi : dds_owner(dv, e) == node))
                continue;
            keys[n++] = SCHED_ACC_KEY(SCHED_ACC(tm->slot[k].id, e, 0));
        }
    }
    return n;
}

/* Sorted unique keys touched by a node in a round: those owned elsewhere
 * (to fetch) and those written (to write back). */
static int round_keys(const sched_plan *p, const sched_records *rec, int r, int node,
                      touch_map *tm, uint64_t **fetch, int64_t *nfetch, uint64_t **wb,
                      int64_t *nwb)
{
    size_t na = 0, nw = 0;
    uint32_t last_id = UINT32_MAX;
    int slot = -1;
    for (int s = 0; s < p->subrounds; s++)
        for (int t = 0; t < p->threads; t++) {
            const sched_cell *c = sched_cell_at(p, r, node, s, t);
            for (int64_t i = c->start; i < c->start + c->len; i++) {
                int64_t k = p->order[i] - rec->first;
                for (int64_t j = rec->off[k]; j < rec->off[k + 1]; j++) {
                    sched_acc a = rec->acc[j];
                    if (SCHED_ACC_DV(a) != last_id) { /* runs of one array skip the search */
                        last_id = SCHED_ACC_DV(a);
                        slot = touch_slot(tm, last_id);
                    }
                    if (slot < 0) continue;
                    uint64_t e = (uint64_t)SCHED_ACC_ELEM(a), bit = UINT64_C(1) << (e % 64);
                    uint64_t *all = tm->slot[slot].all, *wr = tm->slot[slot].wr;
                    if (!(all[e / 64] & bit)) na++;
                    all[e / 64] |= bit;
                    if (SCHED_ACC_WRITE(a)) {
                        if (!(wr[e / 64] & bit)) nw++;
                        wr[e / 64] |= bit;
                    }
                }
            }
        }
    *fetch = malloc((na ? na : 1) * sizeof **fetch);
    *wb = malloc((nw ? nw : 1) * sizeof **wb);
    if (!*fetch || !*wb) return STRADS_ENOMEM;
    size_t fa = 0, fw = 0;
    for (int k = 0; k < tm->n; k++) {
        fa += collect(tm, k, tm->slot[k].all, node, true, *fetch + fa);
        fw += collect(tm, k, tm->slot[k].wr, node, false, *wb + fw);
    }
    *nfetch = (int64_t)fa;
    *nwb = (int64_t)fw;
    return 0;
}

/* The lock stripes of the positions in np's locked rounds. */
static int lock_lists(node_plan *np, const sched_records *rec)
{
    bool any = false;
    for (int r = 0; r < np->rounds; r++) any |= np->locked[r];
    if (!any) return 0;
    uint8_t *want = calloc((size_t)np->norder + 1, 1);
    if (!want) return STRADS_ENOMEM;
    for (int r = 0; r < np->rounds; r++) {
        if (!np->locked[r]) continue;
        const sched_cell *c = &np->cells[(size_t)r * (size_t)np->subrounds * (size_t)np->threads];
        const sched_cell *e = c + (size_t)np->subrounds * (size_t)np->threads - 1;
        memset(want + c->start, 1, (size_t)(e->start + e->len - c->start));
    }
    int rc = rt__lock_lists(np->order, np->norder, want, rec, np->written, np->nwritten, &np->loff,
                            &np->lstripe);
    free(want);
    return rc;
}

/* Rank 0: the part of plan p that node runs, as a node_plan. */
static int extract(const sched_plan *p, const sched_records *rec, int node, const call_hdr *h,
                   uint64_t site_id, touch_map *tm, const uint32_t *written, int64_t nwritten,
                   node_plan **out)
{
    node_plan *np = calloc(1, sizeof *np);
    if (!np) return STRADS_ENOMEM;
    np->written = malloc((size_t)(nwritten ? nwritten : 1) * sizeof *np->written);
    if (!np->written) {
        free(np);
        return STRADS_ENOMEM;
    }
    memcpy(np->written, written, (size_t)nwritten * sizeof *written);
    np->nwritten = nwritten;
    np->site_id = site_id;
    np->begin = h->begin;
    np->end = h->end;
    np->threads = p->threads;
    np->rounds = p->rounds;
    np->subrounds = p->subrounds;
    size_t ncells = (size_t)p->rounds * (size_t)p->subrounds * (size_t)p->threads;
    np->cells = calloc(ncells ? ncells : 1, sizeof *np->cells);
    np->fetch = calloc((size_t)p->rounds, sizeof *np->fetch);
    np->wb = calloc((size_t)p->rounds, sizeof *np->wb);
    np->nfetch = calloc((size_t)p->rounds, sizeof *np->nfetch);
    np->nwb = calloc((size_t)p->rounds, sizeof *np->nwb);
    np->locked = calloc((size_t)p->rounds, 1);
    for (int r = 0; r < p->rounds && np->locked; r++) {
        np->locked[r] = p->locked[(size_t)r * (size_t)p->nodes + (size_t)node];
        for (int q = 0; q < p->nodes; q++)
            np->any_locked |= p->locked[(size_t)r * (size_t)p->nodes + (size_t)q];
    }
    int64_t total = 0;
    for (int r = 0; r < p->rounds; r++)
        for (int s = 0; s < p->subrounds; s++)
            for (int t = 0; t < p->threads; t++) total += sched_cell_at(p, r, node, s, t)->len;
    np->order = malloc((size_t)(total ? total : 1) * sizeof *np->order);
    if (!np->cells || !np->fetch || !np->wb || !np->nfetch || !np->nwb || !np->order || !np->locked) {
        node_plan_free(np);
        return STRADS_ENOMEM;
    }
    int64_t at = 0;
    size_t ci = 0;
    for (int r = 0; r < p->rounds; r++) {
        for (int s = 0; s < p->subrounds; s++)
            for (int t = 0; t < p->threads; t++) {
                const sched_cell *c = sched_cell_at(p, r, node, s, t);
                np->cells[ci++] = (sched_cell){at, c->len};
                memcpy(np->order + at, p->order + c->start, (size_t)c->len * sizeof *np->order);
                at += c->len;
            }
        /* one node keeps everything at home: nothing to fetch or write back */
        int rc = p->nodes == 1 ? 0 : round_keys(p, rec, r, node, tm, &np->fetch[r], &np->nfetch[r],
                                                &np->wb[r], &np->nwb[r]);
        if (rc) {
            node_plan_free(np);
            return rc;
        }
    }
    np->norder = total;
    int rc = lock_lists(np, rec);
    if (rc) {
        node_plan_free(np);
        return rc;
    }
    if (verify_mode()) {
        size_t nacc = 0;
        for (int64_t i = 0; i < total; i++) {
            int64_t k = np->order[i] - rec->first;
            nacc += (size_t)(rec->off[k + 1] - rec->off[k]);
        }
        np->voff = malloc((size_t)(total + 1) * sizeof *np->voff);
        np->vacc = malloc((nacc ? nacc : 1) * sizeof *np->vacc);
        if (!np->voff || !np->vacc) {
            node_plan_free(np);
            return STRADS_ENOMEM;
        }
        size_t at = 0;
        for (int64_t i = 0; i < total; i++) {
            int64_t k = np->order[i] - rec->first;
            np->voff[i] = (int64_t)at;
            size_t c = (size_t)(rec->off[k + 1] - rec->off[k]);
            memcpy(np->vacc + at, rec->acc + rec->off[k], c * sizeof *np->vacc);
            at += c;
        }
        np->voff[total] = (int64_t)at;
    }
    *out = np;
    return 0;
}

/* Tells node dst that this call has no plan (planning failed on rank 0), so
 * that it fails the call instead of waiting for one. */
static void send_plan_failed(int dst, uint64_t tag)
{
    rt_packer p;
    rt_pack_begin(&p, MSG_PLAN, tag);
    msgpack_pack_int(&p.pk, 0);
    rt_send(dst, p.sb.data, p.sb.size, NULL, 0);
    rt_pack_done(&p);
}

static int send_plan(int dst, uint64_t tag, const node_plan *np)
{
    msgpack_sbuffer sb;
    msgpack_sbuffer_init(&sb);
    msgpack_packer pk;
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_uint32(&pk, MSG_PLAN);
    msgpack_pack_uint64(&pk, tag);
    msgpack_pack_int(&pk, np->rounds);
    msgpack_pack_int(&pk, np->subrounds);
    msgpack_pack_int(&pk, np->threads);
    size_t ncells = (size_t)np->rounds * (size_t)np->subrounds * (size_t)np->threads;
    msgpack_pack_bin(&pk, ncells * sizeof *np->cells);
    msgpack_pack_bin_body(&pk, np->cells, ncells * sizeof *np->cells);
    msgpack_pack_bin(&pk, (size_t)np->norder * sizeof *np->order);
    msgpack_pack_bin_body(&pk, np->order, (size_t)np->norder * sizeof *np->order);
    msgpack_pack_bin(&pk, (size_t)np->nwritten * sizeof *np->written);
    msgpack_pack_bin_body(&pk, np->written, (size_t)np->nwritten * sizeof *np->written);
    size_t voff_len = np->voff ? (size_t)(np->norder + 1) * sizeof *np->voff : 0;
    size_t vacc_len = np->voff ? (size_t)np->voff[np->norder] * sizeof *np->vacc : 0;
    msgpack_pack_bin(&pk, voff_len);
    msgpack_pack_bin_body(&pk, np->voff, voff_len);
    msgpack_pack_bin(&pk, vacc_len);
    msgpack_pack_bin_body(&pk, np->vacc, vacc_len);
    size_t loff_len = np->loff ? (size_t)(np->norder + 1) * sizeof *np->loff : 0;
    size_t lst_len = np->loff ? (size_t)np->loff[np->norder] * sizeof *np->lstripe : 0;
    msgpack_pack_bin(&pk, (size_t)np->rounds);
    msgpack_pack_bin_body(&pk, np->locked, (size_t)np->rounds);
    msgpack_pack_int(&pk, np->any_locked);
    msgpack_pack_bin(&pk, loff_len);
    msgpack_pack_bin_body(&pk, np->loff, loff_len);
    msgpack_pack_bin(&pk, lst_len);
    msgpack_pack_bin_body(&pk, np->lstripe, lst_len);
    for (int r = 0; r < np->rounds; r++) {
        msgpack_pack_bin(&pk, (size_t)np->nfetch[r] * 8);
        msgpack_pack_bin_body(&pk, np->fetch[r], (size_t)np->nfetch[r] * 8);
        msgpack_pack_bin(&pk, (size_t)np->nwb[r] * 8);
        msgpack_pack_bin_body(&pk, np->wb[r], (size_t)np->nwb[r] * 8);
    }
    int rc = rt_send(dst, sb.data, sb.size, NULL, 0);
    msgpack_sbuffer_destroy(&sb);
    return rc;
}

static void *copy_bin(const msgpack_object *o, size_t unit, int64_t *count)
{
    *count = (int64_t)(o->via.bin.size / unit);
    void *p = malloc(o->via.bin.size ? o->via.bin.size : 1);
    if (p) memcpy(p, o->via.bin.ptr, o->via.bin.size);
    return p;
}

static int recv_plan(uint64_t tag, const call_hdr *h, uint64_t site_id, node_plan **out)
{
    rt_msg *m;
    int rc = rt_recv(MSG_PLAN, tag, 0, -1, &m);
    if (rc) return rc;
    node_plan *np = calloc(1, sizeof *np);
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    msgpack_object *o;
    int v[3];
    bool failed = false; /* the driver could not plan: zero rounds (send_plan_failed) */
    for (int i = 0; i < 3 && !rc && !failed; i++) {
        rc = next_obj(&up, m, &off, MSGPACK_OBJECT_NEGATIVE_INTEGER, &o);
        if (!rc) v[i] = (int)o->via.i64;
        failed = !rc && i == 0 && v[0] == 0;
        if (!rc && !failed && (v[i] < 1 || v[i] > 1 << 20)) rc = STRADS_EPROTO;
    }
    if (failed) {
        msgpack_unpacked_destroy(&up);
        rt_msg_free(m);
        free(np);
        return STRADS_EREMOTE;
    }
    if (!np) rc = STRADS_ENOMEM;
    if (!rc) {
        np->site_id = site_id;
        np->begin = h->begin;
        np->end = h->end;
        np->rounds = v[0];
        np->subrounds = v[1];
        np->threads = v[2];
        int64_t ncells;
        rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
        if (!rc) np->cells = copy_bin(o, sizeof *np->cells, &ncells);
        if (!rc && ncells != (int64_t)v[0] * v[1] * v[2]) rc = STRADS_EPROTO;
        if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
        if (!rc) np->order = copy_bin(o, sizeof *np->order, &np->norder);
        for (int64_t c = 0; c < ncells && !rc; c++)
            if (np->cells[c].start < 0 || np->cells[c].len < 0 ||
                np->cells[c].start + np->cells[c].len > np->norder)
                rc = STRADS_EPROTO;
        if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
        if (!rc) np->written = copy_bin(o, sizeof *np->written, &np->nwritten);
        int64_t nvoff = 0, nvacc = 0;
        if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
        if (!rc && o->via.bin.size) np->voff = copy_bin(o, sizeof *np->voff, &nvoff);
        if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
        if (!rc && o->via.bin.size) np->vacc = copy_bin(o, sizeof *np->vacc, &nvacc);
        if (!rc && np->voff && (nvoff != np->norder + 1 || np->voff[0] != 0 || np->voff[np->norder] != nvacc))
            rc = STRADS_EPROTO;
        for (int64_t i = 0; !rc && np->voff && i < np->norder; i++)
            if (np->voff[i] > np->voff[i + 1]) rc = STRADS_EPROTO;
        int64_t nlocked = 0, nloff = 0, nlst = 0;
        if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
        if (!rc) np->locked = copy_bin(o, 1, &nlocked);
        if (!rc && nlocked != np->rounds) rc = STRADS_EPROTO;
        if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_NEGATIVE_INTEGER, &o);
        if (!rc) np->any_locked = o->via.i64 != 0;
        if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
        if (!rc && o->via.bin.size) np->loff = copy_bin(o, sizeof *np->loff, &nloff);
        if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
        if (!rc && o->via.bin.size) np->lstripe = copy_bin(o, sizeof *np->lstripe, &nlst);
        if (!rc && np->loff && (nloff != np->norder + 1 || np->loff[0] != 0 || np->loff[np->norder] != nlst))
            rc = STRADS_EPROTO;
        for (int64_t i = 0; !rc && np->loff && i < np->norder; i++)
            if (np->loff[i] > np->loff[i + 1]) rc = STRADS_EPROTO;
        for (int64_t i = 0; !rc && i < nlst; i++)
            if (np->lstripe[i] >= RT__LOCK_STRIPES) rc = STRADS_EPROTO;
        np->fetch = calloc((size_t)np->rounds, sizeof *np->fetch);
        np->wb = calloc((size_t)np->rounds, sizeof *np->wb);
        np->nfetch = calloc((size_t)np->rounds, sizeof *np->nfetch);
        np->nwb = calloc((size_t)np->rounds, sizeof *np->nwb);
        for (int r = 0; r < np->rounds && !rc; r++) {
            rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
            if (!rc) np->fetch[r] = copy_bin(o, 8, &np->nfetch[r]);
            if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
            if (!rc) np->wb[r] = copy_bin(o, 8, &np->nwb[r]);
        }
    }
    msgpack_unpacked_destroy(&up);
    rt_msg_free(m);
    if (rc) {
        rt_error("async_for: malformed plan from the driver");
        node_plan_free(np);
        return rc;
    }
    *out = np;
    return 0;
}

/* Appends the serial order of one call for the oracle tests (driver). */
static void write_order(const int64_t *order, int64_t n, int64_t begin)
{
    const char *path = getenv("STRADS_ORDER_FILE");
    if (!path || !*path) return;
    FILE *f = fopen(path, "ab");
    if (!f) {
        rt_warn("cannot append to STRADS_ORDER_FILE %s", path);
        return;
    }
    if (order) {
        fwrite(order, sizeof *order, (size_t)n, f);
    } else {
        for (int64_t i = 0; i < n; i++) {
            int64_t it = begin + i;
            fwrite(&it, sizeof it, 1, f);
        }
    }
    fclose(f);
}

/* The planner's passes over all iterations run on this node's pool, idle
 * while rank 0 plans. */
typedef struct par_job {
    sched_task_fn fn;
    void *arg;
} par_job;

static void par_task(void *arg, int64_t t, int thread)
{
    (void)thread;
    par_job *j = arg;
    j->fn(j->arg, t);
}

static void plan_par(void *ctx, int64_t ntasks, sched_task_fn fn, void *arg)
{
    (void)ctx;
    par_job j = {fn, arg};
    rt_pool_run(ntasks, par_task, &j);
}

/* Rank 0 inside the node function: gather records, plan, hand out parts. */
static int plan_on_driver(const strads_loop_site *site, const call_hdr *h, sched_records *mine,
                          node_plan **own, double *plan_s)
{
    int n = strads_size(), rc = 0;
    sched_records all;
    sched_rec_init(&all, h->begin);
    rc = sched_rec_append(&all, mine);
    for (int r = 1; r < n && !rc; r++) rc = recv_records(r, h->invocation, &all);
    uint64_t t0 = rt_now_ms();
    sched_plan *p = NULL;
    /* what the planner needs of each array: size and owners */
    sched_dv dvs[SCHED_MAX_ARRAYS];
    int ndv = 0;
    for (int k = 0; k < all.narrays; k++) {
        dds_vec *dv = dds_vec_by_id(all.arrays[k].id);
        if (dv) dvs[ndv++] = (sched_dv){dv->id, dv->n, dv->part == DDS_PART_HASH ? NULL : dv->bounds};
    }
    if (!rc && all.too_many_arrays) {
        rt_error("async_for %s:%u: the body touches more than %d distributed arrays", site->file,
                 site->line, SCHED_MAX_ARRAYS);
        rc = STRADS_EINVAL;
    }
    if (!rc) rc = sched_plan_build_par(&all, dvs, ndv, n, h->threads, plan_par, NULL, &p);
    uint64_t t_built = rt_now_ms();
    if (!rc && getenv("STRADS_VERIFY_PLAN")) {
        char err[256];
        rc = sched_plan_check(p, &all, err, sizeof err);
        if (rc) rt_error("async_for %s:%u: bad plan: %s", site->file, site->line, err);
    }
    /* arrays written anywhere in this loop: their elements are fetched
     * every round; the others only when their version changed */
    uint32_t written[SCHED_MAX_ARRAYS];
    int64_t nwritten = 0;
    for (int k = 0; k < all.narrays; k++)
        if (all.arrays[k].written) written[nwritten++] = all.arrays[k].id;
    touch_map tm = {.n = 0};
    int unsent = 1; /* nodes from here on have no plan yet */
    for (int r = 0; r < n && !rc; r++) {
        node_plan *np;
        rc = extract(p, &all, r, h, site->id, &tm, written, nwritten, &np);
        if (rc) break;
        if (r == 0) {
            *own = np;
        } else {
            rc = send_plan(r, h->invocation, np);
            unsent = r + 1;
            node_plan_free(np);
        }
    }
    touch_free(&tm);
    /* a failure here would otherwise leave the other nodes waiting */
    for (int r = unsent; rc && r < n; r++) send_plan_failed(r, h->invocation);
    if (rc && *own) {
        node_plan_free(*own);
        *own = NULL;
    }
    if (!rc) {
        *plan_s = (double)(rt_now_ms() - t0) / 1000.0;
        free(planned_order); /* the plan's serial order moves to the driver's site state */
        planned_order = p->order;
        planned_n = p->n;
        p->order = NULL;
        planned_nro = 0;
        for (int k = 0; k < all.narrays; k++)
            if (!all.arrays[k].written) planned_ro[planned_nro++] = all.arrays[k].id;
        if (getenv("STRADS_STATS"))
            fprintf(stderr,
                    "strads: async_for %s:%u: %lld iterations, %lld accesses, plan %s/%s, "
                    "%lld groups, %d rounds x %d sub-rounds, load max/mean %.2f (build %.3f s)\n",
                    site->file, site->line, (long long)all.n, (long long)all.nacc, p->node_method,
                    p->thread_method, (long long)p->groups, p->rounds, p->subrounds, p->imbalance,
                    (double)(t_built - t0) / 1000.0);
    }
    sched_plan_free(p);
    sched_rec_free(&all);
    return rc;
}

/* ---- execution ---- */

typedef struct exec_job {
    const strads_loop_site *site;
    void *env;
    char *tls;
    const node_plan *np;
    int round, sub;
    atomic_int violated; /* verify mode: an access outside the plan was seen */
    atomic_llong next_ticket; /* locked rounds: the order locks were granted in */
    int64_t *ticket;          /* per position of np->order, in locked rounds */
    int64_t *gate;            /* cluster replay: the ticket each position must draw */
} exec_job;

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
    j->site->recon(j->env, &rc, np->order, k, k + 1);
    sched_rec_finish(&rc.rec);
    bool ok = true;
    for (size_t a = 0; a < rc.rec.nacc && ok; a++) {
        sched_acc x = rc.rec.acc[a];
        bool found = false;
        for (int64_t p = np->voff[k]; p < np->voff[k + 1] && !found; p++) {
            sched_acc y = np->vacc[p];
            found = SCHED_ACC_KEY(x) == SCHED_ACC_KEY(y) && (!SCHED_ACC_WRITE(x) || SCHED_ACC_WRITE(y));
        }
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
    if (!np->voff && !locked) {
        if (c->len) rt_trace_begin(RT_TR_TASK, NULL, c->len);
        if (c->len) j->site->body(j->env, tls, np->order, c->start, c->start + c->len);
        if (c->len) rt_trace_end();
        return;
    }
    for (int64_t k = c->start; k < c->start + c->len && !atomic_load(&j->violated); k++) {
        const uint16_t *st = locked ? np->lstripe + np->loff[k] : NULL;
        int64_t nst = locked ? np->loff[k + 1] - np->loff[k] : 0;
        if (locked) rt__lock_wait_turn(&j->next_ticket, j->gate[k]);
        rt__lock(st, nst);
        /* the ticket drawn while holding every lock is the iteration's
         * place in the serial order (loop_locks.c) */
        if (locked) j->ticket[k] = atomic_fetch_add(&j->next_ticket, 1);
        bool ok = !np->voff || verify_one(j, k);
        if (ok) j->site->body(j->env, tls, np->order, k, k + 1);
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
            moved_bytes += (uint64_t)(j - i) * dv->elem;
        }
        i = j;
    }
    free(elems);
    return rc;
}

/* True when this node's copies of array id are still valid: no node writes
 * it in this loop, and its version is the one this plan last fetched at. */
static bool still_valid(const node_plan *np, const call_hdr *h, uint32_t id)
{
    for (int64_t k = 0; k < np->nwritten; k++)
        if (np->written[k] == id) return false;
    for (uint32_t k = 0; k < h->ndv; k++) {
        if (h->dv_id[k] != id) continue;
        for (uint32_t q = 0; q < np->nseen; q++)
            if (np->seen_id[q] == id) return np->seen_ver[q] == h->dv_ver[k];
    }
    return false;
}

/* Fetches the keys of a round, leaving out arrays whose copies are valid. */
static int fetch_round(const node_plan *np, const call_hdr *h, int r)
{
    const uint64_t *keys = np->fetch[r];
    int64_t n = np->nfetch[r], i = 0;
    int rc = 0;
    while (i < n && !rc) {
        int64_t j = i;
        uint32_t id = SCHED_ACC_DV(keys[i]);
        while (j < n && SCHED_ACC_DV(keys[j]) == id) j++;
        if (!still_valid(np, h, id)) rc = per_array(keys + i, j - i, dds_prefetch);
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

static int execute(const strads_loop_site *site, void *env, char *tls, node_plan *np,
                   const call_hdr *h)
{
    exec_job j = {site, env, tls, np, 0, 0, 0, 0, NULL, NULL};
    int rc = 0;
    if (np->loff && !(j.ticket = malloc((size_t)(np->norder + 1) * sizeof *j.ticket))) return STRADS_ENOMEM;
    if (np->loff && (rc = replay_cluster() ? replay_gates(site, np, h, &j.gate) : turn_gates(np, &j.gate))) {
        free(j.ticket);
        return rc;
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
            rc = rt_pool_run(np->threads, exec_task, &j);
        }
        t_run += rt_now_us() - t, t = rt_now_us();
        rt_trace_begin(RT_TR_WRITEBACK, NULL, 0);
        replay_fault("writeback"); /* STRADS_FAULT=OP:RANK:writeback */
        if (!rc && strads_size() > 1) rc = per_array(np->wb[r], np->nwb[r], dds_writeback);
        rt_trace_end();
        t_wb += rt_now_us() - t, t = rt_now_us();
        rt_trace_begin(RT_TR_BARRIER, NULL, 0);
        if (!rc && strads_size() > 1) rc = strads_barrier();
        rt_trace_end();
        t_bar += rt_now_us() - t;
        rt_trace_end();
        rt_progress_step();
    }
    if (strads_rank() == 0 && getenv("STRADS_STATS"))
        fprintf(stderr, "strads: async_for %s:%u: rank 0 fetch %.3f s, body %.3f s, write-back %.3f s, "
                "barriers %.3f s, %.1f MB moved\n", site->file, site->line, t_fetch / 1e6, t_run / 1e6,
                t_wb / 1e6, t_bar / 1e6, (double)moved_bytes / 1e6);
    /* A violation stops the bodies but not the rounds, so that every node
     * still meets the others at each barrier; the call then fails. */
    if (!rc && atomic_load(&j.violated)) rc = STRADS_ESTATE;
    if (!rc && np->any_locked) rc = gather_order(np, &j, h->invocation);
    if (!rc) note_versions(np, h);
    free(j.ticket);
    free(j.gate);
    return rc;
}

/* CPU seconds of this process, all threads: on a loaded machine a steadier
 * measure of the phases than wall time (STRADS_STATS). */
static double cpu_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int async_node(const void *arg, size_t len)
{
    if (len < sizeof(call_hdr)) return STRADS_EPROTO;
    call_hdr h;
    memcpy(&h, arg, sizeof h);
    const strads_loop_site *site;
    int rc = rt_loop_site_decode(h.site_ref, &site);
    if (rc) return rc;
    void *env;
    rc = rt_loop_env_open(site, arg, len, sizeof h, &env);
    if (rc) return rc;
    rt_trace_begin(RT_TR_ASYNC_FOR, site, 0);
    int threads = h.threads;
    uint64_t t0 = rt_now_ms();
    double recon_s = 0, plan_s = 0, cpu0 = cpu_s(), cpu_re = 0, cpu_plan = 0;
    node_plan *np = find_plan(site->id, h.begin, h.end, threads);
    if (h.recon || !np) {
        int64_t n = h.end - h.begin;
        int64_t lo = h.begin + n * strads_rank() / strads_size();
        int64_t hi = h.begin + n * (strads_rank() + 1) / strads_size();
        sched_records mine;
        rt_trace_begin(RT_TR_RECON, NULL, hi - lo);
        rc = run_recon(site, env, lo, hi, threads, &mine);
        recon_again again = {site, env, threads};
        if (!rc) rc = rt_recon_fetch_reads(&mine, recon_range, &again);
        rt_trace_end();
        rt_trace_begin(RT_TR_PLAN, NULL, 0);
        recon_s = (double)(rt_now_ms() - t0) / 1000.0;
        cpu_re = cpu_s() - cpu0;
        if (!rc) {
            if (strads_rank() == 0) {
                np = NULL;
                rc = plan_on_driver(site, &h, &mine, &np, &plan_s);
            } else {
                rc = send_records(&mine, h.invocation);
                if (!rc) rc = recv_plan(h.invocation, &h, site->id, &np);
            }
            if (!rc) cache_plan(np);
        }
        rt_trace_end();
        sched_rec_free(&mine);
        cpu_plan = cpu_s() - cpu0 - cpu_re;
    }
    char *tls = NULL;
    if (!rc) rc = rt_loop_tls_new(site, env, threads, &tls);
    uint64_t t1 = rt_now_ms();
    double cpu1 = cpu_s();
    if (!rc) rc = execute(site, env, tls, np, &h);
    char *acc = NULL;
    if (!rc) rc = rt_loop_fold(site, env, tls, threads, h.invocation, &acc);
    rt_loop_tls_free(site, tls, threads);
    rt_loop_publish(site, env, acc);
    if (strads_rank() == 0 && getenv("STRADS_STATS"))
        fprintf(stderr, "strads: async_for %s:%u: recon %.3f s, plan %.3f s, run %.3f s "
                "(cpu %.3f + %.3f + %.3f s)\n", site->file, site->line, recon_s, plan_s,
                (double)(rt_now_ms() - t1) / 1000.0, cpu_re, cpu_plan, cpu_s() - cpu1);
    rt_trace_end();
    rt_loop_env_close(site, env);
    return rc;
}

static site_state *site_of(const strads_loop_site *site, int64_t begin, int64_t end, int threads)
{
    for (site_state *s = sites; s; s = s->next)
        if (s->site_id == site->id && s->begin == begin && s->end == end && s->threads == threads)
            return s;
    site_state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    *s = (site_state){.site_id = site->id, .begin = begin, .end = end, .threads = threads,
                      .next = sites};
    sites = s;
    return s;
}

static void add_version(dds_vec *dv, void *arg)
{
    call_hdr *h = arg;
    if (h->ndv == MAX_VERSIONED) return; /* arrays beyond: always fetched */
    h->dv_id[h->ndv] = dv->id;
    h->dv_ver[h->ndv++] = dv->version;
}

static void fill_versions(void *hdr)
{
    dds_vec_foreach(add_version, hdr);
}

/* The arrays the env's pointer words point into, in word order (*refs
 * malloc'ed, NULL when none). The env is a struct zeroed before it is
 * filled, so every aligned word is a field or zero padding; a scalar that
 * happens to look like an address inside an array costs a needless replan,
 * never a wrong plan. */
static int env_refs(const strads_loop_site *site, const void *env, env_ref **refs, uint32_t *n)
{
    *refs = NULL;
    *n = 0;
    size_t words = env ? site->env_size / sizeof(uintptr_t) : 0;
    for (size_t w = 0; w < words; w++) {
        uintptr_t a;
        dds_vec *dv;
        memcpy(&a, (const char *)env + w * sizeof a, sizeof a);
        if (!a || dds_lookup((const void *)a, &dv, NULL) != 0) continue;
        env_ref *r = realloc(*refs, (*n + 1) * sizeof *r);
        if (!r) {
            free(*refs);
            *refs = NULL;
            return STRADS_ENOMEM;
        }
        *refs = r;
        r[(*n)++] = (env_ref){(uint32_t)w, dv->id, a};
    }
    return 0;
}

/* Why the cached plan of st cannot serve this call (NULL: it can). refs
 * are the env's arrays now; versions are read after dds_operator_begin, so
 * that the sequential code's writes since the last call are counted. */
static const char *plan_stale(const site_state *st, const env_ref *refs, uint32_t nrefs)
{
    if (nrefs != st->key.nrefs || (nrefs && memcmp(refs, st->key.refs, nrefs * sizeof *refs)))
        return "the env refers to other arrays";
    for (int k = 0; k < st->key.nro; k++) {
        const dds_vec *dv = dds_vec_by_id(st->key.ro_id[k]);
        if (!dv || dv->version != st->key.ro_ver[k]) return "an array the loop only reads changed";
    }
    return NULL;
}

/* A call's header with what the driver needs to decide on it. */
typedef struct call_prep {
    call_hdr h; /* first: rt_loop_invoke_ex sees and sends only this */
    const strads_loop_site *site;
    site_state *st;
    const void *env;
    env_ref *refs;
    uint32_t nrefs;
    int rc;
} call_prep;

/* Driver, after the sequential code's writes reached the owners: the
 * versions, and a fresh RE when the plan's arrays are not the same. */
static void prepare_call(void *hdr)
{
    call_prep *c = hdr;
    fill_versions(&c->h);
    c->rc = env_refs(c->site, c->env, &c->refs, &c->nrefs);
    if (c->rc) c->h.recon = 1; /* the call fails after; no stale plan runs meanwhile */
    const char *why = c->h.recon ? NULL : plan_stale(c->st, c->refs, c->nrefs);
    if (why) {
        c->h.recon = 1;
        if (getenv("STRADS_STATS"))
            fprintf(stderr, "strads: async_for %s:%u: new reconnaissance: %s\n", c->site->file,
                    c->site->line, why);
    }
}

/* Driver, after a call that planned: the plan now stands for these arrays. */
static void keep_key(site_state *st, call_prep *c)
{
    free(st->key.refs);
    st->key.refs = c->refs;
    st->key.nrefs = c->nrefs;
    c->refs = NULL;
    st->key.nro = 0;
    for (int k = 0; k < planned_nro; k++) {
        const dds_vec *dv = dds_vec_by_id(planned_ro[k]);
        if (!dv) continue;
        st->key.ro_id[st->key.nro] = dv->id;
        st->key.ro_ver[st->key.nro++] = dv->version;
    }
    planned_nro = -1;
}

/* The runtime entry point; see strads.h. */
void strads_async_for(const strads_loop_site *site, int64_t begin, int64_t end, void *env)
{
    if (!site || site->abi != STRADS_ABI_VERSION || !site->body)
        strads_fatal(STRADS_EINVAL, "async_for: loop site from an incompatible stradsc");
    if (end <= begin) return;
    int threads = rt_loop_threads(env);
    uint64_t call = replay_next_async_call();
    bool replaying = replay_replaying(); /* one process; a cluster replay plans as usual */
    if (replaying || (strads_size() == 1 && threads == 1 && !verify_mode())) {
        /* One thread: the sequential loop is the schedule, or, replaying,
         * the order the recorded run was equivalent to. */
        uint64_t op = replay_next_op();
        bool skip = false;
        int rc = replay_op_begin(op, site, env, &skip);
        if (rc) strads_fatal(rc, "async_for: recovery");
        if (skip) return;
        rt_trace_begin(RT_TR_ASYNC_FOR, site, 0);
        int64_t *order = NULL, n = end - begin;
        if (replaying && (rc = replay_load_order(site, call, begin, end, &order, &n)))
            strads_fatal(rc, "async_for: replay");
        char *tls = calloc(1, site->tls_size ? site->tls_size : 1), *acc = NULL;
        if (!tls) strads_fatal(STRADS_ENOMEM, "async_for");
        if (site->tls_init) site->tls_init(tls, env);
        if (order)
            site->body(env, tls, order, 0, n);
        else
            site->body(env, tls, NULL, begin, end);
        write_order(order, n, begin);
        if (!replaying) replay_record_order(site, call, begin, end, NULL, n);
        free(order);
        if (rt_loop_fold(site, env, tls, 1, 0, &acc) == 0) rt_loop_publish(site, env, acc);
        if (site->tls_free) site->tls_free(tls);
        free(tls);
        rt_trace_end();
        rt_loop_checkpoint(op, site, env);
        return;
    }
    site_state *st = site_of(site, begin, end, threads);
    if (!st) strads_fatal(STRADS_ENOMEM, "async_for");
    const char *every = getenv("STRADS_RECON_EVERY");
    long k = every && *every ? atol(every) : 0;
    call_prep c = {{0, begin, end, rt_loop_next_invocation(),
                    st->calls == 0 || (k > 0 && st->calls % (uint64_t)k == 0), threads, 0, {0},
                    {0}, call},
                   site, st, env, NULL, 0, 0};
    st->calls++;
    int rc = rt_fnref_encode(site, &c.h.site_ref);
    if (rc) strads_fatal(rc, "async_for: loop site outside the program");
    planned_nro = -1;
    rc = rt_loop_invoke_ex(site, env, async_node, &c.h, sizeof c.h, prepare_call);
    if (!rc) rc = c.rc;
    if (!rc && planned_nro >= 0) keep_key(st, &c);
    free(c.refs);
    if (planned_order) {
        free(st->order);
        st->order = planned_order;
        st->norder = planned_n;
        planned_order = NULL;
    }
    if (call_order) { /* lock grants decided this call's order */
        free(st->order);
        st->order = call_order;
        st->norder = call_n;
        call_order = NULL;
    }
    if (!rc) write_order(st->order, st->norder, begin);
    if (!rc && (replay_recording() || replay_cluster()) && /* cluster replay: checked */
        (rc = replay_record_order(site, call, begin, end, st->order, st->norder)))
        rt_error("async_for %s:%u: the order of this call could not be recorded or checked",
                 site->file, site->line);
    if (rc) {
        char what[256];
        snprintf(what, sizeof what, "async_for at %s:%u", site->file, site->line);
        strads_fatal(rc, what);
    }
}
