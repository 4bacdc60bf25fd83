/*
 * runtime/loop_async.c - the serializable parallel loop (async_for).
 *
 * One call is one node function on every node:
 *   1. the first time a site runs (and whenever its plan is stale),
 *      reconnaissance: each node runs the read-only recon body over its
 *      share of the iterations and sends the records to rank 0, which builds
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

#include "dds/dds.h"
#include "replay/replay.h"
#include "runtime/loop.h"

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

/* Driver only: per-site statistics and the full plan's order. */
typedef struct site_state {
    uint64_t site_id;
    int64_t begin, end;
    int threads;
    uint64_t calls;
    int64_t *order, norder; /* the serial order the plan is equivalent to */
    struct site_state *next;
} site_state;
static site_state *sites;
static int64_t *planned_order, planned_n; /* rank 0: set by the latest planning */

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
    j->site->recon(j->env, &j->rc[t], NULL, a, b);
    sched_rec_finish(&j->rc[t].rec);
}

/* Runs recon over [lo, hi) on the node's threads; result in *out. */
static int run_recon(const strads_loop_site *site, const void *env, int64_t lo, int64_t hi,
                     int threads, sched_records *out)
{
    recon_job j = {site, env, lo, hi, threads, calloc((size_t)threads, sizeof(strads_recon))};
    if (!j.rc) return STRADS_ENOMEM;
    rt_pool_run(threads, recon_task, &j);
    sched_rec_init(out, lo);
    int rc = 0;
    for (int t = 0; t < threads; t++) {
        if (!rc) rc = j.rc[t].err;
        if (!rc) rc = sched_rec_append(out, &j.rc[t].rec);
        sched_rec_free(&j.rc[t].rec);
    }
    free(j.rc);
    return rc;
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
    const char *offp = rc ? NULL : offs->via.bin.ptr;
    if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &acc);
    if (!rc && acc->via.bin.size % sizeof(sched_acc)) rc = STRADS_EPROTO;
    if (!rc) {
        sched_rec_init(r, f);
        r->n = cnt;
        r->nacc = r->cap = acc->via.bin.size / sizeof(sched_acc);
        r->off = malloc((size_t)(cnt + 1) * sizeof(int64_t));
        r->off_cap = cnt + 1;
        r->acc = malloc(r->nacc ? r->nacc * sizeof(sched_acc) : 1);
        if (!r->off || !r->acc) {
            rc = STRADS_ENOMEM;
        } else {
            memcpy(r->off, offp, (size_t)(cnt + 1) * sizeof(int64_t));
            memcpy(r->acc, acc->via.bin.ptr, r->nacc * sizeof(sched_acc));
            if (r->off[0] != 0 || r->off[cnt] != (int64_t)r->nacc) rc = STRADS_EPROTO;
            for (int64_t k = 0; k < cnt && !rc; k++)
                if (r->off[k] > r->off[k + 1]) rc = STRADS_EPROTO;
        }
        if (rc) sched_rec_free(r);
    }
    if (rc) rt_error("async_for: malformed access records from rank %d", src);
    msgpack_unpacked_destroy(&up);
    rt_msg_free(m);
    return rc;
}

/* Bitmaps of the elements one node touches in one round, per array, so that
 * the fetch and write-back lists come out sorted and unique by a scan
 * instead of a sort (planning cost is paid before the first epoch). */
typedef struct touch_map {
    uint32_t id[64];
    dds_vec *dv[64];
    uint64_t *all[64], *wr[64];
    int n;
} touch_map;

static int touch_slot(touch_map *tm, uint32_t id)
{
    for (int k = 0; k < tm->n; k++)
        if (tm->id[k] == id) return k;
    dds_vec *dv = dds_vec_by_id(id);
    if (!dv || tm->n == 64) return -1;
    size_t words = (size_t)(dv->n + 63) / 64;
    int k = tm->n;
    tm->all[k] = calloc(words ? words : 1, 8);
    tm->wr[k] = calloc(words ? words : 1, 8);
    if (!tm->all[k] || !tm->wr[k]) {
        free(tm->all[k]);
        free(tm->wr[k]);
        return -1;
    }
    tm->id[k] = id;
    tm->dv[k] = dv;
    /* keep slots in id order so the lists come out sorted by key */
    while (k > 0 && tm->id[k - 1] > id) {
        uint32_t ti = tm->id[k];
        tm->id[k] = tm->id[k - 1], tm->id[k - 1] = ti;
        dds_vec *td = tm->dv[k];
        tm->dv[k] = tm->dv[k - 1], tm->dv[k - 1] = td;
        uint64_t *ta = tm->all[k];
        tm->all[k] = tm->all[k - 1], tm->all[k - 1] = ta;
        uint64_t *tw = tm->wr[k];
        tm->wr[k] = tm->wr[k - 1], tm->wr[k - 1] = tw;
        k--;
    }
    tm->n++;
    return -2; /* slots moved: caller looks up again */
}

