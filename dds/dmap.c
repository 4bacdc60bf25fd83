/*
 * dds/dmap.c - dmap and dmultimap: keyed collections partitioned by key hash.
 *
 * Every node holds its partition in a dds_kv table (dds/kv.c); a key lives
 * on node (hash >> 32) % nodes. The driver's sequential code reaches them in
 * batches: keys are grouped by owner, one KV message per owner carries all
 * of them, the owner serves it on its loop thread and replies (the keyed
 * counterpart of prefetch / write-back) on its DDS server thread (see
 * dds/xfer.c). The driver's own partition is
 * served in place, with no message. Bulk operators (from_dvector, join) are
 * node functions: from_dvector shuffles entries to their owners with one
 * all-to-all exchange and inserts them in rank order (so a key's values keep
 * the order of the source elements); join is node-local because both inputs
 * are partitioned by the same hash (both in dds/dmap_ops.c). Code running on any node inside an
 * operator uses the keyed form of the dvector protocol: dds_map_prefetch
 * pulls values into the node's cache table, dds_map_local finds a key in the
 * partition or the cache, dds_map_writeback pushes cached values back.
 *
 * Threads: batches on a partition (from the server thread or served in
 * place) take the map's mutex, one batch at a time; node functions that
 * rebuild a partition (from_dvector, join, images) run while the driver waits
 * in strads_invoke_all and no batch can arrive. dds_map_local reads without a
 * lock: writes by other nodes must not overlap it (phases, as for dvectors).
 */
#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"
#include "core/rt.h"

enum { DDS_KV_PUT = 1, DDS_KV_GET, DDS_KV_ERASE, DDS_KV_FIND, DDS_KV_SIZE, DDS_KV_ITER };

static dds_map **dds_maps;
static size_t dds_nmaps, dds_capmaps;
static uint64_t dds_xchg_seq;

uint64_t dds_xchg_tag(void)
{
    return (0xdd5ULL << 40) | ++dds_xchg_seq;
}

dds_map *dds_map_by_id(uint32_t id)
{
    for (size_t k = 0; k < dds_nmaps; k++)
        if (dds_maps[k]->id == id)
            return dds_maps[k];
    return NULL;
}

int dds_map_owner(const dds_map *m, uint64_t h)
{
    return (int)((h >> 32) % (uint64_t)m->nodes);
}

/* ---- serving one batch (owner side; loop thread or driver in place) ---- */

int dds__out_add(dds_kv_out *o, const void *p, size_t n)
{
    if (o->len + n > o->cap) {
        size_t nc = o->cap ? o->cap : 4096;
        while (nc < o->len + n)
            nc *= 2;
        char *t = realloc(o->buf, nc);
        if (!t)
            return STRADS_ENOMEM;
        o->buf = t;
        o->cap = nc;
    }
    if (n && p) /* p NULL: reserve room only */
        memcpy(o->buf + o->len, p, n);
    o->len += n;
    return 0;
}

static int dds_iter_add(const void *key, const void *val, void *arg)
{
    void **a = arg;
    dds_kv_out *o = a[0];
    const dds_map *m = a[1];
    int rc = dds__out_add(o, key, m->ksz);
    return rc ? rc : dds__out_add(o, val, m->vsz);
}

static int dds_kv_serve_locked(dds_map *m, int op, int64_t n, int64_t arg, const char *in,
                               size_t inlen, int64_t *aux, dds_kv_out *out);

/* Batches from the server thread and from this node's own requests may meet
 * on one partition: one batch at a time (a lock per batch, not per key). */
static int dds_kv_serve(dds_map *m, int op, int64_t n, int64_t arg, const char *in,
                        size_t inlen, int64_t *aux, dds_kv_out *out)
{
    pthread_mutex_lock(&m->mu);
    int rc = dds_kv_serve_locked(m, op, n, arg, in, inlen, aux, out);
    pthread_mutex_unlock(&m->mu);
    return rc;
}

