/*
 * dds/load.c - parallel load of a text file into a dvector of records.
 *
 * Every node reads its own byte range of the file (cut at line boundaries:
 * a line belongs to the node whose range holds its first byte) and parses it
 * line by line with the user's function into a private buffer. Then the nodes
 * exchange (lines, records, first error) with a gather + broadcast, so that
 *   - an error is reported once, for the first bad line of the file, with its
 *     global line number (lines of the ranges before it are counted, not
 *     assumed) and byte offset, and every node drops what it parsed: the
 *     collection is never created half-loaded;
 *   - otherwise record k of the file becomes element k, and the vector is
 *     partitioned by where the records were read (DDS_PART_RANGE), so no
 *     record crosses the network.
 * Threads: runs inside a node function on each node's main thread; the node
 * parses its range in pieces on its worker threads (dds_parse_node).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dds/dds.h"
#include "core/rt.h"

#define DDS_READ_CHUNK (4u << 20)

static _Thread_local char dds_parse_msg[200];

int strads_parse_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(dds_parse_msg, sizeof dds_parse_msg, fmt, ap);
    va_end(ap);
    return STRADS_EPARSE;
}

/* The first line start at or after p: just after the first '\n' at or after
 * p - 1 (so p itself when a line starts there), or size. */
static int dds_cut_at(int fd, uint64_t size, uint64_t p, uint64_t *cut)
{
    if (p == 0 || p >= size) {
        *cut = p == 0 ? 0 : size;
        return 0;
    }
    uint64_t pos = p - 1;
    char buf[1 << 16];
    while (pos < size) {
        ssize_t got = pread(fd, buf, sizeof buf, (off_t)pos);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return STRADS_EIO;
        char *nl = memchr(buf, '\n', (size_t)got);
        if (nl) {
            *cut = pos + (uint64_t)(nl - buf) + 1;
            return 0;
        }
        pos += (uint64_t)got;
    }
    *cut = size;
    return 0;
}

/* First byte of part r of nparts. */
static int dds_cut(int fd, uint64_t size, int r, int nparts, uint64_t *cut)
{
    if (r <= 0 || r >= nparts) {
        *cut = r <= 0 ? 0 : size;
        return 0;
    }
    return dds_cut_at(fd, size, (uint64_t)((unsigned __int128)size * (unsigned)r /
                                           (unsigned)nparts), cut);
}

int dds_line_range(int fd, uint64_t size, int r, int nparts, uint64_t *lo, uint64_t *hi)
{
    if (nparts < 1 || r < 0 || r >= nparts)
        return STRADS_EINVAL;
    int rc = dds_cut(fd, size, r, nparts, lo);
    if (!rc)
        rc = dds_cut(fd, size, r + 1, nparts, hi);
    if (!rc && *hi < *lo)
        *hi = *lo;
    return rc;
}

/* What each node tells the others after parsing its range. */
typedef struct dds_load_part {
    int32_t status;
    int64_t lines, recs;
    int64_t err_line; /* 0-based within the range */
    int64_t err_off;  /* absolute byte offset of that line */
    char msg[200];
} dds_load_part;

typedef struct dds_load_arg {
    uint64_t parse, rec;
    uint32_t id;
    char path[256];
} dds_load_arg;

/* Driver only: the outcome that strads_load_text reports. */
static strads_load_error dds_load_err;
static int64_t dds_load_n;

static void dds_excerpt(char *out, size_t outlen, const char *line, size_t len)
{
    size_t k = 0;
    for (size_t i = 0; i < len && k + 5 < outlen && i < 40; i++) {
        unsigned char c = (unsigned char)line[i];
        if (c >= 32 && c < 127 && c != '\\')
            out[k++] = (char)c;
        else
            k += (size_t)snprintf(out + k, outlen - k, "\\x%02x", c);
    }
    if (len > 40 && k + 4 < outlen)
        k += (size_t)snprintf(out + k, outlen - k, "...");
    out[k < outlen ? k : outlen - 1] = 0;
}

