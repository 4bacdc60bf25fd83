/*
 * core/image.c - image files: the one on-disk format of distributed data.
 *
 * A checkpoint writes each distributed array whole (replay/checkpoint.c),
 * a recorded run writes what an operator changed (replay/outcome.c), and
 * strads_image_write_dvector / _dmap write one node's partition
 * (dds/partition_image.c). All are this file: a header saying what the
 * payload holds, the payload, and a checksum of both, written through a
 * temp file and a rename, and read back only after every byte has been
 * checked. It lives in core/ because both dds/ and replay/ use it.
 *
 * Layout (little-endian, RT_IMAGE_HDR = 128 header bytes):
 *   0  "STRADSIM"          8  u32 version        12 u32 header bytes (128)
 *   16 u32 kind            20 u32 id             24 u64 op
 *   32 i64 n               40 u64 elem           48 u64 val
 *   56 u32 rank            60 u32 nodes          64 u32 part
 *   68 u32 multi           72 u64 count          80 u64 payload bytes
 *   88 zero to 128         128 payload ...       then XXH3-128 of all before
 * A file is whole only if its size, magic, version and checksum agree;
 * anything else is STRADS_ECORRUPT naming the file and the reason, and no
 * caller's memory is touched before the whole file has been checked.
 * Images are for the same binary on the same architecture (the payload is
 * raw memory), like the rest of a job.
 *
 * The checksum is XXH3-128 (libxxhash, used header-only): it guards against
 * torn, truncated and damaged files, not against an adversary (the folder
 * is the job's own; nothing authenticates an image, and the job's secret is
 * not in it), and it runs about 20 times faster than BLAKE2b-256 (0.4 ms
 * against 7 ms for 7 MB, measured on the project machine), which matters
 * because a checkpoint may be due after every operator.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Header-only: no library to link, for libstrads or its static users. */
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "core/image.h"
#include "strads.h"

#define IMG_MAGIC "STRADSIM"
#define IMG_BUF (64 * 1024) /* a writer's buffer: small records in one write(2) */

_Static_assert(RT_IMAGE_SUM_BYTES == sizeof(XXH128_canonical_t), "XXH3-128 trailer");

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i));
}
static void put64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (unsigned char)(v >> (8 * i));
}
static uint32_t get32(const unsigned char *p)
{
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}
static uint64_t get64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

static void encode(unsigned char *h, const rt_image_info *in)
{
    memset(h, 0, RT_IMAGE_HDR);
    memcpy(h, IMG_MAGIC, 8);
    put32(h + 8, RT_IMAGE_VERSION);
    put32(h + 12, RT_IMAGE_HDR);
    put32(h + 16, in->kind);
    put32(h + 20, in->id);
    put64(h + 24, in->op);
    put64(h + 32, (uint64_t)in->n);
    put64(h + 40, in->elem);
    put64(h + 48, in->val);
    put32(h + 56, in->rank);
    put32(h + 60, in->nodes);
    put32(h + 64, in->part);
    put32(h + 68, in->multi);
    put64(h + 72, in->count);
    put64(h + 80, in->bytes);
}

static void decode(const unsigned char *h, rt_image_info *out)
{
    memset(out, 0, sizeof *out);
    out->kind = get32(h + 16);
    out->id = get32(h + 20);
    out->op = get64(h + 24);
    out->n = (int64_t)get64(h + 32);
    out->elem = get64(h + 40);
    out->val = get64(h + 48);
    out->rank = get32(h + 56);
    out->nodes = get32(h + 60);
    out->part = get32(h + 64);
    out->multi = get32(h + 68);
    out->count = get64(h + 72);
    out->bytes = get64(h + 80);
}

static void sum_out(XXH128_hash_t h, uint8_t *sum)
{
    XXH128_canonical_t c;
    XXH128_canonicalFromHash(&c, h);
    memcpy(sum, c.digest, RT_IMAGE_SUM_BYTES);
}

/* ---- writing ---- */