static int dds_kv_serve_locked(dds_map *m, int op, int64_t n, int64_t arg, const char *in,
                               size_t inlen, int64_t *aux, dds_kv_out *out)
{
    size_t ks = m->ksz, vs = m->vsz;
    size_t per = op == DDS_KV_PUT ? ks + vs : ks;
    *aux = 0;
    if (n < 0 || (op != DDS_KV_SIZE && op != DDS_KV_ITER && inlen != (size_t)n * per))
        return STRADS_EPROTO;
    switch (op) {
    case DDS_KV_PUT:
        for (int64_t k = 0; k < n; k++) {
            const char *e = in + (size_t)k * per;
            int rc = dds_kv_put(&m->kv, e, e + ks, dds_hash_bytes(e, ks));
            if (rc)
                return rc;
        }
        return 0;
    case DDS_KV_GET:
        for (int64_t k = 0; k < n; k++) {
            const char *key = in + (size_t)k * ks;
            const void *v = dds_kv_get(&m->kv, key, dds_hash_bytes(key, ks));
            unsigned char f = v != NULL;
            if (dds__out_add(out, &f, 1) || dds__out_add(out, v ? v : in, v ? vs : 0))
                return STRADS_ENOMEM;
            if (!v && vs) /* keep fixed-size records */
                for (size_t z = 0; z < vs; z++)
                    if (dds__out_add(out, "", 1))
                        return STRADS_ENOMEM;
        }
        return 0;
    case DDS_KV_ERASE:
        for (int64_t k = 0; k < n; k++) {
            const char *key = in + (size_t)k * ks;
            *aux += (int64_t)dds_kv_erase(&m->kv, key, dds_hash_bytes(key, ks));
        }
        return 0;
    case DDS_KV_FIND: {
        if (n != 1 || arg < 0)
            return STRADS_EPROTO;
        uint64_t h = dds_hash_bytes(in, ks);
        size_t cnt = dds_kv_find(&m->kv, in, h, NULL, 0);
        size_t take = cnt < (size_t)arg ? cnt : (size_t)arg;
        if (dds__out_add(out, NULL, take * vs))
            return STRADS_ENOMEM;
        dds_kv_find(&m->kv, in, h, out->buf, take);
        *aux = (int64_t)cnt;
        return 0;
    }
    case DDS_KV_SIZE:
        *aux = (int64_t)m->kv.count;
        return 0;
    case DDS_KV_ITER: {
        void *a[2] = { out, m };
        *aux = (int64_t)m->kv.count;
        return dds_kv_foreach(&m->kv, dds_iter_add, a);
    }
    }
    return STRADS_EPROTO;
}

void dds__serve_kv(rt_msg *msg)
{
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    int64_t v[4] = { 0 };
    int rc = 0;
    msgpack_object *o;
    for (int k = 0; k < 4 && !rc; k++) {
        rc = rt_unpack_next(&up, msg->body, msg->body_len, &off, &o);
        if (!rc && o->type == MSGPACK_OBJECT_POSITIVE_INTEGER)
            v[k] = (int64_t)o->via.u64;
        else if (!rc)
            rc = STRADS_EPROTO;
    }
    if (!rc && (rt_unpack_next(&up, msg->body, msg->body_len, &off, &o) ||
                o->type != MSGPACK_OBJECT_BIN))
        rc = STRADS_EPROTO;
    dds_map *m = rc ? NULL : dds_map_by_id((uint32_t)v[0]);
    dds_kv_out out = { 0 };
    int64_t aux = 0;
    if (!rc && !m)
        rc = STRADS_ENOTFOUND;
    if (!rc)
        rc = dds_kv_serve(m, (int)v[1], v[2], v[3], o->via.bin.ptr, o->via.bin.size, &aux, &out);
    rt_packer p;
    rt_pack_begin(&p, DDS_MSG_REPLY, msg->tag);
    msgpack_pack_int(&p.pk, rc);
    msgpack_pack_int64(&p.pk, aux);
    msgpack_pack_bin(&p.pk, rc ? 0 : out.len);
    rt_send(msg->src, p.sb.data, p.sb.size, rc ? NULL : out.buf, rc ? 0 : out.len);
    rt_pack_done(&p);
    free(out.buf);
    msgpack_unpacked_destroy(&up);
    rt_msg_free(msg);
}

