/*
 * core/msg.c - small helpers for building and reading messages.
 */
#include <stdatomic.h>

#include "core/transport.h"

void rt_pack_begin(rt_packer *p, uint32_t type, uint64_t tag)
{
    msgpack_sbuffer_init(&p->sb);
    msgpack_packer_init(&p->pk, &p->sb, msgpack_sbuffer_write);
    msgpack_pack_uint32(&p->pk, type);
    msgpack_pack_uint64(&p->pk, tag);
}

void rt_pack_done(rt_packer *p) { msgpack_sbuffer_destroy(&p->sb); }

int rt_send_packed(int dst, rt_packer *p)
{
    int rc = rt_send(dst, p->sb.data, p->sb.size, NULL, 0);
    rt_pack_done(p);
    return rc;
}

uint64_t rt_new_tag(void)
{
    static atomic_uint_fast64_t next = 1;
    return atomic_fetch_add(&next, 1);
}

void rt_reply_begin(rt_packer *p, uint64_t tag)
{
    rt_pack_begin(p, RT_MSG_REPLY, tag);
}

int rt_unpack_next(msgpack_unpacked *up, const char *data, size_t len, size_t *off,
                   msgpack_object **o)
{
    if (msgpack_unpack_next(up, data, len, off) != MSGPACK_UNPACK_SUCCESS) return STRADS_EPROTO;
    *o = &up->data;
    return 0;
}
