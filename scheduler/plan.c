/*
 * scheduler/plan.c - conflict-free task groups, rounds and placement.
 *
 * One method, applied at two levels (B = nodes, then B = threads of a node
 * on the iterations that node runs in a round):
 *
 *  1. Only arrays that the loop writes can conflict; each is cut into B
 *     blocks (at node level the owners' ranges, so a node's groups find
 *     most data at home; at thread level equal slices of the range touched).
 *  2. An iteration's signature is the set of blocks of written arrays it
 *     touches. Iterations with equal signatures form a task group and run
 *     in their original order on one thread.
 *  3. Rounds of pairwise-disjoint groups:
 *       - no written array: one round, iterations split evenly;
 *       - one written array, one block each: groups are disjoint, one round;
 *       - two written arrays, one block each (SGD-MF's W[i], H[j]): group
 *         (a, b); round r gives worker a the group (a, (a + r) mod B): the
 *         DSGD strata, found from the records alone with no hint;
 *       - anything else: first-fit coloring of groups, largest first.
 *  4. Placement inside a round: the Latin rounds fix the worker (it owns
 *     block a); otherwise longest group first onto the least-loaded worker.
 *
 * Everything is stable (original order kept within a group) and uses no
 * randomness, so the same records always give the same plan.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/sched.h"
#include "strads.h"

#define MAX_SLOTS 64 /* written arrays one loop may have */
#define MAX_CUTS 256 /* workers one level may balance blocks for */
#define HIST 65536   /* buckets of the access histogram that balanced cuts come from */

typedef struct level {
    const sched_records *rec;
    const int64_t *iters; /* absolute iteration numbers */
    int64_t n;
    int B;
    bool node_level;
    const sched_dv *dvs;
    int ndv;
    /* results */
    int rounds;
    int32_t *round, *worker; /* per position in iters */
    const char *method;
    int64_t groups;
} level;

static inline const sched_acc *accs_of(const sched_records *r, int64_t it, int64_t *count)
{
    int64_t k = it - r->first;
    *count = r->off[k + 1] - r->off[k];
    return r->acc + r->off[k];
}

static const sched_dv *find_dv(const level *L, uint32_t id)
{
    for (int i = 0; i < L->ndv; i++)
        if (L->dvs[i].id == id) return &L->dvs[i];
    return NULL;
}

/* Per written array: its slot and how an element maps to a block. */
typedef struct slot {
    uint32_t id;
    int64_t lo, hi;          /* element range blocks are cut from */
    const int64_t *bounds;   /* B+1 cuts: owners' ranges, or cuts[] */
    int64_t cuts[MAX_CUTS + 1]; /* cuts balancing the accesses, when B <= MAX_CUTS */
    int64_t n;               /* elements of the array, when known */
} slot;

static int block_of(const level *L, const slot *s, int64_t e)
{
    if (s->bounds) {
        int lo = 0, hi = L->B; /* block r: bounds[r] <= e < bounds[r+1] */
        while (hi - lo > 1) {
            int mid = (lo + hi) / 2;
            if (e >= s->bounds[mid])
                lo = mid;
            else
                hi = mid;
        }
        return lo;
    }
    int64_t span = s->hi - s->lo;
    if (span <= 0) return 0;
    int b = (int)((__int128)(e - s->lo) * L->B / span);
    return b < 0 ? 0 : b >= L->B ? L->B - 1 : b;
}

/* Cuts [lo, hi) of each slot that needs it (need[s]) into B blocks that
 * receive about equal numbers of accesses, from one pass building a
 * histogram of at most HIST buckets per slot: skewed data (popular items)
 * would otherwise give a few groups most of the work. */