/* ---- driver side: one request per owner, all sent before any reply ---- */

typedef struct dds_kv_call {
    uint64_t tag;
    int sent;
    int status;
    int64_t aux;
    dds_kv_out out;
} dds_kv_call;

/* Runs op on every owner r with in[r] (n[r] records); results in calls[r].
 * This node's own share is served in place. */
static int dds_kv_round(dds_map *m, int op, int64_t arg, dds_kv_out *in, const int64_t *n,
                        dds_kv_call *calls, int all)
{
    int nodes = m->nodes, me = m->me, rc = 0;
    for (int r = 0; r < nodes; r++) {
        memset(&calls[r], 0, sizeof calls[r]);
        if (r == me)
            continue;
        if (!all && !n[r])
            continue;
        rt_packer p;
        calls[r].tag = rt_new_tag();
        rt_pack_begin(&p, DDS_MSG_KV, calls[r].tag);
        msgpack_pack_uint32(&p.pk, m->id);
        msgpack_pack_uint32(&p.pk, (uint32_t)op);
        msgpack_pack_uint64(&p.pk, (uint64_t)n[r]);
        msgpack_pack_uint64(&p.pk, (uint64_t)arg);
        msgpack_pack_bin(&p.pk, in[r].len);
        int e = rt_send(r, p.sb.data, p.sb.size, in[r].buf, in[r].len);
        rt_pack_done(&p);
        if (e && !rc)
            rc = e;
        calls[r].sent = !e;
    }
    if (all || n[me])
        calls[me].status = dds_kv_serve(m, op, n[me], arg, in[me].buf, in[me].len,
                                        &calls[me].aux, &calls[me].out);
    for (int r = 0; r < nodes; r++) {
        if (!calls[r].sent)
            continue;
        rt_msg *msg;
        int e = rt_recv(DDS_MSG_REPLY, calls[r].tag, r, -1, &msg);
        if (e) {
            calls[r].status = e;
            continue;
        }
        msgpack_unpacked up;
        msgpack_unpacked_init(&up);
        size_t off = 0;
        msgpack_object *o;
        e = rt_unpack_next(&up, msg->body, msg->body_len, &off, &o);
        if (!e)
            calls[r].status = (int)o->via.i64;
        if (!e && !(e = rt_unpack_next(&up, msg->body, msg->body_len, &off, &o)))
            calls[r].aux = o->via.i64;
        if (!e && !(e = rt_unpack_next(&up, msg->body, msg->body_len, &off, &o)) &&
            o->type == MSGPACK_OBJECT_BIN)
            e = dds__out_add(&calls[r].out, o->via.bin.ptr, o->via.bin.size);
        else if (!e)
            e = STRADS_EPROTO;
        if (e)
            calls[r].status = e;
        msgpack_unpacked_destroy(&up);
        rt_msg_free(msg);
    }
    for (int r = 0; r < nodes && !rc; r++)
        if (calls[r].status && calls[r].status != STRADS_ENOTFOUND)
            rc = calls[r].status;
    return rc;
}

static void dds_kv_round_free(dds_map *m, dds_kv_out *in, dds_kv_call *calls)
{
    for (int r = 0; r < m->nodes; r++) {
        if (in)
            free(in[r].buf);
        if (calls)
            free(calls[r].out.buf);
    }
    free(in);
    free(calls);
}

/* Which keys dds_kv_group sends, and with what. */
enum {
    DDS_GROUP_ALL,    /* every key, to its owner (this node's share served in place) */
    DDS_GROUP_REMOTE, /* only keys other nodes own; owner_of[k] = -1 for own keys */
    DDS_GROUP_CACHED, /* remote keys with the value cached here; uncached ones skipped */
};

