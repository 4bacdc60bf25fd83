/*
 * engine/recon_records.c - what a reconnaissance body calls: it turns the addresses
 * a body would touch into (array, element, read/write) records.
 *
 * A body touches the same element many times in a row (W[i][k] for every k),
 * so the element last recorded for reading and the one last recorded for
 * writing are remembered as address ranges (rt_recon_hot): a repeat is
 * two compares inlined in the generated code, and only a new element comes
 * here. Addresses outside every distributed array (locals, copyin and
 * private memory) are ignored: they cannot conflict across iterations.
 * In span mode (rt_recon_spans, one node) only the micro-blocks of the
 * written arrays are kept: 4 or 8 bytes per iteration instead of records.
 * After a worker's pass, the elements it read from other nodes are fetched
 * and the iterations that read them recorded again (rt_recon_fetch_reads).
 */
#include <stddef.h>
#include <string.h>

#include "dds/dds.h"
#include "replay/replay.h"
#include "engine/loop.h"

void rt_recon_init(strads_recon *rc, int64_t first)
{
    replay_fault("recon"); /* STRADS_FAULT=OP:RANK:recon */
    memset(rc, 0, sizeof *rc);
    sched_rec_init(&rc->rec, first);
}

/* Span mode: counts the finished row and, in a key pass, places it in its
 * strata cell. What it needs is read before the key's byte goes out: a
 * byte store may alias anything, and the compiler would load every field
 * again after it. Inlined into strads_recon_iter, which runs it once an
 * iteration: as a call, loading its fields anew each time, it is most of
 * the key pass's recorder. */
static inline __attribute__((always_inline)) void span_done(rt_recon_spans *sp)
{
    const uint16_t *row = sp->row;
    if (!row) return;
    sp->row = NULL;
    /* the extent and histogram; the several-node key pass needs neither
     * (its blocks were agreed before it). An empty slot's row is (0xFFFF,
     * 0), which neither bound moves. */
    if (!sp->streams) {
        uint32_t *hist = sp->hist;
        for (int s = 0; s < sp->nslots; s++) {
            uint16_t lo = row[2 * s], hi = row[2 * s + 1]; /* read once: the bounds are uint16_t too */
            if (hist && lo != 0xFFFF) hist[s * SCHED__MICRO + lo]++;
            if (lo < sp->mlo[s]) sp->mlo[s] = lo;
            if (hi > sp->mhi[s]) sp->mhi[s] = hi;
        }
    }
    if (!sp->keys && !sp->streams) return;
    int a, round;
    if (!sched_span_strata_cell(sp->blk, row, sp->cur - sp->loop_first, sp->loop_n, sp->B, &a, &round)) {
        sp->spans_blocks = true;
        return;
    }
    int key = round * sp->B + a;
    int64_t off = sp->cur - sp->kfirst;
    uint64_t *map = sp->maps ? sp->maps + (size_t)key * sp->mapw : NULL;
    size_t w0 = sp->mapw0;
    if (sp->streams)
        rt__gaps_put(&sp->streams[key], off);
    else
        sp->keys[off] = (uint8_t)key;
    if (map) {
        sched_span_mark(map, row);
        sched_span_mark(map + w0, row + 2);
    }
}

void rt_recon_span_begin(strads_recon *rc, rt_recon_spans *sp, int64_t first)
{
    rt_recon_init(rc, first);
    rc->spans = sp;
    if (sp->nr == 0) { /* a range per slot: its whole array */
        for (int s = 0; s < sp->nslots; s++)
            sp->r[s] = (rt_recon_range){sp->id[s], 0, (int64_t)((size_t)(sp->hi[s] - sp->lo[s]) / (sp->elem[s] ? sp->elem[s] : 1)),
                                        sp->lo[s], sp->hi[s], sp->elem[s], sp->mshift[s], sp->bshift[s], s};
        sp->nr = sp->nslots;
    }
    rc->hot.sp_nr = sp->nr;
    for (int q = 0; q < sp->nr; q++) {
        rc->hot.sp_lo[q] = sp->r[q].lo;
        rc->hot.sp_hi[q] = sp->r[q].hi;
        rc->hot.sp_shift[q] = sp->r[q].bshift;
        rc->hot.sp_slot[q] = sp->r[q].slot;
        rc->hot.sp_mb[q] = sp->r[q].elem << sp->r[q].mshift;
    }
}

void rt_recon_span_done(strads_recon *rc)
{
    span_done(rc->spans);
}

