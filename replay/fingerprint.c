/*
 * replay/fingerprint.c - whether an array changed: a fast 64-bit
 * fingerprint of its bytes.
 *
 * Checkpoints of a one-node job (which keeps no content versions) and
 * --record (every array after every operator) ask it of whole arrays, so it
 * must run at memory speed; it is not a checksum of files (core/image.c
 * checksums images).
 */
#include <string.h>

#include "replay/replay.h"

/*
 * Four independent lanes over 8-byte words. Each step is a bijection of
 * the lane for a fixed word and injective in the word for a fixed lane, so
 * a change confined to one word always changes the result; wider changes
 * collide with probability about 2^-64. Runs at memory speed, which
 * matters for --record (every array after every operator) and for
 * checkpoints of a one-node job (which has no versions to go by).
 */
#define FP_K1 0x9E3779B97F4A7C15ULL
#define FP_K2 0xC2B2AE3D27D4EB4FULL
#define FP_K3 0x165667B19E3779F9ULL

static inline uint64_t fp_rotl(uint64_t x, int r)
{
    return (x << r) | (x >> (64 - r));
}
static inline uint64_t fp_step(uint64_t lane, uint64_t w)
{
    return fp_rotl(lane ^ (w * FP_K2), 29) * FP_K1;
}

uint64_t replay_fingerprint(const void *p, size_t n)
{
    const unsigned char *s = p;
    uint64_t a = FP_K1, b = FP_K2, c = FP_K3, d = ~FP_K1, w[4];
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        memcpy(w, s + i, 32);
        a = fp_step(a, w[0]);
        b = fp_step(b, w[1]);
        c = fp_step(c, w[2]);
        d = fp_step(d, w[3]);
    }
    for (; i + 8 <= n; i += 8) {
        memcpy(w, s + i, 8);
        a = fp_step(a, w[0]);
    }
    if (i < n) {
        w[0] = 0;
        memcpy(w, s + i, n - i);
        b = fp_step(b, w[0] ^ 0xA5);
    }
    uint64_t h = (uint64_t)n * FP_K3;
    h = fp_step(h, a);
    h = fp_step(h, b);
    h = fp_step(h, c);
    h = fp_step(h, d);
    h ^= h >> 31;
    h *= FP_K2;
    h ^= h >> 29;
    return h;
}
