/*
 * test/fuzz/fuzz_frame.c - libFuzzer target for the frame decoder
 * (core/frame.c) and the decoding every received message goes through.
 *
 * The decoder is the first code that touches bytes from the network, before
 * any authentication, so it must survive anything. An input is
 *
 *   byte 0      mode: bits 0-1 pick max_message (0, 64, 4096, 2 MiB),
 *               bit 2 the zero-copy window path, bit 3 its threshold
 *               (any window, or only windows >= 1 KiB as the transport does)
 *   byte 1      k, the number of piece-size bytes that follow
 *   k bytes     piece sizes, used in turn: b < 0xf0 is b+1 bytes, larger
 *               values are (b-0xef) KiB, so pieces straddle headers, totals
 *               and payloads in every way
 *   the rest    the byte stream as it would arrive from a socket
 *
 * The stream is decoded twice: once in a single rt_deframe call (the
 * reference) and once in the pieces, through rt_deframe_window/commit when
 * the mode says so. Both must deliver the same messages and end with the
 * same status: splitting a stream must never change what it means. Every
 * delivered message is decoded as the transport does (type and tag with
 * net_mp_uint, from core/mailbox.c) and its body is unpacked with
 * msgpack_unpack_next until that fails, touching every object so that the
 * sanitizers see any read out of bounds. Bodies whose array/map headers claim
 * more elements than they have bytes are refused first (mp_plausible), since
 * msgpack-c would allocate for the claim before checking it.
 *
 * Built by scripts/fuzz.sh and test/fuzz/CMakeLists.txt with clang-16
 * -fsanitize=fuzzer,address,undefined from frame.c, mailbox.c and log.c
 * only, not the whole library.
 */
#include <msgpack.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/frame.h"
#include "core/transport.h"

/* What one decoding run produced: a digest per message, and its status. */
typedef struct trace {
    uint64_t *digest;
    size_t *len;
    size_t n, cap;
    size_t max_message;
} trace;

static uint64_t fnv(const void *p, size_t n, uint64_t h)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* Reads every byte an object refers to; returns a digest of it. */
static uint64_t walk(const msgpack_object *o, uint64_t h, int depth)
{
    h = fnv(&o->type, sizeof o->type, h);
    switch (o->type) {
    case MSGPACK_OBJECT_STR: return fnv(o->via.str.ptr, o->via.str.size, h);
    case MSGPACK_OBJECT_BIN: return fnv(o->via.bin.ptr, o->via.bin.size, h);
    case MSGPACK_OBJECT_EXT: return fnv(o->via.ext.ptr, o->via.ext.size, h);
    case MSGPACK_OBJECT_ARRAY:
        for (uint32_t i = 0; i < o->via.array.size; i++)
            h = walk(&o->via.array.ptr[i], h, depth + 1);
        return h;
    case MSGPACK_OBJECT_MAP:
        for (uint32_t i = 0; i < o->via.map.size; i++) {
            h = walk(&o->via.map.ptr[i].key, h, depth + 1);
            h = walk(&o->via.map.ptr[i].val, h, depth + 1);
        }
        return h;
    default: return fnv(&o->via.u64, sizeof o->via.u64, h);
    }
}

/* True when the msgpack object at p[*off] could be complete within len
 * bytes; moves *off past its headers. msgpack-c 4's msgpack_unpack_next
 * allocates count * sizeof(msgpack_object) for an array or map header before
 * it checks that the data holds that many elements, so a 5-byte body (dd ff
 * ff ff ff) asks malloc for ~100 GiB: under ASan that aborts the process, in a
 * normal build it is a multi-GiB allocation or an error. Every element takes
 * at least one byte, so a stream whose pending element count exceeds the
 * bytes left cannot be valid and is refused before msgpack sees it. Not a
 * full validator: msgpack_unpack_next still decides the rest. */
static int mp_plausible(const uint8_t *p, size_t len, size_t *off)
{
    size_t o = *off, pending = 1;
    while (pending) {
        if (o >= len) return 1; /* truncated: msgpack reports it itself */
        uint8_t t = p[o++];
        size_t skip = 0, count = 0, lenbytes = 0;
        pending--;
        if (t <= 0x7f || t >= 0xe0 || (t >= 0xc0 && t <= 0xc3)) {
            /* fixint, nil, never-used, bool: the byte is the object */
        } else if (t <= 0x8f) {
            count = 2 * (size_t)(t & 0x0f);
        } else if (t <= 0x9f) {
            count = t & 0x0f;
        } else if (t <= 0xbf) {
            skip = t & 0x1f;
        } else {
            switch (t) {
            case 0xc4: case 0xd9: lenbytes = 1; break;
            case 0xc5: case 0xda: lenbytes = 2; break;
            case 0xc6: case 0xdb: lenbytes = 4; break;
            case 0xc7: lenbytes = 1, skip = 1; break;
            case 0xc8: lenbytes = 2, skip = 1; break;
            case 0xc9: lenbytes = 4, skip = 1; break;
            case 0xca: skip = 4; break;
            case 0xcb: skip = 8; break;
            case 0xcc: case 0xd0: skip = 1; break;
            case 0xcd: case 0xd1: skip = 2; break;
            case 0xce: case 0xd2: skip = 4; break;
            case 0xcf: case 0xd3: skip = 8; break;
            case 0xd4: skip = 2; break;
            case 0xd5: skip = 3; break;
            case 0xd6: skip = 5; break;
            case 0xd7: skip = 9; break;
            case 0xd8: skip = 17; break;
            case 0xdc: case 0xde: lenbytes = 2; break;
            case 0xdd: case 0xdf: lenbytes = 4; break;
            }
            if (lenbytes) {
                if (len - o < lenbytes) return 1;
                size_t n = 0;
                for (size_t i = 0; i < lenbytes; i++) n = n << 8 | p[o + i];
                o += lenbytes;
                if (t >= 0xdc)
                    count = t >= 0xde ? 2 * n : n;
                else
                    skip += n;
            }
        }
        if (count > len - o || pending + count > len - o) return 0;
        pending += count;
        if (skip > len - o) return 1;
        o += skip;
    }
    *off = o;
    return 1;
}

