/*
 * runtime/loop_sync_ssp.c - the asynchronous half of sync_for: deltas pushed
 * to their owners and applied on arrival (SSP and ASP), and the clocks that
 * bound SSP's staleness.
 *
 * Under BSP every node reaches the same sync point and dds_writeback_deltas
 * combines all contributions at once, in rank order. SSP and ASP must not
 * wait for that, so here a node sends each owner its deltas as soon as its
 * clock ends; the owner applies them on its loop thread when they arrive
 * (in arrival order: these models are timing-dependent by definition) and
 * acknowledges. Only after every owner acknowledged does the node announce
 * the clock, so "node r finished clock c" implies "r's updates of clock c
 * are in the owners' copies": a node that starts clock c once everybody
 * finished clock c-s-1 and then refreshes from the owners misses at most s
 * clocks of anybody's updates. That is the whole SSP guarantee, and
 * STRADS_SSP_CHECK (loop_sync.c) verifies the gate that enforces it.
 *
 * AVG cannot know how many nodes will contribute to an element by the time
 * a delta arrives, so a remote delta is applied scaled by 1/nodes (what an
 * average over all nodes gives when they all contribute).
 *
 * Threads: the handler runs on the loop thread and touches only owned
 * elements, under apply_lock; the node-function thread takes the same lock
 * while it folds its threads' deltas into owned elements. Clocks belong to
 * the node-function thread.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pthread.h>

#include "dds/dds.h"
#include "replay/replay.h"
#include "runtime/loop.h"
#include "runtime/trace.h"

static pthread_mutex_t apply_lock = PTHREAD_MUTEX_INITIALIZER;
/* The arrays of the call in progress (NULL between calls): set before the
 * opening barrier, so no delta can arrive without it. */
static rt__sarr *_Atomic cur_arr;
static int cur_narr;
static rt_sync_gate_fn gates[STRADS_SYNC_CUSTOM + 1];

int rt_sync_set_gate(strads_sync_kind kind, rt_sync_gate_fn fn)
{
    if ((unsigned)kind > STRADS_SYNC_CUSTOM) return STRADS_EINVAL;
    gates[kind] = fn;
    return 0;
}

int rt_sync_has_gate(strads_sync_kind kind)
{
    return (unsigned)kind <= STRADS_SYNC_CUSTOM && gates[kind];
}

void rt__ssp_lock(void)
{
    pthread_mutex_lock(&apply_lock);
}

void rt__ssp_unlock(void)
{
    pthread_mutex_unlock(&apply_lock);
}

/* Applies one message's entries: [count, {array, idx bin, delta bin}...]. */
static int apply(const rt_msg *m, rt__sarr *arr, int narr)
{
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    msgpack_object *o;
    int rc = arr ? rt_unpack_next(&up, m->body, m->body_len, &off, &o) : STRADS_ESTATE;
    int64_t entries = !rc && o->type == MSGPACK_OBJECT_POSITIVE_INTEGER ? (int64_t)o->via.u64 : -1;
    if (!rc && entries < 0) rc = STRADS_EPROTO;
    int me = strads_rank(), nodes = strads_size();
    _Alignas(16) char row_delta[4096];
    for (int64_t i = 0; i < entries && !rc; i++) {
        /* rt_unpack_next reuses one object: take each value before the next. */
        rc = rt_unpack_next(&up, m->body, m->body_len, &off, &o);
        int64_t a = !rc && o->type == MSGPACK_OBJECT_POSITIVE_INTEGER ? (int64_t)o->via.u64 : -1;
        if (!rc) rc = rt_unpack_next(&up, m->body, m->body_len, &off, &o);
        const char *idx = !rc && o->type == MSGPACK_OBJECT_BIN ? o->via.bin.ptr : NULL;
        size_t n = idx ? o->via.bin.size / sizeof(int64_t) : 0;
        if (!rc) rc = rt_unpack_next(&up, m->body, m->body_len, &off, &o);
        if (!rc && (a < 0 || a >= narr || !idx || o->type != MSGPACK_OBJECT_BIN)) rc = STRADS_EPROTO;
        if (rc) break;
        rt__sarr *x = &arr[a];
        dds_vec *dv = x->dv;
        const char *deltas = o->via.bin.ptr;
        if (o->via.bin.size != n * dv->elem) {
            rc = STRADS_EPROTO;
            break;
        }
        /* Bin bodies are not aligned: each row's delta is copied out first. */
        char *d = dv->elem <= sizeof row_delta ? row_delta : malloc(dv->elem);
        if (!d) {
            rc = STRADS_ENOMEM;
            break;
        }
        for (size_t j = 0; j < n; j++) {
            int64_t e;
            memcpy(&e, idx + j * sizeof e, sizeof e);
            if (e < 0 || e >= dv->n || dds_owner(dv, e) != me) {
                rc = STRADS_EPROTO;
                break;
            }
            memcpy(d, deltas + j * dv->elem, dv->elem);
            char *row = dv->base + (size_t)e * dv->elem;
            if (x->desc->agg == STRADS_AGG_FN && x->desc->fn) {
                x->desc->fn(row, d, dv->elem);
            } else {
                if (x->desc->agg == STRADS_AGG_AVG)
                    rt__v_scale(x->desc->type, d, x->nsc, 1.0 / rt__writers(x, e, nodes));
                rt__v_add(x->desc->type, row, d, x->nsc);
            }
            dds_mark_changed(dv, e, e + 1);
        }
        if (d != row_delta) free(d);
    }
    msgpack_unpacked_destroy(&up);
    return rc;
}

