/*
 * replay/manifest.c - what one checkpoint holds, and which checkpoint a
 * recovery may trust.
 *
 * A checkpoint is the state after one parallel operator: for every dvector
 * alive then, the image file holding its content (possibly written by an
 * earlier checkpoint, when the array has not changed since), and for every
 * operator since the previous checkpoint its site and its packed reduction
 * results. The manifest is written last, after its images are in place
 * (durable too with STRADS_CHECKPOINT_SYNC=1), and atomically; so a
 * manifest that reads back intact names a complete checkpoint unless an
 * image was damaged or lost afterwards (a power loss without
 * STRADS_CHECKPOINT_SYNC), which replay_manifest_verify_images catches.
 *
 * Layout (little-endian): "STRDSMAN", u32 version, u32 0, u64 body bytes,
 * the body as one msgpack array, then BLAKE2b-256 of everything before.
 * Body: [op, from_op, nodes, [array...], [oprec...]] with
 *   array = [id, n, elem, img_op, sum (bin 16, the image's XXH3-128),
 *            fingerprint, site]
 *   oprec = [op, site_id, line, file, reductions (bin) | nil]
 *
 * Old manifests are kept after their images are released (checkpoint.c):
 * they are small, and they carry the reduction results that a recovery
 * publishes for every skipped operator, back to operator 1.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <msgpack.h>
#include <sodium.h>

#include "replay/replay.h"
#include "core/rt.h"

#define MAN_MAGIC "STRDSMAN"
#define MAN_HDR 24
#define MAN_SUM 32 /* BLAKE2b-256: a manifest is small, its cost does not matter */

void replay_manifest_path(char *out, size_t len, const char *dir, uint64_t op)
{
    snprintf(out, len, "%s/ckpt-%020" PRIu64 ".man", dir, op);
}

void replay_image_path(char *out, size_t len, const char *dir, uint32_t id, uint64_t op)
{
    snprintf(out, len, "%s/arr-%" PRIu32 "-%020" PRIu64 ".img", dir, id, op);
}

void replay_manifest_free(replay_manifest *m)
{
    if (!m) return;
    for (size_t i = 0; i < m->nops; i++) free(m->ops[i].red);
    free(m->ops);
    free(m->arrays);
    memset(m, 0, sizeof *m);
}

static void put_le(unsigned char *p, uint64_t v, int n)
{
    for (int i = 0; i < n; i++) p[i] = (unsigned char)(v >> (8 * i));
}
static uint64_t get_le(const unsigned char *p, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

static void pack_str(msgpack_packer *pk, const char *s)
{
    size_t l = strlen(s);
    msgpack_pack_str(pk, l);
    msgpack_pack_str_body(pk, s, l);
}

static int fsync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return STRADS_EIO;
    int rc = fsync(fd) ? STRADS_EIO : 0;
    close(fd);
    return rc;
}

int replay_manifest_write(const char *dir, const replay_manifest *m, bool durable)
{
    msgpack_sbuffer sb;
    msgpack_sbuffer_init(&sb);
    unsigned char hdr[MAN_HDR] = {0};
    msgpack_sbuffer_write(&sb, (const char *)hdr, sizeof hdr); /* filled below */
    msgpack_packer pk;
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 5);
    msgpack_pack_uint64(&pk, m->op);
    msgpack_pack_uint64(&pk, m->from_op);
    msgpack_pack_uint32(&pk, m->nodes);
    msgpack_pack_array(&pk, m->narrays);
    for (size_t i = 0; i < m->narrays; i++) {
        const replay_array_rec *a = &m->arrays[i];
        msgpack_pack_array(&pk, 7);
        msgpack_pack_uint32(&pk, a->id);
        msgpack_pack_int64(&pk, a->n);
        msgpack_pack_uint64(&pk, a->elem);
        msgpack_pack_uint64(&pk, a->img_op);
        msgpack_pack_bin(&pk, RT_IMAGE_SUM_BYTES);
        msgpack_pack_bin_body(&pk, a->sum, RT_IMAGE_SUM_BYTES);
        msgpack_pack_uint64(&pk, a->fp);
        pack_str(&pk, a->site);
    }
    msgpack_pack_array(&pk, m->nops);
    for (size_t i = 0; i < m->nops; i++) {
        const replay_op_rec *o = &m->ops[i];
        msgpack_pack_array(&pk, 5);
        msgpack_pack_uint64(&pk, o->op);
        msgpack_pack_uint64(&pk, o->site_id);
        msgpack_pack_uint32(&pk, o->line);
        pack_str(&pk, o->file);
        if (o->red) {
            msgpack_pack_bin(&pk, o->red_len);
            msgpack_pack_bin_body(&pk, o->red, o->red_len);
        } else {
            msgpack_pack_nil(&pk);
        }
    }
    memcpy(sb.data, MAN_MAGIC, 8);
    put_le((unsigned char *)sb.data + 8, REPLAY_MANIFEST_VERSION, 4);
    put_le((unsigned char *)sb.data + 16, sb.size - MAN_HDR, 8);
    uint8_t sum[MAN_SUM];
    crypto_generichash(sum, sizeof sum, (const unsigned char *)sb.data, sb.size, NULL, 0);
    msgpack_sbuffer_write(&sb, (const char *)sum, sizeof sum);

    char path[4096], tmp[4200];
    replay_manifest_path(path, sizeof path, dir, m->op);
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    int rc = 0;
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        rc = STRADS_EIO;
    } else {
        size_t off = 0;
        while (off < sb.size && !rc) {
            ssize_t w = write(fd, sb.data + off, sb.size - off);
            if (w < 0 && errno != EINTR) rc = STRADS_EIO;
            if (w > 0) off += (size_t)w;
        }
        if (!rc && durable && fsync(fd)) rc = STRADS_EIO;
        if (close(fd) && !rc) rc = STRADS_EIO;
        if (!rc && rename(tmp, path)) rc = STRADS_EIO;
        if (rc) unlink(tmp);
    }
    msgpack_sbuffer_destroy(&sb);
    /* The rename is durable only once the folder is. */
    if (!rc && durable) rc = fsync_dir(dir);
    return rc;
}