void strads_recon_iter(strads_recon *rc, int64_t i)
{
    rt_recon_spans *sp = rc->spans;
    if (__builtin_expect(rt_shadow_on, 0)) rt_shadow_reset();
    rt_recon_cur_iter = i;
    if (sp) { /* the slots and the ignored array stay */
        span_done(sp);
        memset(&rc->hot.rd_lo, 0, offsetof(rt_recon_hot, sp_wlo) - offsetof(rt_recon_hot, rd_lo));
        int64_t k = i - sp->first;
        sp->cur = i;
        uint16_t *row = (uint64_t)k >= (uint64_t)sp->n ? NULL
                        : sp->span ? sp->span + (size_t)k * 2 * (size_t)sp->nslots : sp->scratch;
        sp->row = row;
        rc->hot.sp_row = row;
        if (!row) {
            if (!rc->err) rc->err = STRADS_EINVAL;
            return;
        }
        static const uint16_t empty[4] = {0xFFFF, 0, 0xFFFF, 0};
        if (sp->nslots == 2) /* at most two: constant sizes, one store */
            memcpy(row, empty, 4 * sizeof *row);
        else
            memcpy(row, empty, 2 * sizeof *row);
        int64_t e = i + sp->in_off;
        if (sp->multi && sp->in_base[0] && e >= sp->in_lo && e < sp->in_hi) {
            /* the one read input_read allows, settled inline in the
             * generated file (strads_recon_rdi) as the ignored array is on
             * one node: the slow path's lookup and checks were half of
             * 2x1's RE, and a call per field a fifth of what was left. A
             * write to it ends span mode (span_add). The other inputs'
             * elements (a record's fields in arrays of their own) are
             * settled by the recorders' first test (ign_more). */
            const char *lo = sp->in_base[0] + (size_t)e * sp->in_elem[0];
            rc->hot.ign = (strads_recon_ign){lo, lo + sp->in_elem[0]};
            unsigned m = 0;
            for (int k = 1; k < sp->nin && sp->in_base[k]; k++, m++) {
                lo = sp->in_base[k] + (size_t)e * sp->in_elem[k];
                rc->ign_more[m] = (strads_recon_ign){lo, lo + sp->in_elem[k]};
            }
            rc->nign = m;
        } else if (sp->multi) {
            rc->hot.ign = (strads_recon_ign){NULL, NULL};
            rc->nign = 0;
        }
        return;
    }
    memset(&rc->hot, 0, sizeof rc->hot);
    rc->ncov = 0;
    int rc2 = sched_rec_iter(&rc->rec, i);
    if (rc2 && !rc->err) rc->err = rc2;
}

/* Span mode on several nodes: a read of an array the loop does not write
 * must be of a small array every node gets whole (sp->rep), or of one
 * element of an input array the probe found
 * (loop_async_plan_spans.c), at their fixed distance from the iteration's
 * index (the rating of iteration i, or its fields in arrays of their own),
 * and owned by this node: then the node that runs iteration i
 * knows what to fetch without records, and the value read here was the
 * owner's. Anything else (also any such read when the probe found no
 * input: the shares were cut without one) is a miss: full records plan the
 * loop. */
static void input_read(rt_recon_spans *sp, const dds_vec *dv, int64_t e0, int64_t e1)
{
    int64_t i = sp->cur;
    int k = 0;
    while (k < sp->nin && dv->id != sp->in_ids[k]) k++;
    if (k == sp->nin && sp->row) {
        /* not an input: an array that goes whole to every node, when small */
        int q = 0;
        while (q < sp->nrep && sp->rep[q] != dv->id) q++;
        if (q == sp->nrep &&
            (sp->rep_fixed || (size_t)dv->n * dv->elem > RT_REP_BYTES || !rt_rep_add(sp->rep, &sp->nrep, dv->id)))
            sp->miss = true;
        return;
    }
    if (!sp->row || e0 != e1 || k == sp->nin || e0 != i + sp->in_off || e0 < sp->in_lo ||
        e0 >= sp->in_hi)
        sp->miss = true;
}

/* Span mode: widens the current iteration's span of a written array; a
 * write elsewhere means the loop writes more than the probe saw. */
