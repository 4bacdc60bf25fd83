/*
 * engine/offset_gaps.h - ascending offsets coded as the gaps between them.
 *
 * Several-node span planning (loop_async_plan_spans_nodes.c) sends every node the
 * offsets of the iterations it runs, ascending per round. As 4-byte
 * offsets they would be 20 MB of fresh memory to fill at the sender and 10 MB
 * to move each way at the Netflix shape on 2 nodes; as gaps they are about
 * one byte each. A gap g = offset - previous (the first from -1, so g >= 1)
 * is stored as g - 1 in LEB128: 7 bits a byte, low bits first, the top bit
 * set on every byte but the last.
 *
 * Since g - 1 takes at most g bytes, n offsets below limit take at most
 * limit bytes: a writer needs no bounds check when its buffer holds limit.
 */
#ifndef STRADS_RUNTIME_GAPS_H
#define STRADS_RUNTIME_GAPS_H

#include <stddef.h>
#include <stdint.h>

typedef struct rt__gaps_w {
    uint8_t *p;   /* where the next gap goes */
    int64_t last; /* the last offset written; -1 before the first */
    int64_t n;    /* offsets written */
} rt__gaps_w;

static inline void rt__gaps_start(rt__gaps_w *w, uint8_t *buf)
{
    *w = (rt__gaps_w){buf, -1, 0};
}

/* off > w->last */
static inline void rt__gaps_put(rt__gaps_w *w, int64_t off)
{
    uint64_t g = (uint64_t)(off - w->last - 1);
    uint8_t *p = w->p; /* in a register: the stores below may alias *w */
    w->last = off;
    w->n++;
    while (g >= 0x80) {
        *p++ = (uint8_t)(g | 0x80);
        g >>= 7;
    }
    *p++ = (uint8_t)g;
    w->p = p;
}

typedef struct rt__gaps_r {
    const uint8_t *p;
    int64_t last;
} rt__gaps_r;

static inline void rt__gaps_open(rt__gaps_r *r, const uint8_t *buf)
{
    *r = (rt__gaps_r){buf, -1};
}

/* The next offset of a run rt__gaps_check accepted. */
static inline int64_t rt__gaps_next(rt__gaps_r *r)
{
    uint64_t g = 0;
    int s = 0;
    uint8_t b;
    do {
        b = *r->p++;
        g |= (uint64_t)(b & 0x7F) << s;
        s += 7;
    } while (b & 0x80);
    return r->last += (int64_t)g + 1;
}

/* Whether buf[0, len) is exactly n gaps whose offsets lie below limit (a
 * received message: every byte read is inside it). */
static inline int rt__gaps_check(const uint8_t *buf, size_t len, int64_t n, int64_t limit)
{
    size_t at = 0;
    int64_t last = -1;
    for (int64_t k = 0; k < n; k++) {
        uint64_t g = 0;
        int s = 0;
        for (;;) {
            if (at == len || s > 35) return 0;
            uint8_t b = buf[at++];
            g |= (uint64_t)(b & 0x7F) << s;
            s += 7;
            if (!(b & 0x80)) break;
        }
        if ((int64_t)g >= limit - last - 1) return 0;
        last += (int64_t)g + 1;
    }
    return at == len;
}

#endif
