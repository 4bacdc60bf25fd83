/*
 * engine/loop_sync_ssp.c - the asynchronous half of sync_for: deltas pushed
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
 * Recorded and replayed runs (--record, and a cluster replay of a run so
 * recorded) are ordered: everything that reads or changes the owned rows is
 * one total order of store events under apply_lock (replay.h, REPLAY_ST_*):
 * another node's delta applied, another node's read served (the rows of
 * written arrays are then refreshed with RT_MSG_LOOP_READ, served here,
 * rather than by the DDS server, which would race with the deltas), this
 * node's tasks starting (from then until its fold, deltas wait: the tasks
 * copy owned rows while they run, so they must see them at one fixed
 * point), and this node's fold. Recording logs that order; a replay
 * performs it, keeping what arrives early in `pending` until its turn, so
 * every read gets the recorded bytes and every sum folds in the recorded
 * order: the operator is re-executed bit for bit. A recorded run pays for
 * it with deltas acknowledged only after the owner's fold.
 *
 * Threads: the handlers run on the loop thread and touch only owned
 * elements, under apply_lock; the node-function thread takes the same lock
 * while it folds its threads' deltas into owned elements. Clocks belong to
 * the node-function thread. Replies made under the lock are sent after it
 * (an outbox): a send may wait for the loop thread.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pthread.h>
#include <time.h>

#include "dds/dds.h"
#include "replay/replay.h"
#include "engine/loop.h"
#include "core/trace.h"

static pthread_mutex_t apply_lock = PTHREAD_MUTEX_INITIALIZER;
/* The arrays of the call in progress (NULL between calls): set before the
 * opening barrier, so no delta can arrive without it. */
static rt__sarr *_Atomic cur_arr;
static int cur_narr;
static rt_sync_gate_fn gates[STRADS_SYNC_CUSTOM + 1];

/* A message waiting for its turn (ordered runs), in arrival order. */
typedef struct pend {
    rt_msg *m;
    struct pend *next;
} pend;

/* A reply made under apply_lock, sent after it. */
typedef struct outmsg {
    int dst;
    rt_packer p;
    struct outmsg *next;
} outmsg;

/* The store order of the call in progress; apply_lock guards all of it. */
static struct {
    int on;       /* ordered (recorded or replayed) */
    int replay;   /* the log decides the order */
    int hold;     /* recording: own tasks are reading, deltas wait */
    uint64_t done; /* replaying: events performed by the loop thread */
    pend *head, *tail;
    pthread_cond_t turn; /* the node-function thread's turn came */
} Q = {.turn = PTHREAD_COND_INITIALIZER};

/* How long the node-function thread waits for its turn, with no event
 * performed at this store meanwhile, before calling the replay diverged (the
 * recorded run got there, so only a divergence or a lost peer keeps it
 * waiting, and a lost peer ends the job sooner). Generous: a slow node's
 * clock may take minutes before its delta comes. */
#define TURN_WAIT_S 600

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


/* Adds another node's delta d to an owned row of the node's copy. The
 * node's tasks copy owned rows in (rt__copy_node_rows) and the DDS server
 * sends them (dds/xfer.c) without this lock, as SSP and ASP allow: a reader
 * gets the row before or after the delta. Not inlined: test/sanitizers/
 * tsan.supp names it, so that exactly these writes are exempt from
 * ThreadSanitizer. */
static __attribute__((noinline)) void land_delta(const rt__sarr *x, char *row, const char *d)
{
    if (x->desc->agg == STRADS_AGG_FN && x->desc->fn)
        x->desc->fn(row, d, x->dv->elem);
    else
        rt__v_add(x->desc->type, row, d, x->nsc);
}

/* A row of several scalars that several nodes write, and this node's
 * change of it leaves some scalars as they were (a symmetric fill's
 * C[j][i] = C[i][j], another node writing the rest of row j): each change
 * is divided by the row's writers, where BSP divides each scalar by the
 * nodes that changed it. Said once an array. */