static void span_add(strads_recon *rc, const dds_vec *dv, int64_t e0, int64_t e1, bool write)
{
    rt_recon_spans *sp = rc->spans;
    int q = 0;
    for (; q < sp->nr; q++)
        if (dv->id == sp->r[q].id && e0 >= sp->r[q].org && e0 < sp->r[q].org + sp->r[q].len) break;
    bool mine = false; /* an array with ranges, at an element none holds */
    for (int x = 0; x < sp->nr && q == sp->nr; x++) mine |= dv->id == sp->r[x].id;
    if (mine || (q < sp->nr && e1 >= sp->r[q].org + sp->r[q].len)) {
        sp->miss = true; /* across two ranges: the records decide */
        return;
    }
    int s = q < sp->nr ? sp->r[q].slot : -1;
    if (s < 0) {
        if (write) { /* span mode ends; the array's reads are shadowed again */
            sp->miss = true;
            rc->hot.ign = (strads_recon_ign){NULL, NULL};
            rc->nign = 0;
            return;
        }
        if (sp->multi) {
            input_read(sp, dv, e0, e1);
            return;
        }
        /* reads of it are dropped from now on: inline for the first such
         * array, by the recorders' first test for a few more (a record's
         * fields in arrays of their own), the last one met inline past those */
        strads_recon_ign all = {dv->base, dv->base + (size_t)dv->n * dv->elem};
        if (rc->hot.ign.lo && rc->nign < RT_RECON_IGN)
            rc->ign_more[rc->nign++] = all;
        else
            rc->hot.ign = all;
        return;
    }
    if (!sp->row) {
        if (!rc->err) rc->err = STRADS_EINVAL; /* an access before strads_recon_iter */
        return;
    }
    const rt_recon_range *g = &sp->r[q];
    uint16_t m0 = (uint16_t)((e0 - g->org) >> g->mshift), m1 = (uint16_t)((e1 - g->org) >> g->mshift);
    uint16_t *r = sp->row + 2 * s;
    if (m0 < r[0]) r[0] = m0;
    if (m1 > r[1]) r[1] = m1;
}

/* Span mode: the arrays met, so that the plan knows those it only reads. */
static void span_seen(rt_recon_spans *sp, uint32_t id)
{
    for (int k = 0; k < sp->nseen; k++)
        if (sp->seen[k] == id) return;
    if (sp->nseen < SCHED_MAX_ARRAYS) sp->seen[sp->nseen++] = id;
}

/* An access to no distributed array (a copyin table, a reduction's array, a
 * local): nothing to record, and the hot entries take the whole gap between
 * vectors around it, so the next ones stay inline; k-means' 2,048 reads of
 * its centroids per point went through a registry search each (7 s of a
 * 4-node first call). */
static void skip_gap(strads_recon *rc, const void *addr, bool write)
{
    uintptr_t lo, hi;
    dds_gap(addr, &lo, &hi);
    rt_recon_hot_put(&rc->hot, (const char *)lo, (const char *)hi, write);
}

/* May element e be recorded once for all the records' iterations
 * (rc->seen)? On a worker (seen_owned) only an element it owns, or one of
 * an array these records write: those it never fetches and reruns
 * (rt_recon_fetch_reads). */
static inline bool once(const strads_recon *rc, const dds_vec *dv, int64_t e)
{
    if (!rc->seen_owned) return true;
    int q = rc->rec.array_of[dv->id];
    return (q && rc->rec.arrays[q - 1].written) || dds_owner(dv, e) == dv->me;
}

/* [lo, hi), just recorded as read, joins the range it continues, or takes
 * the oldest place (strads_recon's cov). */
static void cover(strads_recon *rc, const char *lo, const char *hi)
{
    for (unsigned k = 0; k < rc->ncov; k++)
        if (lo == rc->cov[k].hi && hi > lo) {
            rc->cov[k].hi = hi;
            return;
        } else if (hi == rc->cov[k].lo && hi > lo) {
            rc->cov[k].lo = lo;
            return;
        }
    unsigned k = rc->ncov < RT_RECON_COV ? rc->ncov++ : rc->cov_next++ % RT_RECON_COV;
    rc->cov[k].lo = lo, rc->cov[k].hi = hi;
}