/* Groups n keys (with vals[k] when vals is given, or the cached value with
 * DDS_GROUP_CACHED) by owner; owner_of[k] records where key k went so results
 * can be put back in order (-1: not sent). */
static int dds_kv_group(dds_map *m, const char *keys, const char *vals, size_t n, int mode,
                        dds_kv_out **inp, int64_t **cnt, int *owner_of)
{
    dds_kv_out *in = calloc((size_t)m->nodes, sizeof *in);
    int64_t *c = calloc((size_t)m->nodes, sizeof *c);
    int rc = in && c ? 0 : STRADS_ENOMEM;
    for (size_t k = 0; k < n && !rc; k++) {
        const char *key = keys + k * m->ksz;
        uint64_t h = dds_hash_bytes(key, m->ksz);
        int r = dds_map_owner(m, h);
        const void *v = vals ? vals + k * m->vsz : NULL;
        if (mode != DDS_GROUP_ALL && r == m->me)
            r = -1;
        else if (mode == DDS_GROUP_CACHED && !(v = dds_kv_get(&m->cache, key, h)))
            r = -1; /* nothing cached for it: nothing to write back */
        if (owner_of)
            owner_of[k] = r;
        if (r < 0)
            continue;
        rc = dds__out_add(&in[r], key, m->ksz);
        if (!rc && v)
            rc = dds__out_add(&in[r], v, m->vsz);
        c[r]++;
    }
    if (rc) {
        for (int q = 0; in && q < m->nodes; q++)
            free(in[q].buf);
        free(in);
        free(c);
        return rc;
    }
    *inp = in;
    *cnt = c;
    return 0;
}

/* A GET round over grouped keys. Owner r answers, in the order its keys were
 * sent, one found byte and the value per key; *pos gets a read cursor per
 * owner for dds_kv_rec. */
static int dds_kv_get_round(dds_map *m, dds_kv_out *in, const int64_t *cnt,
                            dds_kv_call **callsp, size_t **pos)
{
    dds_kv_call *calls = calloc((size_t)m->nodes, sizeof *calls);
    *callsp = calls;
    *pos = calloc((size_t)m->nodes, sizeof **pos);
    if (!calls || !*pos)
        return STRADS_ENOMEM;
    int rc = dds_kv_round(m, DDS_KV_GET, 0, in, cnt, calls, 0);
    for (int r = 0; !rc && r < m->nodes; r++)
        if (calls[r].out.len != (size_t)cnt[r] * (1 + m->vsz))
            rc = STRADS_EPROTO;
    return rc;
}

/* The next answer from owner r: found byte, then the value. */
static const char *dds_kv_rec(const dds_map *m, const dds_kv_call *calls, size_t *pos, int r)
{
    const char *rec = calls[r].out.buf + pos[r];
    pos[r] += 1 + m->vsz;
    return rec;
}

/* A GET round for n keys, from grouping to the answers: get_batch reads
 * every key's answer, prefetch those of remote keys. */
typedef struct dds_kv_fetch {
    int *owner_of; /* per key: the owner asked, -1 when not sent */
    dds_kv_out *in;
    int64_t *cnt;
    dds_kv_call *calls;
    size_t *pos;
} dds_kv_fetch;

/* Fills *f (release with dds_kv_fetch_free, whatever this returns). */
static int dds_kv_fetch_keys(dds_map *m, const void *keys, size_t n, int mode, dds_kv_fetch *f)
{
    memset(f, 0, sizeof *f);
    if (!(f->owner_of = malloc((n ? n : 1) * sizeof *f->owner_of)))
        return STRADS_ENOMEM;
    int rc = dds_kv_group(m, keys, NULL, n, mode, &f->in, &f->cnt, f->owner_of);
    return rc ? rc : dds_kv_get_round(m, f->in, f->cnt, &f->calls, &f->pos);
}

static void dds_kv_fetch_free(dds_map *m, dds_kv_fetch *f)
{
    free(f->pos);
    dds_kv_round_free(m, f->in, f->calls);
    free(f->cnt);
    free(f->owner_of);
}

