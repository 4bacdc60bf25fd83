/*
 * dds/xfer.c - moving dvector elements between nodes.
 *
 * Three one-sided request/reply exchanges, served on the owner's DDS server
 * thread (handed over by the loop thread) by memcpy from or into its mapping:
 * the owner's copy is the authoritative one, the mapping is also every
 * node's cache.
 *   FETCH  index ranges -> their bytes           (prefetch)
 *   STORE  index ranges + bytes -> ack           (write-back of values, and
 *                                                 the driver's pushes)
 *   PULL   -> the ranges of every owned chunk changed during the operator
 *             (the driver's coherence step, see dds/coherence.c), which the
 *             driver then FETCHes
 * The collective all-to-all exchange of delta write-back is dds/exchange.c.
 *
 * A request names (vector id, ranges of element indices); indices are sorted
 * and coalesced into runs first, so a contiguous block costs one range, and
 * requests are cut into batches of DDS_BATCH_BYTES of element data so that no
 * single reply ties up the owner's server thread (or memory) for long. All
 * requests to all owners are sent before the first reply is awaited.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"
#include "core/rt.h"
#include "core/trace.h"

#define DDS_BATCH_BYTES (8u << 20)
enum { DDS_STORE_MARK = 1 };     /* STORE flag: owner marks the ranges changed */

static pthread_once_t dds_once = PTHREAD_ONCE_INIT;
static int dds_init_rc;

/* ---- parsing helpers ---- */

typedef struct dds_rd {
    msgpack_unpacked up;
    const char *data;
    size_t len, off;
    int bad;
} dds_rd;

static void dds_rd_init(dds_rd *r, const rt_msg *m)
{
    msgpack_unpacked_init(&r->up);
    r->data = m->body;
    r->len = m->body_len;
    r->off = 0;
    r->bad = 0;
}

static int64_t dds_rd_int(dds_rd *r)
{
    msgpack_object *o;
    if (r->bad || rt_unpack_next(&r->up, r->data, r->len, &r->off, &o)) {
        r->bad = 1;
        return 0;
    }
    if (o->type == MSGPACK_OBJECT_POSITIVE_INTEGER)
        return (int64_t)o->via.u64;
    if (o->type == MSGPACK_OBJECT_NEGATIVE_INTEGER)
        return o->via.i64;
    r->bad = 1;
    return 0;
}

static const char *dds_rd_bin(dds_rd *r, size_t *len)
{
    msgpack_object *o;
    if (r->bad || rt_unpack_next(&r->up, r->data, r->len, &r->off, &o) ||
        o->type != MSGPACK_OBJECT_BIN) {
        r->bad = 1;
        *len = 0;
        return NULL;
    }
    *len = o->via.bin.size;
    return o->via.bin.ptr;
}

static void dds_rd_done(dds_rd *r)
{
    msgpack_unpacked_destroy(&r->up);
}

void dds_mark_changed(dds_vec *dv, int64_t lo, int64_t hi)
{
    if (hi <= lo)
        return;
    size_t c0 = ((size_t)lo * dv->elem) >> DDS_CHUNK_SHIFT;
    size_t c1 = ((size_t)hi * dv->elem - 1) >> DDS_CHUNK_SHIFT;
    for (size_t c = c0; c <= c1; c++)
        atomic_fetch_or_explicit(&dv->changed[c / 64], 1ULL << (c % 64),
                                 memory_order_relaxed);
}

/* Reads (id, flags, nr, ranges...) and checks every range against the vector. */
static dds_vec *dds_rd_ranges(dds_rd *r, int64_t *flags, int64_t **rg, size_t *nr)
{
    uint32_t id = (uint32_t)dds_rd_int(r);
    *flags = dds_rd_int(r);
    int64_t n = dds_rd_int(r);
    dds_vec *dv = dds_vec_by_id(id);
    if (r->bad || !dv || n < 0 || (size_t)n > r->len)
        return NULL;
    int64_t *a = malloc(((size_t)n * 2 + 1) * sizeof *a);
    if (!a)
        return NULL;
    for (int64_t k = 0; k < 2 * n; k++)
        a[k] = dds_rd_int(r);
    for (int64_t k = 0; k < n && !r->bad; k++)
        if (a[2 * k] < 0 || a[2 * k + 1] < 0 || a[2 * k] + a[2 * k + 1] > dv->n)
            r->bad = 1;
    if (r->bad) {
        free(a);
        return NULL;
    }
    *rg = a;
    *nr = (size_t)n;
    return dv;
}

