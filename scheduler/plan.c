/*
 * scheduler/plan.c - conflict-free task groups, rounds and placement.
 *
 * One method, applied at two levels (B = nodes, then B = threads of a node
 * on the iterations that node runs in a round):
 *
 *  1. Only arrays that the loop writes can conflict (the records' summary
 *     names them); each is cut into B blocks (at node level the largest
 *     along its owners' ranges, so a node's groups find most data at home;
 *     otherwise cuts that balance the accesses).
 *  2. An iteration's signature is the set of blocks of written arrays it
 *     touches. Iterations with equal signatures form a task group and run
 *     in their original order on one thread.
 *  3. Rounds of pairwise-disjoint groups:
 *       - no written array: one round, iterations split evenly;
 *       - one written array, one block each: groups are disjoint, one round;
 *       - two written arrays, one block each (SGD-MF's W[i], H[j]): group
 *         (a, b); round r gives worker a the group (a, (a + r) mod B): the
 *         DSGD strata, found from the records alone with no hint;
 *       - anything else: plan_general.c measures the conflict graph and
 *         picks connected components or first-fit rounds of groups.
 *  4. Placement inside a round: the Latin rounds fix the worker (it owns
 *     block a); otherwise longest group first onto the least-loaded worker.
 *
 * Speed: blocks are unions of micro-blocks (at most SCHED__MICRO per
 * array), so one pass over the accesses (spans()) reduces every iteration
 * to the lowest and highest micro-block it touches in each written array,
 * and every level after that works on those few bytes per iteration:
 * histograms, signatures and counting sorts, no search per access. An
 * iteration is in one block exactly when its lowest and highest micro-block
 * are, because blocks are contiguous.
 *
 * The passes over all iterations (spans, histograms, strata) run in chunks
 * through a parallel for the caller may lend (the engine lends its thread
 * pool); chunks write disjoint parts, so the plan does not depend on it.
 *
 * Everything is stable (original order kept within a group) and uses no
 * randomness, so the same records always give the same plan.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/sched.h"
#include "strads.h"

#define FAST_SLOTS 2 /* written arrays the span pass handles (strata need two) */
#define NO_MB 0xFFFF /* span entry of an array the iteration does not touch */
#define SPANS_SHORT 1 /* planning from spans alone: the general methods need the accesses */

/* Passes over many iterations are cut into chunks of at least this many,
 * at most MAX_CHUNKS, and run through the caller's parallel for. */
#define CHUNK_MIN 65536
#define MAX_CHUNKS 64

static int64_t chunks_for(const sched__shared *sh, int64_t n)
{
    if (!sh->par) return 1;
    int64_t c = n / CHUNK_MIN;
    return c < 1 ? 1 : c > MAX_CHUNKS ? MAX_CHUNKS : c;
}

static void run_chunks(const sched__shared *sh, int64_t chunks, sched_task_fn fn, void *arg)
{
    if (chunks > 1)
        sh->par(sh->par_ctx, chunks, fn, arg);
    else
        fn(arg, 0);
}

static const sched_dv *find_dv(const sched__shared *sh, uint32_t id)
{
    for (int i = 0; i < sh->ndv; i++)
        if (sh->dvs[i].id == id) return &sh->dvs[i];
    return NULL;
}

/* The written arrays, from the records' summary; the largest first: at node
 * level it is cut along its owners' ranges and stays where it lives (Latin
 * rounds keep slot 0's block on its worker); the others move between rounds
 * anyway, so their blocks are cut to balance the work instead. */
static int find_slots(sched__shared *sh)
{
    const sched_records *r = sh->rec;
    if (r->too_many_arrays) return STRADS_EINVAL;
    int k = 0;
    memset(sh->slot_of, -1, sizeof sh->slot_of);
    for (int a = 0; a < r->narrays; a++) {
        const sched_arr_sum *s = &r->arrays[a];
        if (!s->written) continue;
        const sched_dv *d = find_dv(sh, s->id);
        sched__slot *sl = &sh->slots[k++];
        *sl = (sched__slot){.id = s->id, .lo = s->lo, .hi = s->hi, .n = d ? d->n : s->hi,
                            .bounds = d ? d->bounds : NULL};
        int64_t span = sl->hi - sl->lo;
        while ((span - 1) >> sl->shift >= SCHED__MICRO) sl->shift++;
        sl->nmb = (int)(((span - 1) >> sl->shift) + 1);
    }
    for (int s = 1; s < k; s++)
        for (int q = s; q > 0 && sh->slots[q].n > sh->slots[q - 1].n; q--) {
            sched__slot tmp = sh->slots[q];
            sh->slots[q] = sh->slots[q - 1];
            sh->slots[q - 1] = tmp;
        }
    for (int s = 0; s < k; s++) sh->slot_of[sh->slots[s].id] = (int16_t)s;
    sh->nslots = k;
    return 0;
}