/* ---- reading ---- */

static bool obj_u64(const msgpack_object *o, uint64_t *v)
{
    if (o->type == MSGPACK_OBJECT_POSITIVE_INTEGER) {
        *v = o->via.u64;
        return true;
    }
    return false;
}

static bool obj_i64(const msgpack_object *o, int64_t *v)
{
    if (o->type == MSGPACK_OBJECT_POSITIVE_INTEGER && o->via.u64 <= INT64_MAX) {
        *v = (int64_t)o->via.u64;
        return true;
    }
    if (o->type == MSGPACK_OBJECT_NEGATIVE_INTEGER) {
        *v = o->via.i64;
        return true;
    }
    return false;
}

static bool obj_str(const msgpack_object *o, char *out, size_t len)
{
    if (o->type != MSGPACK_OBJECT_STR) return false;
    size_t n = o->via.str.size < len - 1 ? o->via.str.size : len - 1;
    memcpy(out, o->via.str.ptr, n);
    out[n] = 0;
    return true;
}

static bool decode_array(const msgpack_object *o, replay_array_rec *a)
{
    if (o->type != MSGPACK_OBJECT_ARRAY || o->via.array.size != 7) return false;
    const msgpack_object *f = o->via.array.ptr;
    uint64_t id;
    if (!obj_u64(&f[0], &id) || id > UINT32_MAX || !obj_i64(&f[1], &a->n) || a->n < 0 ||
        !obj_u64(&f[2], &a->elem) || !obj_u64(&f[3], &a->img_op) ||
        f[4].type != MSGPACK_OBJECT_BIN || f[4].via.bin.size != RT_IMAGE_SUM_BYTES ||
        !obj_u64(&f[5], &a->fp) || !obj_str(&f[6], a->site, sizeof a->site))
        return false;
    a->id = (uint32_t)id;
    memcpy(a->sum, f[4].via.bin.ptr, RT_IMAGE_SUM_BYTES);
    return true;
}

static bool decode_op(const msgpack_object *o, replay_op_rec *r)
{
    if (o->type != MSGPACK_OBJECT_ARRAY || o->via.array.size != 5) return false;
    const msgpack_object *f = o->via.array.ptr;
    uint64_t line;
    if (!obj_u64(&f[0], &r->op) || !obj_u64(&f[1], &r->site_id) || !obj_u64(&f[2], &line) ||
        line > UINT32_MAX || !obj_str(&f[3], r->file, sizeof r->file))
        return false;
    r->line = (uint32_t)line;
    if (f[4].type == MSGPACK_OBJECT_NIL) return true;
    if (f[4].type != MSGPACK_OBJECT_BIN) return false;
    r->red_len = f[4].via.bin.size;
    r->red = malloc(r->red_len ? r->red_len : 1);
    if (!r->red) return false;
    memcpy(r->red, f[4].via.bin.ptr, r->red_len);
    return true;
}