/* Loop thread: applies a node's deltas, then acknowledges with the status. */
static void on_delta(rt_msg *m, void *arg)
{
    (void)arg;
    pthread_mutex_lock(&apply_lock);
    int rc = apply(m, atomic_load(&cur_arr), cur_narr);
    replay_note_delta(m->src); /* arrival order at this store */
    pthread_mutex_unlock(&apply_lock);
    if (rc) rt_error("sync_for: deltas from rank %d refused: %s", m->src, strads_strerror(rc));
    rt_packer p;
    rt_reply_begin(&p, m->tag);
    msgpack_pack_int(&p.pk, rc);
    int src = m->src;
    rt_msg_free(m);
    rt_send_packed(src, &p);
}

int rt__ssp_open(rt__sarr *arr, int narr)
{
    static atomic_int handler_on;
    if (!atomic_exchange(&handler_on, 1)) rt_on_loop(RT_MSG_LOOP_DELTA, on_delta, NULL);
    replay_note_timing(); /* a replay completes this operator from its record */
    cur_narr = narr;
    atomic_store(&cur_arr, arr);
    return strads_barrier();
}

int rt__ssp_close(void)
{
    /* Every push was acknowledged before its node got here. */
    int rc = strads_barrier();
    atomic_store(&cur_arr, NULL);
    return rc;
}

/* Packs owner r's entries of array a; returns how many elements. */
static int64_t pack_owner(rt_packer *p, const rt__sarr *x, int a, int r, const rt__elist *U,
                          const char *S, int64_t *ibuf, char *buf)
{
    dds_vec *dv = x->dv;
    int64_t m = 0;
    for (int64_t j = 0; j < U->n; j++) {
        int64_t e = rt__el_at(U, j);
        if (dds_owner(dv, e) != r) continue;
        ibuf[m] = e;
        char *d = buf + (size_t)m * dv->elem;
        memcpy(d, S + (size_t)j * dv->elem, dv->elem);
        rt__v_delta(x->desc->type, d, dv->base + (size_t)e * dv->elem, x->nsc);
        m++;
    }
    if (m) {
        msgpack_pack_uint64(&p->pk, (uint64_t)a);
        msgpack_pack_bin(&p->pk, (size_t)m * sizeof *ibuf);
        msgpack_pack_bin_body(&p->pk, ibuf, (size_t)m * sizeof *ibuf);
        msgpack_pack_bin(&p->pk, (size_t)m * dv->elem);
        msgpack_pack_bin_body(&p->pk, buf, (size_t)m * dv->elem);
    }
    return m;
}

int rt__ssp_push(const rt__sarr *arr, int narr, const rt__elist *U, char *const *S)
{
    int nodes = strads_size(), me = strads_rank(), rc = 0;
    rt_trace_begin(RT_TR_WRITEBACK, NULL, -1);
    rt_packer *pk = calloc((size_t)nodes, sizeof *pk);
    int64_t *entries = calloc((size_t)nodes, sizeof *entries);
    uint64_t *tags = calloc((size_t)nodes, sizeof *tags);
    int *seen = calloc((size_t)nodes, sizeof *seen);
    if (!pk || !entries || !tags || !seen) rc = STRADS_ENOMEM;
    /* The entry count leads each message: count first. */
    for (int a = 0; a < narr && !rc; a++) {
        if (!arr[a].written) continue;
        memset(seen, 0, (size_t)nodes * sizeof *seen);
        for (int64_t j = 0; j < U[a].n; j++) {
            int o = dds_owner(arr[a].dv, rt__el_at(&U[a], j));
            if (o != me && !seen[o]) seen[o] = 1, entries[o]++;
        }
    }
    for (int r = 0; r < nodes && !rc; r++) {
        if (!entries[r]) continue;
        tags[r] = rt_new_tag();
        rt_pack_begin(&pk[r], RT_MSG_LOOP_DELTA, tags[r]);
        msgpack_pack_uint64(&pk[r].pk, (uint64_t)entries[r]);
    }
    for (int a = 0; a < narr && !rc; a++) {
        if (!arr[a].written || !U[a].n) continue;
        dds_vec *dv = arr[a].dv;
        int64_t *ibuf = malloc((size_t)U[a].n * sizeof *ibuf);
        char *buf = malloc((size_t)U[a].n * dv->elem);
        if (!ibuf || !buf) rc = STRADS_ENOMEM;
        for (int r = 0; r < nodes && !rc; r++)
            if (r != me && entries[r]) pack_owner(&pk[r], &arr[a], a, r, &U[a], S[a], ibuf, buf);
        free(ibuf);
        free(buf);
    }
    for (int r = 0; r < nodes && pk && entries; r++) {
        if (!entries[r]) continue;
        if (!rc) rc = rt_send(r, pk[r].sb.data, pk[r].sb.size, NULL, 0);
        rt_pack_done(&pk[r]);
        if (rc) entries[r] = 0;
    }
    /* Wait for every acknowledgement, also after an error: none may be
     * left to match a later tag. */
    for (int r = 0; r < nodes && entries; r++) {
        if (!entries[r]) continue;
        rt_msg *m;
        int e = rt_recv(RT_MSG_REPLY, tags[r], r, -1, &m);
        if (!e) {
            msgpack_unpacked up;
            msgpack_unpacked_init(&up);
            size_t off = 0;
            msgpack_object *o;
            e = rt_unpack_next(&up, m->body, m->body_len, &off, &o);
            if (!e && o->type == MSGPACK_OBJECT_NEGATIVE_INTEGER) e = STRADS_EREMOTE;
            msgpack_unpacked_destroy(&up);
            rt_msg_free(m);
        }
        if (!rc) rc = e;
    }
    rt_trace_end();
    free(pk);
    free(entries);
    free(tags);
    free(seen);
    return rc;
}