/* The one pass over the accesses: per iteration and written array, the
 * lowest and highest micro-block touched. */
typedef struct span_job {
    const sched__shared *sh;
    uint16_t *span;
    int64_t chunks;
} span_job;

static void span_chunk(void *arg, int64_t c)
{
    const span_job *j = arg;
    const sched__shared *sh = j->sh;
    const sched_records *r = sh->rec;
    int ns = sh->nslots;
    int64_t lo = r->n * c / j->chunks, hi = r->n * (c + 1) / j->chunks;
    for (int64_t i = lo; i < hi; i++) {
        uint16_t *sp = j->span + (size_t)i * (size_t)ns * 2;
        for (int s = 0; s < ns; s++) sp[2 * s] = NO_MB, sp[2 * s + 1] = 0;
        for (int64_t q = r->off[i]; q < r->off[i + 1]; q++) {
            int s = sh->slot_of[SCHED_ACC_DV(r->acc[q])];
            if (s < 0) continue;
            const sched__slot *sl = &sh->slots[s];
            uint16_t m = (uint16_t)((SCHED_ACC_ELEM(r->acc[q]) - sl->lo) >> sl->shift);
            if (sp[2 * s] == NO_MB || m < sp[2 * s]) sp[2 * s] = m;
            if (m > sp[2 * s + 1]) sp[2 * s + 1] = m;
        }
    }
}

static int spans(sched__shared *sh)
{
    const sched_records *r = sh->rec;
    sh->span = malloc(((size_t)r->n * (size_t)sh->nslots * 2 + 1) * sizeof *sh->span);
    if (!sh->span) return STRADS_ENOMEM;
    span_job j = {sh, sh->span, chunks_for(sh, r->n)};
    run_chunks(sh, j.chunks, span_chunk, &j);
    return 0;
}

/* Per written array, how many iterations of the level start in each
 * micro-block (the lowest one they touch; without spans, how many accesses
 * fall in it): what balanced cuts come from. */
typedef struct hist_job {
    const sched__level *L;
    uint32_t *hist; /* [chunk][slot][micro-block] */
    int64_t chunks;
} hist_job;

static void hist_chunk(void *arg, int64_t c)
{
    const hist_job *j = arg;
    const sched__level *L = j->L;
    const sched__shared *sh = L->sh;
    int ns = sh->nslots;
    uint32_t *hist = j->hist + (size_t)c * (size_t)ns * SCHED__MICRO;
    memset(hist, 0, (size_t)ns * SCHED__MICRO * sizeof *hist);
    for (int64_t i = L->n * c / j->chunks; i < L->n * (c + 1) / j->chunks; i++) {
        const uint16_t *sp = sh->span + (size_t)sched__rec_index(L, i) * (size_t)ns * 2;
        for (int s = 0; s < ns; s++)
            if (sp[2 * s] != NO_MB) hist[s * SCHED__MICRO + sp[2 * s]]++;
    }
}

static int level_hist(const sched__level *L, uint32_t *hist)
{
    const sched__shared *sh = L->sh;
    int ns = sh->nslots;
    size_t len = (size_t)ns * SCHED__MICRO;
    if (sh->hist && !L->iters) { /* all iterations: counted while recording */
        memcpy(hist, sh->hist, len * sizeof *hist);
        return 0;
    }
    memset(hist, 0, len * sizeof *hist);
    if (sh->span) {
        hist_job j = {L, NULL, chunks_for(sh, L->n)};
        if (j.chunks == 1) {
            j.hist = hist;
            hist_chunk(&j, 0);
            return 0;
        }
        if (!(j.hist = malloc((size_t)j.chunks * len * sizeof *j.hist))) return STRADS_ENOMEM;
        run_chunks(sh, j.chunks, hist_chunk, &j);
        for (int64_t c = 0; c < j.chunks; c++)
            for (size_t k = 0; k < len; k++) hist[k] += j.hist[(size_t)c * len + k];
        free(j.hist);
        return 0;
    }
    const sched_records *r = sh->rec;
    for (int64_t i = 0; i < L->n; i++) {
        int64_t k = sched__rec_index(L, i);
        for (int64_t j = r->off[k]; j < r->off[k + 1]; j++) {
            int s = sh->slot_of[SCHED_ACC_DV(r->acc[j])];
            if (s < 0) continue;
            const sched__slot *sl = &sh->slots[s];
            hist[s * SCHED__MICRO + ((SCHED_ACC_ELEM(r->acc[j]) - sl->lo) >> sl->shift)]++;
        }
    }
    return 0;
}