static int decode_body(const char *body, size_t len, replay_manifest *m)
{
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    int rc = STRADS_ECORRUPT;
    if (msgpack_unpack_next(&up, body, len, &off) != MSGPACK_UNPACK_SUCCESS || off != len)
        goto out;
    const msgpack_object *o = &up.data;
    if (o->type != MSGPACK_OBJECT_ARRAY || o->via.array.size != 5) goto out;
    const msgpack_object *f = o->via.array.ptr;
    uint64_t nodes;
    if (!obj_u64(&f[0], &m->op) || !obj_u64(&f[1], &m->from_op) || !obj_u64(&f[2], &nodes) ||
        f[3].type != MSGPACK_OBJECT_ARRAY || f[4].type != MSGPACK_OBJECT_ARRAY)
        goto out;
    m->nodes = (uint32_t)nodes;
    size_t na = f[3].via.array.size, no = f[4].via.array.size;
    m->arrays = calloc(na ? na : 1, sizeof *m->arrays);
    m->ops = calloc(no ? no : 1, sizeof *m->ops);
    if (!m->arrays || !m->ops) {
        rc = STRADS_ENOMEM;
        goto out;
    }
    for (size_t i = 0; i < na; i++, m->narrays++)
        if (!decode_array(&f[3].via.array.ptr[i], &m->arrays[i])) goto out;
    for (size_t i = 0; i < no; i++, m->nops++)
        if (!decode_op(&f[4].via.array.ptr[i], &m->ops[i])) goto out;
    rc = 0;
out:
    msgpack_unpacked_destroy(&up);
    return rc;
}

int replay_manifest_read(const char *path, replay_manifest *m, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    FILE *f = fopen(path, "rbe");
    if (!f) {
        int e = errno;
        snprintf(err, errlen, "%s: %s", path, strerror(e));
        return e == ENOENT ? STRADS_ENOTFOUND : STRADS_EIO;
    }
    char *buf = NULL;
    size_t len = 0, cap = 0;
    int rc = 0;
    for (;;) {
        if (len == cap) {
            cap = cap ? cap * 2 : 65536;
            char *nb = realloc(buf, cap);
            if (!nb) {
                rc = STRADS_ENOMEM;
                break;
            }
            buf = nb;
        }
        size_t r = fread(buf + len, 1, cap - len, f);
        len += r;
        if (r == 0) {
            if (ferror(f)) rc = STRADS_EIO;
            break;
        }
    }
    fclose(f);
    const unsigned char *u = (const unsigned char *)buf;
    if (rc) {
        snprintf(err, errlen, "%s: cannot read it", path);
    } else if (len < MAN_HDR + MAN_SUM || memcmp(buf, MAN_MAGIC, 8) != 0) {
        snprintf(err, errlen, "%s: truncated or not a manifest", path);
        rc = STRADS_ECORRUPT;
    } else if (get_le(u + 8, 4) != REPLAY_MANIFEST_VERSION) {
        snprintf(err, errlen, "%s: manifest version %u, this build reads %u", path,
                 (unsigned)get_le(u + 8, 4), REPLAY_MANIFEST_VERSION);
        rc = STRADS_ECORRUPT;
    } else if (get_le(u + 16, 8) != len - MAN_HDR - MAN_SUM) {
        snprintf(err, errlen, "%s: truncated (%zu bytes, header says %llu of body)", path, len,
                 (unsigned long long)get_le(u + 16, 8));
        rc = STRADS_ECORRUPT;
    } else {
        uint8_t sum[MAN_SUM];
        crypto_generichash(sum, sizeof sum, u, len - MAN_SUM, NULL, 0);
        if (sodium_memcmp(sum, u + len - MAN_SUM, MAN_SUM) != 0) {
            snprintf(err, errlen, "%s: checksum mismatch (corrupt)", path);
            rc = STRADS_ECORRUPT;
        } else {
            rc = decode_body(buf + MAN_HDR, len - MAN_HDR - MAN_SUM, m);
            if (rc == STRADS_ECORRUPT)
                snprintf(err, errlen, "%s: malformed body", path);
            if (rc) replay_manifest_free(m);
        }
    }
    free(buf);
    return rc;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int replay_manifest_list(const char *dir, uint64_t **ops, size_t *n)
{
    *ops = NULL;
    *n = 0;
    DIR *d = opendir(dir);
    if (!d) return errno == ENOENT ? STRADS_ENOTFOUND : STRADS_EIO;
    size_t cap = 0;
    struct dirent *e;
    int rc = 0;
    while ((e = readdir(d))) {
        const char *s = e->d_name;
        /* exactly "ckpt-" 20 digits ".man" */
        if (strlen(s) != 29 || strncmp(s, "ckpt-", 5) != 0 || strcmp(s + 25, ".man") != 0)
            continue;
        uint64_t v = 0;
        bool ok = true;
        for (int i = 5; i < 25; i++) {
            if (s[i] < '0' || s[i] > '9') ok = false;
            v = v * 10 + (uint64_t)(s[i] - '0');
        }
        if (!ok || v == 0) continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 64;
            uint64_t *p = realloc(*ops, cap * sizeof *p);
            if (!p) {
                rc = STRADS_ENOMEM;
                break;
            }
            *ops = p;
        }
        (*ops)[(*n)++] = v;
    }
    closedir(d);
    if (rc) {
        free(*ops);
        *ops = NULL;
        *n = 0;
        return rc;
    }
    if (*n) qsort(*ops, *n, sizeof **ops, cmp_u64);
    return 0;
}

