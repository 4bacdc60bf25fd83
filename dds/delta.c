/*
 * dds/delta.c - write-back of deltas for sync_for (aggregation at owners).
 *
 * In a data-parallel round several nodes update the same rows. Each node
 * took a snapshot of the rows it prefetched (dds_snapshot); at the sync point
 * every node sends, for each snapshot row, delta = current - snapshot to the
 * row's owner (one all-to-all exchange), and the owner computes
 *     row = base + d_0 (+) d_1 (+) ... (+) d_{N-1}
 * combining contributions in rank order (never arrival order: rule 2 of
 * docs/design.md §6, so a replay is bit for bit identical). base is the owner's
 * own snapshot of the row when it has one (its current value already holds
 * its own update, which arrives again as d_me), else its current value.
 * A floating scalar that one node alone changed gets that node's value:
 * base + (value - base) rounds a small value written over a large one to
 * the large one's precision (0.001f written over 1e8f came out 0: an OpenMP
 * loop's output buffer, rewritten every step), as a node's own fold of its
 * threads does (engine/loop_sync_deltas.c's RT_PUT). So where start +
 * delta is not the value, the sender's record carries the value instead
 * (DDS_VALUE in its index), and the owner takes the delta from its base,
 * the start every node began the round from.
 * SUM adds, AVG adds the mean of the contributions, FN calls a registered
 * function per contribution. Other nodes' copies of the row are stale after
 * the round, unless the owner sent them back: after combining, each owner
 * returns every contributor the combined value of the rows it contributed
 * to, with its status, in a second exchange. That exchange is the
 * agreement on errors and the barrier at once (a node has it complete only
 * when every owner has combined, so its next prefetch never reads a row
 * half combined). Rows go back only to a node that contributed to all of
 * the owner's rows, and where that brought back every row a node does not
 * own (a dense model: every node writes all of W) the node's copy is whole and
 * the next refresh can be skipped (dv->combined_all): two message hops per
 * synchronization instead of five (refresh request and reply, exchange,
 * all-reduce through rank 0). A caller may keep its updated values aside
 * (dds_writeback_deltas_from) instead of in its copy: then nothing writes an
 * owned row before the exchange, when every node has sent, that is finished
 * reading for the round.
 */
#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"

struct dds_snap {
    dds_vec *dv;
    int64_t *idx; /* sorted, unique */
    size_t n;
    char *vals;   /* n * elem bytes */
};

static int dds_cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

int dds_snapshot(dds_vec *dv, const int64_t *idx, size_t n, dds_snap **out)
{
    dds_snap *s = calloc(1, sizeof *s);
    if (!s)
        return STRADS_ENOMEM;
    s->dv = dv;
    s->idx = malloc((n ? n : 1) * sizeof *s->idx);
    if (!s->idx) {
        free(s);
        return STRADS_ENOMEM;
    }
    if (n) {
        memcpy(s->idx, idx, n * sizeof *idx);
        /* a clock's elements mostly come sorted (whole arrays, a block's
         * rows): sorting them again cost a stencil's call more than its
         * copies */
        size_t k = 1;
        while (k < n && s->idx[k - 1] <= s->idx[k]) k++;
        if (k < n) qsort(s->idx, n, sizeof *s->idx, dds_cmp64);
    }
    size_t u = 0;
    for (size_t k = 0; k < n; k++) {
        if (s->idx[k] < 0 || s->idx[k] >= dv->n) {
            free(s->idx);
            free(s);
            return STRADS_EINVAL;
        }
        if (!u || s->idx[u - 1] != s->idx[k])
            s->idx[u++] = s->idx[k];
    }
    s->n = u;
    s->vals = malloc((u ? u : 1) * dv->elem);
    if (!s->vals) {
        dds_snap_free(s);
        return STRADS_ENOMEM;
    }
    for (size_t k = 0; k < u; k++)
        memcpy(s->vals + k * dv->elem, dv->base + (size_t)s->idx[k] * dv->elem, dv->elem);
    *out = s;
    return 0;
}

void dds_snap_free(dds_snap *s)
{
    if (!s)
        return;
    free(s->idx);
    free(s->vals);
    free(s);
}

