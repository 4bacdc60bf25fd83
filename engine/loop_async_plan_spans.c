/*
 * engine/loop_async_plan_spans.c - reconnaissance and planning on one node from
 * micro-block spans alone.
 *
 * On one node nothing is fetched or written back, so what the plan needs of
 * an iteration is which blocks of the written arrays it touches, and since
 * blocks are unions of micro-blocks (scheduler/plan.c), the lowest and
 * highest micro-block per written array decide it: 4 bytes per array and
 * iteration instead of 8 bytes per access plus an offset. So:
 *   1. a probe: full reconnaissance of the first PROBE iterations names the
 *      arrays the loop writes (one or two; otherwise full records);
 *   2. the span pass: every thread runs the recon body over its share with
 *      a recorder in span mode (recon.c and the inline half in strads.h),
 *      which widens the current row's spans and counts each finished row
 *      into a histogram (the planner's balanced cuts); no records, no
 *      duplicate search, no summary, and the planner's passes over the
 *      accesses and over the spans for the histogram are gone;
 *   3. the plan from the spans (sched_plan_build_spans).
 * Whatever the spans cannot settle goes back to full records: a write to an
 * array the probe did not see written, iterations that span blocks (the
 * general methods need the accesses), or a written array of which the loop
 * touches less than half (whole-array micro-blocks would be too coarse). Verify mode needs the records too;
 * STRADS_VERIFY_PLAN checks a plan from spans against full records.
 * The plan is as serializable as any other: the same methods on the same
 * spans, over slots that cover whole arrays.
 * Two written arrays on one node with 2-16 threads, or on several nodes
 * with one thread each, keep no rows at all: loop_async_plan_strata.c samples the
 * histograms and makes each iteration's cell in one pass instead.
 */
#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"
#include "engine/loop_async.h"

#define PROBE 4096 /* iterations whose full records name the written arrays */
#define PROBE_FIRST 16
#define PROBE_ACCS ((int64_t)1 << 19) /* the probe's records stop near this many */

typedef struct span_job {
    const strads_loop_site *site;
    const void *env;
    int64_t lo, hi;
    int parts;
    const rt_recon_spans *proto; /* slots and the shared span rows */
    rt_recon_spans *sp;          /* per part */
    uint32_t *hist;              /* per part: [slot][micro-block] */
    int *err;
} span_job;