static int balance_cuts(const level *L, slot *slots, int k, const bool *need, const int16_t *slot_of)
{
    int64_t nb[MAX_SLOTS], *hist[MAX_SLOTS] = {0}, total[MAX_SLOTS] = {0};
    int rc = 0;
    for (int s = 0; s < k; s++) {
        int64_t span = slots[s].hi - slots[s].lo;
        nb[s] = span < HIST ? span : HIST;
        if (need[s] && nb[s] > 0 && !(hist[s] = calloc((size_t)nb[s], sizeof *hist[s]))) rc = STRADS_ENOMEM;
    }
    for (int64_t i = 0; i < L->n && !rc; i++) {
        int64_t c;
        const sched_acc *a = accs_of(L->rec, L->iters[i], &c);
        for (int64_t j = 0; j < c; j++) {
            int s = slot_of[SCHED_ACC_DV(a[j])];
            if (s < 0 || !hist[s]) continue;
            int64_t span = slots[s].hi - slots[s].lo;
            hist[s][(int64_t)((__int128)(SCHED_ACC_ELEM(a[j]) - slots[s].lo) * nb[s] / span)]++;
            total[s]++;
        }
    }
    for (int s = 0; s < k && !rc; s++) {
        if (!hist[s]) continue;
        slot *sl = &slots[s];
        int64_t span = sl->hi - sl->lo, acc = 0, b = 0;
        sl->cuts[0] = sl->lo;
        for (int q = 1; q < L->B; q++) {
            int64_t want = (int64_t)((__int128)total[s] * q / L->B);
            while (b < nb[s] && acc + hist[s][b] <= want) acc += hist[s][b++];
            int64_t cut = sl->lo + (int64_t)((__int128)b * span / nb[s]);
            sl->cuts[q] = cut > sl->cuts[q - 1] ? cut : sl->cuts[q - 1];
        }
        sl->cuts[L->B] = sl->hi;
        sl->bounds = sl->cuts;
    }
    for (int s = 0; s < k; s++) free(hist[s]);
    return rc;
}

/* Finds the written arrays among the iterations and sets up their slots:
 * one pass collects which arrays are written and the element range of
 * every array touched. */
static int find_slots(const level *L, slot *slots, int *nslots, int16_t *slot_of)
{
    enum { NDV = 1 << SCHED_DV_BITS };
    struct dv_seen {
        bool written[NDV];
        int64_t lo[NDV], hi[NDV];
        uint32_t seen[NDV];
    } *tp = malloc(sizeof *tp); /* only entries of arrays seen are touched */
    if (!tp) return STRADS_ENOMEM;
    struct dv_seen *tt = tp;
#define t (*tt)
    int nseen = 0;
    for (int64_t i = 0; i < L->n; i++) {
        int64_t c;
        const sched_acc *a = accs_of(L->rec, L->iters[i], &c);
        for (int64_t j = 0; j < c; j++) {
            uint32_t id = SCHED_ACC_DV(a[j]);
            int64_t e = SCHED_ACC_ELEM(a[j]);
            if (slot_of[id] == -1) { /* first sight of this array in this level */
                slot_of[id] = -2;
                t.written[id] = false;
                t.lo[id] = e;
                t.hi[id] = e + 1;
                t.seen[nseen++] = id;
            }
            t.written[id] |= SCHED_ACC_WRITE(a[j]);
            if (e < t.lo[id]) t.lo[id] = e;
            if (e + 1 > t.hi[id]) t.hi[id] = e + 1;
        }
    }
    int k = 0;
    for (int q = 0; q < nseen; q++) {
        uint32_t id = t.seen[q];
        slot_of[id] = -1;
        if (!t.written[id]) continue;
        if (k == MAX_SLOTS) {
            free(tp);
            return STRADS_EINVAL;
        }
        slots[k] = (slot){.id = id, .lo = t.lo[id], .hi = t.hi[id]};
        k++;
    }
#undef t
    free(tp);
    for (int s = 0; s < k; s++) {
        const sched_dv *d = find_dv(L, slots[s].id);
        slots[s].n = d ? d->n : slots[s].hi;
    }
    /* The largest array first: at node level it is cut along its owners'
     * ranges and stays where it lives (Latin rounds keep slot 0's block on
     * its worker); the others move between rounds anyway, so their blocks
     * are cut to balance the work instead. Ties keep the order of first
     * appearance. */
    for (int s = 1; s < k; s++)
        for (int q = s; q > 0 && slots[q].n > slots[q - 1].n; q--) {
            slot tmp = slots[q];
            slots[q] = slots[q - 1];
            slots[q - 1] = tmp;
        }
    for (int s = 0; s < k; s++) slot_of[slots[s].id] = (int16_t)s;
    bool need[MAX_SLOTS] = {false};
    for (int s = 0; s < k; s++) {
        const sched_dv *d = find_dv(L, slots[s].id);
        if (L->node_level && s == 0 && d && d->bounds)
            slots[s].bounds = d->bounds;
        else
            need[s] = L->B <= MAX_CUTS;
    }
    int rc = balance_cuts(L, slots, k, need, slot_of);
    *nslots = k;
    return rc;
}

