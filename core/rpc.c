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
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/transport.h"

#define RT_CALL_PREPARE_EXIT UINT64_MAX
#define RT_CALL_EXIT (UINT64_MAX - 1)

static uint64_t call_seq; /* driver's main thread only */

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