/* Cuts every written array into B blocks of micro-blocks and fills L->blk
 * (micro-block -> block). At node level the largest array follows its
 * owners' ranges (rounded to micro-blocks: a few rows may live next door);
 * the others get cuts with about equal numbers of accesses, because skewed
 * data (popular items) would otherwise give a few groups most of the work. */
static int cut_blocks(sched__level *L)
{
    const sched__shared *sh = L->sh;
    int ns = sh->nslots, B = L->B;
    L->blk = malloc((size_t)ns * SCHED__MICRO * sizeof *L->blk);
    uint32_t *hist = malloc((size_t)ns * SCHED__MICRO * sizeof *hist);
    int64_t *cut = malloc(((size_t)B + 1) * sizeof *cut);
    if (!L->blk || !hist || !cut) {
        free(hist);
        free(cut);
        return STRADS_ENOMEM;
    }
    if (level_hist(L, hist)) {
        free(hist);
        free(cut);
        return STRADS_ENOMEM;
    }
    for (int s = 0; s < ns; s++) {
        const sched__slot *sl = &sh->slots[s];
        const uint32_t *h = hist + (size_t)s * SCHED__MICRO;
        cut[0] = 0;
        cut[B] = sl->nmb;
        int64_t total = 0;
        for (int k = 0; k < sl->nmb; k++) total += h[k];
        bool owners = L->node_level && s == 0 && sl->bounds;
        if (owners) {
            for (int q = 1; q < B; q++) {
                int64_t b = sl->bounds[q] <= sl->lo ? 0 : (sl->bounds[q] - sl->lo) >> sl->shift;
                cut[q] = b < cut[q - 1] ? cut[q - 1] : b > sl->nmb ? sl->nmb : b;
            }
            /* the owners' blocks, unless they leave nodes idle: a loop
             * that writes only the first part of its arrays (a cell list's
             * own cells before its halo) would run on one node */
            for (int q = 0; q < B && owners; q++) {
                int64_t load = 0;
                for (int64_t k = cut[q]; k < cut[q + 1]; k++) load += h[k];
                owners = 2 * load * B <= 3 * total;
            }
        }
        if (!owners) {
            int64_t acc = 0, m = 0;
            for (int q = 1; q < B; q++) {
                int64_t want = total * q / B;
                while (m < sl->nmb && acc + h[m] <= want) acc += h[m++];
                cut[q] = m > cut[q - 1] ? m : cut[q - 1];
            }
        }
        uint16_t *blk = L->blk + (size_t)s * SCHED__MICRO;
        for (int q = 0; q < B; q++)
            for (int64_t k = cut[q]; k < cut[q + 1]; k++) blk[k] = (uint16_t)q;
    }
    free(hist);
    free(cut);
    return 0;
}

/* Signature of every iteration of the level: per written array the block it
 * touches, -1 none. Returns false when some iteration touches two blocks of
 * one array (the general methods take over). */
static bool signatures(const sched__level *L, int *sigs)
{
    const sched__shared *sh = L->sh;
    int ns = sh->nslots;
    for (int64_t i = 0; i < L->n; i++) {
        const uint16_t *sp = sh->span + (size_t)sched__rec_index(L, i) * (size_t)ns * 2;
        for (int s = 0; s < ns; s++) {
            if (sp[2 * s] == NO_MB) {
                sigs[i * ns + s] = -1;
                continue;
            }
            const uint16_t *blk = L->blk + (size_t)s * SCHED__MICRO;
            int a = blk[sp[2 * s]];
            if (a != blk[sp[2 * s + 1]]) return false;
            sigs[i * ns + s] = a;
        }
    }
    return true;
}