/* Parses [lo, hi) of fd into *recs; fills part. Stops at the first error. */
static void dds_parse_range(int fd, uint64_t lo, uint64_t hi, size_t rec, strads_parse_fn parse,
                            char **recs, dds_load_part *part)
{
    size_t cap = 0, bufcap = DDS_READ_CHUNK, have = 0;
    char *buf = malloc(bufcap + 1);
    char *out = NULL;
    uint64_t pos = lo;      /* file offset of buf[0] */
    uint64_t readpos = lo;  /* next byte to read */
    if (!buf) {
        part->status = STRADS_ENOMEM;
        return;
    }
    while (part->status == 0) {
        if (readpos < hi) {
            if (have == bufcap) { /* a line longer than the buffer */
                char *nb = realloc(buf, 2 * bufcap + 1);
                if (!nb) {
                    part->status = STRADS_ENOMEM;
                    break;
                }
                buf = nb;
                bufcap *= 2;
            }
            size_t want = bufcap - have;
            if (want > hi - readpos)
                want = (size_t)(hi - readpos);
            ssize_t got = pread(fd, buf + have, want, (off_t)readpos);
            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0) {
                part->status = STRADS_EIO;
                snprintf(part->msg, sizeof part->msg, "read failed at byte %llu: %s",
                         (unsigned long long)readpos, got ? strerror(errno) : "file shrank");
                part->err_line = -1;
                break;
            }
            have += (size_t)got;
            readpos += (uint64_t)got;
        }
        bool last = readpos >= hi;
        size_t start = 0;
        while (start < have) {
            char *nl = memchr(buf + start, '\n', have - start);
            if (!nl && !last)
                break;
            size_t end = nl ? (size_t)(nl - buf) : have;
            size_t len = end - start;
            char *line = buf + start;
            line[len] = 0; /* buf has one spare byte for a last line without '\n' */
            if (len && line[len - 1] == '\r')
                line[--len] = 0;
            int r;
            if (memchr(line, 0, len)) {
                r = strads_parse_fail("binary data (NUL byte) in a text file");
            } else {
                if (cap < (size_t)(part->recs + 1) * rec) {
                    size_t nc = cap ? 2 * cap : 1 << 20;
                    while (nc < (size_t)(part->recs + 1) * rec)
                        nc *= 2;
                    char *t = realloc(out, nc);
                    if (!t) {
                        part->status = STRADS_ENOMEM;
                        break;
                    }
                    out = t;
                    cap = nc;
                }
                dds_parse_msg[0] = 0;
                r = parse(out + (size_t)part->recs * rec, line, len);
            }
            if (r < 0) {
                part->status = STRADS_EPARSE;
                part->err_line = part->lines;
                part->err_off = (int64_t)(pos + start);
                char ex[100];
                dds_excerpt(ex, sizeof ex, line, len);
                /* The message is cut to fit; the excerpt says where. */
                int w = snprintf(part->msg, sizeof part->msg, "%.*s: \"%s\"",
                                 (int)(sizeof part->msg - sizeof ex - 8),
                                 dds_parse_msg[0] ? dds_parse_msg : strads_strerror(r), ex);
                (void)w;
                break;
            }
            if (r > 0)
                part->recs++;
            part->lines++;
            start = end + 1;
        }
        if (part->status)
            break;
        if (start >= have && last)
            break;
        memmove(buf, buf + start, have - start);
        have -= start;
        pos += start;
    }
    free(buf);
    if (part->status) {
        free(out);
        out = NULL;
    }
    *recs = out;
}

/* A node parses its range as several pieces cut at line boundaries, on its
 * worker threads (so parse functions must be thread-safe); the pieces are
 * then combined in file order like the nodes' ranges are. */
typedef struct dds_sub {
    uint64_t lo, hi;
    char *recs;
    dds_load_part part;
} dds_sub;

typedef struct dds_parse_job {
    int fd;
    size_t rec;
    strads_parse_fn parse;
    dds_sub *subs;
} dds_parse_job;

static void dds_parse_task(void *arg, int64_t task, int thread)
{
    (void)thread;
    dds_parse_job *j = arg;
    dds_sub *s = &j->subs[task];
    dds_parse_range(j->fd, s->lo, s->hi, j->rec, j->parse, &s->recs, &s->part);
}

static void dds_subs_free(dds_sub *subs, int n)
{
    for (int k = 0; subs && k < n; k++)
        free(subs[k].recs);
    free(subs);
}

#define DDS_MIN_PIECE (1u << 20)