static void say_row_split(rt__sarr *x, const char *d)
{
    size_t ts = rt__type_size(x->desc->type);
    int zero = 0, some = 0;
    for (size_t k = 0; k < x->nsc && !(zero && some); k++) {
        if (rt__zero_bytes(d + k * ts, ts))
            zero = 1;
        else
            some = 1;
    }
    if (!zero || !some) return;
    x->split_said = true;
    if (!rt_loop_once(x->dv->id ^ 0x726f7773706c6974ull)) return;
    rt_warn("sync_for: under ssp, asp or a barrier policy the rows of the distributed array "
            "allocated at %s are written in "
            "part by several nodes (some scalars of a row by one node, others by another), and "
            "each node's change is averaged over the row's writers, not the scalar's (BSP's "
            "mean): a scalar one node writes takes a fraction of its change; if each scalar has "
            "one writer, give the loop aggregate(...: sum) for this array, or run it under bsp",
            x->dv->site);
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
            int avg = x->desc->agg == STRADS_AGG_AVG && !rt__zero_bytes(d, dv->elem);
            int w = avg ? rt__writers(x, e, nodes, m->src) : 1;
            if (w > 1 && x->nsc > 1 && !x->split_said) say_row_split(x, d);
            if (x->iavg && avg)
                rt__iavg_land(x, e, dv->base + (size_t)e * dv->elem, d, w);
            else if (avg)
                rt__v_scale(x->desc->type, d, x->nsc, 1.0 / w);
            if (!x->iavg) land_delta(x, dv->base + (size_t)e * dv->elem, d);
            dds_mark_changed(dv, e, e + 1);
        }
        if (d != row_delta) free(d);
    }
    msgpack_unpacked_destroy(&up);
    return rc;
}

static outmsg *out_new(outmsg **box, int dst, uint64_t tag)
{
    outmsg *o = malloc(sizeof *o);
    if (!o) return NULL;
    o->dst = dst;
    rt_reply_begin(&o->p, tag);
    o->next = *box;
    *box = o;
    return o;
}

/* Sends what was replied under the lock (in the order made: reversed list). */
static void out_send(outmsg *box)
{
    outmsg *rev = NULL;
    while (box) {
        outmsg *n = box->next;
        box->next = rev;
        rev = box;
        box = n;
    }
    while (rev) {
        outmsg *n = rev->next;
        rt_send_packed(rev->dst, &rev->p);
        free(rev);
        rev = n;
    }
}

/* Applies a node's deltas and makes the acknowledgement (apply_lock held). */
static void do_delta(rt_msg *m, outmsg **box)
{
    int rc = apply(m, atomic_load(&cur_arr), cur_narr);
    if (Q.on) replay_note_store(REPLAY_ST_DELTA, m->src);
    if (rc) rt_error("sync_for: deltas from rank %d refused: %s", m->src, strads_strerror(rc));
    outmsg *o = out_new(box, m->src, m->tag);
    if (o) msgpack_pack_int(&o->p.pk, rc);
    rt_msg_free(m);
}

/*
 * Serves a read of owned rows (apply_lock held). Request: [array id, n,
 * idx bin of n int64]; reply: [status, rows bin].
 */
