/*
 * dds/pretrain_ops.c - pretraining operators on dvectors: create with an init
 * function, map, reduce; and naming user functions across processes.
 *
 * Each operator is one node function run on every node (strads_invoke_all):
 * a node works on the elements it owns, in its own mapping, so no element
 * moves during the operator. The driver brackets the call with
 * dds_operator_begin/end like any parallel operator, which keeps its copy
 * coherent (dds/coherence.c).
 *
 * User functions travel as references made by rt_fnref_encode (the offset
 * from the base of the executable: ASLR moves the base, never the layout of
 * the one binary every node runs); a function from any other shared object
 * cannot be named and is refused with STRADS_ENOFUNC before anything runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"
#include "core/rt.h"

int dds_fn_encode(const void *fn, const char *what, uint64_t *ref)
{
    int rc = rt_fnref_encode(fn, ref);
    if (rc)
        rt_error("%s: the function at %p is not defined in the program (or "
                "libstrads), so other processes cannot name it; define it in the "
                "program, not in a shared library", what, fn);
    return rc;
}

void *dds_fn_decode(uint64_t ref)
{
    void *p = NULL;
    return rt_fnref_decode(ref, &p) ? NULL : p;
}

/* Runs fn(arg, i) for every element this node owns, index order within a
 * task; tasks of DDS_OPS_TASK elements go to the node's thread pool. */
#define DDS_OPS_TASK 4096

typedef struct dds_each {
    dds_vec *dv;
    int64_t lo, hi; /* contiguous partitions: owned range */
    int (*fn)(struct dds_each *e, int64_t i);
    _Atomic int rc;
    /* operator payload */
    void *user;
    dds_vec *out;
    uint64_t seed;
} dds_each;

static void dds_each_task(void *arg, int64_t task, int thread)
{
    (void)thread;
    dds_each *e = arg;
    int64_t lo = e->lo + task * DDS_OPS_TASK;
    int64_t hi = lo + DDS_OPS_TASK < e->hi ? lo + DDS_OPS_TASK : e->hi;
    int me = e->dv->me;
    for (int64_t i = lo; i < hi; i++) {
        if (e->dv->part == DDS_PART_HASH && dds_owner(e->dv, i) != me)
            continue;
        int rc = e->fn(e, i);
        if (rc < 0) {
            int zero = 0;
            atomic_compare_exchange_strong(&e->rc, &zero, rc);
            return;
        }
    }
}

static int dds_each_run(dds_each *e)
{
    if (e->dv->part == DDS_PART_HASH) {
        e->lo = 0;
        e->hi = e->dv->n;
    } else {
        dds_owned_range(e->dv, e->dv->me, &e->lo, &e->hi);
    }
    atomic_store(&e->rc, 0);
    int64_t ntasks = (e->hi - e->lo + DDS_OPS_TASK - 1) / DDS_OPS_TASK;
    if (ntasks > 0) {
        int rc = rt_pool_run(ntasks, dds_each_task, e);
        if (rc)
            return rc;
    }
    return atomic_load(&e->rc);
}

/* Marks everything this node owns in dv as changed (for the driver's pull). */
static void dds_mark_owned(dds_vec *dv)
{
    if (dv->part == DDS_PART_HASH)
        dds_mark_changed(dv, 0, dv->n);
    else
        dds_mark_changed(dv, dv->bounds[dv->me], dv->bounds[dv->me + 1]);
}

/* ---- create with init ---- */

typedef struct dds_init_arg {
    uint32_t id;
    uint64_t ref, seed;
} dds_init_arg;

static int dds_init_one(dds_each *e, int64_t i)
{
    strads_init_fn f = (strads_init_fn)e->user;
    return f(e->dv->base + (size_t)i * e->dv->elem, i, e->seed);
}

static int dds_nf_init(const void *arg, size_t len)
{
    dds_init_arg a;
    if (len != sizeof a)
        return STRADS_EPROTO;
    memcpy(&a, arg, sizeof a);
    dds_each e = { .dv = dds_vec_by_id(a.id), .fn = dds_init_one, .seed = a.seed };
    e.user = dds_fn_decode(a.ref);
    if (!e.dv || !e.user)
        return STRADS_EPROTO;
    int rc = dds_each_run(&e);
    dds_mark_owned(e.dv);
    return rc;
}