/* Signature of one iteration: per slot the block touched, -1 none, -2 more
 * than one. Returns false if some slot has more than one block. */
static bool simple_sig(const level *L, const slot *slots, const int16_t *slot_of, int64_t it,
                       int *sig, int nslots)
{
    for (int s = 0; s < nslots; s++) sig[s] = -1;
    int64_t c;
    const sched_acc *a = accs_of(L->rec, it, &c);
    bool simple = true;
    for (int64_t j = 0; j < c; j++) {
        int s = slot_of[SCHED_ACC_DV(a[j])];
        if (s < 0) continue;
        int b = block_of(L, &slots[s], SCHED_ACC_ELEM(a[j]));
        if (sig[s] == -1)
            sig[s] = b;
        else if (sig[s] != b)
            sig[s] = -2, simple = false;
    }
    return simple;
}

/* ---- methods ---- */

static void independent(level *L)
{
    L->rounds = 1;
    L->method = "independent";
    L->groups = L->B;
    for (int64_t i = 0; i < L->n; i++) {
        L->round[i] = 0;
        L->worker[i] = (int32_t)(i * L->B / (L->n ? L->n : 1));
    }
}

/* Longest-processing-time placement of independent groups. */
static void lpt(int64_t ngroups, const int64_t *size, int B, int32_t *worker_of_group)
{
    int64_t *order = malloc((size_t)ngroups * sizeof *order), *load = calloc((size_t)B, sizeof *load);
    for (int64_t g = 0; g < ngroups; g++) order[g] = g;
    /* insertion-free: sort group ids by size descending, ties by id */
    for (int64_t i = 1; i < ngroups; i++) {
        int64_t x = order[i], j = i;
        while (j > 0 && (size[order[j - 1]] < size[x] ||
                         (size[order[j - 1]] == size[x] && order[j - 1] > x))) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = x;
    }
    for (int64_t i = 0; i < ngroups; i++) {
        int best = 0;
        for (int w = 1; w < B; w++)
            if (load[w] < load[best]) best = w;
        worker_of_group[order[i]] = best;
        load[best] += size[order[i]];
    }
    free(order);
    free(load);
}

static int one_array(level *L, const int *sigs)
{
    /* groups: block 0..B-1 and B = touches no written array */
    int64_t size[MAX_SLOTS + 1] = {0}, *sz = size;
    int64_t *heap = NULL;
    if (L->B + 1 > MAX_SLOTS + 1) sz = heap = calloc((size_t)L->B + 1, sizeof *heap);
    int32_t *w = malloc(((size_t)L->B + 1) * sizeof *w);
    if (!sz || !w) {
        free(heap);
        free(w);
        return STRADS_ENOMEM;
    }
    for (int64_t i = 0; i < L->n; i++) sz[sigs[i] < 0 ? L->B : sigs[i]]++;
    lpt(L->B + 1, sz, L->B, w);
    L->rounds = 1;
    L->method = "blocks";
    L->groups = 0;
    for (int g = 0; g <= L->B; g++) L->groups += sz[g] > 0;
    for (int64_t i = 0; i < L->n; i++) {
        L->round[i] = 0;
        L->worker[i] = w[sigs[i] < 0 ? L->B : sigs[i]];
    }
    free(heap);
    free(w);
    return 0;
}

