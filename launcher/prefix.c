/*
 * launcher/prefix.c - rank-prefixed output of the workers.
 *
 * docs/design.md §10: the program's stdout is the driver's; workers' stdout and
 * stderr go to strads-run's stderr, each line prefixed "[rank R] ". A line is
 * emitted with one write() of prefix + text + newline: pipes and terminals
 * write such a buffer (up to PIPE_BUF on a pipe) without mixing it with
 * another writer's bytes, so the driver's own stderr lines stay whole too.
 * The writes are blocking: a slow reader of stderr slows the workers down
 * (their pipes fill) instead of making strads-run buffer without bound.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "launch.h"

/* A line longer than this is cut and written in pieces, so a worker that
 * writes megabytes without a newline cannot grow our memory. */
#define LINE_MAX_BYTES (64 * 1024)

void launch_write_stderr(const char *buf, size_t n)
{
    while (n > 0) {
        ssize_t w = write(STDERR_FILENO, buf, n);

        if (w > 0) {
            buf += w;
            n -= (size_t)w;
        } else if (w < 0 && errno == EINTR) {
            continue;
        } else if (w < 0 && errno == EAGAIN) {
            /* The driver shares this open file and may have made it
             * non-blocking; wait for room instead of dropping output. */
            struct pollfd p = { .fd = STDERR_FILENO, .events = POLLOUT };
            (void)poll(&p, 1, 1000);
        } else {
            return;
        }
    }
}

void launch_lines_init(launch_lines *l, int rank)
{
    memset(l, 0, sizeof *l);
    l->rank = rank;
}

/* Writes "[rank R] " + text[0..n) + "\n" in one write. */
static void emit_line(int rank, const char *text, size_t n)
{
    char prefix[32];
    int pl = snprintf(prefix, sizeof prefix, "[rank %d] ", rank);
    char stackbuf[1024];
    char *out = stackbuf;
    size_t total = (size_t)pl + n + 1;

    if (total > sizeof stackbuf && !(out = malloc(total))) {
        /* Out of memory: still deliver the text, in three writes. */
        launch_write_stderr(prefix, (size_t)pl);
        launch_write_stderr(text, n);
        launch_write_stderr("\n", 1);
        return;
    }
    memcpy(out, prefix, (size_t)pl);
    if (n > 0)
        memcpy(out + pl, text, n);
    out[total - 1] = '\n';
    launch_write_stderr(out, total);
    if (out != stackbuf)
        free(out);
}

/* Keeps bytes of an unfinished line; returns -1 when memory runs out. */
static int keep(launch_lines *l, const char *data, size_t n)
{
    if (l->len + n > l->cap) {
        size_t cap = l->cap ? l->cap : 256;
        char *nb;

        while (cap < l->len + n)
            cap *= 2;
        if (!(nb = realloc(l->buf, cap)))
            return -1;
        l->buf = nb;
        l->cap = cap;
    }
    memcpy(l->buf + l->len, data, n);
    l->len += n;
    return 0;
}

void launch_lines_feed(launch_lines *l, const char *data, size_t n)
{
    while (n > 0) {
        const char *nl = memchr(data, '\n', n);
        size_t take = nl ? (size_t)(nl - data) : n;

        if (l->len + take >= LINE_MAX_BYTES) {
            /* Cut an endless line: emit what fits and go on. */
            size_t fit = LINE_MAX_BYTES - l->len;

            if (keep(l, data, fit) == 0) {
                emit_line(l->rank, l->buf, l->len);
            } else {
                emit_line(l->rank, l->buf, l->len);
                emit_line(l->rank, data, fit);
            }
            l->len = 0;
            data += fit;
            n -= fit;
            continue;
        }
        if (!nl) {
            if (keep(l, data, n) != 0) {
                emit_line(l->rank, l->buf, l->len);
                emit_line(l->rank, data, n);
                l->len = 0;
            }
            return;
        }
        if (l->len == 0) {
            emit_line(l->rank, data, take); /* common case: no copy */
        } else {
            if (keep(l, data, take) == 0) {
                emit_line(l->rank, l->buf, l->len);
            } else { /* out of memory: the line arrives in two pieces */
                emit_line(l->rank, l->buf, l->len);
                emit_line(l->rank, data, take);
            }
            l->len = 0;
        }
        data += take + 1;
        n -= take + 1;
    }
}

void launch_lines_finish(launch_lines *l)
{
    if (l->len > 0)
        emit_line(l->rank, l->buf, l->len);
    free(l->buf);
    l->buf = NULL;
    l->len = l->cap = 0;
}