static size_t dds_type_size(strads_type t)
{
    switch (t) {
    case STRADS_T_I32: case STRADS_T_F32: return 4;
    case STRADS_T_I64: case STRADS_T_U64: case STRADS_T_F64: return 8;
    }
    return 0;
}

/* out = a - b, elementwise over elem bytes of type t; a scalar whose bytes
 * did not change changed by 0, also at infinity or NaN (where x - x is NaN:
 * an untouched infinite member of a changed row would become NaN). */
static void dds_vsub(strads_type t, void *out, const void *a, const void *b, size_t elem)
{
    size_t n = elem / dds_type_size(t);
#define DDS_SUB(T)                                                                   \
    for (size_t k = 0; k < n; k++) {                                                 \
        T x, y;                                                                      \
        memcpy(&x, (const char *)a + k * sizeof(T), sizeof(T));                      \
        memcpy(&y, (const char *)b + k * sizeof(T), sizeof(T));                      \
        x = memcmp(&x, &y, sizeof(T)) ? (T)(x - y) : (T)0;                          \
        memcpy((char *)out + k * sizeof(T), &x, sizeof(T));                          \
    }
    switch (t) {
    case STRADS_T_I32: DDS_SUB(int32_t) break;
    case STRADS_T_I64: DDS_SUB(int64_t) break;
    case STRADS_T_U64: DDS_SUB(uint64_t) break;
    case STRADS_T_F32: DDS_SUB(float) break;
    case STRADS_T_F64: DDS_SUB(double) break;
    }
#undef DDS_SUB
}

/* Does start + delta miss the value of some floating scalar (the owner
 * then needs the value itself, when it starts from the same start)? */
static bool dds_inexact(strads_type t, const void *start, const void *d, const void *val, size_t elem)
{
#define DDS_INEXACT(T)                                                               \
    for (size_t k = 0; k < elem / sizeof(T); k++) {                                  \
        T x, y, v;                                                                   \
        memcpy(&x, (const char *)start + k * sizeof(T), sizeof(T));                  \
        memcpy(&y, (const char *)d + k * sizeof(T), sizeof(T));                      \
        memcpy(&v, (const char *)val + k * sizeof(T), sizeof(T));                    \
        T z = (T)(x + y);                                                            \
        if (memcmp(&z, &v, sizeof(T)))                                               \
            return true;                                                             \
    }
    if (t == STRADS_T_F32) {
        DDS_INEXACT(float)
    } else if (t == STRADS_T_F64) {
        DDS_INEXACT(double)
    }
#undef DDS_INEXACT
    return false;
}

/* A record whose payload is the sender's value, not its delta (an index
 * is below 2^62). */
#define DDS_VALUE ((int64_t)1 << 62)

/* The values of one sender's value records, by the records' offsets in
 * its message, in order; at walks them as the records are read in turn. */
typedef struct dds_values {
    size_t *off;
    char *v;
    size_t n, cap, at;
} dds_values;

static const char *dds_value_at(dds_values *x, size_t off, size_t elem)
{
    while (x->at < x->n && x->off[x->at] < off)
        x->at++;
    return x->at < x->n && x->off[x->at] == off ? x->v + x->at * elem : NULL;
}

static void dds_vadd(strads_type t, void *acc, const void *d, size_t elem, int64_t div)
{
    size_t n = elem / dds_type_size(t);
#define DDS_ADD(T)                                                                   \
    for (size_t k = 0; k < n; k++) {                                                 \
        T x, y;                                                                      \
        memcpy(&x, (char *)acc + k * sizeof(T), sizeof(T));                          \
        memcpy(&y, (const char *)d + k * sizeof(T), sizeof(T));                      \
        x = (T)(x + (div > 1 ? (T)(y / (T)div) : y));                                \
        memcpy((char *)acc + k * sizeof(T), &x, sizeof(T));                          \
    }
    switch (t) {
    case STRADS_T_I32: DDS_ADD(int32_t) break;
    case STRADS_T_I64: DDS_ADD(int64_t) break;
    case STRADS_T_U64: DDS_ADD(uint64_t) break;
    case STRADS_T_F32: DDS_ADD(float) break;
    case STRADS_T_F64: DDS_ADD(double) break;
    }
#undef DDS_ADD
}