static void record(strads_recon *rc, const void *addr, size_t len, bool write)
{
    dds_vec *dv = NULL;
    const char *p = addr;
    int shift = -1;
    if (len == 0) len = 1;
    /* A body names few arrays (SGD-MF: the rating, W, H in turn), so the
     * last four it hit spare most registry searches. */
    for (int k = 0; k < 4 && !dv; k++)
        if (p >= rc->recent[k].lo && p < rc->recent[k].hi) dv = rc->recent[k].dv, shift = rc->recent[k].shift;
    if (!dv) {
        if (dds_lookup(addr, &dv, NULL) != 0) {
            skip_gap(rc, addr, write);
            /* a range that starts before an array and runs into it (a
             * guarded read x[j], j from v - 1, recorded as one range):
             * its part in the array is recorded */
            uintptr_t lo, hi;
            dds_gap(addr, &lo, &hi);
            if ((uintptr_t)p + len > hi && hi > (uintptr_t)p)
                record(rc, (const void *)hi, (size_t)((uintptr_t)p + len - hi), write);
            return;
        }
        memmove(rc->recent + 1, rc->recent, 3 * sizeof *rc->recent);
        rc->recent[0].lo = dv->base;
        rc->recent[0].hi = dv->base + (size_t)dv->n * dv->elem;
        rc->recent[0].dv = dv;
        shift = (dv->elem & (dv->elem - 1)) == 0 ? __builtin_ctzll(dv->elem) : -1;
        rc->recent[0].shift = shift;
        if (rc->spans) span_seen(rc->spans, dv->id);
    }
    /* A skipped array's reads go inline from now on: the whole array is
     * the hot read entry (k-means' centroids, every one read each point). */
    for (int k = 0; k < rc->nskip && !write; k++)
        if (rc->skip[k] == dv->id) {
            rt_recon_hot_put(&rc->hot, dv->base, dv->base + (size_t)dv->n * dv->elem, 0);
            return;
        }
    /* rows are often a power of two bytes: a shift instead of a division */
    size_t off = (size_t)(p - dv->base);
    size_t rem = shift >= 0 ? off & (dv->elem - 1) : off % dv->elem;
    int64_t e0 = (int64_t)(shift >= 0 ? off >> shift : off / dv->elem);
    int64_t e1 = rem + len <= dv->elem ? e0 : e0 + (int64_t)((rem + len - 1) / dv->elem);
    if (e1 >= dv->n) e1 = dv->n - 1;
    if (rc->spans)
        span_add(rc, dv, e0, e1, write);
    else
        for (int64_t e = e0, run = e0; e <= e1 + 1; e++) {
            /* runs of elements not seen before go in at once */
            bool skip = e <= e1 && rc->seen && once(rc, dv, e) && sched_rec_seen(rc->seen, dv->id, e, write);
            if (e <= e1 && !skip) continue;
            int r = run < e ? sched_rec_add_run(&rc->rec, dv->id, run, e - 1, write) : 0;
            if (r && !rc->err) rc->err = r;
            run = e + 1;
        }
    const char *lo = dv->base + (size_t)e0 * dv->elem, *hi = dv->base + (size_t)(e1 + 1) * dv->elem;
    rt_recon_hot_put(&rc->hot, lo, hi, write); /* a write covers reads of it too */
    if (!rc->spans && !write) cover(rc, lo, hi);
}

/* Span mode's short cut, before any lookup, for what the inline half
 * could not do (an element size that is no power of two, an access past
 * the end): an access to a written array, read or written, widens the
 * current row. False: record() decides. The hot ranges then cover the
 * whole micro-blocks: nothing else in them can widen this iteration's span. */
static bool span_fast(strads_recon *rc, const char *p, size_t len)
{
    rt_recon_spans *sp = rc->spans;
    if (len == 0) len = 1;
    for (int q = 0; q < sp->nr; q++) {
        const rt_recon_range *g = &sp->r[q];
        if (p < g->lo || p >= g->hi || !sp->row) continue;
        size_t off = (size_t)(p - g->lo), last = off + len - 1;
        size_t size = (size_t)(g->hi - g->lo), mb = g->elem << g->mshift;
        if (last >= size) {
            if (sp->pair) { /* pair mode: into the next range */
                sp->miss = true;
                return true;
            }
            last = size - 1;
        }
        size_t m0 = g->bshift >= 0 ? off >> g->bshift : off / mb;
        size_t m1 = g->bshift >= 0 ? last >> g->bshift : last / mb;
        uint16_t *r = sp->row + 2 * g->slot;
        if (m0 < r[0]) r[0] = (uint16_t)m0;
        if (m1 > r[1]) r[1] = (uint16_t)m1;
        const char *lo = g->lo + m0 * mb, *hi = g->lo + (m1 + 1) * mb;
        if (hi > g->hi) hi = g->hi;
        rt_recon_hot_put(&rc->hot, lo, hi, 1);
        return true;
    }
    return false;
}

/* The inline halves in strads.h have found the address outside the element
 * recorded last. */
