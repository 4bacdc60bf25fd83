/*
 * dds/partition_image.c - checkpoint images of DDS partitions.
 *
 * One file per node and collection: a fixed 128-byte header (magic, format
 * version, kind, shape, which node of how many, payload length, BLAKE2b-256
 * checksum of header and payload) followed by the payload (the node's owned
 * elements in index order, or its dmap entries as key+value records in table
 * order, which keeps a multimap key's values in insertion order).
 * Writing goes to a temp file, fsync, rename: a crash leaves the old image
 * or the new one, never a mix. Reading checks magic, version, shape, exact
 * length and checksum over the whole file before a byte is copied into the
 * collection, so a truncated or corrupted image is reported (STRADS_ECORRUPT,
 * with the reason) and never loaded. Images are for the same binary on the
 * same architecture (raw little-endian fields), like the rest of a job.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dds/dds.h"
#include "core/rt.h"

#define DDS_IMG_MAGIC "STRADSIM"
enum { DDS_IMG_VEC = 1, DDS_IMG_MAP = 2 };

typedef struct dds_img_hdr {
    char magic[8];
    uint32_t version, kind;
    uint64_t elem;    /* element size, or key size */
    uint64_t val;     /* value size (maps), 0 for vectors */
    int64_t n;        /* vector length (vectors), 0 for maps */
    uint32_t rank, nodes;
    uint32_t part, multi;
    uint64_t count;   /* elements or entries in the payload */
    uint64_t payload; /* bytes after the header */
    uint8_t sum[32];
    uint8_t pad[128 - 8 - 8 - 8 * 3 - 4 * 4 - 8 * 2 - 32];
} dds_img_hdr;
_Static_assert(sizeof(dds_img_hdr) == 128, "image header is 128 bytes");

static int dds_write_all(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n) {
        ssize_t w = write(fd, c, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return STRADS_EIO;
        c += w;
        n -= (size_t)w;
    }
    return 0;
}

/* A writer that hashes what it writes. */
typedef struct dds_img_w {
    int fd;
    crypto_generichash_state st;
    int rc;
} dds_img_w;

static void dds_img_put(dds_img_w *w, const void *p, size_t n)
{
    if (w->rc || !n)
        return;
    crypto_generichash_update(&w->st, p, n);
    w->rc = dds_write_all(w->fd, p, n);
}

static int dds_img_begin(dds_img_w *w, const char *path, char *tmp, size_t tmplen)
{
    if (sodium_init() < 0)
        return STRADS_ESTATE;
    snprintf(tmp, tmplen, "%s.tmp.%ld", path, (long)getpid());
    w->fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (w->fd < 0) {
        rt_error("image %s: %s", tmp, strerror(errno));
        return STRADS_EIO;
    }
    w->rc = 0;
    /* Room for the header, written last once the checksum is known. */
    dds_img_hdr zero;
    memset(&zero, 0, sizeof zero);
    return dds_write_all(w->fd, &zero, sizeof zero);
}

/* The checksum covers the header (with sum zeroed) then the payload; the
 * payload was hashed as it was written, so the header goes in a second state. */
static void dds_img_sum(const dds_img_hdr *h, crypto_generichash_state *payload, uint8_t *out)
{
    uint8_t ps[32];
    crypto_generichash_final(payload, ps, sizeof ps);
    dds_img_hdr c = *h;
    memset(c.sum, 0, sizeof c.sum);
    crypto_generichash_state st;
    crypto_generichash_init(&st, NULL, 0, 32);
    crypto_generichash_update(&st, (const unsigned char *)&c, sizeof c);
    crypto_generichash_update(&st, ps, sizeof ps);
    crypto_generichash_final(&st, out, 32);
}

static int dds_img_end(dds_img_w *w, dds_img_hdr *h, const char *tmp, const char *path)
{
    int rc = w->rc;
    if (!rc) {
        dds_img_sum(h, &w->st, h->sum);
        if (pwrite(w->fd, h, sizeof *h, 0) != (ssize_t)sizeof *h || fsync(w->fd))
            rc = STRADS_EIO;
    }
    if (close(w->fd) && !rc)
        rc = STRADS_EIO;
    if (!rc && rename(tmp, path))
        rc = STRADS_EIO;
    if (rc) {
        rt_error("cannot write image %s: %s", path, strerror(errno));
        unlink(tmp);
    }
    return rc;
}

static void dds_img_hdr_init(dds_img_hdr *h, uint32_t kind)
{
    memset(h, 0, sizeof *h);
    memcpy(h->magic, DDS_IMG_MAGIC, 8);
    h->version = DDS_IMAGE_VERSION;
    h->kind = kind;
    h->rank = (uint32_t)strads_rank();
    h->nodes = (uint32_t)strads_size();
}