int strads_dvector_create(void **out, int64_t n, size_t elem, int part, strads_init_fn init,
                          uint64_t seed)
{
    if (!out || n < 0 || elem == 0 || (part != STRADS_PART_BLOCK && part != STRADS_PART_HASH))
        return STRADS_EINVAL;
    dds_init_arg a = { 0, 0, seed };
    int rc;
    if (init && (rc = dds_fn_encode((const void *)init, "strads_dvector_create", &a.ref)))
        return rc;
    dds_vec *dv;
    if ((rc = dds_vec_create(n, elem, 0, part, "strads_dvector_create", &dv)))
        return rc;
    if (init) {
        a.id = dv->id;
        rc = dds_operator_begin();
        int r2 = rc ? 0 : strads_invoke_all(dds_nf_init, &a, sizeof a);
        int r3 = dds_operator_end();
        rc = rc ? rc : r2 ? r2 : r3;
        if (rc) {
            dds_vec_destroy(dv);
            return rc;
        }
    }
    *out = dv->base;
    return 0;
}

int strads_dvector_info(const void *base, int64_t *n, size_t *elem)
{
    dds_vec *dv;
    if (!base || dds_lookup(base, &dv, NULL) || dv->base != (const char *)base)
        return STRADS_EINVAL;
    if (n)
        *n = dv->n;
    if (elem)
        *elem = dv->elem;
    return 0;
}

/* ---- map ---- */

typedef struct dds_map_arg {
    uint32_t in, out;
    uint64_t ref;
} dds_map_arg;

static int dds_map_one(dds_each *e, int64_t i)
{
    strads_map_fn f = (strads_map_fn)e->user;
    return f(e->out->base + (size_t)i * e->out->elem, e->dv->base + (size_t)i * e->dv->elem, i);
}

static int dds_nf_map(const void *arg, size_t len)
{
    dds_map_arg a;
    if (len != sizeof a)
        return STRADS_EPROTO;
    memcpy(&a, arg, sizeof a);
    dds_each e = { .dv = dds_vec_by_id(a.in), .out = dds_vec_by_id(a.out), .fn = dds_map_one };
    e.user = dds_fn_decode(a.ref);
    if (!e.dv || !e.out || !e.user)
        return STRADS_EPROTO;
    int rc = dds_each_run(&e);
    dds_mark_owned(e.out);
    return rc;
}

/* A vector laid out and partitioned like in (bounds copied), on every node. */
typedef struct dds_like_arg {
    uint32_t in, id;
    uint64_t base, elem;
} dds_like_arg;

static int dds_nf_like(const void *arg, size_t len)
{
    dds_like_arg a;
    if (len != sizeof a)
        return STRADS_EPROTO;
    memcpy(&a, arg, sizeof a);
    dds_vec *in = dds_vec_by_id(a.in), *out;
    if (!in)
        return STRADS_EPROTO;
    return dds_vec_attach(a.id, a.base, in->n, a.elem,
                          in->part == DDS_PART_HASH ? DDS_PART_HASH : DDS_PART_RANGE,
                          in->bounds, in->site, &out);
}

static int dds_nf_drop(const void *arg, size_t len)
{
    uint32_t id;
    if (len != sizeof id)
        return STRADS_EPROTO;
    memcpy(&id, arg, sizeof id);
    dds_vec *v = dds_vec_by_id(id);
    if (v)
        dds_vec_detach(v);
    return 0;
}

/* Driver: creates a vector partitioned like in, with elem-byte elements. */
static int dds_create_like(dds_vec *in, size_t elem, dds_vec **out)
{
    if (in->n > 0 && elem > SIZE_MAX / (size_t)in->n)
        return STRADS_ENOMEM;
    uintptr_t base;
    int rc = dds_arena_pick((size_t)in->n * elem, 0, &base);
    if (rc)
        return rc;
    dds_like_arg a = { in->id, dds_next_id(), base, elem };
    rc = strads_invoke_all(dds_nf_like, &a, sizeof a);
    if (rc) {
        strads_invoke_all(dds_nf_drop, &a.id, sizeof a.id);
        dds_arena_unpick(base, (size_t)in->n * elem);
        return rc;
    }
    *out = dds_vec_by_id(a.id);
    dds_track(*out);
    return 0;
}