static void do_read(rt_msg *m, outmsg **box)
{
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    msgpack_object *o;
    dds_vec *dv = NULL;
    const char *idx = NULL;
    int64_t n = -1;
    int rc = rt_unpack_next(&up, m->body, m->body_len, &off, &o);
    if (!rc && o->type == MSGPACK_OBJECT_POSITIVE_INTEGER) dv = dds_vec_by_id((uint32_t)o->via.u64);
    if (!rc) rc = rt_unpack_next(&up, m->body, m->body_len, &off, &o);
    if (!rc && o->type == MSGPACK_OBJECT_BIN) {
        idx = o->via.bin.ptr;
        n = (int64_t)(o->via.bin.size / sizeof(int64_t));
    }
    if (!rc && (!dv || !idx)) rc = STRADS_EPROTO;
    char *rows = !rc ? malloc((size_t)(n ? n : 1) * dv->elem) : NULL;
    if (!rc && !rows) rc = STRADS_ENOMEM;
    for (int64_t j = 0; j < n && !rc; j++) {
        int64_t e;
        memcpy(&e, idx + j * (int64_t)sizeof e, sizeof e);
        if (e < 0 || e >= dv->n || dds_owner(dv, e) != strads_rank()) rc = STRADS_EPROTO;
        else memcpy(rows + (size_t)j * dv->elem, dv->base + (size_t)e * dv->elem, dv->elem);
    }
    if (Q.on) replay_note_store(REPLAY_ST_READ, m->src);
    if (rc) rt_error("sync_for: a read from rank %d refused: %s", m->src, strads_strerror(rc));
    outmsg *r = out_new(box, m->src, m->tag);
    if (r) {
        msgpack_pack_int(&r->p.pk, rc);
        size_t len = rc ? 0 : (size_t)n * dv->elem;
        msgpack_pack_bin(&r->p.pk, len);
        if (len) msgpack_pack_bin_body(&r->p.pk, rows, len);
    }
    free(rows);
    msgpack_unpacked_destroy(&up);
    rt_msg_free(m);
}

static void queue(rt_msg *m)
{
    pend *p = malloc(sizeof *p);
    if (!p) { /* the sender then waits for a reply that never comes: the job fails */
        rt_error("sync_for: out of memory queueing a message from rank %d", m->src);
        rt_msg_free(m);
        return;
    }
    p->m = m;
    p->next = NULL;
    if (Q.tail) Q.tail->next = p;
    else Q.head = p;
    Q.tail = p;
}

/* Removes and returns the first waiting message of type from src (src < 0:
 * any), or NULL. */
static rt_msg *unqueue(uint32_t type, int src)
{
    for (pend **pp = &Q.head, *prev = NULL; *pp; prev = *pp, pp = &(*pp)->next) {
        pend *p = *pp;
        if (p->m->type != type || (src >= 0 && p->m->src != src)) continue;
        *pp = p->next;
        if (Q.tail == p) Q.tail = prev;
        rt_msg *m = p->m;
        free(p);
        return m;
    }
    return NULL;
}

/*
 * Performs what may happen now (apply_lock held). Recording: deltas that
 * waited during the tasks, in arrival order, once the hold is off.
 * Replaying: the recorded events in order, as long as the message each
 * needs is here; the node-function thread's own events (tasks, fold) stop
 * it until that thread takes them.
 */
static void advance(outmsg **box)
{
    if (!Q.replay) {
        rt_msg *m;
        while (!Q.hold && (m = unqueue(RT_MSG_LOOP_DELTA, -1))) do_delta(m, box);
        return;
    }
    int kind, src;
    while (replay_store_next(&kind, &src)) {
        if (kind != REPLAY_ST_DELTA && kind != REPLAY_ST_READ) break;
        rt_msg *m = unqueue(kind == REPLAY_ST_DELTA ? RT_MSG_LOOP_DELTA : RT_MSG_LOOP_READ, src);
        if (!m) break;
        replay_store_take();
        if (kind == REPLAY_ST_DELTA) do_delta(m, box);
        else do_read(m, box);
        Q.done++;
    }
    pthread_cond_broadcast(&Q.turn);
}

/* Loop thread: a node's deltas, or (ordered runs) its read of owned rows.
 * Unordered, deltas are applied on arrival; ordered, as the order says. */
static void on_store(rt_msg *m, void *arg)
{
    (void)arg;
    outmsg *box = NULL;
    pthread_mutex_lock(&apply_lock);
    int now = !Q.on || (!Q.replay && (m->type == RT_MSG_LOOP_READ || !Q.hold));
    if (now && m->type == RT_MSG_LOOP_READ) do_read(m, &box);
    else if (now) do_delta(m, &box);
    else queue(m);
    if (Q.on) advance(&box);
    pthread_mutex_unlock(&apply_lock);
    out_send(box);
}

