/*
 * Offsets coded as gaps (engine/offset_gaps.h), the plan messages' iterations:
 * ascending offsets with gaps from 1 to 2^30 come back as written; n
 * offsets below limit never take more than limit bytes (the writers'
 * regions rely on it); the check accepts exactly a well-formed run and
 * refuses a truncated one, trailing bytes, a wrong count, an offset at or
 * past the limit and an endless varint, reading nothing past the end.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine/offset_gaps.h"

/* n ascending offsets; gaps of about 2^bits (1 at bits 0) */
static int64_t *draw(int64_t n, int bits)
{
    int64_t *off = malloc((size_t)n * sizeof *off), last = -1;
    for (int64_t k = 0; k < n; k++) {
        int b = bits < 0 ? (int)(check_rand() % 31) : bits; /* bits < 0: every size */
        last += 1 + (int64_t)(check_rand() % ((uint64_t)1 << b));
        off[k] = last;
    }
    return off;
}

static void round_trip(int64_t n, int bits)
{
    int64_t *off = draw(n, bits), limit = n ? off[n - 1] + 1 : 0;
    /* exactly limit bytes where that is small, so that a write past the
     * bound is caught by ASan in the sanitizer build; else 6 a gap */
    size_t cap = limit < 6 * n ? (size_t)limit : 6 * (size_t)n;
    uint8_t *buf = malloc(cap + 1);
    rt__gaps_w w;
    rt__gaps_start(&w, buf);
    for (int64_t k = 0; k < n; k++) rt__gaps_put(&w, off[k]);
    size_t len = (size_t)(w.p - buf);
    CHECK_EQ(w.n, n);
    CHECK_INT(len, <=, limit);
    if (bits == 0) CHECK_EQ(len, n); /* consecutive offsets: one byte each */
    CHECK(rt__gaps_check(buf, len, n, limit));
    rt__gaps_r r;
    rt__gaps_open(&r, buf);
    int64_t bad = 0;
    for (int64_t k = 0; k < n; k++) bad += rt__gaps_next(&r) != off[k];
    CHECK_EQ(bad, 0);
    CHECK(r.p == buf + len);
    if (n) {
        CHECK(!rt__gaps_check(buf, len - 1, n, limit));     /* truncated */
        CHECK(!rt__gaps_check(buf, len, n, limit - 1));     /* last offset at the limit */
        CHECK(!rt__gaps_check(buf, len, n - 1, limit));     /* trailing bytes */
        CHECK(!rt__gaps_check(buf, len, n + 1, limit + 9)); /* one short */
    }
    free(buf);
    free(off);
}

int main(void)
{
    round_trip(0, 0);
    round_trip(1, 0);
    round_trip(100000, 0);
    round_trip(100000, 2);
    round_trip(100000, 9);
    round_trip(20000, 30);
    round_trip(100000, -1);
    /* the first offset may be 0 or large; the check counts from -1 */
    uint8_t one[8];
    rt__gaps_w w;
    rt__gaps_start(&w, one);
    rt__gaps_put(&w, 0);
    CHECK_EQ(w.p - one, 1);
    CHECK_EQ(one[0], 0);
    CHECK(rt__gaps_check(one, 1, 1, 1));
    CHECK(!rt__gaps_check(one, 1, 1, 0));
    /* a varint that never ends, and one too long for any offset */
    uint8_t endless[16];
    memset(endless, 0xFF, sizeof endless);
    CHECK(!rt__gaps_check(endless, sizeof endless, 1, INT64_MAX));
    uint8_t longv[8] = {0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01};
    CHECK(!rt__gaps_check(longv, sizeof longv, 1, INT64_MAX));
    CHECK(!rt__gaps_check(NULL, 0, 1, 10)); /* nothing where one is due */
    CHECK(rt__gaps_check(NULL, 0, 0, 0));
    CHECK_DONE();
    return 0;
}