/* Scalar k of a floating row: acc[k] += d[k], over c[k] for a mean, where
 * d[k]'s bytes are not all zero (an untouched scalar keeps its bytes); the
 * sender's value v[k] where it alone changed the scalar (v: its values,
 * when its record carried them, or NULL). */
static void dds_vadd_each(strads_type t, void *acc, const void *d, size_t n, const int32_t *c,
                          bool mean, const void *v)
{
#define DDS_ADD_EACH(T, U)                                                           \
    for (size_t k = 0; k < n; k++) {                                                 \
        T x, y;                                                                      \
        U bits;                                                                      \
        memcpy(&bits, (const char *)d + k * sizeof(T), sizeof(T));                   \
        if (!bits) continue;                                                         \
        char *a = (char *)acc + k * sizeof(T);                                       \
        if (v && c[k] == 1) {                                                        \
            memcpy(a, (const char *)v + k * sizeof(T), sizeof(T));                   \
            continue;                                                                \
        }                                                                            \
        memcpy(&y, &bits, sizeof(T));                                                \
        memcpy(&x, a, sizeof(T));                                                    \
        x += mean && c[k] > 1 ? y / (T)c[k] : y;                                     \
        memcpy(a, &x, sizeof(T));                                                    \
    }
    if (t == STRADS_T_F64) {
        DDS_ADD_EACH(double, uint64_t)
    } else {
        DDS_ADD_EACH(float, uint32_t)
    }
#undef DDS_ADD_EACH
}

/* The sums of integer contributions: acc += d, n scalars, an int's in an
 * int64 (isum's width), the others in their type. */
static void isum_add(strads_type t, void *acc, const void *d, size_t n)
{
    if (t != STRADS_T_I32) {
        dds_vadd(t, acc, d, n * dds_type_size(t), 1);
        return;
    }
    for (size_t k = 0; k < n; k++) {
        int64_t a;
        int32_t y;
        memcpy(&a, (char *)acc + k * 8, 8);
        memcpy(&y, (const char *)d + k * 4, 4);
        a += y;
        memcpy((char *)acc + k * 8, &a, 8);
    }
}

/* acc += the mean of the contributions whose sum is sum, over div of them
 * (per: over per[k] for scalar k, those that changed it),
 * rounded to nearest (integers only: dividing each contribution first
 * truncated two processes' equal assignments, flag[k] = 1, to 0). Deltas
 * of unsigned elements are two's-complement changes: signed here. */
static void dds_vadd_mean_int(strads_type t, void *acc, const void *sum, size_t elem, int64_t div,
                              const int32_t *per)
{
    size_t n = elem / dds_type_size(t);
#define DDS_MEAN(T, S)                                                                   for (size_t k = 0; k < n; k++) {                                                         T x;                                                                                 S y;                                                                                 memcpy(&x, (char *)acc + k * sizeof(T), sizeof(T));                                  memcpy(&y, (const char *)sum + k * sizeof(S), sizeof(S));                             int64_t dv_ = per ? per[k] : div; if (dv_ <= 0) continue; S q = (S)((y >= 0 ? y + (S)(dv_ / 2) : y - (S)(dv_ / 2)) / (S)dv_);                  x = (T)(x + (T)q);                                                                   memcpy((char *)acc + k * sizeof(T), &x, sizeof(T));                              }
    switch (t) {
    case STRADS_T_I32: DDS_MEAN(int32_t, int64_t) break;
    case STRADS_T_I64: DDS_MEAN(int64_t, int64_t) break;
    case STRADS_T_U64: DDS_MEAN(uint64_t, int64_t) break;
    default: break;
    }
#undef DDS_MEAN
}

/* Index of i in the snapshot, or -1. */
static ptrdiff_t dds_snap_find(const dds_snap *s, int64_t i)
{
    size_t lo = 0, hi = s->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (s->idx[mid] < i)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < s->n && s->idx[lo] == i ? (ptrdiff_t)lo : -1;
}

/* Elements of dv that node me does not own; -1 for a hash-partitioned
 * array (counting would cost a pass a clock: such arrays get no rows back). */
static int64_t not_owned(const dds_vec *dv, int me)
{
    if (dv->part != DDS_PART_HASH && dv->bounds)
        return dv->n - (dv->bounds[me + 1] - dv->bounds[me]);
    return -1;
}