void rt_recon_read_slow(strads_recon *rc, const void *addr, size_t len)
{
    if (rt_recon_ign_more(rc, addr, len)) return;
    if (rc->spans && span_fast(rc, addr, len)) return;
    record(rc, addr, len, false);
}

void rt_recon_write_slow(strads_recon *rc, const void *addr, size_t len)
{
    if (rc->spans && span_fast(rc, addr, len)) return;
    record(rc, addr, len, true);
}

/* ---- the values reconnaissance reads ----
 *
 * A body finds the elements it touches from values it reads (SGD-MF: the
 * rating names the rows of W and H), so reconnaissance must read the
 * owners' values. A node's share of the iterations need not lie where it
 * owns what they read (198,000 training ratings cut in halves over an array
 * of 200,000 cut in halves: node 1 reads ratings 99,000..99,999 of node 0),
 * and there a worker's mapping holds zeros or an old copy. Records made from
 * those were wrong, the plan they gave let two nodes touch the same rows in
 * one round, and the result changed from run to run. So a worker fetches
 * the elements it read from others, and runs the iterations that read them
 * again, until a pass reads nothing new (an index read through an index).
 * Arrays the share writes are left alone: their values are the model's,
 * which by the static-control-flow assumption do not steer accesses (verify
 * mode checks it). Rank 0 needs nothing: when a call starts its mapping is
 * the driver's coherent copy of every array. */

typedef struct read_set {
    uint32_t id;
    dds_vec *dv;
    uint64_t *have, *want; /* bit per element: fetched already, to fetch now */
    bool ranged;           /* range-partitioned: this node owns [own_lo, own_hi) */
    int64_t own_lo, own_hi;
} read_set;

/* The set of array id (made when new), or NULL when its reads need no
 * fetch: the loop writes it, or it is unknown. */
static read_set *set_for(const sched_records *rec, uint32_t id, read_set *sets, int *nsets, int *rc)
{
    int q = rec->array_of[id];
    if (q == 0 || rec->arrays[q - 1].written) return NULL;
    for (int x = 0; x < *nsets; x++)
        if (sets[x].id == id) return &sets[x];
    dds_vec *dv = dds_vec_by_id(id);
    if (!dv || *nsets == SCHED_MAX_ARRAYS) return NULL;
    size_t words = (size_t)(dv->n + 63) / 64;
    int me = strads_rank();
    bool ranged = dv->part != DDS_PART_HASH && me < dv->nodes;
    read_set *s = &sets[(*nsets)++];
    *s = (read_set){id, dv, calloc(words ? words : 1, 8), calloc(words ? words : 1, 8), ranged,
                    ranged ? dv->bounds[me] : 0, ranged ? dv->bounds[me + 1] : 0};
    if (!s->have || !s->want) *rc = STRADS_ENOMEM;
    return s;
}

/* Marks in sets the elements rec reads, from arrays it does not write, that
 * this node neither owns nor fetched yet; *lo, *hi: the iterations (indices
 * into rec) that read them. Returns how many elements were marked, or a
 * negative error. It walks every access, so an access costs a table look-up
 * and, for a read, a range test: most reads are of elements the node owns. */
static int64_t find_missing(const sched_records *rec, read_set *sets, int *nsets, int64_t *lo,
                            int64_t *hi)
{
    int me = strads_rank(), rc = 0;
    int64_t marked = 0;
    uint8_t of[1 << SCHED_DV_BITS]; /* array id -> 1 + set, 0 not looked up, 0xFF none */
    memset(of, 0, sizeof of);
    for (int64_t k = 0; k < rec->n; k++)
        for (int64_t j = rec->off[k]; j < rec->off[k + 1]; j++) {
            sched_acc a = rec->acc[j];
            if (SCHED_ACC_WRITE(a)) continue;
            uint32_t id = SCHED_ACC_DV(a);
            if (of[id] == 0) {
                read_set *s = set_for(rec, id, sets, nsets, &rc);
                if (rc) return rc;
                of[id] = s ? (uint8_t)(s - sets + 1) : 0xFF;
            }
            if (of[id] == 0xFF) continue;
            read_set *s = &sets[of[id] - 1];
            int64_t e = SCHED_ACC_ELEM(a);
            if (s->ranged ? e >= s->own_lo && e < s->own_hi : dds_owner(s->dv, e) == me) continue;
            uint64_t bit = UINT64_C(1) << (e % 64);
            if (e >= s->dv->n || (s->have[e / 64] & bit)) continue;
            if (!(s->want[e / 64] & bit)) s->want[e / 64] |= bit, marked++;
            /* every iteration that read it runs again, not only the first
             * (k-means' seeds, read by every iteration: the others kept
             * the rows their zeros chose, and lost their updates) */
            if (k < *lo) *lo = k;
            if (k > *hi) *hi = k;
        }
    return marked;
}