static void dds_reply(const rt_msg *m, int status, const void *blob, size_t blen)
{
    rt_packer p;
    rt_pack_begin(&p, DDS_MSG_REPLY, m->tag);
    msgpack_pack_int(&p.pk, status);
    msgpack_pack_bin(&p.pk, blob ? blen : 0);
    rt_send(m->src, p.sb.data, p.sb.size, blob, blob ? blen : 0);
    rt_pack_done(&p);
}

/* ---- owner side (server thread) ---- */

/* Replies with the nr runs rg (start, count) of dv's rows, as they are now.
 * The owner may be changing them meanwhile, on purpose: sync(hybrid)'s
 * threads write the node's copy without locks, and under SSP and ASP other
 * nodes' deltas land in it; a reader then gets each row before or after the
 * write, which those models allow. Not inlined: test/sanitizers/tsan.supp
 * names it, so that exactly these reads are exempt from ThreadSanitizer. */
static __attribute__((noinline)) void dds_reply_rows(const rt_msg *m, dds_vec *dv,
                                                     const int64_t *rg, size_t nr)
{
    size_t total = 0;
    char *blob = NULL;
    int status = 0;
    const char *src = NULL;
    if (nr == 1) {
        /* One run (the common case for blocks): reply straight from the
         * mapping; rt_send copies or waits until written, so no copy here. */
        total = (size_t)rg[1] * dv->elem;
        src = dv->base + (size_t)rg[0] * dv->elem;
    } else {
        for (size_t k = 0; k < nr; k++)
            total += (size_t)rg[2 * k + 1] * dv->elem;
        blob = malloc(total ? total : 1);
        if (!blob) {
            status = STRADS_ENOMEM;
        } else {
            char *q = blob;
            for (size_t k = 0; k < nr; k++) {
                size_t b = (size_t)rg[2 * k + 1] * dv->elem;
                memcpy(q, dv->base + (size_t)rg[2 * k] * dv->elem, b);
                q += b;
            }
        }
    }
    dds_reply(m, status, status ? NULL : src ? src : blob, total);
    free(blob);
}

static void dds_on_fetch(rt_msg *m, void *arg)
{
    (void)arg;
    dds_rd r;
    dds_rd_init(&r, m);
    int64_t flags, *rg = NULL;
    size_t nr;
    dds_vec *dv = dds_rd_ranges(&r, &flags, &rg, &nr);
    if (dv)
        dds_reply_rows(m, dv, rg, nr);
    else
        dds_reply(m, STRADS_EPROTO, NULL, 0);
    free(rg);
    dds_rd_done(&r);
    rt_msg_free(m);
}

static void dds_on_store(rt_msg *m, void *arg)
{
    (void)arg;
    dds_rd r;
    dds_rd_init(&r, m);
    int64_t flags, *rg = NULL;
    size_t nr, blen, total = 0;
    dds_vec *dv = dds_rd_ranges(&r, &flags, &rg, &nr);
    const char *blob = dv ? dds_rd_bin(&r, &blen) : NULL;
    int status = STRADS_EPROTO;
    if (dv && blob) {
        for (size_t k = 0; k < nr; k++)
            total += (size_t)rg[2 * k + 1] * dv->elem;
        if (total == blen) {
            const char *q = blob;
            for (size_t k = 0; k < nr; k++) {
                size_t b = (size_t)rg[2 * k + 1] * dv->elem;
                dds_populate(dv->base + (size_t)rg[2 * k] * dv->elem, b);
                memcpy(dv->base + (size_t)rg[2 * k] * dv->elem, q, b);
                q += b;
                if (flags & DDS_STORE_MARK)
                    dds_mark_changed(dv, rg[2 * k], rg[2 * k] + rg[2 * k + 1]);
            }
            status = 0;
        }
    }
    dds_reply(m, status, NULL, 0);
    free(rg);
    dds_rd_done(&r);
    rt_msg_free(m);
}