/* ---- methods ---- */

static void independent(sched__level *L)
{
    L->rounds = 1;
    L->method = "independent";
    L->groups = L->B;
    for (int64_t i = 0; i < L->n; i++) {
        L->round[i] = 0;
        L->worker[i] = (int32_t)(i * L->B / (L->n ? L->n : 1));
    }
}

typedef struct sized {
    int64_t size, id;
} sized;

static int cmp_sized(const void *a, const void *b)
{
    const sized *x = a, *y = b;
    if (x->size != y->size) return x->size > y->size ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

int sched__by_size(int64_t ngroups, const int64_t *size, int64_t *order)
{
    sized *t = malloc(((size_t)ngroups + 1) * sizeof *t);
    if (!t) return STRADS_ENOMEM;
    for (int64_t g = 0; g < ngroups; g++) t[g] = (sized){size[g], g};
    qsort(t, (size_t)ngroups, sizeof *t, cmp_sized);
    for (int64_t g = 0; g < ngroups; g++) order[g] = t[g].id;
    free(t);
    return 0;
}

int sched__lpt(int64_t ngroups, const int64_t *size, int B, int32_t *worker_of_group)
{
    int64_t *order = malloc(((size_t)ngroups + 1) * sizeof *order);
    int64_t *load = calloc((size_t)B, sizeof *load);
    int rc = order && load ? sched__by_size(ngroups, size, order) : STRADS_ENOMEM;
    for (int64_t i = 0; i < ngroups && !rc; i++) {
        int best = 0;
        for (int w = 1; w < B; w++)
            if (load[w] < load[best]) best = w;
        worker_of_group[order[i]] = best;
        load[best] += size[order[i]];
    }
    free(order);
    free(load);
    return rc;
}

static int one_array(sched__level *L, const int *sigs)
{
    /* groups: block 0..B-1 and B = touches no written array */
    int64_t *sz = calloc((size_t)L->B + 1, sizeof *sz);
    int32_t *w = malloc(((size_t)L->B + 1) * sizeof *w);
    int rc = sz && w ? 0 : STRADS_ENOMEM;
    if (!rc) {
        for (int64_t i = 0; i < L->n; i++) sz[sigs[i] < 0 ? L->B : sigs[i]]++;
        rc = sched__lpt(L->B + 1, sz, L->B, w);
    }
    if (!rc) {
        L->rounds = 1;
        L->method = "blocks";
        L->groups = 0;
        for (int g = 0; g <= L->B; g++) L->groups += sz[g] > 0;
        for (int64_t i = 0; i < L->n; i++) {
            L->round[i] = 0;
            L->worker[i] = w[sigs[i] < 0 ? L->B : sigs[i]];
        }
    }
    free(sz);
    free(w);
    return rc;
}

/* Two written arrays, one block of each per iteration: the DSGD strata.
 * Group (a, b) runs in round (b - a) mod B on worker a. Straight from the
 * spans in one pass; false when some iteration touches two blocks of an
 * array (then the general methods take over). */
typedef struct strata_job {
    sched__level *L;
    int64_t chunks;
    atomic_bool spans_blocks; /* some iteration touches two blocks of an array */
    char *seen;               /* [chunk][B][B]: groups met */
} strata_job;

static void strata_chunk(void *arg, int64_t c)
{
    strata_job *j = arg;
    sched__level *L = j->L;
    int B = L->B;
    const sched__shared *sh = L->sh;
    char *seen = j->seen + (size_t)c * (size_t)B * (size_t)B;
    for (int64_t i = L->n * c / j->chunks; i < L->n * (c + 1) / j->chunks; i++) {
        int a, r;
        if (!sched_span_strata_cell(L->blk, sh->span + (size_t)sched__rec_index(L, i) * 4, i, L->n, B, &a, &r)) {
            atomic_store(&j->spans_blocks, true);
            return;
        }
        L->worker[i] = a;
        L->round[i] = r;
        seen[a * B + r] = 1;
    }
}

static int strata(sched__level *L, bool *done)
{
    int B = L->B;
    strata_job j = {L, chunks_for(L->sh, L->n), false, NULL};
    *done = false;
    if (!(j.seen = calloc((size_t)j.chunks * (size_t)B * (size_t)B, 1))) return STRADS_ENOMEM;
    run_chunks(L->sh, j.chunks, strata_chunk, &j);
    if (!atomic_load(&j.spans_blocks)) {
        L->rounds = B;
        L->method = "strata";
        L->groups = 0;
        for (size_t g = 0; g < (size_t)B * (size_t)B; g++) {
            bool any = false;
            for (int64_t c = 0; c < j.chunks && !any; c++)
                any = j.seen[(size_t)c * (size_t)B * (size_t)B + g];
            L->groups += any;
        }
        *done = true;
    }
    free(j.seen);
    return 0;
}

static int plan_level(sched__level *L)
{
    L->round = malloc(((size_t)L->n + 1) * sizeof *L->round);
    L->worker = malloc(((size_t)L->n + 1) * sizeof *L->worker);
    if (!L->round || !L->worker) return STRADS_ENOMEM;
    if (L->n == 0 || L->B == 1) {
        for (int64_t i = 0; i < L->n; i++) L->round[i] = L->worker[i] = 0;
        L->rounds = 1;
        L->method = "single";
        L->groups = L->n > 0;
        return 0;
    }
    int ns = L->sh->nslots;
    if (ns == 0) {
        independent(L);
        return 0;
    }
    int rc = cut_blocks(L);
    if (rc) return rc;
    if (L->sh->span && ns == 2) {
        bool done;
        if ((rc = strata(L, &done)) || done) return rc;
    }
    if (L->sh->span && ns == 1) {
        int *sigs = malloc(((size_t)L->n + 1) * sizeof *sigs);
        if (!sigs) return STRADS_ENOMEM;
        bool simple = signatures(L, sigs);
        if (simple) rc = one_array(L, sigs);
        free(sigs);
        /* every iteration in one node's block says nothing of the elements
         * (a blocked LU's perimeter, one band of rows, each block its own
         * but all reading the diagonal block): the general plan may split
         * them; at thread level one group stays serial, as measured */
        if (simple && !rc && L->node_level && L->groups <= 1 && L->n > 1 && !L->sh->spans_only)
            simple = false;
        if (simple) return rc;
    }
    if (L->sh->spans_only) return SPANS_SHORT;
    return sched__general(L);
}

void sched_plan_free(sched_plan *p)
{
    if (!p) return;
    free(p->order);
    free(p->cells);
    free(p->locked);
    free(p);
}

static void level_free(sched__level *L)
{
    free(L->round);
    free(L->worker);
    free(L->blk);
}

/* Lays out the iterations of node cell (r, node) by (sub-round, thread)
 * into p->order from *at on: a counting sort scattering the iterations
 * straight to their places (stable, so each cell keeps the original order). */
static int place_cell(sched_plan *p, const sched__level *L, int r, int node, int64_t *at)
{
    int threads = p->threads, subrounds = p->subrounds;
    int64_t nkeys = (int64_t)subrounds * threads;
    int64_t *fill = calloc((size_t)nkeys + 1, sizeof *fill);
    if (!fill) return STRADS_ENOMEM;
    for (int64_t i = 0; i < L->n; i++) fill[L->round[i] * threads + L->worker[i] + 1]++;
    fill[0] = *at;
    for (int64_t k = 0; k < nkeys; k++) fill[k + 1] += fill[k];
    for (int s = 0; s < subrounds; s++)
        for (int t = 0; t < threads; t++) {
            int64_t k = (int64_t)s * threads + t;
            *sched_cell_at(p, r, node, s, t) = (sched_cell){fill[k], fill[k + 1] - fill[k]};
        }
    int64_t first = L->sh->rec->first;
    for (int64_t i = 0; i < L->n; i++)
        p->order[fill[L->round[i] * threads + L->worker[i]]++] = first + sched__rec_index(L, i);
    *at += L->n;
    free(fill);
    return 0;
}

int sched_plan_build(const sched_records *rec, const sched_dv *dvs, int ndv, int nodes,
                     int threads, sched_plan **out)
{
    return sched_plan_build_par(rec, dvs, ndv, nodes, threads, NULL, NULL, out);
}

/* Both levels and the layout of the plan, once sh has its slots (and spans). */
static int build(const sched__shared *sh, int nodes, int threads, sched_plan **out)
{
    const sched_records *rec = sh->rec;
    int64_t n = rec->n;
    sched_plan *p = calloc(1, sizeof *p);
    int64_t *iters = NULL, *cell_start = NULL, ncells = 0;
    sched__level top = {0}, *sub = NULL;
    int rc = p ? 0 : STRADS_ENOMEM;
    if (rc) goto done;

    top = (sched__level){.sh = sh, .iters = NULL, .n = n, .B = nodes, .node_level = true};
    rc = STRADS_ENOMEM;
    if (!(cell_start = calloc((size_t)nodes * (size_t)(nodes > 1 ? nodes : 1) + 2, sizeof *cell_start)))
        goto done;
    if (nodes == 1) { /* one cell holds every iteration, in order: no node level to plan */
        top.rounds = 1;
        top.method = "single";
        top.groups = n > 0;
        ncells = 1;
        cell_start[0] = 0, cell_start[1] = n;
    } else {
        if ((rc = plan_level(&top))) goto done;
        rc = STRADS_ENOMEM;
        /* node cells (round, node) -> their iterations, in order: a
         * counting sort scattering iteration numbers straight into place */
        ncells = (int64_t)top.rounds * nodes;
        int64_t *c2 = realloc(cell_start, ((size_t)ncells + 2) * sizeof *c2);
        iters = malloc(((size_t)n + 1) * sizeof *iters);
        if (c2) cell_start = c2;
        if (!c2 || !iters) goto done;
        memset(cell_start, 0, ((size_t)ncells + 2) * sizeof *cell_start);
        for (int64_t i = 0; i < n; i++) cell_start[top.round[i] * nodes + top.worker[i] + 2]++;
        for (int64_t c = 0; c < ncells; c++) cell_start[c + 2] += cell_start[c + 1];
        for (int64_t i = 0; i < n; i++)
            iters[cell_start[top.round[i] * nodes + top.worker[i] + 1]++] = rec->first + i;
    }

    /* thread level inside each node cell */
    rc = STRADS_ENOMEM;
    sub = calloc((size_t)ncells, sizeof *sub);
    if (!sub) goto done;
    int subrounds = 1;
    const char *tmethod = "single";
    for (int64_t c = 0; c < ncells; c++) {
        sub[c] = (sched__level){.sh = sh, .iters = iters ? iters + cell_start[c] : NULL,
                                .n = cell_start[c + 1] - cell_start[c], .B = threads};
        if ((rc = plan_level(&sub[c]))) goto done;
        if (sub[c].rounds > subrounds) subrounds = sub[c].rounds;
        if (sub[c].n > 0) tmethod = sub[c].method;
    }
    *p = (sched_plan){.nodes = nodes, .threads = threads, .rounds = top.rounds,
                      .subrounds = subrounds, .n = n, .node_method = top.method,
                      .thread_method = tmethod, .groups = top.groups};
    p->order = malloc(((size_t)n + 1) * sizeof *p->order);
    p->cells = calloc((size_t)ncells * (size_t)subrounds * (size_t)threads, sizeof *p->cells);
    p->locked = calloc((size_t)ncells + 1, 1);
    rc = STRADS_ENOMEM;
    if (!p->order || !p->cells || !p->locked) goto done;
    for (int64_t c = 0; c < ncells; c++) p->locked[c] = sub[c].locked;
    int64_t at = 0;
    double crit = 0;
    for (int r = 0; r < top.rounds; r++) {
        int64_t maxload = 0;
        for (int node = 0; node < nodes; node++) {
            const sched__level *L = &sub[(int64_t)r * nodes + node];
            if (L->n > maxload) maxload = L->n;
            if ((rc = place_cell(p, L, r, node, &at))) goto done;
        }
        crit += (double)maxload;
    }
    p->imbalance = n ? crit / ((double)n / nodes) : 1.0;
    *out = p;
    p = NULL;
    rc = 0;
done:
    for (int64_t c = 0; sub && c < ncells; c++) level_free(&sub[c]);
    free(sub);
    level_free(&top);
    free(cell_start);
    free(iters);
    sched_plan_free(p);
    return rc;
}

int sched_plan_build_par(const sched_records *rec, const sched_dv *dvs, int ndv, int nodes,
                         int threads, sched_par_fn par, void *par_ctx, sched_plan **out)
{
    *out = NULL;
    if (nodes < 1 || threads < 1 || rec->n < 0 || nodes > 65535 || threads > 65535)
        return STRADS_EINVAL;
    sched__shared *sh = calloc(1, sizeof *sh);
    if (!sh) return STRADS_ENOMEM;
    *sh = (sched__shared){.rec = rec, .dvs = dvs, .ndv = ndv, .par = par, .par_ctx = par_ctx};
    int rc = find_slots(sh);
    if (!rc && sh->nslots > 0 && sh->nslots <= FAST_SLOTS && (nodes > 1 || threads > 1))
        rc = spans(sh);
    if (!rc) rc = build(sh, nodes, threads, out);
    free(sh->span);
    free(sh);
    return rc;
}

int sched_span_slots(const uint32_t *ids, const int64_t *n, int k, sched__slot *slots)
{
    if (k < 1 || k > FAST_SLOTS) return STRADS_EINVAL;
    for (int s = 0; s < k; s++) {
        if (n[s] < 1 || ids[s] >= (1u << SCHED_DV_BITS)) return STRADS_EINVAL;
        sched__slot sl = {.id = ids[s], .lo = 0, .hi = n[s], .n = n[s]};
        while ((sl.hi - 1) >> sl.shift >= SCHED__MICRO) sl.shift++;
        sl.nmb = (int)(((sl.hi - 1) >> sl.shift) + 1);
        int q = s; /* the largest first, as find_slots orders them */
        for (; q > 0 && slots[q - 1].n < sl.n; q--) slots[q] = slots[q - 1];
        slots[q] = sl;
    }
    return k;
}

uint16_t *sched_span_alloc(int64_t n, int nslots)
{
    size_t spans = ((size_t)n * (size_t)nslots * 2 + 1) * sizeof(uint16_t);
    size_t order = ((size_t)n + 1) * sizeof(int64_t);
    return malloc(spans > order ? spans : order);
}

/* ---- one node, two written arrays, spans: strata and layout in two passes ----
 *
 * What build() does for this case through per-iteration round and worker
 * arrays and a sequential counting sort, in two parallel passes that keep
 * per iteration only its cell key (round * threads + worker, 2 bytes), and
 * the order written into the span buffer's memory once the spans are spent:
 * fresh memory costs ~2.5 ms per MB to fault in this VM, more than the
 * passes themselves (the plan is the same, test_plan_spans checks it). */
typedef struct fused_job {
    sched__level *L;
    int64_t chunks;
    uint16_t *key;
    int64_t *count;           /* [chunk][key], then each chunk's first position per key */
    atomic_bool spans_blocks; /* some iteration touches two blocks of an array */
    int64_t *order;
} fused_job;

static void fused_count(void *arg, int64_t c)
{
    fused_job *j = arg;
    const sched__level *L = j->L;
    int B = L->B;
    int64_t *count = j->count + (size_t)c * (size_t)B * (size_t)B;
    for (int64_t i = L->n * c / j->chunks; i < L->n * (c + 1) / j->chunks; i++) {
        int a, round;
        if (!sched_span_strata_cell(L->blk, L->sh->span + (size_t)i * 4, i, L->n, B, &a, &round)) {
            atomic_store(&j->spans_blocks, true);
            return;
        }
        j->key[i] = (uint16_t)(round * B + a);
        count[round * B + a]++;
    }
}

static void fused_place(void *arg, int64_t c)
{
    fused_job *j = arg;
    const sched__level *L = j->L;
    int64_t *at = j->count + (size_t)c * (size_t)L->B * (size_t)L->B, first = L->sh->rec->first;
    for (int64_t i = L->n * c / j->chunks; i < L->n * (c + 1) / j->chunks; i++)
        j->order[at[j->key[i]]++] = first + i;
}

/* Fills *out, or leaves it NULL (0 returned) when some iteration spans two
 * blocks of an array. */
static int fused_strata(sched__shared *sh, int threads, sched_plan **out)
{
    sched__level L = {.sh = sh, .n = sh->rec->n, .B = threads};
    int B = threads, nkeys = B * B;
    fused_job j = {&L, chunks_for(sh, L.n), NULL, NULL, false, NULL};
    sched_plan *p = calloc(1, sizeof *p);
    int rc = STRADS_ENOMEM;
    j.key = malloc(((size_t)L.n + 1) * sizeof *j.key);
    j.count = calloc((size_t)j.chunks * (size_t)nkeys, sizeof *j.count);
    if (!p || !j.key || !j.count || (rc = cut_blocks(&L))) goto done;
    run_chunks(sh, j.chunks, fused_count, &j);
    rc = 0;
    if (atomic_load(&j.spans_blocks)) goto done;
    *p = (sched_plan){.nodes = 1, .threads = B, .rounds = 1, .subrounds = B, .n = L.n,
                      .node_method = "single", .thread_method = "strata", .groups = L.n > 0,
                      .imbalance = 1.0};
    p->cells = calloc((size_t)nkeys, sizeof *p->cells);
    p->locked = calloc(2, 1);
    rc = STRADS_ENOMEM;
    if (!p->cells || !p->locked) goto done;
    int64_t at = 0; /* keys in order, chunks in order inside each: stable */
    for (int k = 0; k < nkeys; k++) {
        int64_t start = at;
        for (int64_t c = 0; c < j.chunks; c++) {
            int64_t *cnt = &j.count[(size_t)c * (size_t)nkeys + (size_t)k], m = *cnt;
            *cnt = at;
            at += m;
        }
        p->cells[k] = (sched_cell){start, at - start};
    }
    /* the spans are spent: their memory takes the order */
    p->order = j.order = (int64_t *)(void *)sh->span;
    sh->span = NULL;
    run_chunks(sh, j.chunks, fused_place, &j);
    *out = p;
    p = NULL;
    rc = 0;
done:
    free(j.key);
    free(j.count);
    free(L.blk);
    sched_plan_free(p);
    return rc;
}

int sched_plan_build_spans(int64_t first, int64_t n, const sched__slot *slots, int nslots,
                           uint16_t *span, const uint32_t *hist, int threads, sched_par_fn par,
                           void *par_ctx, sched_plan **out)
{
    *out = NULL;
    if (threads < 1 || threads > 65535 || n < 0 || nslots < 1 || nslots > FAST_SLOTS) {
        free(span);
        return STRADS_EINVAL;
    }
    /* records with no accesses: the planner reads only first and n of them */
    sched_records *rec = calloc(1, sizeof *rec);
    sched__shared *sh = calloc(1, sizeof *sh);
    int rc = rec && sh ? 0 : STRADS_ENOMEM;
    if (!rc) {
        rec->first = first;
        rec->n = n;
        rec->cur = SCHED_NO_ITER;
        *sh = (sched__shared){.rec = rec, .nslots = nslots, .span = span, .spans_only = true,
                              .hist = hist, .par = par, .par_ctx = par_ctx};
        memset(sh->slot_of, -1, sizeof sh->slot_of);
        for (int s = 0; s < nslots; s++) {
            sh->slots[s] = slots[s];
            sh->slot_of[slots[s].id] = (int16_t)s;
        }
        if (nslots == 2 && n > 0 && threads > 1 && threads <= 256) /* keys fit 16 bits */
            rc = fused_strata(sh, threads, out);
        if (!rc && !*out) rc = build(sh, 1, threads, out);
        if (rc == SPANS_SHORT) rc = 0; /* *out stays NULL: full records needed */
    }
    if (sh) free(sh->span);
    else free(span);
    free(sh);
    free(rec);
    return rc;
}

static int span_blocks(const sched__slot *slots, int nslots, const uint32_t *hist, int B,
                       bool node_level, uint16_t *blk)
{
    if (B < 1 || B > 65535 || nslots < 1 || nslots > FAST_SLOTS) return STRADS_EINVAL;
    sched_records rec = {.n = 0, .cur = SCHED_NO_ITER};
    sched__shared sh = {.rec = &rec, .nslots = nslots, .spans_only = true, .hist = hist};
    for (int s = 0; s < nslots; s++) sh.slots[s] = slots[s];
    sched__level L = {.sh = &sh, .B = B, .node_level = node_level};
    int rc = cut_blocks(&L);
    if (!rc) memcpy(blk, L.blk, (size_t)nslots * SCHED__MICRO * sizeof *blk);
    free(L.blk);
    return rc;
}

int sched_span_node_blocks(const sched__slot *slots, int nslots, const uint32_t *hist, int nodes,
                           uint16_t *blk)
{
    return span_blocks(slots, nslots, hist, nodes, true, blk);
}

int sched_span_thread_blocks(const sched__slot *slots, int nslots, const uint32_t *hist,
                             int threads, uint16_t *blk)
{
    return span_blocks(slots, nslots, hist, threads, false, blk);
}