/* Fetches the marked elements of every set and moves them to have. */
static int fetch_missing(read_set *sets, int nsets)
{
    int rc = 0;
    for (int x = 0; x < nsets && !rc; x++) {
        read_set *s = &sets[x];
        size_t words = (size_t)(s->dv->n + 63) / 64, n = 0;
        for (size_t w = 0; w < words; w++) n += (size_t)__builtin_popcountll(s->want[w]);
        if (!n) continue;
        int64_t *idx = malloc(n * sizeof *idx);
        if (!idx) return STRADS_ENOMEM;
        n = 0;
        for (size_t w = 0; w < words; w++) {
            for (uint64_t bits = s->want[w]; bits; bits &= bits - 1)
                idx[n++] = (int64_t)(w * 64 + (size_t)__builtin_ctzll(bits));
            s->have[w] |= s->want[w];
            s->want[w] = 0;
        }
        rc = dds_prefetch(s->dv, idx, n);
        free(idx);
    }
    return rc;
}

/* Reads that each fetch reveals the next of (a binary search over a
 * table another node owns: one level a round, every round a rerun of the
 * share) stop after WHOLE_AFTER rounds: the arrays still missing elements
 * are fetched whole, up to WHOLE_MAX bytes each, and one more rerun sees
 * every value. */
#define WHOLE_AFTER 2
#define WHOLE_MAX ((size_t)1 << 28)
static int fetch_whole(read_set *sets, int nsets)
{
    int rc = 0;
    for (int x = 0; x < nsets && !rc; x++) {
        read_set *s = &sets[x];
        size_t words = (size_t)(s->dv->n + 63) / 64;
        bool any = false;
        for (size_t w = 0; w < words && !any; w++) any = s->want[w] != 0;
        if (!any || (size_t)s->dv->n * s->dv->elem > WHOLE_MAX) continue;
        rc = dds_prefetch_range(s->dv, 0, s->dv->n);
        memset(s->have, 0xFF, words * sizeof *s->have);
        memset(s->want, 0, words * sizeof *s->want);
    }
    return rc ? rc : fetch_missing(sets, nsets);
}

int rt_recon_fetch_reads(sched_records *rec, rt_recon_rerun_fn rerun, void *arg)
{
    if (strads_size() == 1 || strads_rank() == 0) return 0;
    rt_recon_skip_faults(true); /* its reruns, too */
    read_set sets[SCHED_MAX_ARRAYS];
    int nsets = 0, rc = 0;
    for (int round = 0;; round++) {
        int64_t lo = INT64_MAX, hi = -1;
        int64_t marked = find_missing(rec, sets, &nsets, &lo, &hi);
        if (marked <= 0) {
            rc = (int)(marked < 0 ? marked : 0);
            break;
        }
        rc = round >= WHOLE_AFTER ? fetch_whole(sets, nsets) : fetch_missing(sets, nsets);
        sched_records part;
        sched_rec_init(&part, rec->first + lo);
        if (!rc) rc = rerun(arg, rec->first + lo, rec->first + hi + 1, &part);
        if (!rc) rc = sched_rec_splice(rec, &part);
        sched_rec_free(&part);
        if (rc) break;
    }
    for (int x = 0; x < nsets; x++) {
        free(sets[x].have);
        free(sets[x].want);
    }
    /* iterations that faulted on values not yet fetched (recon_guard.c),
     * once more, a run of neighbours at a time, where a fault is fatal */
    rt_recon_skip_faults(false);
    int64_t *f;
    size_t nf = rt_recon_take_faults(&f);
    for (size_t k = 0; k < nf && !rc;) {
        size_t e = k + 1;
        while (e < nf && f[e] == f[e - 1] + 1) e++;
        if (f[k] >= rec->first && f[e - 1] < rec->first + rec->n) {
            sched_records part;
            sched_rec_init(&part, f[k]);
            rc = rerun(arg, f[k], f[e - 1] + 1, &part);
            if (!rc) rc = sched_rec_splice(rec, &part);
            sched_rec_free(&part);
        }
        k = e;
    }
    free(f);
    return rc;
}