/* The node-function thread waits until the next recorded store event is
 * its own `kind` (apply_lock held; released while it waits); the caller
 * performs it, then takes it. The deadline moves on while the store makes
 * progress, so only a store stuck for TURN_WAIT_S counts as diverged, and
 * ends this process. Returns 0. */
static int my_turn(int kind)
{
    int k = 0, src = 0, got;
    uint64_t seen = Q.done;
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += TURN_WAIT_S;
    while (!(got = replay_store_next(&k, &src)) || k != kind) {
        int stuck = !got || (k != REPLAY_ST_DELTA && k != REPLAY_ST_READ);
        if (!stuck && pthread_cond_timedwait(&Q.turn, &apply_lock, &until)) {
            stuck = Q.done == seen;
            seen = Q.done;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_sec += TURN_WAIT_S;
        }
        if (stuck) {
            /* Fatal: other nodes wait for this one's deltas, reads and
             * clocks, and only its loss tells them to stop. */
            rt_error("sync_for: replay: this node's %s is not next in the recorded store order "
                     "(%s): the replay diverged", kind == REPLAY_ST_OWN ? "clock start" : "fold",
                     !got ? "the record has no events left"
                     : k == REPLAY_ST_OWN || k == REPLAY_ST_FOLD
                         ? "the record has another event of this node next"
                         : "the message the record has next never came");
            strads_fatal(STRADS_ESTATE, "sync_for: replay");
        }
    }
    return 0;
}

int rt__ssp_tasks_begin(void)
{
    if (!Q.on) return 0;
    outmsg *box = NULL;
    int rc = 0;
    pthread_mutex_lock(&apply_lock);
    if (Q.replay && !(rc = my_turn(REPLAY_ST_OWN))) {
        replay_store_take();
        advance(&box); /* reads served at the same version may follow */
    }
    if (!Q.replay) replay_note_store(REPLAY_ST_OWN, strads_rank()), Q.hold = 1;
    pthread_mutex_unlock(&apply_lock);
    out_send(box);
    return rc;
}

int rt__ssp_fold_begin(void)
{
    pthread_mutex_lock(&apply_lock);
    return Q.on && Q.replay ? my_turn(REPLAY_ST_FOLD) : 0;
}

void rt__ssp_fold_end(void)
{
    outmsg *box = NULL;
    if (Q.on && Q.replay) {
        replay_store_take();
        advance(&box);
    } else if (Q.on) {
        replay_note_store(REPLAY_ST_FOLD, strads_rank());
        Q.hold = 0;
        advance(&box); /* the deltas that waited, in arrival order */
    }
    pthread_mutex_unlock(&apply_lock);
    out_send(box);
}

/* Reads n rows idx of dv from their owners through the store order: one
 * RT_MSG_LOOP_READ per owner, all sent before the first reply is awaited. */