/* PULL: the ranges of everything this node owns that changed, as
 * (id, lo, cnt) triples; clears the changed bits. Only ranges travel here:
 * the driver then fetches the data in ordinary batches, so no reply grows
 * with the size of the change. */
typedef struct dds_pull {
    int64_t *trip;
    size_t nt, capt;
    int err;
} dds_pull;

static void dds_pull_add(dds_pull *p, dds_vec *dv, int64_t lo, int64_t hi)
{
    if (p->err || hi <= lo)
        return;
    if (p->nt >= 3 && p->trip[p->nt - 3] == dv->id &&
        p->trip[p->nt - 2] + p->trip[p->nt - 1] == lo) {
        p->trip[p->nt - 1] += hi - lo; /* extends the previous run */
        return;
    }
    if (p->nt + 3 > p->capt) {
        size_t nc = p->capt ? 2 * p->capt : 96;
        int64_t *t = realloc(p->trip, nc * sizeof *t);
        if (!t) {
            p->err = 1;
            return;
        }
        p->trip = t;
        p->capt = nc;
    }
    p->trip[p->nt++] = dv->id;
    p->trip[p->nt++] = lo;
    p->trip[p->nt++] = hi - lo;
}

static void dds_pull_vec(dds_vec *dv, void *arg)
{
    dds_pull *p = arg;
    int me = dv->me;
    for (size_t w = 0; w < (dv->nchunks + 63) / 64; w++) {
        uint64_t bits = atomic_exchange_explicit(&dv->changed[w], 0, memory_order_relaxed);
        while (bits) {
            size_t c = w * 64 + (size_t)__builtin_ctzll(bits);
            bits &= bits - 1;
            int64_t lo = (int64_t)((c << DDS_CHUNK_SHIFT) / dv->elem);
            int64_t hi = (int64_t)((((c + 1) << DDS_CHUNK_SHIFT) + dv->elem - 1) / dv->elem);
            if (hi > dv->n)
                hi = dv->n;
            if (dv->part == DDS_PART_HASH) {
                for (int64_t i = lo; i < hi; i++)
                    if (dds_owner(dv, i) == me)
                        dds_pull_add(p, dv, i, i + 1);
            } else {
                int64_t olo = dv->bounds[me], ohi = dv->bounds[me + 1];
                dds_pull_add(p, dv, lo > olo ? lo : olo, hi < ohi ? hi : ohi);
            }
        }
    }
}

static void dds_on_pull(rt_msg *m, void *arg)
{
    (void)arg;
    dds_pull p;
    memset(&p, 0, sizeof p);
    dds_vec_foreach(dds_pull_vec, &p);
    rt_packer pk;
    rt_pack_begin(&pk, DDS_MSG_REPLY, m->tag);
    msgpack_pack_int(&pk.pk, p.err ? STRADS_ENOMEM : 0);
    /* The triples as one bin of int64s: compact and cheap to parse. */
    size_t nt = p.err ? 0 : p.nt;
    msgpack_pack_bin(&pk.pk, nt * sizeof(int64_t));
    rt_send(m->src, pk.sb.data, pk.sb.size, p.trip, nt * sizeof(int64_t));
    rt_pack_done(&pk);
    free(p.trip);
    rt_msg_free(m);
}

/* The server thread: requests are handed over by the loop thread and served
 * here, because serving copies megabytes and its replies may have to wait
 * for the transport's back-pressure, which the loop thread must never do
 * (it is the thread that drains the queues). One thread serves requests in
 * arrival order; it lives as long as the process. */
static pthread_mutex_t dds_srv_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t dds_srv_cv = PTHREAD_COND_INITIALIZER;
typedef struct dds_srv_item {
    rt_msg *m;         /* a request, or NULL: */
    char *fill;        /* a range to map in (dds__populate_later) */
    size_t fill_len;
    struct dds_srv_item *next;
} dds_srv_item;
static dds_srv_item *dds_srv_head, *dds_srv_tail;

static void dds_srv_queue(dds_srv_item *it)
{
    it->next = NULL;
    pthread_mutex_lock(&dds_srv_mu);
    if (dds_srv_tail)
        dds_srv_tail->next = it;
    else
        dds_srv_head = it;
    dds_srv_tail = it;
    pthread_cond_signal(&dds_srv_cv);
    pthread_mutex_unlock(&dds_srv_mu);
}