static void touch_free(touch_map *tm)
{
    for (int k = 0; k < tm->n; k++) {
        free(tm->all[k]);
        free(tm->wr[k]);
    }
}

/* Collects set bits of map (clearing them) into keys; when skip_owned, the
 * elements node owns are left out. */
static size_t collect(const touch_map *tm, int k, uint64_t *map, int node, bool skip_owned,
                      uint64_t *keys)
{
    dds_vec *dv = tm->dv[k];
    size_t words = (size_t)(dv->n + 63) / 64, n = 0;
    for (size_t w = 0; w < words; w++) {
        uint64_t bits = map[w];
        map[w] = 0;
        while (bits) {
            int64_t e = (int64_t)(w * 64 + (size_t)__builtin_ctzll(bits));
            bits &= bits - 1;
            if (skip_owned && dds_owner(dv, e) == node) continue;
            keys[n++] = SCHED_ACC_KEY(SCHED_ACC(tm->id[k], e, 0));
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
    for (int s = 0; s < p->subrounds; s++)
        for (int t = 0; t < p->threads; t++) {
            const sched_cell *c = sched_cell_at(p, r, node, s, t);
            for (int64_t i = c->start; i < c->start + c->len; i++) {
                int64_t k = p->order[i] - rec->first;
                for (int64_t j = rec->off[k]; j < rec->off[k + 1]; j++) {
                    sched_acc a = rec->acc[j];
                    int slot = touch_slot(tm, SCHED_ACC_DV(a));
                    if (slot == -2) slot = touch_slot(tm, SCHED_ACC_DV(a));
                    if (slot < 0) continue;
                    uint64_t e = (uint64_t)SCHED_ACC_ELEM(a), bit = UINT64_C(1) << (e % 64);
                    if (!(tm->all[slot][e / 64] & bit)) na++;
                    tm->all[slot][e / 64] |= bit;
                    if (SCHED_ACC_WRITE(a)) {
                        if (!(tm->wr[slot][e / 64] & bit)) nw++;
                        tm->wr[slot][e / 64] |= bit;
                    }
                }
            }
        }
    *fetch = malloc((na ? na : 1) * sizeof **fetch);
    *wb = malloc((nw ? nw : 1) * sizeof **wb);
    if (!*fetch || !*wb) return STRADS_ENOMEM;
    size_t fa = 0, fw = 0;
    for (int k = 0; k < tm->n; k++) {
        fa += collect(tm, k, tm->all[k], node, true, *fetch + fa);
        fw += collect(tm, k, tm->wr[k], node, false, *wb + fw);
    }
    *nfetch = (int64_t)fa;
    *nwb = (int64_t)fw;
    return 0;
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
    int64_t total = 0;
    for (int r = 0; r < p->rounds; r++)
        for (int s = 0; s < p->subrounds; s++)
            for (int t = 0; t < p->threads; t++) total += sched_cell_at(p, r, node, s, t)->len;
    np->order = malloc((size_t)(total ? total : 1) * sizeof *np->order);
    if (!np->cells || !np->fetch || !np->wb || !np->nfetch || !np->nwb || !np->order) {
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
        int rc = round_keys(p, rec, r, node, tm, &np->fetch[r], &np->nfetch[r], &np->wb[r], &np->nwb[r]);
        if (rc) {
            node_plan_free(np);
            return rc;
        }
    }
    np->norder = total;
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
    for (int i = 0; i < 3 && !rc; i++) {
        rc = next_obj(&up, m, &off, MSGPACK_OBJECT_NEGATIVE_INTEGER, &o);
        if (!rc) v[i] = (int)o->via.i64;
        if (!rc && (v[i] < 1 || v[i] > 1 << 20)) rc = STRADS_EPROTO;
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

/* Rank 0 inside the node function: gather records, plan, hand out parts. */
static int plan_on_driver(const strads_loop_site *site, const call_hdr *h, sched_records *mine,
                          node_plan **own, double *plan_s)
{
    int n = strads_size(), rc = 0;
    sched_records all;
    sched_rec_init(&all, h->begin);
    rc = sched_rec_append(&all, mine);
    for (int r = 1; r < n && !rc; r++) {
        sched_records part;
        rc = recv_records(r, h->invocation, &part);
        if (!rc) rc = sched_rec_append(&all, &part);
        if (!rc) sched_rec_free(&part);
    }
    uint64_t t0 = rt_now_ms();
    sched_plan *p = NULL;
    /* what the planner needs of each array: size and owners */
    sched_dv dvs[64];
    int ndv = 0;
    for (size_t i = 0; i < all.nacc && !rc; i++) {
        uint32_t id = SCHED_ACC_DV(all.acc[i]);
        bool seen = false;
        for (int k = 0; k < ndv && !seen; k++) seen = dvs[k].id == id;
        if (seen || ndv == 64) continue;
        dds_vec *dv = dds_vec_by_id(id);
        if (dv) dvs[ndv++] = (sched_dv){id, dv->n, dv->part == DDS_PART_HASH ? NULL : dv->bounds};
    }
    if (!rc) rc = sched_plan_build(&all, dvs, ndv, n, h->threads, &p);
    uint64_t t_built = rt_now_ms();
    if (!rc && getenv("STRADS_VERIFY_PLAN")) {
        char err[256];
        rc = sched_plan_check(p, &all, err, sizeof err);
        if (rc) rt_error("async_for %s:%u: bad plan: %s", site->file, site->line, err);
    }
    /* arrays written anywhere in this loop: their elements are fetched
     * every round; the others only when their version changed */
    uint32_t written[64];
    int64_t nwritten = 0;
    for (size_t i = 0; i < all.nacc && !rc; i++) {
        if (!SCHED_ACC_WRITE(all.acc[i])) continue;
        uint32_t id = SCHED_ACC_DV(all.acc[i]);
        bool seen = false;
        for (int64_t k = 0; k < nwritten && !seen; k++) seen = written[k] == id;
        if (!seen && nwritten < 64) written[nwritten++] = id;
    }
    touch_map tm = {.n = 0};
    for (int r = 0; r < n && !rc; r++) {
        node_plan *np;
        rc = extract(p, &all, r, h, site->id, &tm, written, nwritten, &np);
        if (rc) break;
        if (r == 0) {
            *own = np;
        } else {
            rc = send_plan(r, h->invocation, np);
            node_plan_free(np);
        }
    }
    touch_free(&tm);
    if (!rc) {
        *plan_s = (double)(rt_now_ms() - t0) / 1000.0;
        free(planned_order);
        planned_order = malloc((size_t)(p->n ? p->n : 1) * sizeof *planned_order);
        planned_n = planned_order ? p->n : 0;
        if (planned_order) memcpy(planned_order, p->order, (size_t)p->n * sizeof *planned_order);
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
    if (!np->voff) {
        if (c->len) j->site->body(j->env, tls, np->order, c->start, c->start + c->len);
        return;
    }
    for (int64_t k = c->start; k < c->start + c->len && !atomic_load(&j->violated); k++) {
        if (!verify_one(j, k)) {
            atomic_store(&j->violated, 1);
            return;
        }
        j->site->body(j->env, tls, np->order, k, k + 1);
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

static int execute(const strads_loop_site *site, void *env, char *tls, node_plan *np,
                   const call_hdr *h)
{
    exec_job j = {site, env, tls, np, 0, 0, 0};
    int rc = 0;
    uint64_t t_fetch = 0, t_run = 0, t_wb = 0, t_bar = 0, t;
    moved_bytes = 0;
    for (int r = 0; r < np->rounds && !rc; r++) {
        j.round = r;
        t = rt_now_us();
        if (strads_size() > 1) rc = fetch_round(np, h, r);
        t_fetch += rt_now_us() - t, t = rt_now_us();
        for (int s = 0; s < np->subrounds && !rc; s++) {
            j.sub = s;
            rc = rt_pool_run(np->threads, exec_task, &j);
        }
        t_run += rt_now_us() - t, t = rt_now_us();
        if (!rc && strads_size() > 1) rc = per_array(np->wb[r], np->nwb[r], dds_writeback);
        t_wb += rt_now_us() - t, t = rt_now_us();
        if (!rc && strads_size() > 1) rc = strads_barrier();
        t_bar += rt_now_us() - t;
    }
    if (strads_rank() == 0 && getenv("STRADS_STATS"))
        fprintf(stderr, "strads: async_for %s:%u: rank 0 fetch %.3f s, body %.3f s, write-back %.3f s, "
                "barriers %.3f s, %.1f MB moved\n", site->file, site->line, t_fetch / 1e6, t_run / 1e6,
                t_wb / 1e6, t_bar / 1e6, (double)moved_bytes / 1e6);
    /* A violation stops the bodies but not the rounds, so that every node
     * still meets the others at each barrier; the call then fails. */
    if (!rc && atomic_load(&j.violated)) rc = STRADS_ESTATE;
    if (!rc) note_versions(np, h);
    return rc;
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
    int threads = h.threads;
    uint64_t t0 = rt_now_ms();
    double recon_s = 0, plan_s = 0;
    node_plan *np = find_plan(site->id, h.begin, h.end, threads);
    if (h.recon || !np) {
        int64_t n = h.end - h.begin;
        int64_t lo = h.begin + n * strads_rank() / strads_size();
        int64_t hi = h.begin + n * (strads_rank() + 1) / strads_size();
        sched_records mine;
        rc = run_recon(site, env, lo, hi, threads, &mine);
        recon_s = (double)(rt_now_ms() - t0) / 1000.0;
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
        sched_rec_free(&mine);
    }
    char *tls = NULL;
    if (!rc) rc = rt_loop_tls_new(site, env, threads, &tls);
    uint64_t t1 = rt_now_ms();
    if (!rc) rc = execute(site, env, tls, np, &h);
    char *acc = NULL;
    if (!rc) rc = rt_loop_fold(site, env, tls, threads, h.invocation, &acc);
    rt_loop_tls_free(site, tls, threads);
    rt_loop_publish(site, env, acc);
    if (strads_rank() == 0 && getenv("STRADS_STATS"))
        fprintf(stderr, "strads: async_for %s:%u: recon %.3f s, plan %.3f s, run %.3f s\n",
                site->file, site->line, recon_s, plan_s, (double)(rt_now_ms() - t1) / 1000.0);
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
    *s = (site_state){site->id, begin, end, threads, 0, NULL, 0, sites};
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

/* The runtime entry point; see strads.h. */
void strads_async_for(const strads_loop_site *site, int64_t begin, int64_t end, void *env)
{
    if (!site || site->abi != STRADS_ABI_VERSION || !site->body)
        strads_fatal(STRADS_EINVAL, "async_for: loop site from an incompatible stradsc");
    if (end <= begin) return;
    int threads = rt_loop_threads(env);
    uint64_t call = replay_next_async_call();
    bool replaying = replay_replaying();
    if (replaying && strads_size() != 1)
        strads_fatal(STRADS_ECONFIG, "STRADS_REPLAY replays in one process: run the program "
                                     "alone (strads-replay DIR -- prog args), not under a launcher");
    if (replaying || (strads_size() == 1 && threads == 1 && !verify_mode())) {
        /* One thread: the sequential loop is the schedule, or, replaying,
         * the order the recorded run was equivalent to. */
        uint64_t op = replay_next_op();
        bool skip = false;
        int rc = replay_op_begin(op, site, env, &skip);
        if (rc) strads_fatal(rc, "async_for: recovery");
        if (skip) return;
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
        rt_loop_checkpoint(op, site, env);
        return;
    }
    site_state *st = site_of(site, begin, end, threads);
    if (!st) strads_fatal(STRADS_ENOMEM, "async_for");
    const char *every = getenv("STRADS_RECON_EVERY");
    long k = every && *every ? atol(every) : 0;
    call_hdr h = {0, begin, end, rt_loop_next_invocation(),
                  st->calls == 0 || (k > 0 && st->calls % (uint64_t)k == 0), threads, 0, {0}, {0}};
    st->calls++;
    int rc = rt_fnref_encode(site, &h.site_ref);
    if (rc) strads_fatal(rc, "async_for: loop site outside the program");
    rc = rt_loop_invoke_ex(site, env, async_node, &h, sizeof h, fill_versions);
    if (planned_order) {
        free(st->order);
        st->order = planned_order;
        st->norder = planned_n;
        planned_order = NULL;
    }
    if (!rc) write_order(st->order, st->norder, begin);
    if (!rc && replay_recording() &&
        (rc = replay_record_order(site, call, begin, end, st->order, st->norder)))
        rt_error("async_for %s:%u: the order of this call could not be recorded", site->file,
                 site->line);
    if (rc) {
        char what[256];
        snprintf(what, sizeof what, "async_for at %s:%u", site->file, site->line);
        strads_fatal(rc, what);
    }
}
