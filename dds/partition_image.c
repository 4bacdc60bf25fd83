/*
 * dds/partition_image.c - images of one node's partition of a dvector or a
 * dmap: strads_image_write_dvector, _read_dvector, _write_dmap, _read_dmap.
 *
 * One file per node and collection, <prefix>.<rank>-of-<size>.img, in the
 * image format of core/image.c: kind RT_IMAGE_DVECTOR holds the node's owned
 * elements in index order, RT_IMAGE_DMAP its entries as key+value records
 * in table order (which keeps a multimap key's values in insertion order).
 * The header records the shape and which node of how many wrote it, so an
 * image is loaded only into the same collection on the same node of a job
 * of the same size. Reading verifies every node's file and shape first,
 * agrees, then loads: all nodes or none.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/image.h"
#include "core/rt.h"
#include "dds/dds.h"

/* The header of this node's image of dv; *lo, *hi: its owned range (range
 * partitions). */
static rt_image_info vec_info(const dds_vec *dv, int64_t *lo, int64_t *hi)
{
    rt_image_info i = {.kind = RT_IMAGE_DVECTOR, .n = dv->n, .elem = dv->elem,
                       .rank = (uint32_t)dv->me, .nodes = (uint32_t)dv->nodes,
                       .part = (uint32_t)dv->part};
    *lo = *hi = 0;
    if (dv->part == DDS_PART_HASH) {
        for (int64_t k = 0; k < dv->n; k++)
            i.count += dds_owner(dv, k) == dv->me;
    } else {
        dds_owned_range(dv, dv->me, lo, hi);
        i.count = (uint64_t)(*hi - *lo);
    }
    i.bytes = i.count * dv->elem;
    return i;
}

static int write_vec(const dds_vec *dv, const char *path)
{
    int64_t lo, hi;
    rt_image_info info = vec_info(dv, &lo, &hi);
    int rc;
    if (dv->part != DDS_PART_HASH) {
        rc = rt_image_write(path, &info, dv->base + (size_t)lo * dv->elem, true, NULL);
    } else { /* owned elements are spread over the whole vector */
        rt_image_writer *w;
        rc = rt_image_open(path, &info, true, &w);
        for (int64_t k = 0; !rc && k < dv->n; k++)
            if (dds_owner(dv, k) == dv->me)
                rt_image_put(w, dv->base + (size_t)k * dv->elem, dv->elem);
        if (!rc)
            rc = rt_image_close(w, &info);
    }
    if (rc)
        rt_error("cannot write image %s: %s", path, strerror(errno));
    return rc;
}

static int map_entry_put(const void *key, const void *val, void *arg)
{
    void **a = arg;
    const dds_map *m = a[1];
    rt_image_put(a[0], key, m->ksz);
    rt_image_put(a[0], val, m->vsz);
    return 0;
}

static rt_image_info map_info(const dds_map *m)
{
    rt_image_info i = {.kind = RT_IMAGE_DMAP, .elem = m->ksz, .val = m->vsz,
                       .rank = (uint32_t)m->me, .nodes = (uint32_t)m->nodes,
                       .multi = (uint32_t)m->multi, .count = m->kv.count};
    i.bytes = i.count * (m->ksz + m->vsz);
    return i;
}

static int write_map(const dds_map *m, const char *path)
{
    rt_image_info info = map_info(m);
    rt_image_writer *w;
    int rc = rt_image_open(path, &info, true, &w);
    if (!rc) {
        void *a[2] = { w, (void *)m };
        dds_kv_foreach(&m->kv, map_entry_put, a);
        rc = rt_image_close(w, &info);
    }
    if (rc)
        rt_error("cannot write image %s: %s", path, strerror(errno));
    return rc;
}

/* Verifies path completely (integrity, then that it is this node's image of
 * dv); when load, then copies it into this node's partition. Returns 0 or
 * STRADS_ECORRUPT / STRADS_ENOTFOUND / STRADS_EIO with err saying why, dv
 * untouched. */
static int read_vec(dds_vec *dv, const char *path, bool load, char *err, size_t errlen)
{
    int64_t lo, hi;
    rt_image_info want = vec_info(dv, &lo, &hi);
    rt_image img;
    int rc = rt_image_map(path, RT_IMAGE_DVECTOR, &img, err, errlen);
    if (rc)
        return rc;
    rc = rt_image_expect(path, &img, &want, err, errlen);
    if (!rc && load) {
        if (dv->part == DDS_PART_HASH) {
            const unsigned char *p = img.data;
            dds_open_pages(dv, dv->base, (size_t)dv->n * dv->elem);
            for (int64_t k = 0; k < dv->n; k++)
                if (dds_owner(dv, k) == dv->me) {
                    memcpy(dv->base + (size_t)k * dv->elem, p, dv->elem);
                    p += dv->elem;
                }
        } else {
            dds_open_pages(dv, dv->base + (size_t)lo * dv->elem, img.info.bytes);
            memcpy(dv->base + (size_t)lo * dv->elem, img.data, img.info.bytes);
        }
    }
    rt_image_unmap(&img);
    return rc;
}

/* As read_vec; on success with load, the partition's old content is
 * replaced. */
static int read_map(dds_map *m, const char *path, bool load, char *err, size_t errlen)
{
    rt_image img;
    int rc = rt_image_map(path, RT_IMAGE_DMAP, &img, err, errlen);
    if (rc)
        return rc;
    size_t per = m->ksz + m->vsz;
    rt_image_info want = map_info(m);
    want.count = img.info.count; /* any number of entries, each of the map's shape */
    want.bytes = img.info.count * per;
    rc = rt_image_expect(path, &img, &want, err, errlen);
    if (!rc && load) {
        /* Build the new partition aside; swap only when it is complete. */
        dds_kv t;
        memset(&t, 0, sizeof t);
        rc = dds_kv_init(&t, m->ksz, m->vsz, m->multi);
        for (uint64_t k = 0; !rc && k < img.info.count; k++) {
            const unsigned char *e = img.data + k * per;
            rc = dds_kv_put(&t, e, e + m->ksz, dds_hash_bytes(e, m->ksz));
        }
        if (rc) {
            if (t.slots)
                dds_kv_free(&t);
            snprintf(err, errlen, "%s: cannot build the partition: %s", path,
                     strads_strerror(rc));
        } else {
            dds_kv_free(&m->kv);
            m->kv = t;
        }
    }
    rt_image_unmap(&img);
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
    char path[4200], err[4600] = "";
    snprintf(path, sizeof path, "%.4000s.%d-of-%d.img", a->prefix, strads_rank(), strads_size());
    dds_vec *dv = a->is_map ? NULL : dds_vec_by_id(a->id);
    dds_map *m = a->is_map ? dds_map_by_id(a->id) : NULL;
    if (!dv && !m)
        return STRADS_EPROTO;
    if (a->write)
        return dv ? write_vec(dv, path) : write_map(m, path);
    /* Verify everywhere first, agree, then load: all nodes or none. */
    int rc = dv ? read_vec(dv, path, false, err, sizeof err)
                : read_map(m, path, false, err, sizeof err);
    if (rc)
        rt_error("cannot read image %s", err);
    int32_t worst = rc;
    int ce = strads_allreduce(&worst, 1, STRADS_T_I32, STRADS_OP_MIN);
    if (ce || worst) /* a node with a good image just agrees not to load */
        return rc ? rc : ce ? ce : strads_rank() == 0 ? STRADS_EREMOTE : 0;
    rc = dv ? read_vec(dv, path, true, err, sizeof err)
            : read_map(m, path, true, err, sizeof err);
    if (rc)
        rt_error("cannot read image %s", err);
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