int dds_image_write_vec(const dds_vec *dv, const char *path)
{
    dds_img_w w;
    char tmp[4200];
    int rc = dds_img_begin(&w, path, tmp, sizeof tmp);
    if (rc)
        return rc;
    dds_img_hdr h;
    dds_img_hdr_init(&h, DDS_IMG_VEC);
    h.elem = dv->elem;
    h.n = dv->n;
    h.part = (uint32_t)dv->part;
    crypto_generichash_init(&w.st, NULL, 0, 32);
    if (dv->part == DDS_PART_HASH) {
        for (int64_t i = 0; i < dv->n; i++)
            if (dds_owner(dv, i) == dv->me) {
                dds_img_put(&w, dv->base + (size_t)i * dv->elem, dv->elem);
                h.count++;
            }
    } else {
        int64_t lo, hi;
        dds_owned_range(dv, dv->me, &lo, &hi);
        dds_img_put(&w, dv->base + (size_t)lo * dv->elem, (size_t)(hi - lo) * dv->elem);
        h.count = (uint64_t)(hi - lo);
    }
    h.payload = h.count * dv->elem;
    return dds_img_end(&w, &h, tmp, path);
}

static int dds_map_entry_put(const void *key, const void *val, void *arg)
{
    void **a = arg;
    dds_img_w *w = a[0];
    const dds_map *m = a[1];
    dds_img_put(w, key, m->ksz);
    dds_img_put(w, val, m->vsz);
    return w->rc;
}

int dds_image_write_map(const dds_map *m, const char *path)
{
    dds_img_w w;
    char tmp[4200];
    int rc = dds_img_begin(&w, path, tmp, sizeof tmp);
    if (rc)
        return rc;
    dds_img_hdr h;
    dds_img_hdr_init(&h, DDS_IMG_MAP);
    h.elem = m->ksz;
    h.val = m->vsz;
    h.multi = m->multi;
    h.count = m->kv.count;
    h.payload = h.count * (m->ksz + m->vsz);
    crypto_generichash_init(&w.st, NULL, 0, 32);
    void *a[2] = { &w, (void *)m };
    dds_kv_foreach(&m->kv, dds_map_entry_put, a);
    return dds_img_end(&w, &h, tmp, path);
}

/* ---- reading ---- */

#define DDS_FAIL(...) (snprintf(err, errlen, __VA_ARGS__), STRADS_ECORRUPT)

/* Opens path and checks everything but the shape: magic, version, length,
 * checksum. On success *fd is open and *h holds the header. */
static int dds_img_open(const char *path, uint32_t kind, dds_img_hdr *h, int *fd, char *err,
                        size_t errlen)
{
    if (sodium_init() < 0)
        return STRADS_ESTATE;
    *fd = open(path, O_RDONLY | O_CLOEXEC);
    if (*fd < 0) {
        snprintf(err, errlen, "cannot open: %s", strerror(errno));
        return errno == ENOENT ? STRADS_ENOTFOUND : STRADS_EIO;
    }
    struct stat st;
    int rc = 0;
    ssize_t got = pread(*fd, h, sizeof *h, 0);
    if (fstat(*fd, &st))
        rc = STRADS_EIO;
    else if (got != (ssize_t)sizeof *h)
        rc = DDS_FAIL("truncated header (%lld of %zu bytes)", (long long)st.st_size, sizeof *h);
    else if (memcmp(h->magic, DDS_IMG_MAGIC, 8))
        rc = DDS_FAIL("not a strads image (bad magic)");
    else if (h->version != DDS_IMAGE_VERSION)
        rc = DDS_FAIL("image format version %u, this build reads %u", h->version,
                      DDS_IMAGE_VERSION);
    else if (h->kind != kind)
        rc = DDS_FAIL("image of a %s, expected a %s", h->kind == DDS_IMG_MAP ? "dmap" : "dvector",
                      kind == DDS_IMG_MAP ? "dmap" : "dvector");
    else if ((uint64_t)st.st_size != sizeof *h + h->payload)
        rc = DDS_FAIL("length %lld bytes, header says %llu: truncated or extended",
                      (long long)st.st_size, (unsigned long long)(sizeof *h + h->payload));
    if (!rc) {
        crypto_generichash_state cs;
        crypto_generichash_init(&cs, NULL, 0, 32);
        size_t bufsz = 1 << 20;
        char *buf = malloc(bufsz);
        uint64_t off = sizeof *h, end = sizeof *h + h->payload;
        if (!buf)
            rc = STRADS_ENOMEM;
        while (!rc && off < end) {
            size_t want = end - off < bufsz ? (size_t)(end - off) : bufsz;
            ssize_t r = pread(*fd, buf, want, (off_t)off);
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0)
                rc = DDS_FAIL("read failed at byte %llu", (unsigned long long)off);
            else {
                crypto_generichash_update(&cs, (unsigned char *)buf, (size_t)r);
                off += (uint64_t)r;
            }
        }
        free(buf);
        uint8_t sum[32];
        if (!rc) {
            dds_img_sum(h, &cs, sum);
            if (sodium_memcmp(sum, h->sum, sizeof sum))
                rc = DDS_FAIL("checksum mismatch: the image is corrupted");
        }
    }
    if (rc) {
        close(*fd);
        *fd = -1;
    }
    return rc;
}

