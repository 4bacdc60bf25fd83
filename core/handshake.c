/*
 * core/handshake.c - mutual authentication of a fresh connection with the
 * job secret (challenge-response, the secret never crosses the wire).
 *
 * Each side sends HELLO(rank, 32-byte random nonce). On the peer's HELLO a
 * side answers PROOF = HMAC-SHA256(secret, "strads-auth-v1" | prover rank |
 * verifier rank | verifier's nonce | prover's nonce). Both nonces make a proof
 * useless on any other connection, and naming prover and verifier in order
 * stops a proof from being reflected back. Until a proof checks out only
 * these two small messages are accepted; anything else closes the connection.
 */
#include <string.h>

#include <sodium.h>

#include "core/transport.h"

static const char label[] = "strads-auth-v1";

static void put_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static void compute_proof(uint8_t mac[32], int prover, int verifier, const uint8_t vnonce[32],
                          const uint8_t pnonce[32])
{
    uint8_t in[sizeof label - 1 + 8 + 64];
    memcpy(in, label, sizeof label - 1);
    put_u32(in + sizeof label - 1, (uint32_t)prover);
    put_u32(in + sizeof label + 3, (uint32_t)verifier);
    memcpy(in + sizeof label + 7, vnonce, 32);
    memcpy(in + sizeof label + 39, pnonce, 32);
    crypto_auth_hmacsha256(mac, in, sizeof in, net_cfg()->secret);
}

void net_hs_start(rt_conn *c)
{
    randombytes_buf(c->my_nonce, sizeof c->my_nonce);
    rt_packer p;
    rt_pack_begin(&p, RT_MSG_HELLO, 0);
    msgpack_pack_int(&p.pk, net_my_rank());
    msgpack_pack_bin(&p.pk, 32);
    msgpack_pack_bin_body(&p.pk, c->my_nonce, 32);
    net_conn_write_small(c, p.sb.data, p.sb.size);
    rt_pack_done(&p);
}

/* True when body[off] starts an array or a map. msgpack-c allocates room for
 * the number of elements a header claims before it checks that they are
 * there, so a 5-byte array32 header from an unauthenticated client would make
 * it ask malloc for up to ~100 GiB (fatal under ASan, a useless multi-GiB
 * mapping otherwise). No handshake field is a container: refuse them first. */
static bool container_at(const char *body, size_t len, size_t off)
{
    if (off >= len) return false;
    uint8_t t = (uint8_t)body[off];
    return (t >= 0x80 && t <= 0x9f) || (t >= 0xdc && t <= 0xdf);
}

/* Reads [int, bin(32)] or [bin(32)] from a handshake body. */
static bool read_fields(const char *body, size_t len, int64_t *num, uint8_t bin[32])
{
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    bool ok = true;
    if (num) {
        ok = !container_at(body, len, off) &&
             msgpack_unpack_next(&up, body, len, &off) == MSGPACK_UNPACK_SUCCESS &&
             (up.data.type == MSGPACK_OBJECT_POSITIVE_INTEGER ||
              up.data.type == MSGPACK_OBJECT_NEGATIVE_INTEGER);
        if (ok) *num = up.data.via.i64;
    }
    ok = ok && !container_at(body, len, off) &&
         msgpack_unpack_next(&up, body, len, &off) == MSGPACK_UNPACK_SUCCESS &&
         up.data.type == MSGPACK_OBJECT_BIN && up.data.via.bin.size == 32 && off == len;
    if (ok) memcpy(bin, up.data.via.bin.ptr, 32);
    msgpack_unpacked_destroy(&up);
    return ok;
}

bool net_hs_message(rt_conn *c, uint32_t type, const char *body, size_t len)
{
    if (type == RT_MSG_HELLO) {
        int64_t rank;
        if (c->got_hello || !read_fields(body, len, &rank, c->peer_nonce)) {
            c->fail = STRADS_EAUTH;
            net_conn_close(c, "malformed HELLO");
            return false;
        }
        if (rank < 0 || rank >= net_job_size() || rank == net_my_rank() ||
            (c->expect >= 0 && rank != c->expect)) {
            c->fail = STRADS_EAUTH;
            net_conn_close(c, "HELLO claims an impossible rank");
            return false;
        }
        c->got_hello = true;
        c->peer_claim = (int)rank;
        uint8_t mac[32];
        compute_proof(mac, net_my_rank(), c->peer_claim, c->peer_nonce, c->my_nonce);
        rt_packer p;
        rt_pack_begin(&p, RT_MSG_PROOF, 0);
        msgpack_pack_bin(&p.pk, 32);
        msgpack_pack_bin_body(&p.pk, mac, 32);
        net_conn_write_small(c, p.sb.data, p.sb.size);
        rt_pack_done(&p);
        return true;
    }
    if (type == RT_MSG_PROOF) {
        uint8_t got[32], want[32];
        if (!c->got_hello || !read_fields(body, len, NULL, got)) {
            c->fail = STRADS_EAUTH;
            net_conn_close(c, "malformed PROOF");
            return false;
        }
        compute_proof(want, c->peer_claim, net_my_rank(), c->my_nonce, c->peer_nonce);
        if (sodium_memcmp(got, want, 32) != 0) {
            rt_warn("rejected connection from %s: it does not hold the job secret", c->addr);
            c->fail = STRADS_EAUTH;
            net_conn_close(c, "wrong job secret");
            return false;
        }
        net_conn_authed(c);
        return !c->closing;
    }
    c->fail = STRADS_EAUTH;
    net_conn_close(c, "message before authentication");
    return false;
}