int strads_dmap_put_batch(strads_dmap *m, const void *keys, const void *vals, size_t n)
{
    if (!m || (n && (!keys || (m->vsz && !vals))))
        return STRADS_EINVAL;
    dds_kv_out *in;
    int64_t *cnt;
    int rc = dds_kv_group(m, keys, m->vsz ? vals : NULL, n, DDS_GROUP_ALL, &in, &cnt, NULL);
    if (rc)
        return rc;
    dds_kv_call *calls = calloc((size_t)m->nodes, sizeof *calls);
    rc = calls ? dds_kv_round(m, DDS_KV_PUT, 0, in, cnt, calls, 0) : STRADS_ENOMEM;
    dds_kv_round_free(m, in, calls);
    free(cnt);
    return rc;
}

int strads_dmap_get_batch(strads_dmap *m, const void *keys, void *vals, unsigned char *found,
                          size_t n)
{
    if (!m || (n && (!keys || !found || (m->vsz && !vals))))
        return STRADS_EINVAL;
    dds_kv_fetch f;
    int rc = dds_kv_fetch_keys(m, keys, n, DDS_GROUP_ALL, &f);
    for (size_t k = 0; !rc && k < n; k++) {
        const char *rec = dds_kv_rec(m, f.calls, f.pos, f.owner_of[k]);
        found[k] = (unsigned char)rec[0];
        if (m->vsz)
            memcpy((char *)vals + k * m->vsz, rec + 1, m->vsz);
    }
    dds_kv_fetch_free(m, &f);
    return rc;
}

int strads_dmap_put(strads_dmap *m, const void *key, const void *val)
{
    return strads_dmap_put_batch(m, key, val, 1);
}

int strads_dmap_get(strads_dmap *m, const void *key, void *val)
{
    unsigned char f = 0;
    int rc = strads_dmap_get_batch(m, key, val, &f, 1);
    return rc ? rc : f ? 0 : STRADS_ENOTFOUND;
}

/* A single-key operation sent to the key's owner only. */
static int dds_kv_one(strads_dmap *m, int op, int64_t arg, const void *key, dds_kv_call **cp,
                      int *owner)
{
    dds_kv_out *in;
    int64_t *cnt;
    int rc = dds_kv_group(m, key, NULL, 1, DDS_GROUP_ALL, &in, &cnt, owner);
    if (rc)
        return rc;
    dds_kv_call *calls = calloc((size_t)m->nodes, sizeof *calls);
    rc = calls ? dds_kv_round(m, op, arg, in, cnt, calls, 0) : STRADS_ENOMEM;
    dds_kv_round_free(m, in, NULL);
    free(cnt);
    *cp = calls;
    return rc;
}

int strads_dmap_erase(strads_dmap *m, const void *key)
{
    if (!m || !key)
        return STRADS_EINVAL;
    dds_kv_call *calls;
    int owner;
    int rc = dds_kv_one(m, DDS_KV_ERASE, 0, key, &calls, &owner);
    if (!rc && calls[owner].aux == 0)
        rc = STRADS_ENOTFOUND;
    dds_kv_round_free(m, NULL, calls);
    return rc;
}

int strads_dmap_find(strads_dmap *m, const void *key, void *vals, size_t max, size_t *count)
{
    if (!m || !key || !count || (max && m->vsz && !vals))
        return STRADS_EINVAL;
    dds_kv_call *calls;
    int owner;
    int rc = dds_kv_one(m, DDS_KV_FIND, (int64_t)max, key, &calls, &owner);
    if (!rc) {
        dds_kv_call *c = &calls[owner];
        size_t take = (size_t)c->aux < max ? (size_t)c->aux : max;
        if (c->out.len != take * m->vsz)
            rc = STRADS_EPROTO;
        else {
            if (take && m->vsz)
                memcpy(vals, c->out.buf, take * m->vsz);
            *count = (size_t)c->aux;
        }
    }
    dds_kv_round_free(m, NULL, calls);
    return rc;
}