/* The second exchange: status, then (index, combined row) for every row
 * the peer contributed to (in[r], (index, delta) records). Reuses out[] for
 * the messages. Returns the worst status of all nodes, the same everywhere. */
static int send_back(dds_vec *dv, int rc, void **in, size_t *inl, void **out, size_t *outl)
{
    int nodes = strads_size(), me = strads_rank();
    size_t rec = 8 + dv->elem;
    /* Rows go back only to a peer that contributed to every row this node
     * owns (a dense model): only there can they make its copy whole; a
     * sparse model's write-back would otherwise carry its rows twice. */
    int64_t others = not_owned(dv, me), mine = others < 0 ? -1 : dv->n - others;
    for (int r = 0; r < nodes; r++) {
        size_t rows = r == me || rc || (int64_t)(inl[r] / rec) != mine ? 0 : inl[r] / rec;
        void *m = realloc(out[r], 4 + rows * rec);
        if (!m) {
            rc = rc ? rc : STRADS_ENOMEM;
            rows = 0;
            m = realloc(out[r], 4);
            if (!m)
                return STRADS_ENOMEM; /* the peers' exchange then fails too */
        }
        out[r] = m;
        outl[r] = 4 + rows * rec;
        for (size_t k = 0; k < rows; k++) {
            int64_t i;
            memcpy(&i, (char *)in[r] + k * rec, 8);
            memcpy((char *)m + 4 + k * rec, &i, 8);
            memcpy((char *)m + 4 + k * rec + 8, dv->base + (size_t)i * dv->elem, dv->elem);
        }
    }
    for (int r = 0; r < nodes; r++) {
        int32_t st = rc;
        memcpy(out[r], &st, 4);
        free(in[r]);
        in[r] = NULL;
    }
    int xrc = dds_exchange(dds_xchg_tag(), out, outl, in, inl);
    if (xrc)
        return xrc;
    int worst = rc;
    int64_t got = 0;
    for (int r = 0; r < nodes; r++) {
        int32_t st;
        if (inl[r] < 4 || (inl[r] - 4) % rec) {
            worst = worst ? worst : STRADS_EPROTO;
            continue;
        }
        memcpy(&st, in[r], 4);
        if (st < worst)
            worst = st;
        if (r == me || st)
            continue;
        for (size_t off = 4; off + rec <= inl[r]; off += rec) {
            int64_t i;
            memcpy(&i, (char *)in[r] + off, 8);
            if (i < 0 || i >= dv->n || dds_owner(dv, i) != r) {
                worst = worst ? worst : STRADS_EPROTO;
                break;
            }
            memcpy(dv->base + (size_t)i * dv->elem, (char *)in[r] + off + 8, dv->elem);
            got++;
        }
    }
    /* rows come back once each: every one this node does not own came */
    dv->combined_all = !worst && others >= 0 && got == others;
    return worst;
}

int dds_writeback_deltas(dds_vec *dv, dds_snap *s, const dds_agg *agg)
{
    return dds_writeback_deltas_from(dv, s, NULL, agg);
}

