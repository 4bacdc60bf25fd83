/*
 * dds/registry.c - which distributed arrays exist, where, and who owns what.
 *
 * Every node keeps the same table of dvectors (base address, length, element
 * size, partition), sorted by address so that the reconnaissance and the loop
 * engines can turn any pointer into (vector, element index) with a binary
 * search, and so that strads_free / strads_is_dvector work on any pointer.
 * Vectors are created and destroyed by the driver with a node function run on
 * every node, which keeps the tables identical: a creation reaches the
 * workers later, before anything else does (rt_invoke_later). This file
 * also holds the partition math and the allocation entry points that generated
 * code calls for `#pragma strads dvector`.
 *
 * Threads: the table changes only between operators (driver main thread, or
 * a node function on a worker's main thread); lookups during an operator are
 * lock-free reads of a table nobody writes.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"
#include "strads_generated.h"
#include "core/rt.h"

static dds_vec **dds_vecs; /* sorted by base */
static size_t dds_nvecs, dds_capvecs;
static uint32_t dds_last_id;

uint32_t dds_next_id(void)
{
    return ++dds_last_id;
}

uint64_t dds_hash64(uint64_t x)
{
    /* A 64-bit finalizer (xor-shift-multiply): cheap and well mixed, so that
     * both the low bits (table slots) and the high bits (owners) are usable. */
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

uint64_t dds_hash_bytes(const void *p, size_t len)
{
    const unsigned char *s = p;
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ len;
    while (len >= 8) {
        uint64_t w;
        memcpy(&w, s, 8);
        h = dds_hash64(h ^ w);
        s += 8;
        len -= 8;
    }
    if (len) {
        uint64_t w = 0;
        memcpy(&w, s, len);
        h = dds_hash64(h ^ w ^ 0x5bd1e995);
    }
    return h;
}

int dds_owner(const dds_vec *dv, int64_t i)
{
    if (dv->part == DDS_PART_HASH)
        return (int)((dds_hash64((uint64_t)i) >> 16) % (uint64_t)dv->nodes);
    /* Largest r with bounds[r] <= i; bounds are non-decreasing. */
    int lo = 0, hi = dv->nodes - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (dv->bounds[mid] <= i)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

void dds_owned_range(const dds_vec *dv, int r, int64_t *lo, int64_t *hi)
{
    *lo = dv->bounds[r];
    *hi = dv->bounds[r + 1];
}

/* ---- the table ---- */

static size_t dds_find_slot(uintptr_t a)
{
    size_t lo = 0, hi = dds_nvecs;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if ((uintptr_t)dds_vecs[mid]->base <= a)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo; /* first vector with base > a */
}

int dds_lookup(const void *addr, dds_vec **dv, int64_t *elem_index)
{
    uintptr_t a = (uintptr_t)addr;
    size_t k = dds_find_slot(a);
    if (k == 0)
        return STRADS_ENOTFOUND;
    dds_vec *v = dds_vecs[k - 1];
    size_t off = a - (uintptr_t)v->base;
    /* an empty vector (calloc(0, ...): a layer without weights) is its
     * first address, as malloc(0) gives one to free */
    if (off >= (size_t)v->n * v->elem && (off || v->n))
        return STRADS_ENOTFOUND;
    *dv = v;
    if (elem_index)
        *elem_index = (int64_t)(off / v->elem);
    return 0;
}

dds_vec *dds_mapping_of(const void *addr)
{
    uintptr_t a = (uintptr_t)addr;
    size_t k = dds_find_slot(a);
    if (k == 0)
        return NULL;
    dds_vec *v = dds_vecs[k - 1];
    return a - (uintptr_t)v->base < v->bytes ? v : NULL;
}

void dds_gap(const void *addr, uintptr_t *lo, uintptr_t *hi)
{
    uintptr_t a = (uintptr_t)addr;
    size_t k = dds_find_slot(a);
    *lo = 0;
    *hi = UINTPTR_MAX;
    if (k > 0) {
        const dds_vec *v = dds_vecs[k - 1];
        *lo = (uintptr_t)v->base + (size_t)v->n * v->elem;
    }
    if (k < dds_nvecs) *hi = (uintptr_t)dds_vecs[k]->base;
}

dds_vec *dds_vec_by_id(uint32_t id)
{
    for (size_t k = 0; k < dds_nvecs; k++)
        if (dds_vecs[k]->id == id)
            return dds_vecs[k];
    return NULL;
}

void dds_vec_foreach(void (*fn)(dds_vec *dv, void *arg), void *arg)
{
    for (size_t k = 0; k < dds_nvecs; k++)
        fn(dds_vecs[k], arg);
}

static int dds_table_add(dds_vec *v)
{
    if (dds_nvecs == dds_capvecs) {
        size_t nc = dds_capvecs ? 2 * dds_capvecs : 16;
        dds_vec **nv = realloc(dds_vecs, nc * sizeof *nv);
        if (!nv)
            return STRADS_ENOMEM;
        dds_vecs = nv;
        dds_capvecs = nc;
    }
    size_t k = dds_find_slot((uintptr_t)v->base);
    memmove(&dds_vecs[k + 1], &dds_vecs[k], (dds_nvecs - k) * sizeof *dds_vecs);
    dds_vecs[k] = v;
    dds_nvecs++;
    if (v->id > dds_last_id)
        dds_last_id = v->id; /* a driver restarted from images keeps ids unique */
    return 0;
}

static void dds_table_remove(dds_vec *v)
{
    for (size_t k = 0; k < dds_nvecs; k++)
        if (dds_vecs[k] == v) {
            memmove(&dds_vecs[k], &dds_vecs[k + 1], (dds_nvecs - k - 1) * sizeof *dds_vecs);
            dds_nvecs--;
            return;
        }
}

int dds_vec_attach(uint32_t id, uintptr_t base, int64_t n, size_t elem, int part,
                   const int64_t *bounds, const char *site, dds_vec **out)
{
    int rc = dds_init();
    if (rc)
        return rc;
    int nodes = strads_size(), me = strads_rank();
    dds_vec *v = calloc(1, sizeof *v);
    if (!v)
        return STRADS_ENOMEM;
    v->id = id;
    v->base = (char *)base;
    v->n = n;
    v->elem = elem;
    v->part = part;
    v->nodes = nodes;
    v->me = me;
    size_t ps = dds_page_size();
    v->bytes = ((size_t)n * elem + ps - 1) / ps * ps;
    if (v->bytes == 0)
        v->bytes = ps;
    snprintf(v->site, sizeof v->site, "%s", site ? site : "?");
    v->nchunks = (v->bytes + (1u << DDS_CHUNK_SHIFT) - 1) >> DDS_CHUNK_SHIFT;
    v->changed = calloc((v->nchunks + 63) / 64, sizeof *v->changed);
    if (part != DDS_PART_HASH)
        v->bounds = malloc((size_t)(nodes + 1) * sizeof *v->bounds);
    if (!v->changed || (part != DDS_PART_HASH && !v->bounds)) {
        rc = STRADS_ENOMEM;
        goto fail;
    }
    if (part == DDS_PART_RANGE) {
        memcpy(v->bounds, bounds, (size_t)(nodes + 1) * sizeof *v->bounds);
    } else if (part == DDS_PART_BLOCK) {
        for (int r = 0; r <= nodes; r++)
            v->bounds[r] = (int64_t)((unsigned __int128)n * (unsigned)r / (unsigned)nodes);
    }
    if ((rc = dds_arena_map(base, v->bytes)))
        goto fail;
    if (me == 0) /* the driver's coherent copy */
        dds_arena_dense((void *)base, v->bytes);
    else if (part != DDS_PART_HASH) /* hashed elements may be sparse in every page */
        dds_arena_dense((char *)base + (size_t)v->bounds[me] * elem,
                        (size_t)(v->bounds[me + 1] - v->bounds[me]) * elem);
    if ((rc = dds_table_add(v))) {
        dds_arena_unmap(base, v->bytes);
        goto fail;
    }
    *out = v;
    return 0;
fail:
    free((void *)v->changed);
    free(v->bounds);
    free(v);
    return rc;
}

void dds_vec_detach(dds_vec *v)
{
    dds_untrack(v);
    dds_table_remove(v);
    dds_arena_unmap((uintptr_t)v->base, v->bytes);
    free((void *)v->changed);
    free(v->keep);
    free((void *)v->dirty);
    free((void *)v->opened);
    free(v->bounds);
    free(v);
}

/* ---- node functions: the same table change on every node ---- */

typedef struct dds_attach_arg {
    uint32_t id;
    int32_t part;
    uint64_t base;
    int64_t n;
    uint64_t elem;
    char site[96];
} dds_attach_arg;

static int dds_nf_attach(const void *arg, size_t len)
{
    dds_attach_arg a;
    if (len != sizeof a)
        return STRADS_EPROTO;
    memcpy(&a, arg, sizeof a);
    a.site[sizeof a.site - 1] = 0;
    dds_vec *v;
    int rc = dds_vec_attach(a.id, a.base, a.n, a.elem, a.part, NULL, a.site, &v);
    /* A worker's own partition of an array the driver allocated: its
     * elements arrive at the first operator (the driver's writes) or are
     * made there, so it is mapped in now, while the driver's sequential
     * code runs, not inside that operator (fresh memory in a VM: 3-5 ms a
     * MB; the co-occurrence trainer's first epoch at 2x1 spent 0.14 s of
     * its push there). */
    if (!rc && v->me != 0 && v->part == DDS_PART_BLOCK) {
        size_t lo = (size_t)v->bounds[v->me] * v->elem, hi = (size_t)v->bounds[v->me + 1] * v->elem;
        if (hi > lo && dds_arena_may_fill(hi - lo)) dds__populate_later(v->base + lo, hi - lo);
    }
    return rc;
}

static int dds_nf_detach(const void *arg, size_t len)
{
    uint32_t id;
    if (len != sizeof id)
        return STRADS_EPROTO;
    memcpy(&id, arg, sizeof id);
    dds_vec *v = dds_vec_by_id(id);
    if (!v)
        return STRADS_ENOTFOUND;
    dds_vec_detach(v);
    return 0;
}

int dds_vec_create(int64_t n, size_t elem, size_t align, int part, const char *site,
                   dds_vec **out)
{
    if (n < 0 || elem == 0 || (part != DDS_PART_BLOCK && part != DDS_PART_HASH))
        return STRADS_EINVAL;
    if (strads_rank() != 0)
        return STRADS_ESTATE; /* only the driver's sequential code allocates */
    if (n > 0 && elem > SIZE_MAX / (size_t)n)
        return STRADS_ENOMEM;
    int rc = dds_init();
    if (rc)
        return rc;
    /* Refused here, like malloc, when the driver's node could not hold it;
     * a node with less memory refuses at attach and the driver undoes it. */
    if ((rc = dds_arena_fits((size_t)n * elem)))
        return rc;
    dds_attach_arg a;
    memset(&a, 0, sizeof a);
    uintptr_t base;
    if ((rc = dds_arena_pick((size_t)n * elem, align, &base)))
        return rc;
    a.id = dds_next_id();
    a.part = part;
    a.base = base;
    a.n = n;
    a.elem = elem;
    snprintf(a.site, sizeof a.site, "%s", site ? site : "?");
    /* The workers attach it later (core/rpc.c's courier), before anything
     * else reaches them: the program's start does not wait for theirs. */
    char what[sizeof a.site + 64];
    snprintf(what, sizeof what, "placing the distributed array allocated at %s", a.site);
    rc = rt_invoke_later(dds_nf_attach, &a, sizeof a, a.id, what);
    dds_vec *v = dds_vec_by_id(a.id);
    if (rc) {
        dds_arena_unpick(base, (size_t)n * elem);
        return rc;
    }
    if (!v)
        return STRADS_ESTATE;
    dds_track(v);
    *out = v;
    return 0;
}

int dds_vec_destroy(dds_vec *v)
{
    uintptr_t base = (uintptr_t)v->base;
    size_t bytes = (size_t)v->n * v->elem;
    uint32_t id = v->id;
    /* One the workers were never given is the driver's alone. */
    int rc = rt_invoke_unlater(dds_nf_attach, id) ? dds_nf_detach(&id, sizeof id)
                                                 : strads_invoke_all(dds_nf_detach, &id, sizeof id);
    dds_arena_unpick(base, bytes);
    return rc;
}

/* ---- the entry points generated code calls for #pragma strads dvector ---- */

static void *dds_dv_alloc(size_t total, size_t elem, size_t align, const char *site)
{
    if (elem == 0)
        elem = 1;
    /* A size that is not a multiple of the element (row(n) on an odd total)
     * still gets all the bytes asked for: the last element is partial. */
    int64_t n = (int64_t)(total / elem + (total % elem != 0));
    dds_vec *v;
    int rc = dds_vec_create(n, elem, align, DDS_PART_BLOCK, site, &v);
    if (rc) {
        rt_error("%s: cannot allocate a distributed array of %zu bytes: %s%s",
                 site ? site : "?", total, strads_strerror(rc),
                 rc == STRADS_ENOMEM ? " (more than a node's memory and swap allow, or than the "
                                       "arena's address space); returning NULL" : "");
        errno = ENOMEM;
        return NULL;
    }
    return v->base;
}

void *strads_dv_malloc(size_t total, size_t elem, const char *site)
{
    return dds_dv_alloc(total, elem, 0, site);
}

void *strads_dv_calloc(size_t n, size_t size, size_t elem, const char *site)
{
    if (size && n > SIZE_MAX / size) {
        errno = ENOMEM;
        return NULL;
    }
    return dds_dv_alloc(n * size, elem, 0, site); /* fresh mappings are zero */
}

void *strads_dv_aligned_alloc(size_t align, size_t total, size_t elem, const char *site)
{
    if (align == 0 || (align & (align - 1))) {
        errno = EINVAL;
        return NULL;
    }
    return dds_dv_alloc(total, elem, align, site);
}

int strads_dv_posix_memalign(void **out, size_t align, size_t total, size_t elem,
                             const char *site)
{
    if (!out || align < sizeof(void *) || (align & (align - 1)))
        return EINVAL;
    void *p = dds_dv_alloc(total, elem, align, site);
    if (!p)
        return ENOMEM;
    *out = p;
    return 0;
}

/* stradscc links programs with -Wl,--wrap=free, so every free() in the
 * program's own objects lands here - also in files stradsc never saw, where
 * a distributed array may be freed after travelling through a pointer.
 * libstrads itself is linked without the wrap: its free() is libc's. */
void __wrap_free(void *p)
{
    strads_free(p);
}

void strads_free(void *p)
{
    if (!p)
        return;
    if (!dds_in_arena(p)) {
        free(p);
        return;
    }
    dds_vec *v;
    if (dds_lookup(p, &v, NULL)) {
        rt_error("free(%p): not a live distributed array", p);
        return;
    }
    if (v->base != (char *)p) {
        rt_error("free(%p): points inside the distributed array allocated "
                        "at %s, not to its start", p, v->site);
        return;
    }
    char site[sizeof v->site];
    memcpy(site, v->site, sizeof site);
    int rc = dds_vec_destroy(v);
    if (rc)
        rt_error("free of distributed array allocated at %s: %s", site,
                strads_strerror(rc));
}

void *strads_realloc(void *p, size_t size)
{
    if (!p || !dds_in_arena(p))
        return realloc(p, size);
    dds_vec *v;
    if (dds_lookup(p, &v, NULL) || v->base != (char *)p) {
        rt_error("realloc(%p): not the start of a live distributed array", p);
        errno = EINVAL;
        return NULL;
    }
    if (!size) { /* as glibc's realloc(p, 0) */
        strads_free(p);
        return NULL;
    }
    if (size % v->elem) {
        rt_error("realloc of the distributed array allocated at %s to %zu bytes: not a whole "
                 "number of its %zu-byte elements", v->site, size, v->elem);
        errno = EINVAL;
        return NULL;
    }
    char site[sizeof v->site];
    memcpy(site, v->site, sizeof site);
    size_t old = v->bytes;
    char *q = dds_dv_alloc(size, v->elem, 0, site);
    if (!q)
        return NULL; /* p stays, as realloc leaves it */
    memcpy(q, p, old < size ? old : size);
    strads_free(p);
    return q;
}

int strads_is_dvector(const void *p)
{
    dds_vec *v;
    return dds_in_arena(p) && dds_lookup(p, &v, NULL) == 0;
}

int dds__has_collections(void)
{
    return dds_nvecs > 0;
}