static int dds_kv_all(strads_dmap *m, int op, dds_kv_call **cp)
{
    dds_kv_out *in = calloc((size_t)m->nodes, sizeof *in);
    int64_t *cnt = calloc((size_t)m->nodes, sizeof *cnt);
    dds_kv_call *calls = calloc((size_t)m->nodes, sizeof *calls);
    int rc = in && cnt && calls ? dds_kv_round(m, op, 0, in, cnt, calls, 1) : STRADS_ENOMEM;
    dds_kv_round_free(m, in, NULL);
    free(cnt);
    *cp = calls;
    return rc;
}

int strads_dmap_size(strads_dmap *m, int64_t *count)
{
    if (!m || !count)
        return STRADS_EINVAL;
    dds_kv_call *calls;
    int rc = dds_kv_all(m, DDS_KV_SIZE, &calls);
    *count = 0;
    for (int r = 0; !rc && r < m->nodes; r++)
        *count += calls[r].aux;
    dds_kv_round_free(m, NULL, calls);
    return rc;
}

int strads_dmap_foreach(strads_dmap *m, strads_visit_fn fn, void *arg)
{
    if (!m || !fn)
        return STRADS_EINVAL;
    dds_kv_call *calls;
    int rc = dds_kv_all(m, DDS_KV_ITER, &calls);
    size_t per = m->ksz + m->vsz;
    for (int r = 0; !rc && r < m->nodes; r++) {
        if (calls[r].out.len != (size_t)calls[r].aux * per) {
            rc = STRADS_EPROTO;
            break;
        }
        for (int64_t k = 0; !rc && k < calls[r].aux; k++) {
            const char *e = calls[r].out.buf + (size_t)k * per;
            rc = fn(e, e + m->ksz, arg);
        }
    }
    dds_kv_round_free(m, NULL, calls);
    return rc;
}

/* ---- create / destroy: the same table change on every node ---- */

typedef struct dds_map_arg {
    uint32_t id, multi;
    uint64_t ksz, vsz;
} dds_map_arg;

static int dds_map_attach(const dds_map_arg *a, dds_map **out)
{
    int rc = dds_init();
    if (rc)
        return rc;
    if (dds_nmaps == dds_capmaps) {
        size_t nc = dds_capmaps ? 2 * dds_capmaps : 8;
        dds_map **t = realloc(dds_maps, nc * sizeof *t);
        if (!t)
            return STRADS_ENOMEM;
        dds_maps = t;
        dds_capmaps = nc;
    }
    dds_map *m = calloc(1, sizeof *m);
    if (!m)
        return STRADS_ENOMEM;
    m->id = a->id;
    m->ksz = a->ksz;
    m->vsz = a->vsz;
    m->multi = a->multi;
    m->nodes = strads_size();
    m->me = strads_rank();
    if ((rc = dds_kv_init(&m->kv, m->ksz, m->vsz, m->multi))) {
        free(m);
        return rc;
    }
    if ((rc = dds_kv_init(&m->cache, m->ksz, m->vsz, false))) {
        dds_kv_free(&m->kv);
        free(m);
        return rc;
    }
    pthread_mutex_init(&m->mu, NULL);
    dds_maps[dds_nmaps++] = m;
    *out = m;
    return 0;
}

static void dds_map_detach(dds_map *m)
{
    for (size_t k = 0; k < dds_nmaps; k++)
        if (dds_maps[k] == m) {
            dds_maps[k] = dds_maps[--dds_nmaps];
            break;
        }
    dds_kv_free(&m->kv);
    dds_kv_free(&m->cache);
    pthread_mutex_destroy(&m->mu);
    free(m);
}

static int dds_nf_map_attach(const void *arg, size_t len)
{
    dds_map_arg a;
    dds_map *m;
    if (len != sizeof a)
        return STRADS_EPROTO;
    memcpy(&a, arg, sizeof a);
    return dds_map_attach(&a, &m);
}

static int dds_nf_map_detach(const void *arg, size_t len)
{
    uint32_t id;
    if (len != sizeof id)
        return STRADS_EPROTO;
    memcpy(&id, arg, sizeof id);
    dds_map *m = dds_map_by_id(id);
    if (m)
        dds_map_detach(m);
    return 0;
}

