/*
 * core/frame.c - encoder and bounds-checked incremental decoder of frames
 * (format in frame.h). Pure code, so it is unit-tested and fuzzed alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/frame.h"
#include "strads.h"

void rt_frame_header(uint8_t out[RT_FRAME_HDR], unsigned flags, uint32_t len)
{
    out[0] = RT_FRAME_MAGIC;
    out[1] = RT_FRAME_VERSION;
    out[2] = (uint8_t)flags;
    out[3] = 0;
    out[4] = (uint8_t)(len >> 24);
    out[5] = (uint8_t)(len >> 16);
    out[6] = (uint8_t)(len >> 8);
    out[7] = (uint8_t)len;
}

size_t rt_frame_count(size_t total)
{
    size_t with_len = total + 8;
    return with_len == 0 ? 1 : (with_len + RT_FRAME_MAX - 1) / RT_FRAME_MAX;
}

void rt_deframer_init(rt_deframer *d, size_t max_message)
{
    memset(d, 0, sizeof *d);
    d->max_message = max_message;
}

void rt_deframer_free(rt_deframer *d)
{
    free(d->msg);
    d->msg = NULL;
}

static int fail(rt_deframer *d, int code, const char *why)
{
    snprintf(d->err, sizeof d->err, "%s", why);
    return code;
}

/* A frame's payload is complete: deliver the message if it was the last. */
static int end_of_frame(rt_deframer *d, rt_deframe_cb cb, void *arg)
{
    d->in_frame = false;
    d->hdr_have = 0;
    if (d->more) return 0;
    if (d->msg_len != d->msg_total) return fail(d, STRADS_EPROTO, "message shorter than declared");
    char *m = d->msg;
    size_t n = d->msg_len;
    d->msg = NULL;
    d->started = false;
    d->msg_len = d->msg_total = 0;
    cb(m ? m : calloc(1, 1), n, arg);
    return 0;
}

static int parse_header(rt_deframer *d)
{
    const uint8_t *h = d->hdr;
    if (h[0] != RT_FRAME_MAGIC) return fail(d, STRADS_EPROTO, "bad frame magic");
    if (h[1] != RT_FRAME_VERSION) return fail(d, STRADS_EPROTO, "unsupported frame version");
    if (h[2] & ~(RT_FRAME_MORE | RT_FRAME_START) || h[3])
        return fail(d, STRADS_EPROTO, "bad frame flags");
    uint32_t len = (uint32_t)h[4] << 24 | (uint32_t)h[5] << 16 | (uint32_t)h[6] << 8 | h[7];
    if (len > RT_FRAME_MAX) return fail(d, STRADS_EPROTO, "frame longer than the limit");
    bool start = h[2] & RT_FRAME_START;
    if (start == d->started) /* START exactly when no message is open */
        return fail(d, STRADS_EPROTO, start ? "frame starts a message inside another"
                                            : "continuation frame without a message");
    if (start && len < 8) return fail(d, STRADS_EPROTO, "first frame too short");
    d->more = h[2] & RT_FRAME_MORE;
    d->chunk_left = len;
    d->in_frame = true;
    d->total_have = start ? 0 : 8;
    d->started = true;
    return 0;
}

/* The 8-byte total of a START frame is complete: allocate the message. */
static int parse_total(rt_deframer *d)
{
    uint64_t t = 0;
    for (int i = 0; i < 8; i++) t = t << 8 | d->total_buf[i];
    if (t > d->max_message) return fail(d, STRADS_ETOOBIG, "message larger than the limit");
    d->msg_total = (size_t)t;
    d->msg_len = 0;
    d->msg = malloc(t ? (size_t)t : 1);
    if (!d->msg) return fail(d, STRADS_ENOMEM, "out of memory for a message");
    return 0;
}

int rt_deframe(rt_deframer *d, const char *data, size_t len, rt_deframe_cb cb, void *arg)
{
    int rc;
    while (len > 0) {
        if (!d->in_frame) {
            size_t take = RT_FRAME_HDR - d->hdr_have;
            if (take > len) take = len;
            memcpy(d->hdr + d->hdr_have, data, take);
            d->hdr_have += take;
            data += take;
            len -= take;
            if (d->hdr_have < RT_FRAME_HDR) break;
            if ((rc = parse_header(d))) return rc;
            if (d->chunk_left == 0 && (rc = end_of_frame(d, cb, arg))) return rc;
            continue;
        }
        if (d->total_have < 8) {
            size_t take = 8 - d->total_have;
            if (take > len) take = len;
            memcpy(d->total_buf + d->total_have, data, take);
            d->total_have += take;
            d->chunk_left -= take;
            data += take;
            len -= take;
            if (d->total_have < 8) break;
            if ((rc = parse_total(d))) return rc;
        } else {
            size_t take = d->chunk_left < len ? d->chunk_left : len;
            if (take > d->msg_total - d->msg_len)
                return fail(d, STRADS_EPROTO, "message longer than declared");
            memcpy(d->msg + d->msg_len, data, take);
            d->msg_len += take;
            d->chunk_left -= take;
            data += take;
            len -= take;
        }
        if (d->chunk_left == 0 && (rc = end_of_frame(d, cb, arg))) return rc;
    }
    return 0;
}

size_t rt_deframe_window(rt_deframer *d, char **dst)
{
    if (!d->in_frame || d->total_have < 8 || d->chunk_left == 0) return 0;
    size_t room = d->msg_total - d->msg_len;
    size_t n = d->chunk_left < room ? d->chunk_left : room;
    *dst = d->msg + d->msg_len;
    return n;
}

int rt_deframe_commit(rt_deframer *d, size_t n, rt_deframe_cb cb, void *arg)
{
    d->msg_len += n;
    d->chunk_left -= n;
    if (d->chunk_left == 0) return end_of_frame(d, cb, arg);
    return 0;
}
