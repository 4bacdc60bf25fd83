/*
 * test/fuzz/fuzz_handshake.c - libFuzzer target for what an unauthenticated
 * client can make a node do: bytes off a fresh connection go through the
 * frame decoder (limited to RT_HANDSHAKE_MAX, as transport.c sets it for a
 * new connection), the type and tag of each message through net_mp_uint, and
 * the message through net_hs_message (core/handshake.c), exactly in the
 * order net_dispatch uses for a connection that is not authenticated yet.
 *
 * The connection is a bare rt_conn whose socket is never used: the transport
 * functions handshake.c calls (write, close, authenticated) are replaced by
 * the stubs below, which record what happened. Properties checked: no input
 * authenticates the connection (the fuzzer does not know the job secret),
 * net_hs_message returns false exactly when it closed the connection, and
 * nothing is fed to a closed connection, as in transport.c's on_message.
 *
 * Built by scripts/fuzz.sh (FUZZ_TARGET=handshake) from handshake.c,
 * frame.c, mailbox.c, log.c and util.c, with libsodium and msgpack-c.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/transport.h"

static rt_config cfg = {.rank = 0, .size = 4, .have_secret = true};

const rt_config *net_cfg(void) { return &cfg; }
int net_my_rank(void) { return cfg.rank; }
int net_job_size(void) { return cfg.size; }

void net_conn_close(rt_conn *c, const char *why)
{
    (void)why;
    c->closing = true;
}

int net_conn_write_small(rt_conn *c, const char *buf, size_t len)
{
    (void)buf;
    (void)len;
    return c->closing ? STRADS_ECLOSED : 0;
}

void net_conn_authed(rt_conn *c)
{
    (void)c;
    abort(); /* authenticated without the secret */
}

/* util.c's rt_send_packed refers to it; nothing here sends. */
int rt_send(int dst, const void *head, size_t head_len, const void *blob, size_t blob_len)
{
    (void)dst, (void)head, (void)head_len, (void)blob, (void)blob_len;
    return STRADS_ECLOSED;
}

static void on_message(char *m, size_t len, void *arg)
{
    rt_conn *c = arg;
    size_t off = 0;
    uint64_t type, tag;
    if (c->closing) {
        free(m);
        return;
    }
    if (net_mp_uint(m, len, &off, &type) || net_mp_uint(m, len, &off, &tag)) {
        net_conn_close(c, "message without a valid type and tag");
    } else {
        bool open = net_hs_message(c, (uint32_t)type, m + off, len - off);
        if (open == c->closing) abort();
    }
    free(m);
}

/* The input layout is fuzz_frame.c's, so both targets share one corpus:
 * byte 0 mode (here bit 0: we dialed rank 1 rather than accepted, bit 1: we
 * are rank 2 rather than 0), byte 1 k, k piece sizes (b+1 bytes each), then
 * the stream. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    size_t k = data[1];
    if (size < 2 + k) k = size - 2;
    const uint8_t *sizes = data + 2;
    rt_conn c;
    memset(&c, 0, sizeof c);
    c.peer = c.peer_claim = -1;
    c.expect = data[0] & 1 ? 1 : -1;
    cfg.rank = data[0] & 2 ? 2 : 0;
    memset(cfg.secret, 0x42, sizeof cfg.secret);
    rt_deframer_init(&c.df, RT_HANDSHAKE_MAX);
    net_hs_start(&c);
    /* Feed in pieces: the transport reads whatever the socket has. */
    size_t off = 2 + k, i = 0;
    while (off < size && !c.closing) {
        size_t n = k ? (size_t)sizes[i++ % k] + 1 : size - off;
        if (n > size - off) n = size - off;
        if (rt_deframe(&c.df, (const char *)data + off, n, on_message, &c)) break;
        off += n;
    }
    rt_deframer_free(&c.df);
    return 0;
}