static int dds_parse_node(int fd, uint64_t size, uint64_t lo, uint64_t hi, size_t rec,
                          strads_parse_fn parse, dds_sub **out, int *nout, dds_load_part *part)
{
    int n = 4 * strads_threads(); /* a few pieces per thread balance uneven lines */
    if ((uint64_t)n > (hi - lo) / DDS_MIN_PIECE + 1)
        n = (int)((hi - lo) / DDS_MIN_PIECE + 1);
    dds_sub *subs = calloc((size_t)n, sizeof *subs);
    if (!subs)
        return STRADS_ENOMEM;
    int rc = 0;
    uint64_t prev = lo;
    for (int k = 0; k < n && !rc; k++) {
        uint64_t end = hi;
        if (k + 1 < n) {
            rc = dds_cut_at(fd, size, lo + (hi - lo) * (uint64_t)(k + 1) / (uint64_t)n, &end);
            if (end > hi)
                end = hi;
            if (end < prev)
                end = prev;
        }
        subs[k].lo = prev;
        subs[k].hi = end;
        prev = end;
    }
    *out = subs;
    *nout = n;
    if (rc)
        return rc;
    dds_parse_job job = { fd, rec, parse, subs };
    if ((rc = rt_pool_run(n, dds_parse_task, &job)))
        return rc;
    /* Combine in file order: lines count up to the first failing piece. */
    for (int k = 0; k < n; k++) {
        dds_load_part *p = &subs[k].part;
        if (p->status) {
            int64_t before = part->lines;
            *part = *p;
            if (p->err_line >= 0)
                part->err_line = before + p->err_line;
            return p->status;
        }
        part->lines += p->lines;
        part->recs += p->recs;
    }
    return 0;
}