int dds__map_create(size_t ksz, size_t vsz, bool multi, dds_map **out)
{
    if (strads_rank() != 0)
        return STRADS_ESTATE;
    int rc = dds_init();
    if (rc)
        return rc;
    dds_map_arg a = { dds_next_id(), multi, ksz, vsz };
    rc = strads_invoke_all(dds_nf_map_attach, &a, sizeof a);
    if (rc) {
        strads_invoke_all(dds_nf_map_detach, &a.id, sizeof a.id);
        return rc;
    }
    *out = dds_map_by_id(a.id);
    return *out ? 0 : STRADS_ESTATE;
}

int strads_dmap_create(strads_dmap **out, size_t key_size, size_t val_size, int flags)
{
    if (!out || key_size == 0 || (flags & ~STRADS_DMAP_MULTI))
        return STRADS_EINVAL;
    return dds__map_create(key_size, val_size, flags & STRADS_DMAP_MULTI, out);
}

int strads_dmap_destroy(strads_dmap *m)
{
    if (!m)
        return STRADS_EINVAL;
    uint32_t id = m->id;
    return strads_invoke_all(dds_nf_map_detach, &id, sizeof id);
}

/* ---- the keyed cache protocol for code running on any node ---- */

void *dds_map_local(dds_map *m, const void *key)
{
    uint64_t h = dds_hash_bytes(key, m->ksz);
    return dds_kv_get(dds_map_owner(m, h) == m->me ? &m->kv : &m->cache, key, h);
}

int dds_map_local_put(dds_map *m, const void *key, const void *val)
{
    uint64_t h = dds_hash_bytes(key, m->ksz);
    if (dds_map_owner(m, h) != m->me)
        return dds_kv_put(&m->cache, key, val, h);
    pthread_mutex_lock(&m->mu);
    int rc = dds_kv_put(&m->kv, key, val, h);
    pthread_mutex_unlock(&m->mu);
    return rc;
}

void dds_map_cache_drop(dds_map *m)
{
    dds_kv_free(&m->cache);
    dds_kv_init(&m->cache, m->ksz, m->vsz, false);
}

int dds_map_prefetch(dds_map *m, const void *keys, size_t n)
{
    if (!m || m->multi || (n && !keys))
        return STRADS_EINVAL;
    dds_kv_fetch f;
    int rc = dds_kv_fetch_keys(m, keys, n, DDS_GROUP_REMOTE, &f);
    for (size_t k = 0; !rc && k < n; k++) {
        if (f.owner_of[k] < 0)
            continue;
        const char *key = (const char *)keys + k * m->ksz;
        const char *rec = dds_kv_rec(m, f.calls, f.pos, f.owner_of[k]);
        uint64_t h = dds_hash_bytes(key, m->ksz);
        if (rec[0])
            rc = dds_kv_put(&m->cache, key, rec + 1, h);
        else
            dds_kv_erase(&m->cache, key, h);
    }
    dds_kv_fetch_free(m, &f);
    return rc;
}

int dds_map_writeback(dds_map *m, const void *keys, size_t n)
{
    if (!m || m->multi || (n && !keys))
        return STRADS_EINVAL;
    int *owner_of = malloc((n ? n : 1) * sizeof *owner_of);
    if (!owner_of)
        return STRADS_ENOMEM;
    dds_kv_out *in;
    int64_t *cnt;
    int rc = dds_kv_group(m, keys, NULL, n, DDS_GROUP_CACHED, &in, &cnt, owner_of);
    if (!rc) {
        dds_kv_call *calls = calloc((size_t)m->nodes, sizeof *calls);
        rc = calls ? dds_kv_round(m, DDS_KV_PUT, 0, in, cnt, calls, 0) : STRADS_ENOMEM;
        dds_kv_round_free(m, in, calls);
        free(cnt);
    }
    free(owner_of);
    return rc;
}
