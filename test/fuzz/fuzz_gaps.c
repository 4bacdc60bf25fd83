/*
 * test/fuzz/fuzz_gaps.c - libFuzzer target for the check of the offsets a
 * node receives in a plan message (engine/offset_gaps.h, rt__gaps_check), which
 * comes from another process and guards every later read of them.
 *
 * An input is
 *   bytes 0-1   n, the offsets the message claims (little endian)
 *   bytes 2-5   limit, the sender's share length they must lie below
 *   the rest    the gaps, in a buffer of exactly their length (so that
 *               ASan sees a read past it)
 * When the check accepts, decoding with the unchecked reader must give n
 * ascending offsets below limit and end exactly at the buffer's end, and
 * writing them again must take at most as many bytes, and at most limit.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/offset_gaps.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 6) return 0;
    int64_t n = data[0] | (int64_t)data[1] << 8;
    int64_t limit = data[2] | (int64_t)data[3] << 8 | (int64_t)data[4] << 16 | (int64_t)data[5] << 24;
    size_t len = size - 6;
    uint8_t *buf = malloc(len ? len : 1);
    if (!buf) return 0;
    memcpy(buf, data + 6, len);
    if (rt__gaps_check(len ? buf : NULL, len, n, limit)) {
        int64_t *off = malloc((size_t)(n ? n : 1) * sizeof *off);
        uint8_t *again = malloc(len + 1);
        if (!off || !again) abort();
        rt__gaps_r r;
        rt__gaps_open(&r, buf);
        for (int64_t k = 0; k < n; k++) {
            off[k] = rt__gaps_next(&r);
            if (off[k] < 0 || off[k] >= limit || (k && off[k] <= off[k - 1])) abort();
        }
        if (r.p != buf + len) abort();
        rt__gaps_w w;
        rt__gaps_start(&w, again);
        for (int64_t k = 0; k < n; k++) rt__gaps_put(&w, off[k]);
        size_t used = (size_t)(w.p - again);
        if (used > len || (int64_t)used > limit) abort();
        free(off);
        free(again);
    }
    free(buf);
    return 0;
}