static int dds_read_at(int fd, void *p, size_t n, uint64_t off)
{
    char *c = p;
    while (n) {
        ssize_t r = pread(fd, c, n, (off_t)off);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return STRADS_EIO;
        c += r;
        n -= (size_t)r;
        off += (uint64_t)r;
    }
    return 0;
}

int dds_image_read_vec(dds_vec *dv, const char *path, bool load, char *err, size_t errlen)
{
    dds_img_hdr h;
    int fd;
    int rc = dds_img_open(path, DDS_IMG_VEC, &h, &fd, err, errlen);
    if (rc)
        return rc;
    int64_t lo = 0, hi = 0;
    uint64_t count = 0;
    if (dv->part == DDS_PART_HASH) {
        for (int64_t i = 0; i < dv->n; i++)
            count += dds_owner(dv, i) == dv->me;
    } else {
        dds_owned_range(dv, dv->me, &lo, &hi);
        count = (uint64_t)(hi - lo);
    }
    if (h.elem != dv->elem || h.n != dv->n || h.part != (uint32_t)dv->part)
        rc = DDS_FAIL("image of %lld x %llu-byte elements, the dvector has %lld x %zu",
                      (long long)h.n, (unsigned long long)h.elem, (long long)dv->n, dv->elem);
    else if (h.rank != (uint32_t)dv->me || h.nodes != (uint32_t)dv->nodes)
        rc = DDS_FAIL("image of node %u of %u, this is node %d of %d", h.rank, h.nodes, dv->me,
                      dv->nodes);
    else if (h.count != count || h.payload != count * dv->elem)
        rc = DDS_FAIL("image holds %llu elements, this node owns %llu",
                      (unsigned long long)h.count, (unsigned long long)count);
    if (!rc && load) {
        if (dv->part == DDS_PART_HASH) {
            uint64_t off = sizeof h;
            /* owned elements are spread over the whole mapping */
            dds_open_pages(dv, dv->base, (size_t)dv->n * dv->elem);
            for (int64_t i = 0; i < dv->n && !rc; i++)
                if (dds_owner(dv, i) == dv->me) {
                    rc = dds_read_at(fd, dv->base + (size_t)i * dv->elem, dv->elem, off);
                    off += dv->elem;
                }
        } else {
            dds_open_pages(dv, dv->base + (size_t)lo * dv->elem, (size_t)count * dv->elem);
            rc = dds_read_at(fd, dv->base + (size_t)lo * dv->elem, (size_t)count * dv->elem,
                             sizeof h);
        }
        if (rc)
            snprintf(err, errlen, "read failed after verification");
    }
    close(fd);
    return rc;
}

int dds_image_read_map(dds_map *m, const char *path, bool load, char *err, size_t errlen)
{
    dds_img_hdr h;
    int fd;
    int rc = dds_img_open(path, DDS_IMG_MAP, &h, &fd, err, errlen);
    if (rc)
        return rc;
    size_t per = m->ksz + m->vsz;
    if (h.elem != m->ksz || h.val != m->vsz || h.multi != (uint32_t)m->multi)
        rc = DDS_FAIL("image of a %s with %llu-byte keys and %llu-byte values, expected %s "
                      "with %zu and %zu", h.multi ? "dmultimap" : "dmap",
                      (unsigned long long)h.elem, (unsigned long long)h.val,
                      m->multi ? "dmultimap" : "dmap", m->ksz, m->vsz);
    else if (h.rank != (uint32_t)m->me || h.nodes != (uint32_t)m->nodes)
        rc = DDS_FAIL("image of node %u of %u, this is node %d of %d", h.rank, h.nodes, m->me,
                      m->nodes);
    else if (h.payload != h.count * per)
        rc = DDS_FAIL("payload length does not match the entry count");
    if (!rc && load) {
        /* Build the new partition aside; swap only when it is complete. */
        dds_kv t;
        char *buf = malloc(per * 4096);
        rc = buf ? dds_kv_init(&t, m->ksz, m->vsz, m->multi) : STRADS_ENOMEM;
        uint64_t off = sizeof h, left = h.count;
        while (!rc && left) {
            size_t take = left < 4096 ? (size_t)left : 4096;
            rc = dds_read_at(fd, buf, take * per, off);
            for (size_t k = 0; !rc && k < take; k++) {
                const char *e = buf + k * per;
                rc = dds_kv_put(&t, e, e + m->ksz, dds_hash_bytes(e, m->ksz));
            }
            off += take * per;
            left -= take;
        }
        free(buf);
        if (rc) {
            if (t.slots)
                dds_kv_free(&t);
        } else {
            dds_kv_free(&m->kv);
            m->kv = t;
        }
    }
    close(fd);
    return rc;
}

