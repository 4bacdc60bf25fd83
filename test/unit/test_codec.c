/*
 * Message codec: headers and bodies packed with rt_pack_begin round-trip
 * through the header reader and msgpack, the header reader refuses truncated
 * and wrongly typed input, and a job of one process delivers messages to
 * itself through the mailbox with (type, tag, source) matching.
 */
#include "check.h"
#include "core/transport.h"

static void header_round_trip(void)
{
    uint64_t tags[] = {0, 1, 127, 128, 255, 256, 65535, 65536, UINT32_MAX, (uint64_t)UINT32_MAX + 1,
                       UINT64_MAX};
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++) {
        rt_packer p;
        rt_pack_begin(&p, RT_MSG_USER_BASE + 3, tags[i]);
        msgpack_pack_str_with_body(&p.pk, "hello", 5);
        msgpack_pack_double(&p.pk, 2.5);
        size_t off = 0;
        uint64_t type, tag;
        CHECK_OK(net_mp_uint(p.sb.data, p.sb.size, &off, &type));
        CHECK_OK(net_mp_uint(p.sb.data, p.sb.size, &off, &tag));
        CHECK_EQ(type, RT_MSG_USER_BASE + 3);
        CHECK(tag == tags[i]);
        msgpack_unpacked up;
        msgpack_unpacked_init(&up);
        msgpack_object *o;
        CHECK_OK(rt_unpack_next(&up, p.sb.data, p.sb.size, &off, &o));
        CHECK(o->type == MSGPACK_OBJECT_STR && o->via.str.size == 5);
        CHECK_OK(rt_unpack_next(&up, p.sb.data, p.sb.size, &off, &o));
        CHECK(o->type == MSGPACK_OBJECT_FLOAT64 && o->via.f64 == 2.5);
        CHECK_EQ(off, p.sb.size);
        CHECK_EQ(rt_unpack_next(&up, p.sb.data, p.sb.size, &off, &o), STRADS_EPROTO);
        msgpack_unpacked_destroy(&up);
        /* every strict prefix of the header is refused */
        for (size_t cut = 0; cut < p.sb.size - 9; cut++) {
            size_t o2 = 0;
            uint64_t a, b;
            int rc = net_mp_uint(p.sb.data, cut, &o2, &a);
            if (rc == 0) rc = net_mp_uint(p.sb.data, cut, &o2, &b);
            if (cut < 1 + (tags[i] < 128 ? 1 : 2)) CHECK_EQ(rc, STRADS_EPROTO);
        }
        rt_pack_done(&p);
    }
    /* a string where a uint belongs */
    const char bad[] = {(char)0xa1, 'x'};
    size_t off = 0;
    uint64_t v;
    CHECK_EQ(net_mp_uint(bad, sizeof bad, &off, &v), STRADS_EPROTO);
    /* negative ints are not tags */
    const char neg[] = {(char)0xff};
    off = 0;
    CHECK_EQ(net_mp_uint(neg, 1, &off, &v), STRADS_EPROTO);
}

static void self_delivery(void)
{
    /* A lone process: no launcher variables, size 1, no network. */
    static rt_config cfg;
    char err[128];
    unsetenv("STRADS_RANK");
    unsetenv("STRADS_SIZE");
    CHECK_OK(rt_config_load(&cfg, err, sizeof err));
    CHECK_EQ(cfg.size, 1);
    CHECK_OK(rt_net_start(&cfg, err, sizeof err));
    const char blob[] = "payload bytes";
    for (uint64_t tag = 1; tag <= 3; tag++) {
        rt_packer p;
        rt_pack_begin(&p, RT_MSG_USER_BASE, tag);
        msgpack_pack_bin(&p.pk, sizeof blob);
        CHECK_OK(rt_send(0, p.sb.data, p.sb.size, blob, sizeof blob));
        rt_pack_done(&p);
    }
    rt_msg *m;
    /* out of order by tag */
    CHECK_OK(rt_recv(RT_MSG_USER_BASE, 2, 0, 100, &m));
    CHECK_EQ(m->tag, 2);
    CHECK_EQ(m->src, 0);
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    msgpack_object *o;
    CHECK_OK(rt_unpack_next(&up, m->body, m->body_len, &off, &o));
    CHECK(o->type == MSGPACK_OBJECT_BIN && o->via.bin.size == sizeof blob);
    CHECK(memcmp(o->via.bin.ptr, blob, sizeof blob) == 0);
    msgpack_unpacked_destroy(&up);
    rt_msg_free(m);
    CHECK_OK(rt_recv_any_tag(RT_MSG_USER_BASE, RT_ANY_SRC, 100, &m));
    CHECK_EQ(m->tag, 1);
    rt_msg_free(m);
    CHECK_OK(rt_recv(RT_MSG_USER_BASE, 3, 0, 100, &m));
    rt_msg_free(m);
    CHECK_EQ(rt_recv(RT_MSG_USER_BASE, 3, 0, 50, &m), STRADS_ETIMEDOUT);
    rt_net_stop();
}

int main(void)
{
    header_round_trip();
    self_delivery();
    CHECK_EQ(strcmp(strads_errname(STRADS_EPEER), "STRADS_EPEER"), 0);
    CHECK_STR(strads_strerror(12345), "unknown error");
    CHECK_DONE();
    return 0;
}
