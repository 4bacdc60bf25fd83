/*
 * core/rpc.c - the driver runs node functions on every node; workers
 * serve those calls until the driver shuts them down.
 *
 * A call is one CALL message per worker (function reference + argument
 * bytes) and one DONE reply (status) per worker, matched by a sequence
 * number. The driver runs its own share between sending and collecting, so
 * every node, the driver included, takes part in the collectives that the
 * function makes. Two reserved references end a job in two phases: PREPARE
 * makes every worker treat closing connections as expected, EXIT then lets
 * them go, so a clean shutdown never looks like a lost node.
 *
 * Some calls the driver makes may reach the workers later (rt_invoke_later:
 * a dvector's allocation, which the program's sequential code makes before
 * any loop): the driver runs its share at once and a courier thread
 * (core/start.c's assembler, once the job has assembled) sends the rest in
 * order, so the program's start does not wait for its workers to start. Until
 * every such call has been answered, any other message to a worker waits
 * (the transport's gate), so a worker never hears of something it has not
 * been given.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/transport.h"

#define RT_CALL_PREPARE_EXIT UINT64_MAX
#define RT_CALL_EXIT (UINT64_MAX - 1)

static _Atomic uint64_t call_seq; /* the driver's main thread and its courier */

static int send_call(int dst, uint64_t seq, uint64_t ref, const void *arg, size_t len)
{
    rt_packer p;
    rt_pack_begin(&p, RT_MSG_CALL, seq);
    msgpack_pack_uint64(&p.pk, ref);
    msgpack_pack_bin(&p.pk, len);
    int rc = rt_send(dst, p.sb.data, p.sb.size, arg, len);
    rt_pack_done(&p);
    return rc;
}

/* Collects DONE(seq) from every worker; the first failure wins. */
static int collect_done(uint64_t seq, int deadline_ms, const char *what)
{
    int first = 0;
    for (int r = 1; r < strads_size(); r++) {
        rt_msg *m;
        int rc = rt_recv(RT_MSG_DONE, seq, r, deadline_ms, &m);
        if (rc) {
            if (rc == STRADS_EPEER)
                rt_error("%s: rank %d lost: %s", what, r, rt_peer_lost_reason(r));
            else
                rt_error("%s: no answer from rank %d: %s", what, r, strads_strerror(rc));
            if (!first) first = rc;
            continue;
        }
        size_t off = 0;
        uint64_t st = 0;
        /* status travels as a uint of the negated code to stay in net_mp_uint */
        if (net_mp_uint(m->body, m->body_len, &off, &st) == 0 && st != 0) {
            int code = -(int)st;
            if (code == STRADS_EREMOTE) /* it stopped because another node failed */
                rt_error("%s: rank %d stopped after another node's error", what, r);
            else
                rt_error("%s failed on rank %d: %s", what, r, strads_strerror(code));
            if (!first) first = STRADS_EREMOTE;
        }
        rt_msg_free(m);
    }
    return first;
}

int strads_invoke_all(strads_node_fn fn, const void *arg, size_t len)
{
    if (!fn || (!arg && len)) return STRADS_EINVAL;
    if (strads_rank() != 0) return STRADS_ESTATE;
    uint64_t ref;
    int rc = rt_fnref_encode((const void *)fn, &ref);
    if (rc) return rc;
    uint64_t seq = ++call_seq;
    int first = 0;
    for (int r = 1; r < strads_size(); r++) {
        rc = send_call(r, seq, ref, arg, len);
        if (rc) {
            rt_error("cannot reach rank %d: %s", r, strads_strerror(rc));
            return rc;
        }
    }
    int mine = fn(arg, len);
    rc = collect_done(seq, -1, "node function");
    if (mine) first = mine;
    if (!first) first = rc;
    return first;
}

/* ---- calls that reach the workers later (the courier) ---- */

typedef struct later {
    struct later *next;
    uint64_t ref, key;
    strads_node_fn fn;
    size_t len;
    char what[160];
    unsigned char arg[];
} later;

static pthread_mutex_t later_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t later_cond = PTHREAD_COND_INITIALIZER;
static later *later_head, *later_tail;
static bool courier_busy, courier_up, later_closed;

int rt_invoke_later(strads_node_fn fn, const void *arg, size_t len, uint64_t key,
                    const char *what)
{
    if (!fn || (!arg && len)) return STRADS_EINVAL;
    if (strads_rank() != 0) return STRADS_ESTATE;
    uint64_t ref;
    int rc = rt_fnref_encode((const void *)fn, &ref);
    if (rc) return rc;
    if (strads_size() == 1) return fn(arg, len);
    pthread_mutex_lock(&later_mu);
    bool closed = later_closed;
    pthread_mutex_unlock(&later_mu);
    if (closed) return fn(arg, len); /* the workers are gone */
    later *l = malloc(sizeof *l + len);
    if (!l) return STRADS_ENOMEM;
    if ((rc = fn(arg, len))) { /* the driver's share first: it refuses alone */
        free(l);
        return rc;
    }
    l->next = NULL;
    l->ref = ref;
    l->key = key;
    l->fn = fn;
    l->len = len;
    snprintf(l->what, sizeof l->what, "%s", what ? what : "a node call");
    if (len) memcpy(l->arg, arg, len);
    pthread_mutex_lock(&later_mu);
    rt_net_close_sends();
    if (later_tail)
        later_tail->next = l;
    else
        later_head = l;
    later_tail = l;
    pthread_cond_broadcast(&later_cond);
    pthread_mutex_unlock(&later_mu);
    return 0;
}