/* Two written arrays: the DSGD strata. */
static void latin(level *L, const int *sigs)
{
    int B = L->B;
    L->rounds = B;
    L->method = "strata";
    for (int64_t i = 0; i < L->n; i++) {
        int a = sigs[2 * i], b = sigs[2 * i + 1];
        if (a < 0 && b < 0) a = b = (int)(i * B / L->n); /* touches neither: spread */
        if (a < 0) a = b;
        if (b < 0) b = a;
        L->worker[i] = a;
        L->round[i] = ((b - a) % B + B) % B;
    }
    char *seen = calloc((size_t)B * (size_t)B, 1);
    L->groups = 0;
    if (seen) {
        for (int64_t i = 0; i < L->n; i++) {
            size_t g = (size_t)L->worker[i] * (size_t)B + (size_t)L->round[i];
            L->groups += !seen[g];
            seen[g] = 1;
        }
        free(seen);
    }
}

/* General case: signature = sorted set of (slot, block); first-fit rounds. */
typedef struct sigent {
    uint64_t hash;
    int64_t group;
} sigent;

static int general(level *L, const slot *slots, const int16_t *slot_of, int nslots)
{
    (void)slots;
    int B = L->B;
    size_t words = ((size_t)nslots * (size_t)B + 63) / 64;
    /* per iteration: bitmask of (slot, block) */
    uint64_t *mask = calloc((size_t)L->n * words, sizeof *mask);
    int64_t *gid = malloc((size_t)L->n * sizeof *gid);
    size_t tcap = 1024;
    while (tcap < (size_t)L->n * 2) tcap *= 2;
    sigent *table = malloc(tcap * sizeof *table);
    int64_t *first = malloc((size_t)L->n * sizeof *first); /* group -> first iteration */
    if (!mask || !gid || !table || !first) {
        free(mask), free(gid), free(table), free(first);
        return STRADS_ENOMEM;
    }
    for (size_t t = 0; t < tcap; t++) table[t].group = -1;
    int64_t ngroups = 0;
    for (int64_t i = 0; i < L->n; i++) {
        uint64_t *m = mask + (size_t)i * words;
        int64_t c;
        const sched_acc *a = accs_of(L->rec, L->iters[i], &c);
        for (int64_t j = 0; j < c; j++) {
            int s = slot_of[SCHED_ACC_DV(a[j])];
            if (s < 0) continue;
            size_t bit = (size_t)s * (size_t)B + (size_t)block_of(L, &slots[s], SCHED_ACC_ELEM(a[j]));
            m[bit / 64] |= UINT64_C(1) << (bit % 64);
        }
        uint64_t h = 1469598103934665603ull;
        for (size_t w = 0; w < words; w++) h = (h ^ m[w]) * 1099511628211ull;
        size_t t = h & (tcap - 1);
        for (;; t = (t + 1) & (tcap - 1)) {
            if (table[t].group < 0) {
                table[t] = (sigent){h, ngroups};
                first[ngroups] = i;
                gid[i] = ngroups++;
                break;
            }
            if (table[t].hash == h &&
                memcmp(mask + (size_t)first[table[t].group] * words, m, words * 8) == 0) {
                gid[i] = table[t].group;
                break;
            }
        }
    }
    free(table);
    int64_t *size = calloc((size_t)ngroups, sizeof *size), *order = malloc((size_t)ngroups * sizeof *order);
    int32_t *ground = malloc((size_t)ngroups * sizeof *ground), *gworker = malloc((size_t)ngroups * sizeof *gworker);
    if (!size || !order || !ground || !gworker) {
        free(mask), free(gid), free(first), free(size), free(order), free(ground), free(gworker);
        return STRADS_ENOMEM;
    }
    for (int64_t i = 0; i < L->n; i++) size[gid[i]]++;
    for (int64_t g = 0; g < ngroups; g++) order[g] = g;
    /* largest first; ties by first appearance, so the result is stable */
    for (int64_t i = 1; i < ngroups; i++) {
        int64_t x = order[i], j = i;
        while (j > 0 && size[order[j - 1]] < size[x]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = x;
    }
    /* first-fit: a round's used blocks, grown as rounds are opened */
    size_t rcap = 8;
    int nrounds = 0;
    uint64_t *used = calloc(rcap * words, sizeof *used);
    int64_t *rload = calloc(rcap * (size_t)B, sizeof *rload);
    for (int64_t k = 0; k < ngroups && used && rload; k++) {
        int64_t g = order[k];
        const uint64_t *m = mask + (size_t)first[g] * words;
        int r = 0;
        for (; r < nrounds; r++) {
            const uint64_t *u = used + (size_t)r * words;
            bool clash = false;
            for (size_t w = 0; w < words && !clash; w++) clash = (u[w] & m[w]) != 0;
            if (!clash) break;
        }
        if (r == nrounds) {
            if ((size_t)nrounds == rcap) {
                rcap *= 2;
                uint64_t *nu = realloc(used, rcap * words * sizeof *nu);
                int64_t *nl = realloc(rload, rcap * (size_t)B * sizeof *nl);
                if (nu) used = nu;
                if (nl) rload = nl;
                if (!nu || !nl) break;
                memset(used + (size_t)nrounds * words, 0, (rcap - (size_t)nrounds) * words * 8);
                memset(rload + (size_t)nrounds * (size_t)B, 0, (rcap - (size_t)nrounds) * (size_t)B * 8);
            }
            nrounds++;
        }
        uint64_t *u = used + (size_t)r * words;
        for (size_t w = 0; w < words; w++) u[w] |= m[w];
        int64_t *load = rload + (size_t)r * (size_t)B;
        int best = 0;
        for (int w = 1; w < B; w++)
            if (load[w] < load[best]) best = w;
        load[best] += size[g];
        ground[g] = r;
        gworker[g] = best;
    }
    int rc = (used && rload) ? 0 : STRADS_ENOMEM;
    for (int64_t i = 0; i < L->n && !rc; i++) {
        L->round[i] = ground[gid[i]];
        L->worker[i] = gworker[gid[i]];
    }
    L->rounds = nrounds ? nrounds : 1;
    L->method = "groups";
    L->groups = ngroups;
    free(mask), free(gid), free(first), free(size), free(order), free(ground), free(gworker);
    free(used), free(rload);
    return rc;
}

static int plan_level(level *L)
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
    int16_t slot_of[1 << SCHED_DV_BITS];
    memset(slot_of, -1, sizeof slot_of);
    slot slots[MAX_SLOTS];
    int nslots = 0;
    int rc = find_slots(L, slots, &nslots, slot_of);
    if (rc) return rc;
    if (nslots == 0) {
        independent(L);
        return 0;
    }
    if (nslots <= 2) {
        int *sigs = malloc((size_t)L->n * (size_t)nslots * sizeof *sigs);
        if (!sigs) return STRADS_ENOMEM;
        bool simple = true;
        for (int64_t i = 0; i < L->n && simple; i++)
            simple = simple_sig(L, slots, slot_of, L->iters[i], sigs + i * nslots, nslots);
        if (simple) {
            if (nslots == 1)
                rc = one_array(L, sigs);
            else
                latin(L, sigs);
            free(sigs);
            return rc;
        }
        free(sigs);
    }
    return general(L, slots, slot_of, nslots);
}