/* Writes all of buf, retrying short writes and EINTR. */
static int write_all(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n > 0) {
        /* Bounded chunks: a multi-GiB write(2) is cut at 2 GiB anyway. */
        size_t chunk = n < ((size_t)1 << 30) ? n : ((size_t)1 << 30);
        ssize_t w = write(fd, p, chunk);
        if (w < 0) {
            if (errno == EINTR) continue;
            return STRADS_EIO;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* The temp file an image is written to, named only once whole: a recycled
 * file when there is one, else a fresh one, opened for direct I/O when
 * *direct and the file system has it (*direct says whether it did).
 * Returns 0 with *fd and *tmp (malloc'ed), or STRADS_EIO / STRADS_ENOMEM. */
static int open_tmp(const char *path, const char *reuse, int *fd, char **tmp, bool *direct)
{
    size_t tl = strlen(path) + 32;
    if (!(*tmp = malloc(tl))) return STRADS_ENOMEM;
    snprintf(*tmp, tl, "%s.tmp.%ld", path, (long)getpid());
    bool reused = reuse && rename(reuse, *tmp) == 0;
    for (int pass = *direct ? 0 : 1; pass < 2; pass++) {
        int flags = O_WRONLY | O_CLOEXEC | (pass ? 0 : O_DIRECT);
        *fd = reused ? open(*tmp, flags) : -1;
        if (*fd < 0) *fd = open(*tmp, flags | O_CREAT | O_TRUNC, 0644);
        *direct = !pass;
        if (*fd >= 0) return 0;
        if (errno != EINVAL) break; /* EINVAL: no O_DIRECT here */
    }
    free(*tmp);
    return STRADS_EIO;
}

/* Trims the file to size (a recycled one may be longer, a direct write is
 * padded), makes it durable when asked, closes it and names it path. */
static int name_file(int fd, int rc, char *tmp, const char *path, off_t size, bool durable)
{
    if (!rc && ftruncate(fd, size)) rc = STRADS_EIO;
    /* fsync before rename when asked: a manifest may then name this file
     * only once its bytes are durable. Without it a power loss may leave a
     * named file with missing data, which the checksum catches. */
    if (!rc && durable && fsync(fd)) rc = STRADS_EIO;
    if (close(fd) && !rc) rc = STRADS_EIO;
    if (!rc && rename(tmp, path)) rc = STRADS_EIO;
    if (rc) {
        int e = errno; /* the caller reports strerror(errno) */
        unlink(tmp);
        errno = e;
    }
    free(tmp);
    return rc;
}

struct rt_image_writer {
    int fd, rc, err;     /* err: errno of the first failure */
    bool durable;
    char *tmp, *path;
    rt_image_info info;
    uint64_t put;        /* payload bytes so far */
    XXH3_state_t *st;
    size_t used;         /* bytes in buf */
    unsigned char buf[IMG_BUF];
};

static void w_fail(rt_image_writer *w, int rc)
{
    if (!w->rc) {
        w->rc = rc;
        w->err = errno;
    }
}

static void w_flush(rt_image_writer *w)
{
    if (!w->rc && w->used) {
        int rc = write_all(w->fd, w->buf, w->used);
        if (rc) w_fail(w, rc);
    }
    w->used = 0;
}

static int writer_open(const char *path, const rt_image_info *info, bool durable,
                       const char *reuse, rt_image_writer **out)
{
    *out = NULL;
    if (!path || !info || info->kind < RT_IMAGE_ARRAY || info->kind > RT_IMAGE_DMAP)
        return STRADS_EINVAL;
    rt_image_writer *w = calloc(1, sizeof *w);
    if (!w || !(w->path = strdup(path)) || !(w->st = XXH3_createState())) {
        if (w) free(w->path);
        free(w);
        return STRADS_ENOMEM;
    }
    bool direct = false;
    int rc = open_tmp(path, reuse, &w->fd, &w->tmp, &direct);
    if (rc) {
        XXH3_freeState(w->st);
        free(w->path);
        free(w);
        return rc;
    }
    w->durable = durable;
    w->info = *info;
    XXH3_128bits_reset(w->st);
    encode(w->buf, info);
    XXH3_128bits_update(w->st, w->buf, RT_IMAGE_HDR);
    w->used = RT_IMAGE_HDR;
    *out = w;
    return 0;
}

int rt_image_open(const char *path, const rt_image_info *info, bool durable,
                  rt_image_writer **w)
{
    return writer_open(path, info, durable, NULL, w);
}

void rt_image_put(rt_image_writer *w, const void *p, size_t n)
{
    if (w->rc || !n) return;
    XXH3_128bits_update(w->st, p, n);
    w->put += n;
    if (w->used + n > IMG_BUF) w_flush(w);
    if (n >= IMG_BUF) { /* large: straight from the caller's memory */
        int rc = w->rc ? 0 : write_all(w->fd, p, n);
        if (rc) w_fail(w, rc);
        return;
    }
    memcpy(w->buf + w->used, p, n);
    w->used += n;
}

int rt_image_close(rt_image_writer *w, rt_image_info *info)
{
    uint8_t sum[RT_IMAGE_SUM_BYTES] = {0};
    if (!w->rc && w->put != w->info.bytes) {
        errno = EINVAL; /* the caller's count is wrong: our own bug */
        w_fail(w, STRADS_EINVAL);
    }
    if (!w->rc) {
        sum_out(XXH3_128bits_digest(w->st), sum);
        if (w->used + sizeof sum > IMG_BUF) w_flush(w);
        memcpy(w->buf + w->used, sum, sizeof sum);
        w->used += sizeof sum;
        w_flush(w);
    }
    int rc = w->rc;
    if (rc) errno = w->err;
    rc = name_file(w->fd, rc, w->tmp, w->path,
                   (off_t)(RT_IMAGE_HDR + w->info.bytes + RT_IMAGE_SUM_BYTES), w->durable);
    if (!rc && info) memcpy(info->sum, sum, sizeof sum);
    int e = errno;
    XXH3_freeState(w->st);
    free(w->path);
    free(w);
    errno = e;
    return rc;
}

int rt_image_write(const char *path, rt_image_info *info, const void *data, bool durable,
                   const char *reuse)
{
    if (!info || (info->bytes && !data)) return STRADS_EINVAL;
    rt_image_writer *w;
    int rc = writer_open(path, info, durable, reuse, &w);
    if (rc) return rc;
    rt_image_put(w, data, info->bytes);
    return rt_image_close(w, info);
}

/*
 * A frame is a whole image file laid out in memory, so that it can be
 * written with O_DIRECT: the page cache then takes no copy of it. At the
 * Netflix shape a checkpoint writes 128 MB per epoch; through the page cache
 * that costs the background writer 160-220 ms of CPU per checkpoint on two
 * busy cores (the kernel copying into and faulting in cache pages), direct
 * it costs the DMA setup (about 8 ms of CPU for 128 MB, measured) and the
 * checksum. The frame is padded to the block size that direct I/O needs and
 * the file trimmed afterwards.
 */
#define FRAME_ALIGN 4096

void *rt_image_frame_alloc(uint64_t bytes)
{
    size_t cap = ((size_t)RT_IMAGE_HDR + bytes + RT_IMAGE_SUM_BYTES + FRAME_ALIGN - 1) &
                 ~(size_t)(FRAME_ALIGN - 1);
    void *f = NULL;
    if (posix_memalign(&f, FRAME_ALIGN, cap)) return NULL;
    return f;
}

void *rt_image_frame_data(void *frame)
{
    return (char *)frame + RT_IMAGE_HDR;
}

int rt_image_write_frame(const char *path, rt_image_info *info, void *frame, bool durable,
                         const char *reuse)
{
    if (!path || !frame || !info) return STRADS_EINVAL;
    unsigned char *f = frame;
    encode(f, info);
    size_t size = (size_t)RT_IMAGE_HDR + info->bytes;
    sum_out(XXH3_128bits(f, size), info->sum);
    memcpy(f + size, info->sum, RT_IMAGE_SUM_BYTES);
    size += RT_IMAGE_SUM_BYTES;
    size_t padded = (size + FRAME_ALIGN - 1) & ~(size_t)(FRAME_ALIGN - 1);
    memset(f + size, 0, padded - size);

    char *tmp;
    int fd;
    bool direct = true;
    int rc = open_tmp(path, reuse, &fd, &tmp, &direct);
    if (rc) return rc;
    if (direct) rc = write_all(fd, f, padded);
    if (!direct || (rc && errno == EINVAL)) {
        /* Buffered: no O_DIRECT here, or a block size above ours. */
        rc = fcntl(fd, F_SETFL, 0) || lseek(fd, 0, SEEK_SET) ? STRADS_EIO
                                                                 : write_all(fd, f, size);
    }
    return name_file(fd, rc, tmp, path, (off_t)size, durable);
}

/* ---- reading ---- */

static int corrupt(char *err, size_t errlen, const char *path, const char *why)
{
    if (err && errlen) snprintf(err, errlen, "%s: %s", path, why);
    return STRADS_ECORRUPT;
}

static const char *kind_name(uint32_t kind, uint32_t multi)
{
    switch (kind) {
    case RT_IMAGE_ARRAY: return "a whole array";
    case RT_IMAGE_DVECTOR: return "a dvector partition";
    case RT_IMAGE_DMAP: return multi ? "a dmultimap partition" : "a dmap partition";
    default: return "an unknown kind of content";
    }
}

/* What an image holds, in words, for the error that says it is not the one
 * expected. */
static void describe(char *out, size_t len, const rt_image_info *i)
{
    switch (i->kind) {
    case RT_IMAGE_ARRAY:
        snprintf(out, len, "array %u op %llu (%lld x %llu bytes)", i->id,
                 (unsigned long long)i->op, (long long)i->n, (unsigned long long)i->elem);
        break;
    case RT_IMAGE_DVECTOR:
        snprintf(out, len,
                 "node %u of %u's dvector partition (%llu of %lld x %llu-byte elements, "
                 "partitioning %u)",
                 i->rank, i->nodes, (unsigned long long)i->count, (long long)i->n,
                 (unsigned long long)i->elem, i->part);
        break;
    default:
        snprintf(out, len, "node %u of %u's %s (%llu entries, %llu-byte keys, %llu-byte values)",
                 i->rank, i->nodes, i->multi ? "dmultimap partition" : "dmap partition",
                 (unsigned long long)i->count,
                 (unsigned long long)i->elem, (unsigned long long)i->val);
        break;
    }
}

void rt_image_unmap(rt_image *img)
{
    if (img->map) munmap(img->map, img->maplen);
    img->map = NULL;
    img->data = NULL;
}

int rt_image_map(const char *path, uint32_t kind, rt_image *img, char *err, size_t errlen)
{
    memset(img, 0, sizeof *img);
    if (!path) return STRADS_EINVAL;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        int missing = errno == ENOENT;
        if (err && errlen)
            snprintf(err, errlen, "%s: %s", path, missing ? "missing" : strerror(errno));
        return missing ? STRADS_ENOTFOUND : STRADS_EIO;
    }
    struct stat sb;
    if (fstat(fd, &sb)) {
        if (err && errlen) snprintf(err, errlen, "%s: %s", path, strerror(errno));
        close(fd);
        return STRADS_EIO;
    }
    uint64_t size = (uint64_t)sb.st_size;
    char why[200];
    if (size < RT_IMAGE_HDR + RT_IMAGE_SUM_BYTES) {
        close(fd);
        snprintf(why, sizeof why, "truncated: %llu bytes, shorter than a header",
                 (unsigned long long)size);
        return corrupt(err, errlen, path, why);
    }
    /* Mapping a file of the checked size: nothing can read past its end. */
    unsigned char *m = mmap(NULL, (size_t)size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (m == MAP_FAILED) {
        if (err && errlen) snprintf(err, errlen, "%s: cannot map: %s", path, strerror(errno));
        return STRADS_EIO;
    }
    madvise(m, (size_t)size, MADV_SEQUENTIAL);
    int rc = 0;
    decode(m, &img->info);
    uint64_t bytes = img->info.bytes;
    if (memcmp(m, IMG_MAGIC, 8) != 0) {
        rc = corrupt(err, errlen, path, "not a strads image (bad magic)");
    } else if (get32(m + 8) != RT_IMAGE_VERSION || get32(m + 12) != RT_IMAGE_HDR) {
        snprintf(why, sizeof why, "image format version %u, this build reads %u", get32(m + 8),
                 RT_IMAGE_VERSION);
        rc = corrupt(err, errlen, path, why);
    } else if (bytes > size || size != RT_IMAGE_HDR + bytes + RT_IMAGE_SUM_BYTES) {
        snprintf(why, sizeof why, "truncated or extended: %llu bytes, the header says %llu",
                 (unsigned long long)size,
                 (unsigned long long)(RT_IMAGE_HDR + bytes + RT_IMAGE_SUM_BYTES));
        rc = corrupt(err, errlen, path, why);
    } else {
        uint8_t sum[RT_IMAGE_SUM_BYTES];
        sum_out(XXH3_128bits(m, RT_IMAGE_HDR + bytes), sum);
        memcpy(img->info.sum, m + RT_IMAGE_HDR + bytes, RT_IMAGE_SUM_BYTES);
        if (memcmp(sum, img->info.sum, RT_IMAGE_SUM_BYTES) != 0) {
            rc = corrupt(err, errlen, path, "checksum mismatch: the image is corrupted");
        } else if (img->info.kind != kind) {
            snprintf(why, sizeof why, "holds %s, expected %s",
                     kind_name(img->info.kind, img->info.multi), kind_name(kind, 0));
            rc = corrupt(err, errlen, path, why);
        }
    }
    if (rc) {
        munmap(m, (size_t)size);
        return rc;
    }
    img->map = m;
    img->maplen = (size_t)size;
    img->data = m + RT_IMAGE_HDR;
    return 0;
}

static bool sum_is_zero(const uint8_t *s)
{
    for (int i = 0; i < RT_IMAGE_SUM_BYTES; i++)
        if (s[i]) return false;
    return true;
}

int rt_image_expect(const char *path, const rt_image *img, const rt_image_info *want,
                    char *err, size_t errlen)
{
    const rt_image_info *h = &img->info;
    if (h->kind != want->kind || h->id != want->id || (want->op && h->op != want->op) ||
        h->n != want->n || h->elem != want->elem || h->val != want->val ||
        h->rank != want->rank || h->nodes != want->nodes || h->part != want->part ||
        h->multi != want->multi || h->count != want->count || h->bytes != want->bytes) {
        char a[160], b[160], why[360];
        describe(a, sizeof a, h);
        describe(b, sizeof b, want);
        snprintf(why, sizeof why, "holds %s, expected %s", a, b);
        return corrupt(err, errlen, path, why);
    }
    if (!sum_is_zero(want->sum) && memcmp(h->sum, want->sum, RT_IMAGE_SUM_BYTES) != 0)
        return corrupt(err, errlen, path,
                       "checksum differs from the expected one: another image by this name");
    return 0;
}

int rt_image_read(const char *path, const rt_image_info *want, void *dst, char *err,
                  size_t errlen)
{
    if (!path || !want) return STRADS_EINVAL;
    rt_image img;
    int rc = rt_image_map(path, want->kind, &img, err, errlen);
    if (rc) return rc;
    rc = rt_image_expect(path, &img, want, err, errlen);
    if (!rc && dst && img.info.bytes) memcpy(dst, img.data, img.info.bytes);
    rt_image_unmap(&img);
    return rc;
}