static int read_ordered(dds_vec *dv, const int64_t *idx, int64_t n)
{
    int nodes = strads_size(), me = strads_rank(), rc = 0;
    int64_t *cnt = calloc((size_t)nodes, sizeof *cnt);
    int64_t **mine = calloc((size_t)nodes, sizeof *mine);
    uint64_t *tags = calloc((size_t)nodes, sizeof *tags);
    if (!cnt || !mine || !tags) rc = STRADS_ENOMEM;
    for (int64_t j = 0; j < n && !rc; j++) cnt[dds_owner(dv, idx ? idx[j] : j)]++;
    for (int r = 0; r < nodes && !rc; r++)
        if (r != me && cnt[r] && !(mine[r] = malloc((size_t)cnt[r] * sizeof **mine))) rc = STRADS_ENOMEM;
    for (int r = 0; r < nodes && !rc; r++) cnt[r] = 0;
    for (int64_t j = 0; j < n && !rc; j++) {
        int64_t e = idx ? idx[j] : j;
        int o = dds_owner(dv, e);
        if (o != me) mine[o][cnt[o]++] = e;
    }
    int sent = 0;
    for (int r = 0; r < nodes && !rc; r++) {
        if (r == me || !cnt[r]) continue;
        rt_packer p;
        tags[r] = rt_new_tag();
        rt_pack_begin(&p, RT_MSG_LOOP_READ, tags[r]);
        msgpack_pack_uint64(&p.pk, dv->id);
        msgpack_pack_bin(&p.pk, (size_t)cnt[r] * sizeof **mine);
        msgpack_pack_bin_body(&p.pk, mine[r], (size_t)cnt[r] * sizeof **mine);
        rc = rt_send_packed(r, &p);
        sent = r + 1;
    }
    /* Every reply is awaited, also after an error: none may be left to
     * match a later tag. */
    for (int r = 0; r < sent; r++) {
        if (r == me || !cnt[r]) continue;
        rt_msg *m;
        int e = rt_recv(RT_MSG_REPLY, tags[r], r, -1, &m);
        if (!e) {
            msgpack_unpacked up;
            msgpack_unpacked_init(&up);
            size_t off = 0;
            msgpack_object *o;
            e = rt_unpack_next(&up, m->body, m->body_len, &off, &o);
            if (!e && o->type == MSGPACK_OBJECT_NEGATIVE_INTEGER) e = STRADS_EREMOTE;
            if (!e) e = rt_unpack_next(&up, m->body, m->body_len, &off, &o);
            if (!e && (o->type != MSGPACK_OBJECT_BIN ||
                       o->via.bin.size != (size_t)cnt[r] * dv->elem))
                e = STRADS_EPROTO;
            for (int64_t j = 0; !e && j < cnt[r]; j++)
                memcpy(dv->base + (size_t)mine[r][j] * dv->elem,
                       o->via.bin.ptr + (size_t)j * dv->elem, dv->elem);
            msgpack_unpacked_destroy(&up);
            rt_msg_free(m);
        }
        if (!rc) rc = e;
    }
    for (int r = 0; mine && r < nodes; r++) free(mine[r]);
    free(mine);
    free(cnt);
    free(tags);
    return rc;
}

int rt__ssp_prefetch(dds_vec *dv, const int64_t *idx, int64_t n)
{
    rt__sarr *arr = atomic_load(&cur_arr);
    int written = 0;
    for (int a = 0; Q.on && arr && a < cur_narr; a++) written |= arr[a].dv == dv && arr[a].written;
    if (written) return read_ordered(dv, idx, idx ? n : dv->n);
    return idx ? dds_prefetch(dv, idx, (size_t)n) : dds_prefetch_range(dv, 0, dv->n);
}

int rt__ssp_open(rt__sarr *arr, int narr)
{
    static atomic_int handler_on;
    if (!atomic_exchange(&handler_on, 1)) {
        rt_on_loop(RT_MSG_LOOP_DELTA, on_store, NULL);
        rt_on_loop(RT_MSG_LOOP_READ, on_store, NULL);
    }
    replay_note_timing(); /* the result depends on timing... */
    replay_note_ordered(); /* ...unless recorded in its store order */
    pthread_mutex_lock(&apply_lock);
    Q.on = replay_store_ordered();
    Q.replay = Q.on && replay_cluster();
    Q.hold = 0;
    cur_narr = narr;
    atomic_store(&cur_arr, arr);
    pthread_mutex_unlock(&apply_lock);
    return strads_barrier();
}

int rt__ssp_close(void)
{
    /* Every push and read was answered before its node got here. */
    int rc = strads_barrier();
    pthread_mutex_lock(&apply_lock);
    int left = 0;
    for (rt_msg *m; (m = unqueue(RT_MSG_LOOP_DELTA, -1)) || (m = unqueue(RT_MSG_LOOP_READ, -1));) {
        rt_msg_free(m);
        left++;
    }
    if (!rc && left) {
        rt_error("sync_for: %d messages were left unanswered at the end of the call", left);
        rc = STRADS_ESTATE;
    }
    int orc = Q.replay ? replay_store_close() : 0; /* every recorded event performed */
    if (!rc) rc = orc;
    Q.on = Q.replay = Q.hold = 0;
    atomic_store(&cur_arr, NULL);
    pthread_mutex_unlock(&apply_lock);
    return rc;
}