/* Stable counting sort of positions by key in [0, nkeys). */
static int64_t *bucket(const int32_t *key, int64_t n, int64_t nkeys, int64_t **starts)
{
    int64_t *cnt = calloc((size_t)nkeys + 1, sizeof *cnt), *pos = malloc(((size_t)n + 1) * sizeof *pos);
    if (!cnt || !pos) {
        free(cnt);
        free(pos);
        return NULL;
    }
    for (int64_t i = 0; i < n; i++) cnt[key[i] + 1]++;
    for (int64_t k = 0; k < nkeys; k++) cnt[k + 1] += cnt[k];
    int64_t *fill = malloc(((size_t)nkeys + 1) * sizeof *fill);
    if (!fill) {
        free(cnt);
        free(pos);
        return NULL;
    }
    memcpy(fill, cnt, ((size_t)nkeys + 1) * sizeof *fill);
    for (int64_t i = 0; i < n; i++) pos[fill[key[i]]++] = i;
    free(fill);
    *starts = cnt;
    return pos;
}

void sched_plan_free(sched_plan *p)
{
    if (!p) return;
    free(p->order);
    free(p->cells);
    free(p);
}

int sched_plan_build(const sched_records *rec, const sched_dv *dvs, int ndv, int nodes,
                     int threads, sched_plan **out)
{
    *out = NULL;
    if (nodes < 1 || threads < 1 || rec->n < 0) return STRADS_EINVAL;
    int rc = STRADS_ENOMEM;
    int64_t n = rec->n;
    int64_t *all = malloc(((size_t)n + 1) * sizeof *all);
    if (!all) return rc;
    for (int64_t i = 0; i < n; i++) all[i] = rec->first + i;

    level top = {rec, all, n, nodes, true, dvs, ndv, 0, NULL, NULL, NULL, 0};
    sched_plan *p = calloc(1, sizeof *p);
    int64_t *cell_start = NULL, *pos = NULL;
    level *sub = NULL;
    if (!p || (rc = plan_level(&top))) goto done;
    rc = STRADS_ENOMEM;

    /* node cells (round, node) -> their iterations, in order */
    int32_t *key = malloc(((size_t)n + 1) * sizeof *key);
    if (!key) goto done;
    for (int64_t i = 0; i < n; i++) key[i] = top.round[i] * nodes + top.worker[i];
    int64_t ncells = (int64_t)top.rounds * nodes;
    pos = bucket(key, n, ncells, &cell_start);
    free(key);
    if (!pos) goto done;

    /* thread level inside each node cell */
    sub = calloc((size_t)ncells, sizeof *sub);
    int64_t *iters = malloc(((size_t)n + 1) * sizeof *iters);
    if (!sub || !iters) {
        free(iters);
        goto done;
    }
    for (int64_t i = 0; i < n; i++) iters[i] = all[pos[i]];
    int subrounds = 1;
    const char *tmethod = "single";
    for (int64_t c = 0; c < ncells; c++) {
        sub[c] = (level){rec, iters + cell_start[c], cell_start[c + 1] - cell_start[c], threads,
                         false, dvs, ndv, 0, NULL, NULL, NULL, 0};
        if ((rc = plan_level(&sub[c]))) {
            free(iters);
            goto done;
        }
        if (sub[c].rounds > subrounds) subrounds = sub[c].rounds;
        if (sub[c].n > 0) tmethod = sub[c].method;
    }
    p->nodes = nodes;
    p->threads = threads;
    p->rounds = top.rounds;
    p->subrounds = subrounds;
    p->n = n;
    p->node_method = top.method;
    p->thread_method = tmethod;
    p->groups = top.groups;
    p->order = malloc(((size_t)n + 1) * sizeof *p->order);
    p->cells = calloc((size_t)ncells * (size_t)subrounds * (size_t)threads, sizeof *p->cells);
    if (!p->order || !p->cells) {
        free(iters);
        rc = STRADS_ENOMEM;
        goto done;
    }
    int64_t at = 0;
    double crit = 0;
    for (int r = 0; r < top.rounds; r++) {
        int64_t maxload = 0;
        for (int node = 0; node < nodes; node++) {
            level *L = &sub[(int64_t)r * nodes + node];
            if (L->n > maxload) maxload = L->n;
            int32_t *k2 = malloc(((size_t)L->n + 1) * sizeof *k2);
            int64_t *st2;
            if (!k2) {
                free(iters);
                rc = STRADS_ENOMEM;
                goto done;
            }
            for (int64_t i = 0; i < L->n; i++) k2[i] = L->round[i] * threads + L->worker[i];
            int64_t *p2 = bucket(k2, L->n, (int64_t)subrounds * threads, &st2);
            free(k2);
            if (!p2) {
                free(iters);
                rc = STRADS_ENOMEM;
                goto done;
            }
            for (int s = 0; s < subrounds; s++)
                for (int t = 0; t < threads; t++) {
                    int64_t b = st2[s * threads + t], e = st2[s * threads + t + 1];
                    sched_cell *cell = sched_cell_at(p, r, node, s, t);
                    cell->start = at;
                    cell->len = e - b;
                    for (int64_t i = b; i < e; i++) p->order[at++] = L->iters[p2[i]];
                }
            free(p2);
            free(st2);
        }
        crit += (double)maxload;
    }
    free(iters);
    p->imbalance = n ? crit / ((double)n / nodes) : 1.0;
    *out = p;
    p = NULL;
    rc = 0;
done:
    if (sub) {
        for (int64_t c = 0; c < (int64_t)top.rounds * nodes; c++) {
            free(sub[c].round);
            free(sub[c].worker);
        }
        free(sub);
    }
    free(top.round);
    free(top.worker);
    free(cell_start);
    free(pos);
    free(all);
    sched_plan_free(p);
    return rc;
}