int strads_dvector_map(void **out, const void *in, size_t out_elem, strads_map_fn fn)
{
    dds_vec *src, *dst;
    if (!out || !fn || out_elem == 0 || !in || dds_lookup(in, &src, NULL) ||
        src->base != (const char *)in)
        return STRADS_EINVAL;
    dds_map_arg a;
    int rc = dds_fn_encode((const void *)fn, "strads_dvector_map", &a.ref);
    if (rc)
        return rc;
    if ((rc = dds_create_like(src, out_elem, &dst)))
        return rc;
    a.in = src->id;
    a.out = dst->id;
    rc = dds_operator_begin();
    int r2 = rc ? 0 : strads_invoke_all(dds_nf_map, &a, sizeof a);
    int r3 = dds_operator_end();
    rc = rc ? rc : r2 ? r2 : r3;
    if (rc) {
        dds_vec_destroy(dst);
        return rc;
    }
    *out = dst->base;
    return 0;
}

/* ---- reduce ---- */

typedef struct dds_reduce_arg {
    uint32_t id;
    uint64_t fold, combine;
    uint64_t acc_len;
    /* followed by acc_len bytes of identity */
} dds_reduce_arg;

static void *dds_reduce_result; /* driver only: where rank 0 gathers partials */

static int dds_nf_reduce(const void *arg, size_t len)
{
    dds_reduce_arg a;
    if (len < sizeof a)
        return STRADS_EPROTO;
    memcpy(&a, arg, sizeof a);
    if (len != sizeof a + a.acc_len)
        return STRADS_EPROTO;
    dds_vec *dv = dds_vec_by_id(a.id);
    strads_fold_fn fold = (strads_fold_fn)dds_fn_decode(a.fold);
    if (!dv || !fold)
        return STRADS_EPROTO;
    char *acc = malloc(a.acc_len ? a.acc_len : 1);
    if (!acc)
        return STRADS_ENOMEM;
    memcpy(acc, (const char *)arg + sizeof a, a.acc_len);
    /* Sequential within the node: the fold order is part of the result. */
    int me = dv->me;
    if (dv->part == DDS_PART_HASH) {
        for (int64_t i = 0; i < dv->n; i++)
            if (dds_owner(dv, i) == me)
                fold(acc, dv->base + (size_t)i * dv->elem, i);
    } else {
        for (int64_t i = dv->bounds[me]; i < dv->bounds[me + 1]; i++)
            fold(acc, dv->base + (size_t)i * dv->elem, i);
    }
    int rc = strads_gather(acc, a.acc_len, me == 0 ? dds_reduce_result : NULL);
    free(acc);
    return rc;
}

int strads_dvector_reduce(const void *base, strads_fold_fn fold, strads_combine_fn combine,
                          void *acc, size_t acc_len)
{
    dds_vec *dv;
    if (!base || !fold || !combine || !acc || acc_len == 0 || dds_lookup(base, &dv, NULL) ||
        dv->base != (const char *)base)
        return STRADS_EINVAL;
    dds_reduce_arg a = { dv->id, 0, 0, acc_len };
    int rc = dds_fn_encode((const void *)fold, "strads_dvector_reduce", &a.fold);
    if (!rc)
        rc = dds_fn_encode((const void *)combine, "strads_dvector_reduce", &a.combine);
    if (rc)
        return rc;
    int nodes = strads_size();
    char *buf = malloc(sizeof a + acc_len);
    char *parts = malloc((size_t)nodes * acc_len);
    if (!buf || !parts) {
        free(buf);
        free(parts);
        return STRADS_ENOMEM;
    }
    memcpy(buf, &a, sizeof a);
    memcpy(buf + sizeof a, acc, acc_len);
    dds_reduce_result = parts;
    /* Reads only: the driver's writes must reach the owners first. */
    rc = dds_operator_begin();
    int r2 = rc ? 0 : strads_invoke_all(dds_nf_reduce, buf, sizeof a + acc_len);
    int r3 = dds_operator_end();
    rc = rc ? rc : r2 ? r2 : r3;
    dds_reduce_result = NULL;
    if (!rc) {
        memcpy(acc, parts, acc_len);
        for (int r = 1; r < nodes; r++)
            combine(acc, parts + (size_t)r * acc_len);
    }
    free(buf);
    free(parts);
    return rc;
}