/* The message-level decoding of core/transport.c (net_dispatch) and of
 * the handlers after it: [type, tag, body objects...]. */
static void decode_message(const char *m, size_t len)
{
    size_t off = 0;
    uint64_t type, tag;
    if (net_mp_uint(m, len, &off, &type) || net_mp_uint(m, len, &off, &tag)) return;
    if (off > len) abort();
    const char *body = m + off;
    size_t body_len = len - off, boff = 0;
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    uint64_t h = type ^ tag;
    for (;;) {
        size_t peek = boff;
        if (!mp_plausible((const uint8_t *)body, body_len, &peek)) break;
        if (msgpack_unpack_next(&up, body, body_len, &boff) != MSGPACK_UNPACK_SUCCESS) break;
        if (boff > body_len) abort();
        h = walk(&up.data, h, 0);
    }
    msgpack_unpacked_destroy(&up);
    /* Keep the walk from being optimized away. */
    volatile uint64_t sink = h;
    (void)sink;
}

static void on_message(char *m, size_t len, void *arg)
{
    trace *t = arg;
    if (!m) abort(); /* the decoder delivers a buffer even for empty messages */
    if (len > t->max_message) abort();
    decode_message(m, len);
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 16;
        t->digest = realloc(t->digest, t->cap * sizeof *t->digest);
        t->len = realloc(t->len, t->cap * sizeof *t->len);
        if (!t->digest || !t->len) abort();
    }
    t->digest[t->n] = fnv(m, len, 0xcbf29ce484222325ull);
    t->len[t->n++] = len;
    free(m);
}

static int finish(rt_deframer *d, int rc)
{
    /* A refusal always says why; success leaves no reason behind. */
    if (rc && !d->err[0]) abort();
    if (!rc && d->err[0]) abort();
    rt_deframer_free(d);
    return rc;
}

static int decode_whole(const uint8_t *s, size_t n, trace *t)
{
    rt_deframer d;
    rt_deframer_init(&d, t->max_message);
    return finish(&d, rt_deframe(&d, (const char *)s, n, on_message, t));
}

static int decode_pieces(const uint8_t *s, size_t n, const uint8_t *sizes, size_t k,
                         int window, size_t min_window, trace *t)
{
    rt_deframer d;
    rt_deframer_init(&d, t->max_message);
    size_t off = 0, i = 0;
    int rc = 0;
    while (off < n && !rc) {
        size_t piece = n - off;
        if (k) {
            uint8_t b = sizes[i++ % k];
            piece = b < 0xf0 ? (size_t)b + 1 : (size_t)(b - 0xef) << 10;
            if (piece > n - off) piece = n - off;
        }
        /* As the transport reads: into the message when the decoder offers
         * a window big enough, otherwise into a staging buffer fed whole. */
        while (piece && !rc) {
            char *dst;
            size_t w = window ? rt_deframe_window(&d, &dst) : 0;
            size_t take;
            if (w && w >= min_window) {
                take = w < piece ? w : piece;
                memcpy(dst, s + off, take);
                rc = rt_deframe_commit(&d, take, on_message, t);
            } else {
                take = piece;
                rc = rt_deframe(&d, (const char *)s + off, take, on_message, t);
            }
            off += take;
            piece -= take;
        }
    }
    return finish(&d, rc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const size_t limits[4] = {0, 64, 4096, (size_t)2 << 20};
    if (size < 2) return 0;
    uint8_t mode = data[0];
    size_t k = data[1];
    if (size < 2 + k) k = size - 2;
    const uint8_t *sizes = data + 2, *stream = data + 2 + k;
    size_t n = size - 2 - k;

    trace a = {.max_message = limits[mode & 3]}, b = a;
    int ra = decode_whole(stream, n, &a);
    int rb = decode_pieces(stream, n, sizes, k, mode & 4, mode & 8 ? 1024 : 1, &b);
    if (ra != rb || a.n != b.n) {
        fprintf(stderr, "fuzz_frame: whole stream: status %d, %zu messages; in pieces: "
                        "status %d, %zu messages\n", ra, a.n, rb, b.n);
        abort();
    }
    for (size_t i = 0; i < a.n; i++)
        if (a.len[i] != b.len[i] || a.digest[i] != b.digest[i]) {
            fprintf(stderr, "fuzz_frame: message %zu differs when the stream is split\n", i);
            abort();
        }
    free(a.digest);
    free(a.len);
    free(b.digest);
    free(b.len);
    return 0;
}