int dds_writeback_deltas_from(dds_vec *dv, dds_snap *s, const void *vals, const dds_agg *agg)
{
    /* The type says how to subtract (every kind sends deltas). */
    if (!dv || !s || s->dv != dv || !agg || (agg->kind == DDS_AGG_FN && !agg->fn) ||
        !dds_type_size(agg->type) || dv->elem % dds_type_size(agg->type))
        return STRADS_EINVAL;
    int nodes = strads_size(), me = strads_rank(), rc = 0;
    size_t rec = 8 + dv->elem;
    void **out = calloc((size_t)nodes, sizeof *out);
    size_t *outl = calloc((size_t)nodes, sizeof *outl), *cnt = calloc((size_t)nodes, sizeof *cnt);
    void **in = calloc((size_t)nodes, sizeof *in);
    size_t *inl = calloc((size_t)nodes, sizeof *inl);
    if (!out || !outl || !cnt || !in || !inl)
        rc = STRADS_ENOMEM;
    /* Per-owner records (index, delta), in index order; (index |
     * DDS_VALUE, value) where start + delta is not the value. */
    bool real = agg->type == STRADS_T_F32 || agg->type == STRADS_T_F64;
    for (size_t k = 0; !rc && k < s->n; k++)
        cnt[dds_owner(dv, s->idx[k])]++;
    for (int r = 0; !rc && r < nodes; r++)
        if (!(out[r] = malloc(cnt[r] * rec + 1)))
            rc = STRADS_ENOMEM;
    for (size_t k = 0; !rc && k < s->n; k++) {
        int r = dds_owner(dv, s->idx[k]);
        char *p = (char *)out[r] + outl[r];
        memcpy(p, &s->idx[k], 8);
        const char *cur = vals ? (const char *)vals + k * dv->elem
                               : dv->base + (size_t)s->idx[k] * dv->elem;
        const char *start = s->vals + k * dv->elem;
        if (agg->changed_only && !memcmp(cur, start, dv->elem))
            continue;
        dds_vsub(agg->type, p + 8, cur, start, dv->elem);
        if (real && agg->kind != DDS_AGG_FN && dds_inexact(agg->type, start, p + 8, cur, dv->elem)) {
            int64_t vi = s->idx[k] | DDS_VALUE;
            memcpy(p, &vi, 8);
            memcpy(p + 8, cur, dv->elem);
        }
        outl[r] += rec;
    }
    /* A node whose exchange completed has every contribution to its rows
     * and combines them; the errors are agreed on afterwards. */
    if (!rc)
        rc = dds_exchange(dds_xchg_tag(), out, outl, in, inl);
    /* Value records: the flag off their index, their offsets kept (their
     * values move aside once the rows hold their base, after pass 1). */
    dds_values *vrec = rc ? NULL : calloc((size_t)nodes, sizeof *vrec);
    if (!rc && !vrec)
        rc = STRADS_ENOMEM;
    for (int r = 0; !rc && r < nodes; r++)
        for (size_t off = 0; !rc && off + rec <= inl[r]; off += rec) {
            int64_t i;
            memcpy(&i, (char *)in[r] + off, 8);
            if (i < 0 || !(i & DDS_VALUE))
                continue;
            i &= ~DDS_VALUE;
            memcpy((char *)in[r] + off, &i, 8);
            dds_values *x = &vrec[r];
            if (x->n == x->cap) {
                size_t c2 = x->cap ? 2 * x->cap : 64;
                size_t *o2 = realloc(x->off, c2 * sizeof *o2);
                if (o2)
                    x->off = o2;
                char *v2 = o2 ? realloc(x->v, c2 * dv->elem) : NULL;
                if (v2)
                    x->v = v2;
                if (!o2 || !v2) {
                    rc = STRADS_ENOMEM;
                    break;
                }
                x->cap = c2;
            }
            x->off[x->n++] = off;
        }
    /* Contributions per index this round: counted in an array over the
     * owned range where the partition is one and the records are not few
     * against it, else in a hash map (a map's insert and two lookups per
     * element were a fifth of a PageRank call's write-back). */
    size_t nrec = 0;
    for (int r = 0; !rc && r < nodes; r++)
        nrec += inl[r] / rec;
    int64_t own_lo = 0, own_hi = 0;
    int32_t *dense = NULL;
    if (!rc && dv->part != DDS_PART_HASH && dv->bounds && me < dv->nodes) {
        dds_owned_range(dv, me, &own_lo, &own_hi);
        if (own_hi > own_lo && (size_t)(own_hi - own_lo) <= 16 * nrec &&
            !(dense = calloc((size_t)(own_hi - own_lo), sizeof *dense)))
            rc = STRADS_ENOMEM;
    }
    dds_kv seen; /* index -> number of contributions this round */
    bool have_seen = false;
    if (!rc && !dense)
        rc = dds_kv_init(&seen, 8, 8, false), have_seen = !rc;
    /* Pass 1: reset touched rows to base, count contributions. A sender's
     * records come in index order, as the snapshot's: a cursor finds each. */
    for (int r = 0; !rc && r < nodes; r++) {
        size_t at = 0;
        int64_t prev = -1;
        for (size_t off = 0; !rc && off + rec <= inl[r]; off += rec) {
            int64_t i;
            memcpy(&i, (char *)in[r] + off, 8);
            if (i < 0 || i >= dv->n || !dds_owns(dv, i, me)) {
                rc = STRADS_EPROTO;
                break;
            }
            if (dense) {
                if (dense[i - own_lo]++)
                    continue;
            } else {
                uint64_t h = dds_hash64((uint64_t)i);
                int64_t *c = dds_kv_get(&seen, &i, h);
                if (c) {
                    ++*c;
                    continue;
                }
                int64_t one = 1;
                rc = dds_kv_put(&seen, &i, &one, h);
            }
            ptrdiff_t f;
            if (i >= prev) {
                while (at < s->n && s->idx[at] < i)
                    at++;
                f = at < s->n && s->idx[at] == i ? (ptrdiff_t)at : -1;
            } else { /* out of order after all: a search */
                f = dds_snap_find(s, i);
            }
            prev = i;
            if (f >= 0)
                memcpy(dv->base + (size_t)i * dv->elem, s->vals + (size_t)f * dv->elem, dv->elem);
        }
    }
    /* Each value record's delta from the base, which every touched row
     * holds now; the value kept aside. */
    for (int r = 0; !rc && r < nodes; r++)
        for (size_t j = 0; j < vrec[r].n; j++) {
            char *p = (char *)in[r] + vrec[r].off[j];
            int64_t i;
            memcpy(&i, p, 8);
            memcpy(vrec[r].v + j * dv->elem, p + 8, dv->elem);
            dds_vsub(agg->type, p + 8, vrec[r].v + j * dv->elem, dv->base + (size_t)i * dv->elem,
                     dv->elem);
        }
    /* Integer averages: the contributions are summed apart (isum, by
     * index, over the owned range or in a map) and the mean added once. */
    bool iavg = agg->kind == DDS_AGG_AVG && agg->type != STRADS_T_F32 && agg->type != STRADS_T_F64;
    /* A floating mean of rows of several scalars is per scalar: over the
     * contributions whose change of that scalar is not all zero bytes
     * (an MLP's columns, one per node, are each whole, as in a flat
     * array), counted per scalar over the owned range or in a map. */
    size_t nsc = dv->elem / dds_type_size(agg->type);
    bool smean = (agg->kind == DDS_AGG_AVG || agg->kind == DDS_AGG_SUM) && real && nsc > 1;
    /* ... and an integer mean of such rows (a column sweep over an int
     * table: each scalar one node's), its sums per scalar as well */
    bool icnt = iavg && nsc > 1, counts = smean || icnt;
    int32_t *sdense = NULL;
    dds_kv scnt;
    bool have_scnt = false;
    if (!rc && counts && dense && !(sdense = calloc((size_t)(own_hi - own_lo) * nsc, sizeof *sdense)))
        rc = STRADS_ENOMEM;
    if (!rc && counts && !dense)
        rc = dds_kv_init(&scnt, 8, nsc * sizeof(int32_t), false), have_scnt = !rc;
    for (int r = 0; !rc && counts && r < nodes; r++)
        for (size_t off = 0; !rc && off + rec <= inl[r]; off += rec) {
            int64_t i;
            memcpy(&i, (char *)in[r] + off, 8);
            const char *d = (char *)in[r] + off + 8;
            int32_t *c = sdense ? sdense + (size_t)(i - own_lo) * nsc : NULL;
            if (!c) {
                uint64_t h = dds_hash64((uint64_t)i);
                if (!(c = dds_kv_get(&scnt, &i, h))) {
                    int32_t zero[64] = {0};
                    int32_t *z = nsc <= 64 ? zero : calloc(nsc, sizeof *z);
                    rc = z ? dds_kv_put(&scnt, &i, z, h) : STRADS_ENOMEM;
                    if (z != zero) free(z);
                    if (rc || !(c = dds_kv_get(&scnt, &i, h))) {
                        rc = rc ? rc : STRADS_ENOMEM;
                        break;
                    }
                }
            }
            size_t ts = dds_type_size(agg->type);
            for (size_t k = 0; k < nsc; k++) {
                const char *y = d + k * ts;
                bool nz = false;
                for (size_t b = 0; b < ts && !nz; b++) nz = y[b] != 0;
                c[k] += nz;
            }
        }
    /* (an int's contributions summed as int64: two processes' changes from
     * an INT_MAX "infinity" overflowed an int sum) */
    size_t iw = agg->type == STRADS_T_I32 ? nsc * sizeof(int64_t) : dv->elem;
    char *isum = NULL, *wide = NULL;
    dds_kv sums;
    bool have_sums = false;
    if (!rc && iavg && dense && !(isum = calloc((size_t)(own_hi - own_lo), iw)))
        rc = STRADS_ENOMEM;
    if (!rc && iavg && !(wide = calloc(1, iw)))
        rc = STRADS_ENOMEM;
    if (!rc && iavg && !dense)
        rc = dds_kv_init(&sums, 8, iw, false), have_sums = !rc;
    /* Pass 2: combine in rank order. */
    for (int r = 0; !rc && r < nodes; r++)
        for (size_t off = 0; !rc && off + rec <= inl[r]; off += rec) {
            int64_t i;
            memcpy(&i, (char *)in[r] + off, 8);
            const char *d = (char *)in[r] + off + 8;
            char *row = dv->base + (size_t)i * dv->elem;
            if (agg->kind == DDS_AGG_FN) {
                agg->fn(row, d, dv->elem);
            } else if (iavg) {
                uint64_t h = dds_hash64((uint64_t)i);
                char *acc = isum ? isum + (size_t)(i - own_lo) * iw : dds_kv_get(&sums, &i, h);
                if (acc)
                    isum_add(agg->type, acc, d, nsc);
                else {
                    memset(wide, 0, iw);
                    isum_add(agg->type, wide, d, nsc);
                    rc = dds_kv_put(&sums, &i, wide, h);
                }
            } else if (smean) {
                const int32_t *c = sdense ? sdense + (size_t)(i - own_lo) * nsc
                                          : dds_kv_get(&scnt, &i, dds_hash64((uint64_t)i));
                dds_vadd_each(agg->type, row, d, nsc, c, agg->kind == DDS_AGG_AVG,
                              dds_value_at(&vrec[r], off, dv->elem));
            } else {
                int64_t n = dense ? dense[i - own_lo]
                                  : *(int64_t *)dds_kv_get(&seen, &i, dds_hash64((uint64_t)i));
                const char *v = real && n == 1 ? dds_value_at(&vrec[r], off, dv->elem) : NULL;
                if (v) /* one node changed it: its value */
                    memcpy(row, v, dv->elem);
                else
                    dds_vadd(agg->type, row, d, dv->elem, agg->kind == DDS_AGG_AVG ? n : 1);
            }
            dds_mark_changed(dv, i, i + 1);
        }
    /* Pass 3 (integer averages): each touched row once, its count then
     * negated to mark it done. */
    for (int r = 0; !rc && iavg && r < nodes; r++)
        for (size_t off = 0; off + rec <= inl[r]; off += rec) {
            int64_t i;
            memcpy(&i, (char *)in[r] + off, 8);
            uint64_t h = dds_hash64((uint64_t)i);
            int64_t div;
            if (dense) {
                div = dense[i - own_lo];
                if (div > 0)
                    dense[i - own_lo] = -dense[i - own_lo];
            } else {
                int64_t *c = dds_kv_get(&seen, &i, h);
                div = *c;
                if (div > 0)
                    *c = -*c;
            }
            if (div <= 0)
                continue;
            const char *acc = isum ? isum + (size_t)(i - own_lo) * iw : dds_kv_get(&sums, &i, h);
            const int32_t *sc = !icnt ? NULL
                                : sdense ? sdense + (size_t)(i - own_lo) * nsc
                                         : dds_kv_get(&scnt, &i, h);
            dds_vadd_mean_int(agg->type, dv->base + (size_t)i * dv->elem, acc, dv->elem, div, sc);
        }
    for (int r = 0; vrec && r < nodes; r++) {
        free(vrec[r].off);
        free(vrec[r].v);
    }
    free(vrec);
    free(isum);
    free(wide);
    free(sdense);
    if (have_scnt)
        dds_kv_free(&scnt);
    if (have_sums)
        dds_kv_free(&sums);
    if (have_seen)
        dds_kv_free(&seen);
    free(dense);
    if (out && in && outl && inl)
        rc = send_back(dv, rc, in, inl, out, outl);
    else if (!rc)
        rc = STRADS_ENOMEM;
    for (int r = 0; r < nodes; r++) {
        if (out)
            free(out[r]);
        if (in)
            free(in[r]);
    }
    free(out);
    free(outl);
    free(cnt);
    free(in);
    free(inl);
    return rc;
}
