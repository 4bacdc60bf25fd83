/*
 * core/frame.h - the wire framing of messages (pure code, no I/O).
 *
 * A message of any size travels as one or more frames:
 *
 *   byte 0   magic 0xD5        byte 1   version 1
 *   byte 2   flags: bit0 MORE (another frame of this message follows),
 *                   bit1 START (first frame: payload begins with the u64 BE
 *                   total message length)
 *   byte 3   zero              bytes 4-7 payload length, u32 BE, <= RT_FRAME_MAX
 *
 * Frames of one message are contiguous on a connection. The decoder checks
 * every field before using it, so a truncated or garbage stream is reported
 * as STRADS_EPROTO and never read out of bounds; the declared total lets the
 * receiver allocate the message once and refuse oversize ones up front.
 */
#ifndef STRADS_FRAME_H
#define STRADS_FRAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RT_FRAME_MAGIC 0xD5
#define RT_FRAME_VERSION 1
#define RT_FRAME_HDR 8
#define RT_FRAME_MAX (1u << 20)
#define RT_FRAME_MORE 1u
#define RT_FRAME_START 2u

void rt_frame_header(uint8_t out[RT_FRAME_HDR], unsigned flags, uint32_t len);

/* Number of frames a message of total bytes is cut into. */
size_t rt_frame_count(size_t total);

/* Incremental decoder. Owns the message being assembled. */
typedef struct rt_deframer {
    uint8_t hdr[RT_FRAME_HDR];
    size_t hdr_have;
    uint8_t total_buf[8];
    size_t total_have;
    size_t chunk_left;   /* payload bytes left in the current frame */
    bool in_frame, more, started;
    char *msg;
    size_t msg_len, msg_total;
    size_t max_message;
    char err[96];        /* why the stream was refused */
} rt_deframer;

void rt_deframer_init(rt_deframer *d, size_t max_message);
void rt_deframer_free(rt_deframer *d);

/* Called for each complete message; takes ownership of msg (malloc'd). */
typedef void (*rt_deframe_cb)(char *msg, size_t len, void *arg);

/* Feeds bytes. Returns 0, or STRADS_EPROTO / STRADS_ETOOBIG / STRADS_ENOMEM
 * with d->err set; after an error the decoder must not be fed again. */
int rt_deframe(rt_deframer *d, const char *data, size_t len, rt_deframe_cb cb, void *arg);

/* Zero-copy receive: when the decoder is inside a frame's payload, returns a
 * pointer to where the next bytes of the message go and how many fit (up to
 * the end of the frame); 0 otherwise. rt_deframe_commit then accounts for n
 * bytes written there (n <= the length given). */
size_t rt_deframe_window(rt_deframer *d, char **dst);
int rt_deframe_commit(rt_deframer *d, size_t n, rt_deframe_cb cb, void *arg);

#endif