static void dds_on_request(rt_msg *m, void *arg)
{
    (void)arg;
    dds_srv_item *it = calloc(1, sizeof *it);
    if (!it) { /* the requester sees no reply and fails on its deadline */
        rt_error("dds: out of memory queueing a request from rank %d", m->src);
        rt_msg_free(m);
        return;
    }
    it->m = m;
    dds_srv_queue(it);
}

void dds__populate_later(void *p, size_t len)
{
    dds_srv_item *it = calloc(1, sizeof *it);
    if (!it)
        return; /* best effort: the pages fault in when written */
    it->fill = p;
    it->fill_len = len;
    dds_srv_queue(it);
}

static void *dds_server(void *arg)
{
    (void)arg;
    rt_trace_name_thread("dds server", -1);
    for (;;) {
        pthread_mutex_lock(&dds_srv_mu);
        while (!dds_srv_head)
            pthread_cond_wait(&dds_srv_cv, &dds_srv_mu);
        dds_srv_item *it = dds_srv_head;
        dds_srv_head = it->next;
        if (!dds_srv_head)
            dds_srv_tail = NULL;
        pthread_mutex_unlock(&dds_srv_mu);
        rt_msg *m = it->m;
        if (!m) /* the range may be unmapped by now: then the call fails, harmlessly */
            dds_populate(it->fill, it->fill_len);
        free(it);
        if (!m)
            continue;
        rt_trace_begin(RT_TR_SERVE, NULL, m->src);
        switch (m->type) {
        case DDS_MSG_FETCH: dds_on_fetch(m, NULL); break;
        case DDS_MSG_STORE: dds_on_store(m, NULL); break;
        case DDS_MSG_PULL: dds_on_pull(m, NULL); break;
        case DDS_MSG_KV: dds__serve_kv(m); break;
        default: rt_msg_free(m); break;
        }
        rt_trace_end();
    }
    return NULL;
}

static void dds_init_once(void)
{
    dds_init_rc = dds_arena_init();
    if (dds_init_rc || strads_size() == 1)
        return;
    pthread_t t;
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&t, &at, dds_server, NULL)) {
        dds_init_rc = STRADS_ENOMEM;
        pthread_attr_destroy(&at);
        return;
    }
    pthread_attr_destroy(&at);
    rt_on_loop(DDS_MSG_FETCH, dds_on_request, NULL);
    rt_on_loop(DDS_MSG_STORE, dds_on_request, NULL);
    rt_on_loop(DDS_MSG_PULL, dds_on_request, NULL);
    rt_on_loop(DDS_MSG_KV, dds_on_request, NULL);
}

int dds_init(void)
{
    pthread_once(&dds_once, dds_init_once);
    return dds_init_rc;
}

/* ---- requester side ---- */

typedef struct dds_pend {
    int dst;
    uint64_t tag;
    int64_t *rg; /* owned by the pending entry */
    size_t nr;
} dds_pend;

typedef struct dds_batch {
    int64_t *rg;
    size_t nr, cap, bytes;
} dds_batch;

typedef struct dds_req {
    dds_vec *dv;
    int type, flags;
    dds_batch *by_owner;
    dds_pend *pend;
    size_t npend, cappend;
    int err;
} dds_req;