bool rt_invoke_unlater(strads_node_fn fn, uint64_t key)
{
    bool found = false;
    pthread_mutex_lock(&later_mu);
    for (later **p = &later_head, *prev = NULL; *p; prev = *p, p = &(*p)->next) {
        later *l = *p;
        if (l->fn != fn || l->key != key) continue;
        *p = l->next;
        if (later_tail == l) later_tail = prev;
        free(l);
        found = true;
        break;
    }
    /* the courier may not wake to find the queue empty: the gate opens here */
    if (found && !later_head && !courier_busy && courier_up) {
        rt_net_open_sends();
        pthread_cond_broadcast(&later_cond);
    }
    pthread_mutex_unlock(&later_mu);
    return found;
}

_Noreturn void rt_courier_run(void)
{
    pthread_mutex_lock(&later_mu);
    courier_up = true;
    for (;;) {
        if (!later_head) {
            rt_net_open_sends();
            pthread_cond_broadcast(&later_cond);
        }
        while (!later_head) pthread_cond_wait(&later_cond, &later_mu);
        later *l = later_head;
        later_head = l->next;
        if (!later_head) later_tail = NULL;
        courier_busy = true;
        pthread_mutex_unlock(&later_mu);
        uint64_t seq = ++call_seq;
        int rc = 0;
        for (int r = 1; r < strads_size() && !rc; r++)
            if ((rc = send_call(r, seq, l->ref, l->arg, l->len)))
                rt_error("%s: cannot reach rank %d: %s", l->what, r, strads_strerror(rc));
        if (!rc) rc = collect_done(seq, -1, l->what);
        /* The program was told it succeeded (the driver's share did):
         * nothing can undo that now, so the job ends, saying what failed. */
        if (rc) strads_fatal(rc, l->what);
        free(l);
        pthread_mutex_lock(&later_mu);
        courier_busy = false;
    }
}

void rt_courier_close(void)
{
    pthread_mutex_lock(&later_mu);
    later_closed = true;
    pthread_mutex_unlock(&later_mu);
}

int rt_courier_drain(void)
{
    pthread_mutex_lock(&later_mu);
    while (later_head || courier_busy)
        pthread_cond_wait(&later_cond, &later_mu);
    pthread_mutex_unlock(&later_mu);
    return 0;
}

static void reply_done(uint64_t seq, int status)
{
    rt_packer p;
    rt_pack_begin(&p, RT_MSG_DONE, seq);
    msgpack_pack_uint64(&p.pk, (uint64_t)(-(int64_t)status));
    rt_send_packed(0, &p);
}

int rt_serve(void)
{
    for (;;) {
        rt_msg *m;
        int rc = rt_recv_any_tag(RT_MSG_CALL, 0, -1, &m);
        if (rc) {
            rt_error("lost the driver (rank 0): %s",
                     rt_peer_lost_reason(0) ? rt_peer_lost_reason(0) : strads_strerror(rc));
            return 3;
        }
        msgpack_unpacked up;
        msgpack_unpacked_init(&up);
        size_t off = 0;
        uint64_t ref = 0;
        msgpack_object *o;
        int st = net_mp_uint(m->body, m->body_len, &off, &ref);
        if (!st) st = rt_unpack_next(&up, m->body, m->body_len, &off, &o);
        if (!st && o->type != MSGPACK_OBJECT_BIN) st = STRADS_EPROTO;
        if (st) {
            rt_error("malformed call from the driver");
            reply_done(m->tag, STRADS_EPROTO);
        } else if (ref == RT_CALL_PREPARE_EXIT) {
            net_set_shutting_down();
            reply_done(m->tag, 0);
        } else if (ref == RT_CALL_EXIT) {
            msgpack_unpacked_destroy(&up);
            rt_msg_free(m);
            return 0;
        } else {
            void *fn;
            st = rt_fnref_decode(ref, &fn);
            /* The argument sits at an arbitrary offset inside the message;
             * node functions may cast it to a struct, so give them memory
             * aligned like malloc's. */
            void *arg = NULL;
            if (!st && o->via.bin.size && !(arg = malloc(o->via.bin.size))) st = STRADS_ENOMEM;
            if (arg) memcpy(arg, o->via.bin.ptr, o->via.bin.size);
            if (!st) st = ((strads_node_fn)fn)(arg, o->via.bin.size);
            free(arg);
            reply_done(m->tag, st);
        }
        msgpack_unpacked_destroy(&up);
        rt_msg_free(m);
    }
}

int rt_shutdown_workers(void)
{
    if (strads_size() == 1) return 0;
    uint64_t seq = ++call_seq;
    int rc = 0;
    for (int r = 1; r < strads_size(); r++)
        if (rt_peer_alive(r)) send_call(r, seq, RT_CALL_PREPARE_EXIT, NULL, 0);
    rc = collect_done(seq, 5000, "shutdown");
    net_set_shutting_down();
    seq = ++call_seq;
    for (int r = 1; r < strads_size(); r++)
        if (rt_peer_alive(r)) send_call(r, seq, RT_CALL_EXIT, NULL, 0);
    rt_flush(2000);
    return rc;
}
