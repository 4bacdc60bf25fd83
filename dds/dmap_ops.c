/*
 * dds/dmap_ops.c - the bulk operators on keyed collections: building a dmap
 * from a dvector and joining two keyed collections.
 *
 * from_dvector shuffles (key, value) pairs from the elements' owners to the
 * keys' owners with one all-to-all exchange (dds/exchange.c) and inserts what
 * arrives in rank order, so that a key's values keep the order of the source
 * elements. join needs no data movement: both sides are partitioned by the
 * same key hash, so every node joins its own partitions. Both run as node
 * functions on every node's main thread, while the driver waits.
 */
#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"

/* ---- from_dvector: shuffle (key, val) pairs to their owners ---- */

typedef struct dds_fromv_arg {
    uint32_t map, vec;
    uint64_t ref;
} dds_fromv_arg;

static int dds_nf_fromv(const void *arg, size_t len)
{
    dds_fromv_arg a;
    if (len != sizeof a)
        return STRADS_EPROTO;
    memcpy(&a, arg, sizeof a);
    dds_map *m = dds_map_by_id(a.map);
    dds_vec *dv = dds_vec_by_id(a.vec);
    strads_key_fn fn = (strads_key_fn)dds_fn_decode(a.ref);
    if (!m || !dv || !fn)
        return STRADS_EPROTO;
    int nodes = m->nodes, me = m->me, rc = 0;
    dds_kv_out *buf = calloc((size_t)nodes, sizeof *buf);
    char *kv = malloc(m->ksz + m->vsz + 1);
    if (!buf || !kv)
        rc = STRADS_ENOMEM;
    int64_t lo = 0, hi = dv->n;
    if (dv->part != DDS_PART_HASH)
        dds_owned_range(dv, me, &lo, &hi);
    for (int64_t i = lo; i < hi && !rc; i++) {
        if (dv->part == DDS_PART_HASH && dds_owner(dv, i) != me)
            continue;
        int r = fn(kv, kv + m->ksz, dv->base + (size_t)i * dv->elem, i);
        if (r < 0)
            rc = r;
        else if (r > 0)
            rc = dds__out_add(&buf[dds_map_owner(m, dds_hash_bytes(kv, m->ksz))], kv,
                             m->ksz + m->vsz);
    }
    /* Every node must enter the exchange, failed or not, to keep tags aligned;
     * a failure is then agreed on with an allreduce. */
    void **outp = calloc((size_t)nodes, sizeof *outp);
    size_t *outl = calloc((size_t)nodes, sizeof *outl);
    void **inp = calloc((size_t)nodes, sizeof *inp);
    size_t *inl = calloc((size_t)nodes, sizeof *inl);
    int e = outp && outl && inp && inl && buf ? 0 : STRADS_ENOMEM;
    for (int r = 0; !e && r < nodes; r++) {
        outp[r] = rc ? NULL : buf[r].buf;
        outl[r] = rc ? 0 : buf[r].len;
    }
    uint64_t tag = dds_xchg_tag();
    if (!e)
        e = dds_exchange(tag, outp, outl, inp, inl);
    int32_t worst = rc ? rc : e;
    int ce = strads_allreduce(&worst, 1, STRADS_T_I32, STRADS_OP_MIN);
    rc = ce ? ce : worst;
    size_t per = m->ksz + m->vsz;
    for (int r = 0; r < nodes && !rc; r++)
        for (size_t k = 0; k + per <= inl[r] && !rc; k += per) {
            const char *ent = (const char *)inp[r] + k;
            rc = dds_kv_put(&m->kv, ent, ent + m->ksz, dds_hash_bytes(ent, m->ksz));
        }
    for (int r = 0; r < nodes; r++) {
        if (buf)
            free(buf[r].buf);
        if (inp)
            free(inp[r]);
    }
    free(buf);
    free(kv);
    free(outp);
    free(outl);
    free(inp);
    free(inl);
    return rc;
}

int strads_dmap_from_dvector(strads_dmap *m, const void *base, strads_key_fn fn)
{
    dds_vec *dv;
    if (!m || !fn || !base || dds_lookup(base, &dv, NULL) || dv->base != (const char *)base)
        return STRADS_EINVAL;
    dds_fromv_arg a = { m->id, dv->id, 0 };
    int rc = dds_fn_encode((const void *)fn, "strads_dmap_from_dvector", &a.ref);
    if (rc)
        return rc;
    rc = dds_operator_begin(); /* the source must reflect the driver's writes */
    int r2 = rc ? 0 : strads_invoke_all(dds_nf_fromv, &a, sizeof a);
    int r3 = dds_operator_end();
    return rc ? rc : r2 ? r2 : r3;
}

/* ---- join: node-local, both sides are partitioned by the same hash ---- */

typedef struct dds_join_arg {
    uint32_t a, b, out;
    uint64_t ref;
} dds_join_arg;

typedef struct dds_join_st {
    dds_map *a, *b, *out;
    strads_join_fn fn;
    char *vals, *res;
    size_t cap;
} dds_join_st;

static int dds_join_visit(const void *key, const void *va, void *arg)
{
    dds_join_st *s = arg;
    uint64_t h = dds_hash_bytes(key, s->a->ksz);
    size_t n = dds_kv_find(&s->b->kv, key, h, NULL, 0);
    if (!n)
        return 0;
    if (n > s->cap) {
        char *t = realloc(s->vals, n * (s->b->vsz ? s->b->vsz : 1));
        if (!t)
            return STRADS_ENOMEM;
        s->vals = t;
        s->cap = n;
    }
    dds_kv_find(&s->b->kv, key, h, s->vals, n);
    for (size_t k = 0; k < n; k++) {
        int r = s->fn(s->res, key, va, s->vals + k * s->b->vsz);
        if (r < 0)
            return r;
        if (r > 0 && (r = dds_kv_put(&s->out->kv, key, s->res, h)))
            return r;
    }
    return 0;
}

static int dds_nf_join(const void *arg, size_t len)
{
    dds_join_arg a;
    if (len != sizeof a)
        return STRADS_EPROTO;
    memcpy(&a, arg, sizeof a);
    dds_join_st s = { dds_map_by_id(a.a), dds_map_by_id(a.b), dds_map_by_id(a.out),
                      (strads_join_fn)dds_fn_decode(a.ref), NULL, NULL, 0 };
    if (!s.a || !s.b || !s.out || !s.fn)
        return STRADS_EPROTO;
    s.res = malloc(s.out->vsz + 1);
    int rc = s.res ? dds_kv_foreach(&s.a->kv, dds_join_visit, &s) : STRADS_ENOMEM;
    free(s.res);
    free(s.vals);
    return rc;
}

int strads_dmap_join(strads_dmap **out, strads_dmap *a, strads_dmap *b, size_t out_val,
                     strads_join_fn fn)
{
    if (!out || !a || !b || !fn || a->ksz != b->ksz)
        return STRADS_EINVAL;
    dds_join_arg j = { a->id, b->id, 0, 0 };
    int rc = dds_fn_encode((const void *)fn, "strads_dmap_join", &j.ref);
    if (rc)
        return rc;
    dds_map *o;
    if ((rc = dds__map_create(a->ksz, out_val, a->multi || b->multi, &o)))
        return rc;
    j.out = o->id;
    if ((rc = strads_invoke_all(dds_nf_join, &j, sizeof j))) {
        strads_dmap_destroy(o);
        return rc;
    }
    *out = o;
    return 0;
}