static int dds_req_flush(dds_req *q, int dst)
{
    dds_batch *b = &q->by_owner[dst];
    if (!b->nr)
        return 0;
    dds_vec *dv = q->dv;
    rt_packer p;
    uint64_t tag = rt_new_tag();
    rt_pack_begin(&p, (uint32_t)q->type, tag);
    msgpack_pack_uint32(&p.pk, dv->id);
    msgpack_pack_int(&p.pk, q->flags);
    msgpack_pack_uint64(&p.pk, b->nr);
    for (size_t k = 0; k < 2 * b->nr; k++)
        msgpack_pack_int64(&p.pk, b->rg[k]);
    char *blob = NULL;
    const char *src = NULL;
    if (q->type == DDS_MSG_STORE && b->nr == 1) {
        src = dv->base + (size_t)b->rg[0] * dv->elem; /* one run: no copy */
        msgpack_pack_bin(&p.pk, b->bytes);
    } else if (q->type == DDS_MSG_STORE) {
        blob = malloc(b->bytes ? b->bytes : 1);
        if (!blob) {
            rt_pack_done(&p);
            return STRADS_ENOMEM;
        }
        char *w = blob;
        for (size_t k = 0; k < b->nr; k++) {
            size_t len = (size_t)b->rg[2 * k + 1] * dv->elem;
            memcpy(w, dv->base + (size_t)b->rg[2 * k] * dv->elem, len);
            w += len;
        }
        msgpack_pack_bin(&p.pk, b->bytes);
    }
    if (!src)
        src = blob;
    int rc = rt_send(dst, p.sb.data, p.sb.size, src, src ? b->bytes : 0);
    rt_pack_done(&p);
    free(blob);
    if (rc)
        return rc;
    if (q->npend == q->cappend) {
        size_t nc = q->cappend ? 2 * q->cappend : 16;
        dds_pend *np = realloc(q->pend, nc * sizeof *np);
        if (!np)
            return STRADS_ENOMEM;
        q->pend = np;
        q->cappend = nc;
    }
    q->pend[q->npend++] = (dds_pend){ dst, tag, b->rg, b->nr };
    b->rg = NULL;
    b->nr = b->cap = b->bytes = 0;
    return 0;
}

/* Adds run [lo, lo+cnt) (all owned by dst) to dst's batch. */
static int dds_req_add(dds_req *q, int dst, int64_t lo, int64_t cnt)
{
    dds_batch *b = &q->by_owner[dst];
    size_t elem = q->dv->elem;
    while (cnt > 0) {
        int64_t room = (int64_t)((DDS_BATCH_BYTES - b->bytes) / elem);
        if (room <= 0) {
            if (b->nr == 0)
                room = 1; /* an element larger than a batch travels alone */
            else {
                int rc = dds_req_flush(q, dst);
                if (rc)
                    return rc;
                continue;
            }
        }
        int64_t take = cnt < room ? cnt : room;
        if (b->nr && b->rg[2 * b->nr - 2] + b->rg[2 * b->nr - 1] == lo) {
            b->rg[2 * b->nr - 1] += take;
        } else {
            if (b->nr == b->cap) {
                size_t nc = b->cap ? 2 * b->cap : 64;
                int64_t *t = realloc(b->rg, 2 * nc * sizeof *t);
                if (!t)
                    return STRADS_ENOMEM;
                b->rg = t;
                b->cap = nc;
            }
            b->rg[2 * b->nr] = lo;
            b->rg[2 * b->nr + 1] = take;
            b->nr++;
        }
        b->bytes += (size_t)take * elem;
        lo += take;
        cnt -= take;
    }
    return 0;
}

/* Sends what is left and waits for every reply; FETCH replies are copied
 * into the mapping. Returns the first error. */
static int dds_req_finish(dds_req *q)
{
    int rc = q->err;
    int nodes = strads_size();
    for (int d = 0; d < nodes && !rc; d++)
        rc = dds_req_flush(q, d);
    if (!rc && q->type == DDS_MSG_FETCH && strads_rank() != 0) { /* the driver's copy is dense whole */
        dds_dense_acc acc = { 0, 0 };
        for (size_t k = 0; k < q->npend; k++)
            for (size_t j = 0; j < q->pend[k].nr; j++)
                dds_dense_add(&acc, q->dv->base + (size_t)q->pend[k].rg[2 * j] * q->dv->elem,
                              (size_t)q->pend[k].rg[2 * j + 1] * q->dv->elem);
        dds_dense_end(&acc);
    }
    for (size_t k = 0; k < q->npend; k++) {
        dds_pend *pd = &q->pend[k];
        rt_msg *m = NULL;
        int r = rt_recv(DDS_MSG_REPLY, pd->tag, pd->dst, -1, &m);
        if (!r) {
            dds_rd rd;
            dds_rd_init(&rd, m);
            r = (int)dds_rd_int(&rd);
            size_t blen;
            const char *blob = dds_rd_bin(&rd, &blen);
            if (!r && rd.bad)
                r = STRADS_EPROTO;
            if (!r && q->type == DDS_MSG_FETCH) {
                size_t total = 0;
                for (size_t j = 0; j < pd->nr; j++)
                    total += (size_t)pd->rg[2 * j + 1] * q->dv->elem;
                if (total != blen || !blob) {
                    r = STRADS_EPROTO;
                } else {
                    for (size_t j = 0; j < pd->nr; j++) {
                        size_t len = (size_t)pd->rg[2 * j + 1] * q->dv->elem;
                        dds_populate(q->dv->base + (size_t)pd->rg[2 * j] * q->dv->elem, len);
                        memcpy(q->dv->base + (size_t)pd->rg[2 * j] * q->dv->elem, blob, len);
                        blob += len;
                    }
                }
            }
            dds_rd_done(&rd);
            rt_msg_free(m);
        }
        if (r && !rc)
            rc = r;
        free(pd->rg);
    }
    for (int d = 0; d < nodes; d++)
        free(q->by_owner[d].rg);
    free(q->by_owner);
    free(q->pend);
    return rc;
}

