/*
 * core/collective.c - barrier, all-reduce, gather and broadcast among all
 * nodes, called by every node in the same order from node functions.
 *
 * All-reduce, barrier and broadcast follow a binomial tree rooted at rank
 * 0, so that no node sends or receives more than about log2(N) messages per
 * call (a star through rank 0 made the driver's message count grow as N,
 * which bounded jobs of many nodes: docs/benchmarks.md, "Cost as the cluster
 * grows"). Contributions are matched by a per-process sequence number
 * (every node makes the same sequence of calls), and every node combines
 * its children's in a fixed order, so floating-point results do not depend
 * on which message arrived first, which replay depends on. Gather stays a
 * star: its data ends at rank 0 anyway, and relaying it would move it twice.
 */
#include <stdlib.h>
#include <string.h>

#include "core/rt.h"

static uint64_t coll_seq; /* the thread running node functions only */

static size_t type_size(strads_type t)
{
    switch (t) {
    case STRADS_T_I32:
    case STRADS_T_F32: return 4;
    case STRADS_T_I64:
    case STRADS_T_U64:
    case STRADS_T_F64: return 8;
    }
    return 0;
}

#define COMBINE(T)                                                            \
    do {                                                                      \
        T *a = acc;                                                           \
        const T *b = x;                                                       \
        for (size_t i = 0; i < n; i++) switch (op) {                          \
            case STRADS_OP_SUM: a[i] = a[i] + b[i]; break;                    \
            case STRADS_OP_PROD: a[i] = a[i] * b[i]; break;                   \
            case STRADS_OP_MIN: a[i] = b[i] < a[i] ? b[i] : a[i]; break;      \
            case STRADS_OP_MAX: a[i] = b[i] > a[i] ? b[i] : a[i]; break;      \
            }                                                                 \
    } while (0)

static void combine(void *acc, const void *x, size_t n, strads_type t, strads_op op)
{
    switch (t) {
    case STRADS_T_I32: COMBINE(int32_t); break;
    case STRADS_T_I64: COMBINE(int64_t); break;
    case STRADS_T_U64: COMBINE(uint64_t); break;
    case STRADS_T_F32: COMBINE(float); break;
    case STRADS_T_F64: COMBINE(double); break;
    }
}

static int send_bin(int dst, uint32_t type, uint64_t seq, const void *data, size_t len)
{
    rt_packer p;
    rt_pack_begin(&p, type, seq);
    msgpack_pack_bin(&p.pk, len);
    int rc = rt_send(dst, p.sb.data, p.sb.size, data, len);
    rt_pack_done(&p);
    return rc;
}

/* Receives a COLL message of exactly len bytes from src into dst. */
static int recv_bin(uint32_t type, uint64_t seq, int src, void *dst, size_t len)
{
    rt_msg *m;
    int rc = rt_recv(type, seq, src, rt_cfg()->collective_timeout_ms, &m);
    if (rc) {
        if (rc == STRADS_EPEER)
            rt_error("collective: rank %d lost: %s", src, rt_peer_lost_reason(src));
        else
            rt_error("collective: rank %d did not answer: %s", src, strads_strerror(rc));
        return rc;
    }
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    msgpack_object *o;
    rc = rt_unpack_next(&up, m->body, m->body_len, &off, &o);
    if (!rc && (o->type != MSGPACK_OBJECT_BIN || o->via.bin.size != len)) rc = STRADS_EPROTO;
    if (!rc && len) memcpy(dst, o->via.bin.ptr, len);
    if (rc) rt_error("collective: malformed contribution from rank %d", src);
    msgpack_unpacked_destroy(&up);
    rt_msg_free(m);
    return rc;
}

/* Children are r + m for each power of two m below r's lowest set bit
 * (every m for rank 0) with r + m < size. */
int rt_tree_parent(int r) { return r ? r - (r & -r) : -1; }

int rt_tree_children(int r, int size)
{
    int n = 0;
    for (int m = 1; (!r || m < (r & -r)) && r + m < size; m <<= 1) n++;
    return n;
}

/* Receives the result from the parent and passes it to the children, the
 * largest subtree first; the first failure is returned. */
static int tree_down(uint64_t seq, void *data, size_t len)
{
    int me = strads_rank();
    if (me) {
        int rc = recv_bin(RT_MSG_COLL_RESULT, seq, rt_tree_parent(me), data, len);
        if (rc) return rc;
    }
    int first = 0;
    for (int i = rt_tree_children(me, strads_size()) - 1; i >= 0; i--) {
        int rc = send_bin(me + (1 << i), RT_MSG_COLL_RESULT, seq, data, len);
        if (rc && !first) first = rc;
    }
    return first;
}

int strads_allreduce(void *buf, size_t count, strads_type type, strads_op op)
{
    size_t es = type_size(type), len = count * es;
    if (!es || (count && !buf) || (unsigned)op > STRADS_OP_MAX) return STRADS_EINVAL;
    if (strads_size() == 1) return 0;
    uint64_t seq = ++coll_seq;
    int me = strads_rank(), kids = rt_tree_children(me, strads_size());
    void *x = malloc(len ? len : 1);
    if (!x) return STRADS_ENOMEM;
    int rc = 0;
    /* up: the children's partial results, smallest subtree first */
    for (int i = 0; i < kids && !rc; i++) {
        rc = recv_bin(RT_MSG_COLL, seq, me + (1 << i), x, len);
        if (!rc) combine(buf, x, count, type, op);
    }
    free(x);
    if (rc) return rc;
    if (me) {
        rc = send_bin(rt_tree_parent(me), RT_MSG_COLL, seq, buf, len);
        if (rc) return rc;
    }
    return tree_down(seq, buf, len);
}

int strads_barrier(void) { return strads_allreduce(NULL, 0, STRADS_T_I32, STRADS_OP_SUM); }

int strads_gather(const void *in, size_t len, void *out)
{
    if ((len && !in) || (strads_rank() == 0 && len && !out)) return STRADS_EINVAL;
    if (strads_rank() == 0 && len) memcpy(out, in, len);
    if (strads_size() == 1) return 0;
    uint64_t seq = ++coll_seq;
    if (strads_rank() != 0) {
        int rc = send_bin(0, RT_MSG_COLL, seq, in, len);
        return rc ? rc : tree_down(seq, NULL, 0);
    }
    int rc = 0;
    for (int r = 1; r < strads_size() && !rc; r++)
        rc = recv_bin(RT_MSG_COLL, seq, r, (char *)out + (size_t)r * len, len);
    if (rc) return rc;
    return tree_down(seq, NULL, 0); /* releases the others: gather is a barrier too */
}

int strads_broadcast(void *buf, size_t len)
{
    if (len && !buf) return STRADS_EINVAL;
    if (strads_size() == 1) return 0;
    return tree_down(++coll_seq, buf, len);
}