static void span_task(void *arg, int64_t t, int thread)
{
    (void)thread;
    span_job *j = arg;
    int64_t n = j->hi - j->lo;
    int64_t a = j->lo + n * t / j->parts, b = j->lo + n * (t + 1) / j->parts;
    strads_recon rc;
    j->sp[t] = *j->proto;
    j->sp[t].hist = j->hist + (size_t)t * (size_t)j->proto->nslots * SCHED__MICRO;
    rt_recon_span_begin(&rc, &j->sp[t], a);
    rt_recon_run(j->site, j->env, &rc, NULL, a, b);
    rt_recon_span_done(&rc);
    j->err[t] = rc.err;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Pair mode's probe, for written array id of n elements: do the probe's
 * iterations touch it in exactly two runs of elements (two rows, through
 * two subscripts), every lower run below every upper one? Then *split
 * divides them: n / 2 (the halves of one array, the usual layout) when it
 * can, else the lowest upper run. A guess from a few thousand iterations;
 * the key pass checks every iteration and falls back when one leaves its
 * blocks. */
static bool pair_split(const sched_records *rec, int64_t lo, int64_t hi, uint32_t id, int64_t n,
                       int64_t *split)
{
    int64_t el[512], low_max = -1, up_min = INT64_MAX, pairs = 0, touched = 0;
    for (int64_t i = lo; i < hi; i++) {
        int64_t cnt = 0, m = 0;
        const sched_acc *acc = sched_rec_accs(rec, i, &cnt);
        for (int64_t q = 0; q < cnt; q++) {
            if (SCHED_ACC_DV(acc[q]) != id) continue;
            if (m == (int64_t)(sizeof el / sizeof *el)) return false; /* rows this long: not a pair */
            el[m++] = SCHED_ACC_ELEM(acc[q]);
        }
        if (!m) continue;
        touched++;
        qsort(el, (size_t)m, sizeof *el, cmp_i64);
        int64_t gap = -1; /* the one place where the elements are not a run */
        for (int64_t q = 1; q < m; q++)
            if (el[q] > el[q - 1] + 1) {
                if (gap >= 0) return false; /* three runs */
                gap = q;
            }
        if (gap < 0) continue; /* one run: either part may hold it */
        pairs++;
        low_max = el[gap - 1] > low_max ? el[gap - 1] : low_max;
        up_min = el[gap] < up_min ? el[gap] : up_min;
    }
    if (!pairs || 2 * pairs < touched || low_max >= up_min) return false;
    *split = low_max < n / 2 && n / 2 <= up_min ? n / 2 : up_min;
    return true;
}

/* Group mode's probe, when the written arrays do not split as pairs:
 * three to eight arrays, each touched at one run of elements (one row) an
 * iteration, in two groups of arrays of one length touched at the same
 * elements every iteration (GloVe's word vectors W[w] and their AdaGrad
 * sums GW[w], the context vectors C[c] and GC[c]; SGD-MF's W[u] and user
 * biases bu[u], H[v] and bv[v]; GloVe's biases and their sums beside the
 * vectors, eight arrays). Each group is one side of the strata, as
 * pair mode's parts are: an array of the first group is all lower part
 * (split n), one of the second all upper part (split 0); the group of
 * longer arrays first (it stays with its node, the other travels). A guess
 * from the probe; the key pass checks every iteration. */
static bool group_split(const sched_records *rec, int64_t lo, int64_t hi, const uint32_t *ids,
                        const int64_t *n, int k, int64_t *split)
{
    if (k < 3) return false; /* two: the slots' plan */
    bool eq[RT_GROUP_ARRAYS][RT_GROUP_ARRAYS];
    for (int a = 0; a < k; a++)
        for (int b = 0; b < k; b++) eq[a][b] = n[a] == n[b];
    for (int64_t i = lo; i < hi; i++) {
        int64_t cnt = 0, first[RT_GROUP_ARRAYS], last[RT_GROUP_ARRAYS], m[RT_GROUP_ARRAYS];
        const sched_acc *acc = sched_rec_accs(rec, i, &cnt);
        for (int a = 0; a < k; a++) first[a] = INT64_MAX, last[a] = -1, m[a] = 0;
        for (int64_t q = 0; q < cnt; q++) {
            int a = 0;
            while (a < k && ids[a] != SCHED_ACC_DV(acc[q])) a++;
            if (a == k) continue;
            int64_t e = SCHED_ACC_ELEM(acc[q]);
            first[a] = e < first[a] ? e : first[a];
            last[a] = e > last[a] ? e : last[a];
            m[a]++;
        }
        /* one run: as many accesses as elements spanned (the recorder keeps
         * one access an element; a row read and written may give two) */
        for (int a = 0; a < k; a++)
            if (m[a] && (m[a] < last[a] - first[a] + 1 || m[a] > 2 * (last[a] - first[a] + 1))) return false;
        for (int a = 0; a < k; a++)
            for (int b = 0; b < k; b++)
                if (first[a] != first[b] || last[a] != last[b]) eq[a][b] = false;
    }
    int cls[RT_GROUP_ARRAYS], nc = 0;
    int64_t len[2] = {0, 0};
    for (int a = 0; a < k; a++) {
        cls[a] = -1;
        for (int b = 0; b < a && cls[a] < 0; b++)
            if (eq[b][a]) cls[a] = cls[b];
        if (cls[a] < 0) {
            if (nc == 2) return false; /* three groups */
            cls[a] = nc++;
        }
        for (int b = 0; b < a; b++)
            if (eq[b][a] != (cls[a] == cls[b])) return false; /* not a partition */
        len[cls[a]] = n[a];
    }
    if (nc != 2) return false;
    int lower = len[0] >= len[1] ? 0 : 1;
    for (int a = 0; a < k; a++) split[a] = cls[a] == lower ? n[a] : 0;
    return true;
}

/* Pair mode: the written arrays ids[0..k) each split in two (pair_split)
 * into sp, and slots[0] (every lower part) and slots[1] (every upper part),
 * micro-blocks counted from each part's first element; false when some
 * array is not written as a pair. */
static bool pair_probe(const sched_records *rec, int64_t lo, int64_t hi, const uint32_t *ids,
                       const int64_t *n, int k, sched__slot *slots, rt__spans *sp)
{
    int64_t len[2] = {0, 0};
    bool pairs = k <= RT_PAIR_ARRAYS; /* two ranges an array */
    for (int a = 0; a < k && pairs; a++) pairs = pair_split(rec, lo, hi, ids[a], n[a], &sp->split[a]);
    if (!pairs && !group_split(rec, lo, hi, ids, n, k, sp->split)) return false;
    for (int a = 0; a < k; a++) {
        sp->wid[a] = ids[a];
        sp->wn[a] = n[a];
        if (sp->split[a] > len[0]) len[0] = sp->split[a];
        if (n[a] - sp->split[a] > len[1]) len[1] = n[a] - sp->split[a];
    }
    for (int s = 0; s < 2; s++) {
        sched__slot sl = {.id = ids[0], .lo = 0, .hi = len[s], .n = len[s]};
        while ((sl.hi - 1) >> sl.shift >= SCHED__MICRO) sl.shift++;
        sl.nmb = (int)(((sl.hi - 1) >> sl.shift) + 1);
        slots[s] = sl;
    }
    sp->pair = true;
    sp->nw = k;
    return true;
}

/* The probe's verdict: the written arrays as slots, or 0 when spans cannot
 * plan this loop. */
static int probe(const strads_loop_site *site, const void *env, int64_t lo, int64_t end, int threads,
                 sched__slot *slots, rt__spans *sp)
{
    /* A first few iterations say how many accesses one makes: iterations
     * over a whole shared vector (a residual of 10^5 elements) would make
     * the full probe cost more than a sequential pass of the loop, so the
     * probe stops at PROBE_ACCS accesses, whatever the iteration count. */
    int64_t hi = end - lo > PROBE_FIRST ? lo + PROBE_FIRST : end;
    sched_records rec;
    /* a worker's iterations that fault on values it read as zeros
     * (recon_guard.c) leave the loop to full records, which fetch them */
    rt_recon_skip_faults(true);
    int rc = rt__run_recon(site, env, lo, hi, threads, &rec);
    if (!rc && hi < end && rec.nacc > 0) {
        int64_t per = (int64_t)rec.nacc / (hi - lo) + 1, want = PROBE_ACCS / per;
        if (want > PROBE) want = PROBE;
        if (want > hi - lo) {
            sched_rec_free(&rec);
            hi = end - lo > want ? lo + want : end;
            rc = rt__run_recon(site, env, lo, hi, threads, &rec);
        }
    }
    size_t nfaulted = rt_recon_faults_end();
    /* several nodes: the input, from the first iteration that reads
     * arrays the loop does not write: those it reads at one distance from
     * the iteration's index, sorted by id so that every node lists them
     * alike (recon.c input_read checks every iteration; a read elsewhere,
     * or of a fifth such array, is a miss there) */
    for (int64_t i = lo; !rc && i < hi && !sp->nin; i++) {
        int64_t cnt = 0;
        const sched_acc *acc = sched_rec_accs(&rec, i, &cnt);
        for (int64_t q = 0; q < cnt; q++) {
            uint32_t id = SCHED_ACC_DV(acc[q]);
            int ai = rec.array_of[id];
            if (!ai || rec.arrays[ai - 1].written) continue;
            int64_t off = SCHED_ACC_ELEM(acc[q]) - i;
            if (sp->nin && off != sp->in_off) continue;
            int k = 0;
            while (k < sp->nin && sp->in_ids[k] != id) k++;
            if (k < sp->nin || sp->nin == RT_MAX_INPUTS) continue;
            while (k > 0 && sp->in_ids[k - 1] > id) sp->in_ids[k] = sp->in_ids[k - 1], k--;
            sp->in_ids[k] = id;
            sp->in_off = off;
            sp->nin++;
        }
    }
    uint32_t ids[RT_GROUP_ARRAYS];
    int64_t n[RT_GROUP_ARRAYS];
    int k = 0;
    for (int a = 0; !rc && a < rec.narrays && k <= RT_GROUP_ARRAYS; a++) {
        if (!rec.arrays[a].written) continue;
        const dds_vec *dv = dds_vec_by_id(rec.arrays[a].id);
        if (!dv) k = RT_GROUP_ARRAYS + 1; /* not an array this node knows: leave it to full records */
        if (k < RT_GROUP_ARRAYS && dv) ids[k] = dv->id, n[k] = dv->n;
        k++;
    }
    bool ok = !rc && !rec.too_many_arrays && k >= 1 && k <= RT_GROUP_ARRAYS && !nfaulted;
    /* threads to stratify on one node, or several nodes: arrays written at
     * two rows each are planned as pairs (the strata of lower x upper
     * parts), and three to eight written one row each as two groups
     * (group_split); on several nodes rank 0 checks that every node's probe
     * found the same splits (loop_async_plan_spans_nodes.c) */
    int N = strads_size();
    bool pair = ok &&
                (N == 1 ? threads >= 2 && threads * threads <= SCHED_CORDER_KEYS
                        : N * N <= SCHED_CORDER_KEYS) &&
                pair_probe(&rec, lo, hi, ids, n, k, slots, sp);
    /* several nodes: the small arrays it only reads, not its input, which
     * may go whole to every node (rt_recon_spans.rep) */
    for (int a = 0; !rc && N > 1 && a < rec.narrays; a++) {
        const dds_vec *dv = dds_vec_by_id(rec.arrays[a].id);
        int q = 0;
        while (q < sp->nin && sp->in_ids[q] != rec.arrays[a].id) q++;
        if (dv && !rec.arrays[a].written && q == sp->nin && (size_t)dv->n * dv->elem <= RT_REP_BYTES)
            (void)rt_rep_add(sp->rep, &sp->nrep, dv->id);
    }
    sched_rec_free(&rec);
    if (rc) return rc;
    if (pair) return 2;
    return ok && k <= 2 ? sched_span_slots(ids, n, k, slots) : 0;
}

int rt__span_share(const call_hdr *h, uint32_t in_id, int64_t in_off, int r, int64_t *lo,
                   int64_t *hi)
{
    int N = strads_size();
    const dds_vec *in = in_id ? dds_vec_by_id(in_id) : NULL;
    if (!in || in->part == DDS_PART_HASH || !in->bounds) {
        int64_t all = h->end - h->begin;
        *lo = h->begin + all * r / N;
        *hi = h->begin + all * (r + 1) / N;
        return in_id ? STRADS_EINVAL : 0;
    }
    if (h->begin + in_off < 0 || h->end + in_off > in->n) return STRADS_EINVAL;
    /* clamped to the loop: a node whose inputs the loop does not reach has
     * an empty share at the end of the others' */
    int64_t a = in->bounds[r] - in_off, b = in->bounds[r + 1] - in_off;
    *lo = a < h->begin ? h->begin : a > h->end ? h->end : a;
    *hi = b > h->end ? h->end : b < *lo ? *lo : b;
    return 0;
}

/* Whether the input arrays are cut alike: the first one's share of the
 * iterations is then every one's (an input the nodes do not know, or cut
 * otherwise, leaves the loop to full records). */
static bool inputs_alike(const rt__spans *sp)
{
    const dds_vec *a = sp->nin ? dds_vec_by_id(sp->in_ids[0]) : NULL;
    for (int k = 1; k < sp->nin; k++) {
        const dds_vec *b = dds_vec_by_id(sp->in_ids[k]);
        if (!a || !b || a->part == DDS_PART_HASH || b->part == DDS_PART_HASH || a->n != b->n)
            return false;
        for (int r = 0; r <= strads_size(); r++)
            if (a->bounds[r] != b->bounds[r]) return false;
    }
    return true;
}

int rt__span_recon(const strads_loop_site *site, const void *env, const call_hdr *h,
                   rt__spans *sp)
{
    memset(sp, 0, sizeof *sp);
    if (rt__async_verify_mode()) return 0;
    /* several nodes: probe the share full reconnaissance would take, then
     * span the iterations whose input this node owns */
    int N = strads_size(), me = strads_rank();
    rt__span_share(h, 0, 0, me, &sp->lo, &sp->hi);
    int threads = h->threads, ns = probe(site, env, sp->lo, sp->hi, threads, sp->slots, sp);
    if (ns <= 0) return ns;
    uint32_t in_id = sp->nin ? sp->in_ids[0] : 0;
    if (N > 1 && (rt__span_share(h, in_id, sp->in_off, me, &sp->lo, &sp->hi) || !inputs_alike(sp))) {
        sp->ns = 0; /* iterations outside the input: leave them to full records */
        return 0;
    }
    int64_t n = sp->hi - sp->lo;
    const dds_vec *in = N > 1 && in_id ? dds_vec_by_id(in_id) : NULL;
    rt_recon_spans proto = {.nslots = ns, .first = sp->lo, .n = n, .mlo = {0xFFFF, 0xFFFF},
                            .multi = N > 1, .nin = sp->nin, .in_off = sp->in_off, .rep_fixed = true,
                            .in_lo = in ? in->bounds[me] : 0, .in_hi = in ? in->bounds[me + 1] : 0,
                            };
    memcpy(proto.in_ids, sp->in_ids, sizeof proto.in_ids);
    for (int k = 0; in && k < sp->nin; k++) {
        const dds_vec *dk = dds_vec_by_id(sp->in_ids[k]);
        proto.in_base[k] = dk ? dk->base : NULL;
        proto.in_elem[k] = dk ? dk->elem : 0;
    }
    for (int s = 0; s < ns; s++) {
        const dds_vec *dv = dds_vec_by_id(sp->slots[s].id);
        proto.id[s] = dv->id;
        proto.mshift[s] = sp->slots[s].shift;
        proto.lo[s] = dv->base;
        proto.hi[s] = dv->base + (size_t)dv->n * dv->elem;
        proto.elem[s] = dv->elem;
        proto.bshift[s] = (dv->elem & (dv->elem - 1)) == 0 ? __builtin_ctzll(dv->elem) + proto.mshift[s] : -1;
    }
    if (sp->pair) { /* the ranges: each written array's two parts */
        proto.pair = true;
        proto.nr = 0;
        for (int a = 0; a < sp->nw; a++) {
            const dds_vec *dv = dds_vec_by_id(sp->wid[a]);
            for (int s = 0; s < 2; s++) {
                int64_t org = s ? sp->split[a] : 0, len = s ? dv->n - sp->split[a] : sp->split[a];
                int sh = sp->slots[s].shift;
                if (len == 0) continue; /* group mode: an array wholly on one side */
                proto.r[proto.nr++] = (rt_recon_range){
                    dv->id, org, len, dv->base + (size_t)org * dv->elem,
                    dv->base + (size_t)(org + len) * dv->elem, dv->elem, sh,
                    (dv->elem & (dv->elem - 1)) == 0 ? __builtin_ctzll(dv->elem) + sh : -1, s};
            }
        }
    }
    if (N > 1 && ns == 2 && threads == 1 && N * N <= SCHED_CORDER_KEYS) {
        sp->proto = proto; /* the key pass runs once the nodes agree on blocks */
        sp->site = site;
        sp->env = env;
        /* the sample may find small arrays read elsewhere than at the
         * input, which then go whole to every node before the key pass
         * (loop_async_plan_spans_nodes.c): span rows of the whole share
         * below would have read another node's elements as they are here */
        proto.rep_fixed = false;
        int rc = rt__keys_sample(site, env, &proto, sp);
        if (rc) memset(sp, 0, sizeof *sp);
        return rc;
    }
    if (N == 1 && ns == 2 && threads >= 2 && threads * threads <= SCHED_CORDER_KEYS) {
        int rc = rt__keys_plan(site, env, h, &proto, sp); /* the plan made as it runs */
        if (rc || !sp->keyed) memset(sp, 0, sizeof *sp);
        else sp->ns = ns;
        return rc;
    }
    /* span rows of the whole share: the probe's small arrays go whole to
     * this node first, so that the reads of them are the owners' values
     * (another array read elsewhere than at the input is a miss) */
    for (int q = 0; q < sp->nrep && N > 1; q++) {
        int frc = rt__fetch_whole(sp->rep[q]);
        if (frc) {
            memset(sp, 0, sizeof *sp);
            return frc;
        }
    }
    memcpy(proto.rep, sp->rep, sizeof proto.rep);
    proto.nrep = sp->nrep;
    proto.span = sched_span_alloc(n, ns);
    size_t hlen = (size_t)ns * SCHED__MICRO;
    span_job j = {site, env, sp->lo, sp->hi, threads, &proto,
                  calloc((size_t)threads, sizeof *j.sp), calloc((size_t)threads * hlen, sizeof *j.hist),
                  calloc((size_t)threads, sizeof *j.err)};
    int rc = proto.span && j.sp && j.hist && j.err ? 0 : STRADS_ENOMEM;
    if (!rc) rt_pool_run(threads, span_task, &j);
    for (int t = 1; !rc && t < threads; t++) /* the parts' histograms, summed into the first */
        for (size_t k = 0; k < hlen; k++) j.hist[k] += j.hist[(size_t)t * hlen + k];
    bool miss = false;
    uint16_t mlo[2] = {0xFFFF, 0xFFFF}, mhi[2] = {0, 0};
    for (int t = 0; !rc && t < threads; t++) {
        rc = j.err[t];
        miss |= j.sp[t].miss;

        for (int s = 0; s < ns; s++) {
            if (j.sp[t].mlo[s] < mlo[s]) mlo[s] = j.sp[t].mlo[s];
            if (j.sp[t].mhi[s] > mhi[s]) mhi[s] = j.sp[t].mhi[s];
        }
        for (int q = 0; q < j.sp[t].nseen; q++) { /* the arrays it only reads, once each */
            uint32_t id = j.sp[t].seen[q];
            bool have = id == proto.id[0] || (ns > 1 && id == proto.id[1]);
            for (int x = 0; x < sp->nro && !have; x++) have = sp->ro[x] == id;
            if (!have && sp->nro < SCHED_MAX_ARRAYS) sp->ro[sp->nro++] = id;
        }
    }
    /* Slots cover whole arrays, the records' blocks only the rows touched:
     * when those are a small part of an array, spans would see it in a few
     * coarse micro-blocks and cut it into fewer blocks than records would. */
    memcpy(sp->mlo, mlo, sizeof mlo);
    memcpy(sp->mhi, mhi, sizeof mhi);
    for (int s = 0; s < ns && N == 1; s++) /* several nodes: rank 0 judges all shares' */
        if (mlo[s] != 0xFFFF && 2 * (mhi[s] - mlo[s] + 1) < sp->slots[s].nmb) miss = true;
    free(j.sp);
    free(j.err);
    if (rc || miss) {
        free(proto.span);
        free(j.hist);
        memset(sp, 0, sizeof *sp);
        return rc;
    }
    sp->ns = ns;
    sp->span = proto.span;
    sp->hist = j.hist; /* the first part's rows hold the sums */
    return 0;
}

/* One node: its part is the whole plan (cells [rounds][1][sub-rounds]
 * [threads] are a node plan's own layout), taken over without a copy. */
static int take_whole(sched_plan *p, const call_hdr *h, uint64_t site_id, const uint32_t *written,
                      int nwritten, node_plan **out)
{
    node_plan *np = calloc(1, sizeof *np);
    if (!np) return STRADS_ENOMEM;
    np->written = malloc(2 * sizeof *np->written);
    np->locked = calloc((size_t)p->rounds, 1); /* spans never lock: no general method ran */
    if (!np->written || !np->locked) {
        rt__node_plan_free(np);
        return STRADS_ENOMEM;
    }
    memcpy(np->written, written, (size_t)nwritten * sizeof *written);
    np->nwritten = nwritten;
    np->site_id = site_id;
    np->begin = h->begin;
    np->end = h->end;
    np->threads = p->threads;
    np->rounds = p->rounds;
    np->subrounds = p->subrounds;
    np->order = p->order;
    np->norder = p->n;
    np->cells = p->cells;
    p->order = NULL;
    p->cells = NULL;
    *out = np;
    return 0;
}

/* STRADS_VERIFY_PLAN: the plan checked against full records. */
static int verify_plan(const strads_loop_site *site, const void *env, const call_hdr *h,
                       const sched_plan *p)
{
    sched_records rec;
    char err[256];
    int rc = rt__run_recon(site, env, h->begin, h->end, h->threads, &rec);
    if (!rc && (rc = sched_plan_check(p, &rec, err, sizeof err)))
        rt_error("async_for %s:%u: bad plan from spans: %s", site->file, site->line, err);
    sched_rec_free(&rec);
    return rc;
}

/* The plan made during reconnaissance (loop_async_plan_strata.c): *plan is its
 * summary (no order: the caller expands one when something reads it). */
static int keyed_build(const strads_loop_site *site, const void *env, const call_hdr *h,
                       rt__spans *sp, node_plan **np, sched_plan **plan)
{
    node_plan *k = sp->keyed;
    sp->keyed = NULL;
    sched_plan *p = calloc(1, sizeof *p);
    int rc = p ? 0 : STRADS_ENOMEM;
    if (!rc) *p = (sched_plan){.nodes = 1, .threads = k->threads, .rounds = 1,
                               .subrounds = k->subrounds, .n = k->norder, .node_method = "single",
                               .thread_method = "strata", .groups = k->norder > 0,
                               .imbalance = sp->imbalance};
    if (!rc && rt_cfg()->verify_plan) {
        size_t nc = (size_t)k->threads * (size_t)k->subrounds;
        p->order = malloc(((size_t)k->norder + 1) * sizeof *p->order);
        p->cells = malloc(nc * sizeof *p->cells);
        rc = p->order && p->cells ? sched_corder_expand(k->corder, p->order, p->cells) : STRADS_ENOMEM;
        if (!rc) rc = verify_plan(site, env, h, p);
        free(p->order);
        free(p->cells);
        p->order = NULL;
        p->cells = NULL;
    }
    if (rc) {
        rt__node_plan_free(k);
        sched_plan_free(p);
        return rc;
    }
    *np = k;
    *plan = p;
    return 0;
}

int rt__span_build(const strads_loop_site *site, const void *env, const call_hdr *h,
                   rt__spans *sp, node_plan **np, sched_plan **plan)
{
    *np = NULL;
    *plan = NULL;
    if (sp->keyed) return keyed_build(site, env, h, sp, np, plan);
    int rc = sched_plan_build_spans(h->begin, h->end - h->begin, sp->slots, sp->ns, sp->span,
                                    sp->hist, h->threads, rt__plan_par, NULL, plan);
    free(sp->hist); /* the planner took the spans over */
    sp->span = NULL;
    sp->hist = NULL;
    if (!rc && *plan && rt_cfg()->verify_plan) rc = verify_plan(site, env, h, *plan);
    uint32_t written[2] = {sp->slots[0].id, sp->slots[1].id};
    if (sp->ns == 2 && written[0] > written[1]) written[0] = sp->slots[1].id, written[1] = sp->slots[0].id;
    if (!rc && *plan) rc = take_whole(*plan, h, site->id, written, sp->ns, np);
    if (rc || !*np) {
        sched_plan_free(*plan);
        *plan = NULL;
    }
    return rc;
}