static int dds_req_start(dds_req *q, dds_vec *dv, int type, int flags)
{
    memset(q, 0, sizeof *q);
    q->dv = dv;
    q->type = type;
    q->flags = flags;
    q->by_owner = calloc((size_t)strads_size(), sizeof *q->by_owner);
    return q->by_owner ? 0 : STRADS_ENOMEM;
}

static int dds_cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Adds the non-owned elements of idx to q in ascending order. Callers
 * usually pass lists that are already sorted (the async_for fetch lists),
 * so one pass checks that and skips the copy and the qsort. */
static int dds_req_add_list(dds_req *q, const int64_t *idx, size_t n)
{
    dds_vec *dv = q->dv;
    size_t sorted = 1;
    while (sorted < n && idx[sorted - 1] <= idx[sorted])
        sorted++;
    const int64_t *s = idx;
    int64_t *copy = NULL;
    if (sorted < n) {
        copy = malloc(n * sizeof *copy);
        if (!copy)
            return STRADS_ENOMEM;
        memcpy(copy, idx, n * sizeof *copy);
        qsort(copy, n, sizeof *copy, dds_cmp_i64);
        s = copy;
    }
    int me = strads_rank(), rc = 0;
    for (size_t k = 0; k < n && !rc; k++) {
        if (s[k] < 0 || s[k] >= dv->n) {
            rc = STRADS_EINVAL;
            break;
        }
        if (k && s[k] == s[k - 1])
            continue;
        int o = dds_owner(dv, s[k]);
        if (o != me)
            rc = dds_req_add(q, o, s[k], 1);
    }
    free(copy);
    return rc;
}

int dds_prefetch(dds_vec *dv, const int64_t *idx, size_t n)
{
    if (strads_size() == 1 || n == 0)
        return 0;
    dds_req q;
    int rc = dds_req_start(&q, dv, DDS_MSG_FETCH, 0);
    if (rc)
        return rc;
    q.err = dds_req_add_list(&q, idx, n);
    return dds_req_finish(&q);
}

/* Adds [lo, hi) split by owner, skipping this node's elements. */
static int dds_req_add_span(dds_req *q, int64_t lo, int64_t hi)
{
    dds_vec *dv = q->dv;
    int me = strads_rank(), rc = 0;
    if (dv->part == DDS_PART_HASH) {
        for (int64_t i = lo; i < hi && !rc; i++) {
            int o = dds_owner(dv, i);
            if (o != me)
                rc = dds_req_add(q, o, i, 1);
        }
        return rc;
    }
    while (lo < hi && !rc) {
        int o = dds_owner(dv, lo);
        int64_t end = dv->bounds[o + 1] < hi ? dv->bounds[o + 1] : hi;
        if (o != me)
            rc = dds_req_add(q, o, lo, end - lo);
        lo = end;
    }
    return rc;
}

int dds_prefetch_range(dds_vec *dv, int64_t lo, int64_t hi)
{
    if (lo < 0 || hi > dv->n || lo > hi)
        return STRADS_EINVAL;
    if (strads_size() == 1 || lo == hi)
        return 0;
    dds_req q;
    int rc = dds_req_start(&q, dv, DDS_MSG_FETCH, 0);
    if (rc)
        return rc;
    q.err = dds_req_add_span(&q, lo, hi);
    return dds_req_finish(&q);
}