int replay_manifest_verify_images(const char *dir, const replay_manifest *m, char *err,
                                  size_t errlen)
{
    char path[4096];
    for (size_t i = 0; i < m->narrays; i++) {
        const replay_array_rec *a = &m->arrays[i];
        rt_image_info want = replay_array_image(a->id, a->img_op, a->n, a->elem);
        memcpy(want.sum, a->sum, RT_IMAGE_SUM_BYTES);
        replay_image_path(path, sizeof path, dir, a->id, a->img_op);
        int rc = rt_image_read(path, &want, NULL, err, errlen);
        if (rc) return rc == STRADS_ENOMEM ? rc : STRADS_ECORRUPT;
    }
    return 0;
}

void replay_plan_free(replay_plan *p)
{
    for (size_t i = 0; i < p->n; i++) replay_manifest_free(&p->m[i]);
    free(p->m);
    memset(p, 0, sizeof *p);
}

/* Do the records of m[0..k] (ascending) cover operators 1..last? */
static bool covers(const replay_manifest *m, size_t k, uint64_t last)
{
    uint64_t next = 1;
    for (size_t i = 0; i < k; i++)
        for (size_t j = 0; j < m[i].nops; j++)
            if (m[i].ops[j].op == next) next++;
    return next > last;
}

int replay_plan_load(const char *dir, replay_plan *out)
{
    memset(out, 0, sizeof *out);
    uint64_t *ops;
    size_t n;
    int rc = replay_manifest_list(dir, &ops, &n);
    if (rc == STRADS_ENOTFOUND) return 0; /* no folder: nothing to recover */
    if (rc) return rc;
    replay_manifest *m = calloc(n ? n : 1, sizeof *m);
    bool *ok = calloc(n ? n : 1, sizeof *ok);
    if (!m || !ok) {
        free(ops);
        free(m);
        free(ok);
        return STRADS_ENOMEM;
    }
    char err[4608], path[4096];
    /* Read every manifest once; a bad one is remembered, not fatal. */
    for (size_t i = 0; i < n; i++) {
        replay_manifest_path(path, sizeof path, dir, ops[i]);
        rc = replay_manifest_read(path, &m[i], err, sizeof err);
        if (rc == STRADS_ENOMEM) goto fail;
        ok[i] = rc == 0 && m[i].op == ops[i];
        if (rc == 0 && !ok[i]) {
            snprintf(err, sizeof err, "%s: names op %" PRIu64, path, m[i].op);
            replay_manifest_free(&m[i]);
        }
        if (!ok[i]) rt_warn("checkpoint: %s", err);
    }
    /* Newest first; the first usable one wins. */
    size_t chosen = n;
    for (size_t i = n; i-- > 0;) {
        const char *why = NULL;
        if (!ok[i]) {
            why = "its manifest is corrupt or truncated";
        } else {
            /* Coverage over the readable manifests up to i, in order. */
            replay_manifest *tmp = malloc((i + 1) * sizeof *tmp);
            if (!tmp) {
                rc = STRADS_ENOMEM;
                goto fail;
            }
            size_t k = 0;
            for (size_t j = 0; j <= i; j++)
                if (ok[j]) tmp[k++] = m[j];
            bool cov = covers(tmp, k, ops[i]);
            free(tmp);
            if (!cov) {
                why = "an earlier manifest it depends on (reductions of skipped operators) is "
                      "missing or corrupt";
            } else if ((rc = replay_manifest_verify_images(dir, &m[i], err, sizeof err))) {
                if (rc == STRADS_ENOMEM) goto fail;
                why = err;
            }
        }
        if (!why) {
            chosen = i;
            break;
        }
        rt_warn("checkpoint of op %" PRIu64 " in %s is unusable: %s%s", ops[i], dir, why,
                i ? "; falling back to the previous one" : "");
    }
    if (chosen == n) {
        if (n) rt_warn("no usable checkpoint in %s: running from the start", dir);
        for (size_t i = 0; i < n; i++) replay_manifest_free(&m[i]);
        free(m);
        free(ok);
        free(ops);
        return 0;
    }
    /* Keep the readable manifests up to the chosen one, ascending. */
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (i <= chosen && ok[i])
            m[k++] = m[i];
        else if (ok[i])
            replay_manifest_free(&m[i]);
    }
    out->m = m;
    out->n = k;
    out->last = ops[chosen];
    free(ok);
    free(ops);
    return 0;
fail:
    for (size_t i = 0; i < n; i++) replay_manifest_free(&m[i]);
    free(m);
    free(ok);
    free(ops);
    return rc;
}