/* ---- clocks ---- */

int rt__clocks_init(rt__clocks *k, uint64_t tag, const strads_sync_spec *spec)
{
    memset(k, 0, sizeof *k);
    k->nodes = strads_size();
    k->me = strads_rank();
    k->tag = tag;
    k->spec = *spec;
    k->done = calloc((size_t)k->nodes, sizeof *k->done);
    k->avg = calloc((size_t)k->nodes, sizeof *k->avg);
    return k->done && k->avg ? 0 : STRADS_ENOMEM;
}

static void take(rt__clocks *k, rt_msg *m)
{
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    msgpack_object *o;
    if (!rt_unpack_next(&up, m->body, m->body_len, &off, &o) &&
        o->type == MSGPACK_OBJECT_POSITIVE_INTEGER && m->src >= 0 && m->src < k->nodes &&
        (int64_t)o->via.u64 > k->done[m->src]) {
        k->done[m->src] = (int64_t)o->via.u64;
        if (!rt_unpack_next(&up, m->body, m->body_len, &off, &o) &&
            (o->type == MSGPACK_OBJECT_FLOAT64 || o->type == MSGPACK_OBJECT_FLOAT32))
            k->avg[m->src] = o->via.f64;
    }
    msgpack_unpacked_destroy(&up);
    rt_msg_free(m);
    k->got++;
}

static int64_t slowest(const rt__clocks *k)
{
    int64_t lo = k->done[0];
    for (int r = 1; r < k->nodes; r++) lo = k->done[r] < lo ? k->done[r] : lo;
    return lo;
}

static int gate(const rt__clocks *k, int64_t c)
{
    rt_sync_gate_fn fn = (unsigned)k->spec.kind <= STRADS_SYNC_CUSTOM ? gates[k->spec.kind] : NULL;
    if (fn) return fn(&k->spec, k->me, c, k->done, k->avg, k->nodes);
    return slowest(k) >= c - (k->spec.kind == STRADS_SYNC_SSP ? (int64_t)k->spec.a : 0);
}

int rt__clocks_wait(rt__clocks *k, int64_t c, int64_t *stale)
{
    rt_msg *m;
    k->done[k->me] = c;
    /* Take what has arrived, so the staleness measured is current. */
    while (rt_recv(RT_MSG_LOOP_CLOCK, k->tag, RT_ANY_SRC, 0, &m) == 0) take(k, m);
    for (;;) {
        int g = gate(k, c);
        if (g < 0) return g;
        if (g && replay_gate_ok(c, k->done, k->nodes)) break; /* replay: recorded view */
        int rc = rt_recv(RT_MSG_LOOP_CLOCK, k->tag, RT_ANY_SRC, -1, &m);
        if (rc) return rc;
        take(k, m);
    }
    replay_note_gate(c, k->done, k->nodes); /* the versions this clock reads */
    *stale = c - slowest(k);
    return 0;
}

int rt__clocks_announce(rt__clocks *k, int64_t completed, double avg_s)
{
    int rc = 0;
    k->avg[k->me] = avg_s;
    for (int r = 0; r < k->nodes && !rc; r++) {
        if (r == k->me) continue;
        rt_packer p;
        rt_pack_begin(&p, RT_MSG_LOOP_CLOCK, k->tag);
        msgpack_pack_uint64(&p.pk, (uint64_t)completed);
        msgpack_pack_double(&p.pk, avg_s);
        rc = rt_send_packed(r, &p);
    }
    return rc;
}

int rt__clocks_finish(rt__clocks *k, int64_t total)
{
    int rc = 0;
    rt_msg *m;
    while (!rc && k->done && k->got < (int64_t)(k->nodes - 1) * total) {
        rc = rt_recv(RT_MSG_LOOP_CLOCK, k->tag, RT_ANY_SRC, -1, &m);
        if (!rc) take(k, m);
    }
    free(k->done);
    free(k->avg);
    k->done = NULL;
    k->avg = NULL;
    return rc;
}