int dds_writeback(dds_vec *dv, const int64_t *idx, size_t n)
{
    int me = strads_rank();
    /* The driver's copy is the coherent one: what the driver's node writes
     * back is current there, so the owner does not mark it for the pull at
     * the operator's end (a chunk only the driver's node changed would
     * come back whole); the driver marks it changed itself, which moves the
     * vector's version. Other nodes mark their own elements, the owners
     * the rest. Marked by runs: one atomic per chunk, not per element. */
    bool all = me == 0;
    for (size_t k = 0, j; k < n; k = j) {
        j = k + 1;
        if (idx[k] < 0 || idx[k] >= dv->n || (!all && dds_owner(dv, idx[k]) != me))
            continue;
        while (j < n && idx[j] == idx[j - 1] + 1 && idx[j] < dv->n &&
               (all || dds_owner(dv, idx[j]) == me))
            j++;
        dds_mark_changed(dv, idx[k], idx[j - 1] + 1);
    }
    if (strads_size() == 1 || n == 0)
        return 0;
    dds_req q;
    int rc = dds_req_start(&q, dv, DDS_MSG_STORE, all ? 0 : DDS_STORE_MARK);
    if (rc)
        return rc;
    q.err = dds_req_add_list(&q, idx, n);
    return dds_req_finish(&q);
}

int dds_writeback_range(dds_vec *dv, int64_t lo, int64_t hi)
{
    if (lo < 0 || hi > dv->n || lo > hi)
        return STRADS_EINVAL;
    if (lo == hi)
        return 0;
    /* Marked as dds_writeback marks: the driver all it wrote, another node
     * its own elements (the owners mark the rest). */
    int me = strads_rank();
    if (me == 0 || dv->part == DDS_PART_HASH) {
        if (me == 0)
            dds_mark_changed(dv, lo, hi);
        else
            for (int64_t i = lo; i < hi; i++)
                if (dds_owner(dv, i) == me)
                    dds_mark_changed(dv, i, i + 1);
    } else if (me < dv->nodes) {
        int64_t a = lo > dv->bounds[me] ? lo : dv->bounds[me];
        int64_t b = hi < dv->bounds[me + 1] ? hi : dv->bounds[me + 1];
        dds_mark_changed(dv, a, b);
    }
    if (strads_size() == 1)
        return 0;
    dds_req q;
    int rc = dds_req_start(&q, dv, DDS_MSG_STORE, me == 0 ? 0 : DDS_STORE_MARK);
    if (rc)
        return rc;
    q.err = dds_req_add_span(&q, lo, hi);
    return dds_req_finish(&q);
}

/* Used by dds/coherence.c: push [lo, hi) of the driver's copy without marking
 * it changed at the owner (the driver already has it). */
int dds__push_span(dds_vec *dv, int64_t lo, int64_t hi, void **state)
{
    dds_req *q = *state;
    if (!q) {
        q = malloc(sizeof *q);
        if (!q)
            return STRADS_ENOMEM;
        int rc = dds_req_start(q, dv, DDS_MSG_STORE, 0);
        if (rc) {
            free(q);
            return rc;
        }
        *state = q;
    }
    if (hi == -1) { /* finish */
        int rc = dds_req_finish(q);
        free(q);
        *state = NULL;
        return rc;
    }
    int rc = dds_req_add_span(q, lo, hi);
    if (rc && !q->err)
        q->err = rc;
    return rc;
}

/* Driver: asks every worker for the ranges it changed, then fetches them
 * (one FETCH request per owner and batch, per vector). */
typedef struct dds_trip {
    int64_t id, lo, cnt;
    int owner;
} dds_trip;

static int dds_cmp_trip(const void *a, const void *b)
{
    const dds_trip *x = a, *y = b;
    if (x->id != y->id)
        return (x->id > y->id) - (x->id < y->id);
    return (x->lo > y->lo) - (x->lo < y->lo);
}

