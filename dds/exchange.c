/*
 * dds/exchange.c - the all-to-all exchange of the collective DDS operations.
 *
 * Delta write-back (dds/delta.c) and dmap shuffles (dds/dmap.c) need every
 * node to send one buffer to every other node and to receive one from each,
 * then to process them in rank order. Buffers travel as XCHG messages to the
 * receiver's mailbox (no loop-thread handler), matched by a tag that every
 * node derives from the same counter (dds_xchg_tag), since all nodes run the
 * same collective calls in the same order. Called from the node's main
 * thread inside a node function.
 */
#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"
#include "core/rt.h"


int dds_exchange(uint64_t tag, void *const *out, const size_t *outlen, void **in,
                 size_t *inlen)
{
    int nodes = strads_size(), me = strads_rank(), rc = 0;
    for (int r = 0; r < nodes; r++)
        in[r] = NULL, inlen[r] = 0;
    in[me] = malloc(outlen[me] ? outlen[me] : 1);
    if (!in[me])
        return STRADS_ENOMEM;
    memcpy(in[me], out[me], outlen[me]);
    inlen[me] = outlen[me];
    for (int r = 0; r < nodes; r++) {
        if (r == me)
            continue;
        rt_packer p;
        rt_pack_begin(&p, DDS_MSG_XCHG, tag);
        msgpack_pack_bin(&p.pk, outlen[r]);
        int e = rt_send(r, p.sb.data, p.sb.size, out[r], outlen[r]);
        rt_pack_done(&p);
        if (e && !rc)
            rc = e;
    }
    for (int r = 0; r < nodes && !rc; r++) {
        if (r == me)
            continue;
        rt_msg *m;
        int e = rt_recv(DDS_MSG_XCHG, tag, r, -1, &m);
        if (e) {
            rc = e;
            break;
        }
        msgpack_unpacked up;
        msgpack_unpacked_init(&up);
        size_t off = 0;
        msgpack_object *o;
        if (rt_unpack_next(&up, m->body, m->body_len, &off, &o) || o->type != MSGPACK_OBJECT_BIN) {
            rc = STRADS_EPROTO;
            rt_msg_free(m);
        } else {
            /* the payload moved to the front of the message's own buffer,
             * which the caller then owns: a fresh buffer and a copy of it
             * cost ~2.5 ms a MB of page faults in a VM (SGD-MF's planning
             * on 2 nodes exchanges 40 MB each way) */
            size_t len = o->via.bin.size;
            memmove(m->buf, o->via.bin.ptr, len);
            in[r] = m->buf;
            inlen[r] = len;
            m->buf = NULL;
            rt_msg_free(m);
        }
        msgpack_unpacked_destroy(&up);
    }
    if (rc)
        for (int r = 0; r < nodes; r++) {
            free(in[r]);
            in[r] = NULL;
        }
    return rc;
}
