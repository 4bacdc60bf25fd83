/*
 * Frame encoder/decoder: round trips of messages of many sizes fed in
 * arbitrary pieces, the zero-copy window path, and refusal of truncated,
 * oversize and garbage streams without reading out of bounds.
 */
#include <stdint.h>

#include "check.h"
#include "core/frame.h"
#include "strads.h"

typedef struct sink {
    char *msgs[64];
    size_t lens[64];
    int n;
} sink;

static void on_msg(char *m, size_t len, void *arg)
{
    sink *s = arg;
    if (s->n == 64) CHECK_FAIL("too many messages");
    s->msgs[s->n] = m;
    s->lens[s->n++] = len;
}

static void sink_free(sink *s)
{
    for (int i = 0; i < s->n; i++) free(s->msgs[i]);
    s->n = 0;
}

/* Encodes one message as frames into out (as the transport does). */
static size_t encode(const char *msg, size_t len, char *out)
{
    size_t stream = len + 8, nf = rt_frame_count(len), pos = 0, sent = 0;
    char *s = malloc(stream);
    for (int i = 0; i < 8; i++) s[i] = (char)((uint64_t)len >> (56 - 8 * i));
    memcpy(s + 8, msg, len);
    for (size_t f = 0; f < nf; f++) {
        size_t n = stream - sent < RT_FRAME_MAX ? stream - sent : RT_FRAME_MAX;
        unsigned flags = (f == 0 ? RT_FRAME_START : 0) | (f + 1 < nf ? RT_FRAME_MORE : 0);
        rt_frame_header((uint8_t *)out + pos, flags, (uint32_t)n);
        pos += RT_FRAME_HDR;
        memcpy(out + pos, s + sent, n);
        pos += n;
        sent += n;
    }
    free(s);
    return pos;
}

static void round_trip(size_t len, size_t piece)
{
    char *msg = malloc(len + 1);
    for (size_t i = 0; i < len; i++) msg[i] = (char)check_rand();
    char *wire = malloc(len + 8 + RT_FRAME_HDR * (rt_frame_count(len) + 1));
    size_t w = encode(msg, len, wire);
    rt_deframer d;
    rt_deframer_init(&d, (size_t)1 << 30);
    sink s = {0};
    for (size_t off = 0; off < w;) {
        size_t n = piece ? piece : 1 + check_rand() % 70000;
        if (n > w - off) n = w - off;
        CHECK_OK(rt_deframe(&d, wire + off, n, on_msg, &s));
        off += n;
    }
    CHECK_EQ(s.n, 1);
    CHECK_EQ(s.lens[0], len);
    CHECK(memcmp(s.msgs[0], msg, len) == 0);
    sink_free(&s);
    rt_deframer_free(&d);
    free(msg);
    free(wire);
}

static void zero_copy_path(void)
{
    size_t len = 3 * RT_FRAME_MAX + 12345;
    char *msg = malloc(len);
    for (size_t i = 0; i < len; i++) msg[i] = (char)(i * 7);
    char *wire = malloc(len + 8 + RT_FRAME_HDR * 8);
    size_t w = encode(msg, len, wire), off = 0;
    rt_deframer d;
    rt_deframer_init(&d, len);
    sink s = {0};
    while (off < w) {
        char *dst;
        size_t win = rt_deframe_window(&d, &dst);
        if (win) {
            size_t n = win < 50000 ? win : 50000;
            memcpy(dst, wire + off, n);
            CHECK_OK(rt_deframe_commit(&d, n, on_msg, &s));
            off += n;
        } else {
            size_t n = w - off < 13 ? w - off : 13;
            CHECK_OK(rt_deframe(&d, wire + off, n, on_msg, &s));
            off += n;
        }
    }
    CHECK_EQ(s.n, 1);
    CHECK(memcmp(s.msgs[0], msg, len) == 0);
    sink_free(&s);
    rt_deframer_free(&d);
    free(msg);
    free(wire);
}

static int feed(const void *bytes, size_t n, size_t max_message, int *delivered)
{
    rt_deframer d;
    rt_deframer_init(&d, max_message);
    sink s = {0};
    int rc = rt_deframe(&d, bytes, n, on_msg, &s);
    *delivered = s.n;
    sink_free(&s);
    rt_deframer_free(&d);
    return rc;
}

static void refusals(void)
{
    int got;
    uint8_t f[32];
    /* bad magic */
    rt_frame_header(f, RT_FRAME_START, 8);
    f[0] = 0x00;
    CHECK_EQ(feed(f, 16, 1024, &got), STRADS_EPROTO);
    /* bad version, flags, reserved byte */
    rt_frame_header(f, RT_FRAME_START, 8);
    f[1] = 9;
    CHECK_EQ(feed(f, 16, 1024, &got), STRADS_EPROTO);
    rt_frame_header(f, 0x80, 8);
    CHECK_EQ(feed(f, 16, 1024, &got), STRADS_EPROTO);
    /* frame length over the limit */
    rt_frame_header(f, RT_FRAME_START, RT_FRAME_MAX + 1);
    CHECK_EQ(feed(f, 8, 1024, &got), STRADS_EPROTO);
    /* continuation without a start */
    rt_frame_header(f, 0, 4);
    CHECK_EQ(feed(f, 12, 1024, &got), STRADS_EPROTO);
    /* declared total over max_message */
    memset(f, 0, sizeof f);
    rt_frame_header(f, RT_FRAME_START, 8);
    f[RT_FRAME_HDR + 6] = 0x10; /* 4096 */
    CHECK_EQ(feed(f, 16, 1024, &got), STRADS_ETOOBIG);
    /* frame ends before the declared total, with no MORE */
    memset(f, 0, sizeof f);
    rt_frame_header(f, RT_FRAME_START, 10);
    f[RT_FRAME_HDR + 7] = 5;
    CHECK_EQ(feed(f, 18, 1024, &got), STRADS_EPROTO);
    CHECK_EQ(got, 0);
    /* payload longer than the declared total */
    memset(f, 0, sizeof f);
    rt_frame_header(f, RT_FRAME_START, 12);
    f[RT_FRAME_HDR + 7] = 2;
    CHECK_EQ(feed(f, 20, 1024, &got), STRADS_EPROTO);
    /* a truncated stream delivers nothing and reports nothing yet */
    memset(f, 0, sizeof f);
    rt_frame_header(f, RT_FRAME_START, 12);
    f[RT_FRAME_HDR + 7] = 4;
    CHECK_EQ(feed(f, 15, 1024, &got), 0);
    CHECK_EQ(got, 0);
    /* random garbage never crashes and never delivers a message */
    for (int i = 0; i < 20000; i++) {
        uint8_t g[64];
        size_t n = check_rand() % sizeof g;
        for (size_t k = 0; k < n; k++) g[k] = (uint8_t)check_rand();
        if (i % 2) g[0] = RT_FRAME_MAGIC, g[1] = RT_FRAME_VERSION;
        feed(g, n, 4096, &got);
    }
}

int main(void)
{
    check_rng = 88172645463325252ull; /* the draws this test was written with */
    size_t sizes[] = {0, 1, 7, 8, 100, RT_FRAME_MAX - 8, RT_FRAME_MAX - 7, RT_FRAME_MAX,
                      RT_FRAME_MAX + 1, 5 * RT_FRAME_MAX + 3};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        round_trip(sizes[i], 1 + sizes[i] % 5);
        round_trip(sizes[i], 0);
        round_trip(sizes[i], 1 << 20);
    }
    zero_copy_path();
    refusals();
    CHECK_DONE();
    return 0;
}