static int dds_nf_load(const void *arg, size_t len)
{
    dds_load_arg a;
    if (len != sizeof a)
        return STRADS_EPROTO;
    memcpy(&a, arg, sizeof a);
    a.path[sizeof a.path - 1] = 0;
    int me = strads_rank(), nodes = strads_size();
    strads_parse_fn parse = (strads_parse_fn)dds_fn_decode(a.parse);
    dds_load_part part;
    memset(&part, 0, sizeof part);
    dds_sub *subs = NULL;
    int nsubs = 0;
    int fd = open(a.path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (!parse) {
        part.status = STRADS_EPROTO;
    } else if (fd < 0 || fstat(fd, &st)) {
        part.status = STRADS_EIO;
        snprintf(part.msg, sizeof part.msg, "cannot open: %s", strerror(errno));
        part.err_line = -1;
    } else if (st.st_size == 0) {
        part.status = STRADS_EPARSE;
        snprintf(part.msg, sizeof part.msg, "empty file");
        part.err_line = -1;
    } else {
        uint64_t lo, hi;
        part.status = dds_line_range(fd, (uint64_t)st.st_size, me, nodes, &lo, &hi);
        if (!part.status)
            part.status = dds_parse_node(fd, (uint64_t)st.st_size, lo, hi, a.rec, parse, &subs,
                                         &nsubs, &part);
    }
    if (fd >= 0)
        close(fd);
    /* Everyone learns everyone's outcome. */
    dds_load_part *all = calloc((size_t)nodes, sizeof *all);
    if (!all) {
        dds_subs_free(subs, nsubs);
        return STRADS_ENOMEM; /* the collectives below would hang on others: fatal */
    }
    int rc = strads_gather(&part, sizeof part, me == 0 ? all : NULL);
    if (!rc)
        rc = strads_broadcast(all, (size_t)nodes * sizeof *all);
    int64_t lines = 0, total = 0;
    int bad = -1;
    for (int r = 0; r < nodes && !rc; r++) {
        if (all[r].status && bad < 0)
            bad = r;
        if (bad < 0)
            lines += all[r].lines;
        total += all[r].recs;
    }
    if (!rc && bad >= 0) {
        rc = all[bad].status;
        if (me == 0) {
            dds_load_err.line = all[bad].err_line >= 0 ? lines + all[bad].err_line + 1 : 0;
            dds_load_err.offset = all[bad].err_line >= 0 ? all[bad].err_off : 0;
            snprintf(dds_load_err.msg, sizeof dds_load_err.msg, "%s", all[bad].msg);
        }
    }
    if (rc) {
        free(all);
        dds_subs_free(subs, nsubs);
        /* Only the node that failed (and the driver, which reports) return
         * the error: the others just agreed to drop what they parsed. */
        return me == 0 || bad == me || bad < 0 ? rc : 0;
    }
    /* Bounds of the RANGE partition: node r owns the records it parsed. */
    int64_t *bounds = malloc((size_t)(nodes + 1) * sizeof *bounds);
    uint64_t base = 0;
    int st2 = bounds ? 0 : STRADS_ENOMEM;
    if (bounds) {
        bounds[0] = 0;
        for (int r = 0; r < nodes; r++)
            bounds[r + 1] = bounds[r] + all[r].recs;
    }
    if (me == 0) {
        uintptr_t b = 0;
        int e = dds_arena_pick((size_t)total * a.rec, 0, &b);
        base = e ? 0 : b;
    }
    rc = strads_broadcast(&base, sizeof base);
    if (!rc && !base)
        rc = STRADS_ENOMEM;
    dds_vec *dv = NULL;
    if (!rc && !st2)
        st2 = dds_vec_attach(a.id, (uintptr_t)base, total, a.rec, DDS_PART_RANGE, bounds,
                             a.path, &dv);
    /* Agree that every node attached before anyone reports success. */
    int32_t worst = st2;
    if (!rc)
        rc = strads_allreduce(&worst, 1, STRADS_T_I32, STRADS_OP_MIN);
    if (!rc && worst)
        rc = worst;
    if (!rc) {
        char *dst = dv->base + (size_t)bounds[me] * a.rec;
        dds_populate(dst, (size_t)(bounds[me + 1] - bounds[me]) * a.rec);
        for (int k = 0; k < nsubs; k++) {
            memcpy(dst, subs[k].recs, (size_t)subs[k].part.recs * a.rec);
            dst += (size_t)subs[k].part.recs * a.rec;
        }
        dds_mark_changed(dv, bounds[me], bounds[me + 1]);
        if (me == 0)
            dds_load_n = total;
    } else {
        if (dv)
            dds_vec_detach(dv);
        if (me == 0 && base)
            dds_arena_unpick((uintptr_t)base, (size_t)total * a.rec);
    }
    free(bounds);
    free(all);
    dds_subs_free(subs, nsubs);
    return rc;
}

int strads_load_text(void **out, int64_t *n, const char *path, size_t rec,
                     strads_parse_fn parse, strads_load_error *err)
{
    if (err)
        memset(err, 0, sizeof *err);
    if (!out || !path || !parse || rec == 0)
        return STRADS_EINVAL;
    dds_load_arg a;
    memset(&a, 0, sizeof a);
    if (strlen(path) >= sizeof a.path)
        return STRADS_EINVAL;
    snprintf(a.path, sizeof a.path, "%s", path);
    a.rec = rec;
    int rc = dds_fn_encode((const void *)parse, "strads_load_text", &a.parse);
    if (rc)
        return rc;
    if ((rc = dds_init()))
        return rc;
    a.id = dds_next_id();
    memset(&dds_load_err, 0, sizeof dds_load_err);
    snprintf(dds_load_err.file, sizeof dds_load_err.file, "%s", path);
    rc = dds_operator_begin();
    int r2 = rc ? 0 : strads_invoke_all(dds_nf_load, &a, sizeof a);
    dds_vec *dv = dds_vec_by_id(a.id);
    if (dv && !r2)
        dds_track(dv);
    int r3 = dds_operator_end();
    rc = rc ? rc : r2 ? r2 : r3;
    if (rc) {
        if (dv)
            dds_vec_destroy(dv);
        if (!dds_load_err.msg[0])
            snprintf(dds_load_err.msg, sizeof dds_load_err.msg, "%s", strads_strerror(rc));
        if (dds_load_err.line)
            rt_error("%s:%lld: byte offset %lld: %s", path,
                    (long long)dds_load_err.line, (long long)dds_load_err.offset,
                    dds_load_err.msg);
        else
            rt_error("%s: %s", path, dds_load_err.msg);
        if (err)
            *err = dds_load_err;
        return rc;
    }
    *out = dv->base;
    if (n)
        *n = dds_load_n;
    return 0;
}