/* Packs owner r's entries of array a; returns how many elements. */
/* pack_owner over a whole array partitioned by ranges: owner r's elements
 * are one range, and those this node changed are found a block at a time
 * (a clock of SAGA's changes a few thousand of the 100,000 residuals; an
 * owner lookup and a call an element were a third of its shared call). */
static int64_t pack_range(const rt__sarr *x, int r, const char *S, int64_t *ibuf, char *buf,
                          int64_t *first)
{
    dds_vec *dv = x->dv;
    size_t elem = dv->elem;
    int64_t lo, hi, m = 0;
    dds_owned_range(dv, r, &lo, &hi);
    if (hi > dv->n) hi = dv->n;
    if (lo >= hi) return 0;
    *first = lo;
    bool word = elem == 4 || elem == 8;
    int64_t per = word ? (int64_t)(64 / elem) : 1;
    for (int64_t b0 = lo; b0 < hi; b0 += per) {
        int64_t b1 = b0 + per < hi ? b0 + per : hi;
        size_t off = (size_t)b0 * elem;
        uint64_t mask = word ? rt__changed_mask(S + off, dv->base + off, elem, b1 - b0)
                             : !rt__same_block(S + off, dv->base + off, elem);
        for (; mask; mask &= mask - 1) {
            int64_t e = b0 + (word ? __builtin_ctzll(mask) : 0);
            char *d = buf + (size_t)m * elem;
            memcpy(d, S + (size_t)e * elem, elem);
            rt__v_delta(x->desc->type, d, dv->base + (size_t)e * elem, x->nsc);
            if (rt__zero_bytes(d, elem)) continue; /* -0.0 to +0.0 is no change */
            ibuf[m++] = e;
        }
    }
    return m;
}

static int64_t pack_owner(rt_packer *p, const rt__sarr *x, int a, int r, const rt__elist *U,
                          const char *S, int64_t *ibuf, char *buf)
{
    dds_vec *dv = x->dv;
    int64_t m = 0, first = -1;
    if (U->all && dv->part != DDS_PART_HASH && dv->bounds && r < dv->nodes)
        m = pack_range(x, r, S, ibuf, buf, &first);
    for (int64_t j = 0; j < U->n && !(U->all && dv->part != DDS_PART_HASH && dv->bounds); j++) {
        int64_t e = rt__el_at(U, j);
        if (dds_owner(dv, e) != r) continue;
        if (first < 0) first = j;
        ibuf[m] = e;
        char *d = buf + (size_t)m * dv->elem;
        memcpy(d, S + (size_t)j * dv->elem, dv->elem);
        rt__v_delta(x->desc->type, d, dv->base + (size_t)e * dv->elem, x->nsc);
        /* Whole arrays (recon(off)): an element this node left as it was
         * is no contribution (SAGA's residual table: a clock changes a
         * few thousand of 50,000). The owner was counted an entry: an
         * entry of one zero delta when nothing changed. */
        if (!U->all || !rt__zero_bytes(d, dv->elem)) m++;
    }
    if (!m && first >= 0) {
        ibuf[0] = rt__el_at(U, first);
        memset(buf, 0, dv->elem);
        m = 1;
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
        const dds_vec *dv = arr[a].dv;
        if (U[a].all && dv->part != DDS_PART_HASH && dv->bounds) { /* owners' ranges */
            for (int o = 0; o < nodes && o < dv->nodes; o++) {
                int64_t lo, hi;
                dds_owned_range(dv, o, &lo, &hi);
                if (o != me && (hi < dv->n ? hi : dv->n) > lo) entries[o]++;
            }
            continue;
        }
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
        /* An ordered replay opens the gate at the recorded view alone: a
         * policy's gate that weighs live times could ask for more than the
         * recorded run had, and wait for a node that waits for this one. */
        int g = Q.replay ? 1 : gate(k, c);
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