int dds_pull_keep(dds_vec *dv, const int64_t *elems, size_t n)
{
    if (strads_rank() != 0 || strads_size() == 1 || n == 0)
        return 0; /* no pull */
    int64_t *k = realloc(dv->keep, (dv->nkeep + n) * sizeof *k);
    if (!k)
        return STRADS_ENOMEM;
    memcpy(k + dv->nkeep, elems, n * sizeof *k);
    bool sorted = dv->nkeep == 0 || k[dv->nkeep - 1] <= elems[0];
    for (size_t i = 1; i < n && sorted; i++)
        sorted = elems[i - 1] <= elems[i];
    dv->keep = k;
    dv->nkeep += n;
    if (!sorted)
        qsort(k, dv->nkeep, sizeof *k, dds_cmp_i64);
    return 0;
}

/* Adds run [lo, lo+cnt) of owner to q less the elements dv->keep holds;
 * *at walks dv->keep (runs come in ascending order per vector). */
static int dds_pull_add_run(dds_req *q, dds_vec *dv, int owner, int64_t lo, int64_t cnt, size_t *at)
{
    int64_t hi = lo + cnt;
    int rc = 0;
    while (lo < hi && !rc) {
        while (*at < dv->nkeep && dv->keep[*at] < lo)
            (*at)++;
        int64_t end = *at < dv->nkeep && dv->keep[*at] < hi ? dv->keep[*at] : hi;
        if (end > lo)
            rc = dds_req_add(q, owner, lo, end - lo);
        lo = end + (end < hi); /* past the kept element */
    }
    return rc;
}

int dds__pull_changed(void)
{
    int nodes = strads_size(), rc = 0;
    if (nodes == 1)
        return 0;
    uint64_t *tags = malloc((size_t)nodes * sizeof *tags);
    dds_trip *all = NULL;
    size_t nall = 0, capall = 0;
    if (!tags)
        return STRADS_ENOMEM;
    for (int d = 1; d < nodes; d++) {
        rt_packer p;
        tags[d] = rt_new_tag();
        rt_pack_begin(&p, DDS_MSG_PULL, tags[d]);
        int r = rt_send_packed(d, &p);
        if (r && !rc)
            rc = r;
    }
    for (int d = 1; d < nodes && !rc; d++) {
        rt_msg *m;
        int r = rt_recv(DDS_MSG_REPLY, tags[d], d, -1, &m);
        if (r) {
            rc = r;
            break;
        }
        dds_rd rd;
        dds_rd_init(&rd, m);
        r = (int)dds_rd_int(&rd);
        size_t blen;
        const char *blob = dds_rd_bin(&rd, &blen);
        if (!r && (rd.bad || blen % (3 * sizeof(int64_t))))
            r = STRADS_EPROTO;
        size_t nt = r ? 0 : blen / (3 * sizeof(int64_t));
        if (nall + nt > capall) {
            size_t nc = capall ? capall : 64;
            while (nc < nall + nt)
                nc *= 2;
            dds_trip *t = realloc(all, nc * sizeof *t);
            if (!t)
                r = STRADS_ENOMEM;
            else
                all = t, capall = nc;
        }
        for (size_t k = 0; !r && k < nt; k++) {
            int64_t v[3];
            memcpy(v, blob + k * sizeof v, sizeof v);
            all[nall++] = (dds_trip){ v[0], v[1], v[2], d };
        }
        dds_rd_done(&rd);
        rt_msg_free(m);
        if (r)
            rc = r;
    }
    free(tags);
    if (!rc && nall)
        qsort(all, nall, sizeof *all, dds_cmp_trip);
    for (size_t k = 0; k < nall && !rc;) {
        dds_vec *dv = dds_vec_by_id((uint32_t)all[k].id);
        size_t j = k;
        while (j < nall && all[j].id == all[k].id)
            j++;
        if (!dv) {
            rc = STRADS_EPROTO;
            break;
        }
        dv->version++; /* changed on some owner during the operator */
        dds_req q;
        size_t at = 0;
        rc = dds_req_start(&q, dv, DDS_MSG_FETCH, 0);
        for (size_t t = k; t < j && !rc; t++) {
            if (all[t].lo < 0 || all[t].cnt < 0 || all[t].lo + all[t].cnt > dv->n)
                q.err = STRADS_EPROTO;
            else if (!q.err)
                q.err = dds_pull_add_run(&q, dv, all[t].owner, all[t].lo, all[t].cnt, &at);
        }
        if (!rc)
            rc = dds_req_finish(&q);
        k = j;
    }
    free(all);
    return rc;
}