/* ---- checking a plan ---- */

typedef struct touch {
    uint64_t key;
    int node, sub, thread, write;
} touch;

static int cmp_touch(const void *a, const void *b)
{
    const touch *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key;
}

/* Two cells of one round run at the same time unless they are on the same
 * node and either the same thread or different sub-rounds. */
static bool concurrent(const touch *a, const touch *b)
{
    if (a->node != b->node) return true;
    return a->sub == b->sub && a->thread != b->thread;
}

int sched_plan_check(const sched_plan *p, const sched_records *rec, char *err, size_t errlen)
{
    for (int r = 0; r < p->rounds; r++) {
        size_t cap = 1024, nt = 0;
        touch *t = malloc(cap * sizeof *t);
        if (!t) return STRADS_ENOMEM;
        for (int node = 0; node < p->nodes; node++)
            for (int s = 0; s < p->subrounds; s++)
                for (int th = 0; th < p->threads; th++) {
                    const sched_cell *c = sched_cell_at(p, r, node, s, th);
                    for (int64_t i = c->start; i < c->start + c->len; i++) {
                        int64_t cnt;
                        const sched_acc *a = accs_of(rec, p->order[i], &cnt);
                        for (int64_t j = 0; j < cnt; j++) {
                            if (nt == cap) {
                                cap *= 2;
                                touch *n2 = realloc(t, cap * sizeof *t);
                                if (!n2) {
                                    free(t);
                                    return STRADS_ENOMEM;
                                }
                                t = n2;
                            }
                            t[nt++] = (touch){SCHED_ACC_KEY(a[j]), node, s, th, SCHED_ACC_WRITE(a[j])};
                        }
                    }
                }
        qsort(t, nt, sizeof *t, cmp_touch);
        for (size_t i = 0; i < nt;) {
            size_t j = i;
            while (j < nt && t[j].key == t[i].key) j++;
            for (size_t x = i; x < j; x++)
                for (size_t y = x + 1; y < j; y++)
                    if ((t[x].write || t[y].write) && concurrent(&t[x], &t[y])) {
                        snprintf(err, errlen,
                                 "round %d: array %u element %lld touched by node %d thread %d "
                                 "and node %d thread %d at once",
                                 r, SCHED_ACC_DV(t[x].key), (long long)SCHED_ACC_ELEM(t[x].key),
                                 t[x].node, t[x].thread, t[y].node, t[y].thread);
                        free(t);
                        return STRADS_ESTATE;
                    }
            i = j;
        }
        free(t);
    }
    return 0;
}