/* ---- the public collectives ---- */

typedef struct dds_img_arg {
    uint32_t id, is_map, write;
    char prefix[4000];
} dds_img_arg;

static int dds_nf_image(const void *arg, size_t len)
{
    if (len != sizeof(dds_img_arg))
        return STRADS_EPROTO;
    const dds_img_arg *a = arg;
    char path[4200], err[256] = "";
    snprintf(path, sizeof path, "%.4000s.%d-of-%d.img", a->prefix, strads_rank(), strads_size());
    dds_vec *dv = a->is_map ? NULL : dds_vec_by_id(a->id);
    dds_map *m = a->is_map ? dds_map_by_id(a->id) : NULL;
    if (!dv && !m)
        return STRADS_EPROTO;
    if (a->write)
        return dv ? dds_image_write_vec(dv, path) : dds_image_write_map(m, path);
    /* Verify everywhere first, agree, then load: all nodes or none. */
    int rc = dv ? dds_image_read_vec(dv, path, false, err, sizeof err)
                : dds_image_read_map(m, path, false, err, sizeof err);
    if (rc)
        rt_error("image %s: %s", path, err);
    int32_t worst = rc;
    int ce = strads_allreduce(&worst, 1, STRADS_T_I32, STRADS_OP_MIN);
    if (ce || worst) /* a node with a good image just agrees not to load */
        return rc ? rc : ce ? ce : strads_rank() == 0 ? STRADS_EREMOTE : 0;
    rc = dv ? dds_image_read_vec(dv, path, true, err, sizeof err)
            : dds_image_read_map(m, path, true, err, sizeof err);
    if (rc)
        rt_error("image %s: %s", path, err);
    else if (dv)
        dds_mark_changed(dv, 0, dv->n); /* pull covers only owned chunks */
    return rc;
}

static int dds_image_call(uint32_t id, int is_map, int write, const char *prefix)
{
    if (!prefix)
        return STRADS_EINVAL;
    dds_img_arg *a = calloc(1, sizeof *a);
    if (!a)
        return STRADS_ENOMEM;
    if (strlen(prefix) >= sizeof a->prefix) {
        free(a);
        return STRADS_EINVAL;
    }
    a->id = id;
    a->is_map = (uint32_t)is_map;
    a->write = (uint32_t)write;
    snprintf(a->prefix, sizeof a->prefix, "%s", prefix);
    int rc = dds_operator_begin();
    int r2 = rc ? 0 : strads_invoke_all(dds_nf_image, a, sizeof *a);
    int r3 = dds_operator_end();
    free(a);
    return rc ? rc : r2 ? r2 : r3;
}

static dds_vec *dds_vec_at(const void *base)
{
    dds_vec *dv;
    if (!base || dds_lookup(base, &dv, NULL) || dv->base != (const char *)base)
        return NULL;
    return dv;
}

int strads_image_write_dvector(const void *base, const char *prefix)
{
    dds_vec *dv = dds_vec_at(base);
    return dv ? dds_image_call(dv->id, 0, 1, prefix) : STRADS_EINVAL;
}

int strads_image_read_dvector(void *base, const char *prefix)
{
    dds_vec *dv = dds_vec_at(base);
    return dv ? dds_image_call(dv->id, 0, 0, prefix) : STRADS_EINVAL;
}

int strads_image_write_dmap(strads_dmap *m, const char *prefix)
{
    return m ? dds_image_call(m->id, 1, 1, prefix) : STRADS_EINVAL;
}

int strads_image_read_dmap(strads_dmap *m, const char *prefix)
{
    return m ? dds_image_call(m->id, 1, 0, prefix) : STRADS_EINVAL;
}
