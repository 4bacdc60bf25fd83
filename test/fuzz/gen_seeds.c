/*
 * test/fuzz/gen_seeds.c - writes the seed corpus of fuzz_frame into a folder
 * (usage: gen_seeds DIR).
 *
 * A fuzzer that starts from valid streams reaches the deep states of the
 * decoder (a message open across frames, a total split between reads, a
 * zero-copy window) at once instead of having to guess the magic, version
 * and a consistent total first. Each seed uses the input layout described at
 * the top of fuzz_frame.c: mode byte, piece sizes, then frames whose
 * messages are [type, tag, body...] in msgpack as the runtime sends them.
 * The seeds under test/fuzz/corpus/ were written by this program; rerun it
 * there after a change of the wire format.
 */
#include <msgpack.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/frame.h"

typedef struct seed {
    uint8_t buf[16384];
    size_t n;
} seed;

static void put(seed *s, const void *p, size_t n)
{
    if (s->n + n > sizeof s->buf) {
        fprintf(stderr, "gen_seeds: seed too large\n");
        exit(1);
    }
    memcpy(s->buf + s->n, p, n);
    s->n += n;
}

/* Starts a seed: mode byte and piece sizes. */
static void begin(seed *s, uint8_t mode, const uint8_t *sizes, uint8_t k)
{
    s->n = 0;
    put(s, &mode, 1);
    put(s, &k, 1);
    put(s, sizes, k);
}

/* Appends msg as frames of at most chunk payload bytes (the transport uses
 * RT_FRAME_MAX; a smaller chunk makes multi-frame messages small). */
static void frames(seed *s, const char *msg, size_t len, size_t chunk)
{
    uint8_t total[8];
    for (int i = 0; i < 8; i++) total[i] = (uint8_t)((uint64_t)len >> (56 - 8 * i));
    size_t stream = len + 8, sent = 0;
    do {
        size_t n = stream - sent < chunk ? stream - sent : chunk;
        unsigned flags = (sent == 0 ? RT_FRAME_START : 0) | (sent + n < stream ? RT_FRAME_MORE : 0);
        uint8_t h[RT_FRAME_HDR];
        rt_frame_header(h, flags, (uint32_t)n);
        put(s, h, sizeof h);
        for (size_t i = sent; i < sent + n; i++) {
            if (i < 8)
                put(s, total + i, 1);
            else
                put(s, msg + i - 8, 1);
        }
        sent += n;
    } while (sent < stream);
}

/* A message as the runtime builds it, with a body of every common kind. */
static void message(seed *s, uint32_t type, uint64_t tag, size_t blob, size_t chunk)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_uint32(&pk, type);
    msgpack_pack_uint64(&pk, tag);
    msgpack_pack_int(&pk, -5);
    msgpack_pack_str_with_body(&pk, "strads", 6);
    msgpack_pack_array(&pk, 3);
    msgpack_pack_double(&pk, 0.5);
    msgpack_pack_nil(&pk);
    msgpack_pack_map(&pk, 1);
    msgpack_pack_str_with_body(&pk, "k", 1);
    msgpack_pack_uint64(&pk, UINT64_MAX);
    msgpack_pack_bin(&pk, blob);
    for (size_t i = 0; i < blob; i++) {
        char c = (char)(i * 31);
        msgpack_pack_bin_body(&pk, &c, 1);
    }
    frames(s, sb.data, sb.size, chunk);
    msgpack_sbuffer_destroy(&sb);
}

static void save(const seed *s, const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(s->buf, 1, s->n, f) != s->n || fclose(f)) {
        perror(path);
        exit(1);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: gen_seeds DIR\n");
        return 2;
    }
    const char *dir = argv[1];
    seed s;
    static const uint8_t ones[] = {0}, mixed[] = {2, 0, 6, 0xf0, 12}, big[] = {0xf1, 0xf3};

    begin(&s, 2, NULL, 0);
    message(&s, 64, 7, 0, RT_FRAME_MAX);
    save(&s, dir, "one-message");

    begin(&s, 2 | 4, ones, 1);
    message(&s, 64, 7, 16, RT_FRAME_MAX);
    save(&s, dir, "bytewise-window");

    begin(&s, 2 | 4, mixed, sizeof mixed);
    message(&s, 65, 1ull << 40, 100, 10);
    save(&s, dir, "many-frames");

    begin(&s, 3 | 4 | 8, big, sizeof big);
    message(&s, 66, 3, 3000, 1500);
    message(&s, 67, 4, 2000, RT_FRAME_MAX);
    save(&s, dir, "window-threshold");

    begin(&s, 1, mixed, sizeof mixed);
    frames(&s, "", 0, RT_FRAME_MAX); /* an empty message */
    message(&s, 64, 0, 0, RT_FRAME_MAX);
    save(&s, dir, "empty-then-one");

    /* A HELLO as the handshake sends it, [1, 0, rank 1, bin(32)], then a
     * PROOF [2, 0, bin(32)] with the wrong MAC (also seeds fuzz_handshake,
     * for which mode 1 means "we dialed rank 1"). */
    {
        char hello[40] = {1, 0, 1, (char)0xc4, 32}, proof[40] = {2, 0, (char)0xc4, 32};
        memset(hello + 5, 0xab, 32);
        memset(proof + 4, 0x5a, 32);
        begin(&s, 1, NULL, 0);
        frames(&s, hello, 37, RT_FRAME_MAX);
        save(&s, dir, "hello");
        begin(&s, 1, mixed, sizeof mixed);
        frames(&s, hello, 37, RT_FRAME_MAX);
        frames(&s, proof, 36, RT_FRAME_MAX);
        save(&s, dir, "hello-proof");
    }

    /* Refusals: garbage, a total over the limit, a truncated stream. */
    begin(&s, 2, NULL, 0);
    put(&s, "GET / HTTP/1.0\r\n\r\n", 18);
    save(&s, dir, "garbage");

    begin(&s, 1 | 4, ones, 1);
    message(&s, 64, 1, 200, RT_FRAME_MAX);
    save(&s, dir, "too-big");

    begin(&s, 2 | 4, mixed, sizeof mixed);
    message(&s, 64, 9, 40, 24);
    s.n -= 5;
    save(&s, dir, "truncated");
    return 0;
}
