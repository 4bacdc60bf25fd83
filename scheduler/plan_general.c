/*
 * scheduler/plan_general.c - planning a level whose iterations touch
 * several blocks of one array (random accesses, a shared vector), where
 * block signatures alone give no simple shape.
 *
 * Two methods, and the records decide between them:
 *   components  the connected components of the conflict graph (Cyclades):
 *               iterations that share an element of a written array are
 *               joined (accesses radix-sorted by element, union-find over
 *               iterations); components never conflict, so one round of
 *               them, longest first onto the least-loaded worker. Best when
 *               conflicts are sparse and the graph falls apart.
 *   groups      iterations with the same set of blocks form a group; groups
 *               are packed into rounds first-fit (largest first) so that no
 *               two groups of a round share a block. Best when everything is
 *               connected but most iterations stay in a few blocks.
 * The estimated run of each is the sum over its rounds of the most loaded
 * worker (iterations as the unit of work); components are taken when they
 * come within 25 % of a perfect split without computing the groups at all,
 * otherwise the shorter one wins.
 *
 * At thread level a third way: when the best of the two still runs longer
 * than 1.5 times a thread's share (one giant group), and the element
 * touched most often leaves room, the iterations are split evenly among the
 * threads, which then take a lock per element (engine/loop_locks.c); the
 * order in which the locks are granted is the serial order of that part.
 */
#include <stdlib.h>
#include <string.h>

#include "scheduler/sched.h"
#include "strads.h"

/* An access to a written array: the element as one number across arrays,
 * and the position of the iteration in the level. */
typedef struct touch {
    uint64_t key;
    int64_t pos; /* the iteration, TOUCH_WRITE set for a write */
} touch;
#define TOUCH_WRITE ((int64_t)1 << 62)

/* Sorts t[0..n) by key, keys below 2^bits: least significant digit first,
 * 11 bits a pass so the counters stay in L1; the number of passes follows
 * the element space actually touched. */
static int radix_sort(touch *t, size_t n, int bits)
{
    enum { D = 11, R = 1 << D };
    touch *tmp = malloc((n ? n : 1) * sizeof *tmp), *src = t, *dst = tmp;
    size_t *cnt = malloc(R * sizeof *cnt);
    if (!tmp || !cnt) {
        free(tmp);
        free(cnt);
        return STRADS_ENOMEM;
    }
    for (int shift = 0; shift < bits; shift += D) {
        memset(cnt, 0, R * sizeof *cnt);
        for (size_t i = 0; i < n; i++) cnt[(src[i].key >> shift) & (R - 1)]++;
        size_t sum = 0;
        for (int d = 0; d < R; d++) {
            size_t c = cnt[d];
            cnt[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++) dst[cnt[(src[i].key >> shift) & (R - 1)]++] = src[i];
        touch *x = src;
        src = dst;
        dst = x;
    }
    if (src != t) memcpy(t, src, n * sizeof *t);
    free(tmp);
    free(cnt);
    return 0;
}

/* par[x] == 0: x is a root; else its parent is par[x] - 1. */
static int64_t uf_find(int64_t *par, int64_t x)
{
    while (par[x]) {
        int64_t p = par[x] - 1;
        if (par[p]) par[x] = par[p]; /* path halving */
        x = p;
    }
    return x;
}

/* Components of the level's iterations: iterations that touch a common
 * element of a written array are joined. The accesses are sorted by element
 * (so the cost follows the accesses, not the size of the arrays), then
 * neighbours with the same element are united. worker[] per position (one
 * round), the load of the busiest worker in *span. */
static int components(const sched__level *L, int32_t *worker, int64_t *span, int64_t *ngroups,
                      int64_t *hottest)
{
    const sched__shared *sh = L->sh;
    uint64_t base[SCHED_MAX_ARRAYS + 1];
    base[0] = 0;
    for (int s = 0; s < sh->nslots; s++)
        base[s + 1] = base[s] + (uint64_t)(sh->slots[s].hi - sh->slots[s].lo);
    int bits = 1;
    while (bits < 64 && (base[sh->nslots] >> bits)) bits++;
    size_t m = 0;
    for (int64_t i = 0; i < L->n; i++) {
        int64_t c;
        const sched_acc *a = sched_rec_accs(sh->rec, sh->rec->first + sched__rec_index(L, i), &c);
        for (int64_t j = 0; j < c; j++) m += sh->slot_of[SCHED_ACC_DV(a[j])] >= 0;
    }
    touch *t = malloc((m ? m : 1) * sizeof *t);
    int64_t *par = calloc((size_t)L->n + 1, sizeof *par), *gid = malloc(((size_t)L->n + 1) * sizeof *gid);
    int64_t *size = calloc((size_t)L->n + 1, sizeof *size), *load = calloc((size_t)L->B, sizeof *load);
    int32_t *w_of = malloc(((size_t)L->n + 1) * sizeof *w_of);
    int rc = t && par && gid && size && load && w_of ? 0 : STRADS_ENOMEM;
    size_t k = 0;
    for (int64_t i = 0; i < L->n && !rc; i++) {
        int64_t c;
        const sched_acc *a = sched_rec_accs(sh->rec, sh->rec->first + sched__rec_index(L, i), &c);
        gid[i] = -1; /* touches no written array: free */
        for (int64_t j = 0; j < c; j++) {
            int s = sh->slot_of[SCHED_ACC_DV(a[j])];
            if (s < 0) continue;
            t[k++] = (touch){base[s] + (uint64_t)(SCHED_ACC_ELEM(a[j]) - sh->slots[s].lo),
                             i | (SCHED_ACC_WRITE(a[j]) ? TOUCH_WRITE : 0)};
            gid[i] = 0;
        }
    }
    if (!rc) rc = radix_sort(t, m, bits);
    *hottest = m > 0;
    /* an element only read, by however many, joins none: the iterations
     * of a block update that all read one row of the array they write
     * (Rodinia lud's diagonal block) were one component */
    for (size_t q0 = 0, q1; q0 < m && !rc; q0 = q1) {
        bool wr = false;
        for (q1 = q0; q1 < m && t[q1].key == t[q0].key; q1++) wr |= (t[q1].pos & TOUCH_WRITE) != 0;
        if ((int64_t)(q1 - q0) > *hottest) *hottest = (int64_t)(q1 - q0);
        for (size_t q = q0 + 1; wr && q < q1; q++) {
            int64_t x = uf_find(par, t[q - 1].pos & ~TOUCH_WRITE), y = uf_find(par, t[q].pos & ~TOUCH_WRITE);
            if (x != y) par[x > y ? x : y] = (x > y ? y : x) + 1; /* the earlier one stays root */
        }
    }
    /* group ids in order of first appearance, so the plan is stable; a
     * root is its component's earliest iteration, met before the others */
    int64_t ng = 0;
    for (int64_t i = 0; i < L->n && !rc; i++) {
        if (gid[i] < 0) continue;
        int64_t r = uf_find(par, i);
        gid[i] = r == i ? ng++ : gid[r];
        size[gid[i]]++;
    }
    if (!rc) rc = sched__lpt(ng, size, L->B, w_of);
    if (!rc) {
        for (int64_t g = 0; g < ng; g++) load[w_of[g]] += size[g];
        for (int64_t i = 0; i < L->n; i++) {
            if (gid[i] >= 0) {
                worker[i] = w_of[gid[i]];
                continue;
            }
            int best = 0; /* a free iteration fills the least-loaded worker */
            for (int w = 1; w < L->B; w++)
                if (load[w] < load[best]) best = w;
            worker[i] = best;
            load[best]++;
        }
        *span = 0;
        for (int w = 0; w < L->B; w++)
            if (load[w] > *span) *span = load[w];
        *ngroups = ng;
    }
    free(t), free(par), free(gid), free(size), free(load), free(w_of);
    return rc;
}

/* Groups of equal block sets, first-fit into rounds; fills L->round,
 * L->worker, L->rounds, L->groups; *span is the estimated run. */
static int groups(sched__level *L, int64_t *span)
{
    const sched__shared *sh = L->sh;
    int B = L->B, ns = sh->nslots;
    size_t words = ((size_t)ns * (size_t)B + 63) / 64;
    /* per iteration: bitmask of (slot, block) */
    uint64_t *mask = calloc((size_t)L->n * words, sizeof *mask);
    int64_t *gid = malloc(((size_t)L->n + 1) * sizeof *gid);
    size_t tcap = 1024;
    while (tcap < (size_t)L->n * 2) tcap *= 2;
    struct sigent {
        uint64_t hash;
        int64_t group;
    } *table = malloc(tcap * sizeof *table);
    int64_t *first = malloc(((size_t)L->n + 1) * sizeof *first); /* group -> first iteration */
    if (!mask || !gid || !table || !first) {
        free(mask), free(gid), free(table), free(first);
        return STRADS_ENOMEM;
    }
    for (size_t t = 0; t < tcap; t++) table[t].group = -1;
    int64_t ngroups = 0;
    for (int64_t i = 0; i < L->n; i++) {
        uint64_t *m = mask + (size_t)i * words;
        int64_t c;
        const sched_acc *a = sched_rec_accs(sh->rec, sh->rec->first + sched__rec_index(L, i), &c);
        for (int64_t j = 0; j < c; j++) {
            int s = sh->slot_of[SCHED_ACC_DV(a[j])];
            if (s < 0) continue;
            size_t bit = (size_t)s * (size_t)B + (size_t)sched__block(L, s, SCHED_ACC_ELEM(a[j]));
            m[bit / 64] |= UINT64_C(1) << (bit % 64);
        }
        uint64_t h = 1469598103934665603ull;
        for (size_t w = 0; w < words; w++) h = (h ^ m[w]) * 1099511628211ull;
        for (size_t t = h & (tcap - 1);; t = (t + 1) & (tcap - 1)) {
            if (table[t].group < 0) {
                table[t].hash = h;
                table[t].group = ngroups;
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
    int64_t *size = calloc((size_t)ngroups + 1, sizeof *size);
    int32_t *ground = malloc(((size_t)ngroups + 1) * sizeof *ground);
    int32_t *gworker = malloc(((size_t)ngroups + 1) * sizeof *gworker);
    int64_t *order = malloc(((size_t)ngroups + 1) * sizeof *order);
    int rc = size && ground && gworker && order ? 0 : STRADS_ENOMEM;
    if (!rc) {
        for (int64_t i = 0; i < L->n; i++) size[gid[i]]++;
        rc = sched__by_size(ngroups, size, order); /* largest first, ties by first appearance */
    }
    /* first-fit: a round's used blocks, grown as rounds are opened */
    size_t rcap = 8;
    int nrounds = 0;
    uint64_t *used = calloc(rcap * words, sizeof *used);
    int64_t *rload = calloc(rcap * (size_t)B, sizeof *rload);
    if (!used || !rload) rc = STRADS_ENOMEM;
    for (int64_t k = 0; k < ngroups && !rc; k++) {
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
                if (nu) used = nu;
                int64_t *nl = realloc(rload, rcap * (size_t)B * sizeof *nl);
                if (nl) rload = nl;
                if (!nu || !nl) {
                    rc = STRADS_ENOMEM;
                    break;
                }
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
    if (!rc) {
        for (int64_t i = 0; i < L->n; i++) {
            L->round[i] = ground[gid[i]];
            L->worker[i] = gworker[gid[i]];
        }
        *span = 0;
        for (int r = 0; r < nrounds; r++) {
            const int64_t *load = rload + (size_t)r * (size_t)B;
            int64_t mx = 0;
            for (int w = 0; w < B; w++)
                if (load[w] > mx) mx = load[w];
            *span += mx;
        }
        L->rounds = nrounds ? nrounds : 1;
        L->method = "groups";
        L->groups = ngroups;
    }
    free(mask), free(gid), free(first), free(size), free(order), free(ground),
        free(gworker), free(used), free(rload);
    return rc;
}

/* Splitting among the threads with locks: iterations that touch one element
 * still run one after the other, so the run is at least the element touched
 * most often; locking costs a little on every iteration. */
#define LOCK_COST 1.1

int sched__general(sched__level *L)
{
    int32_t *cw = malloc(((size_t)L->n + 1) * sizeof *cw);
    if (!cw) return STRADS_ENOMEM;
    int64_t cspan = 0, cgroups = 0, gspan = 0, hottest = 0, ideal = (L->n + L->B - 1) / L->B;
    int rc = components(L, cw, &cspan, &cgroups, &hottest);
    bool use_cc = !rc && cspan * 4 <= ideal * 5;
    if (!rc && !use_cc) {
        rc = groups(L, &gspan);
        use_cc = !rc && cspan < gspan;
    }
    int64_t best = use_cc ? cspan : gspan;
    double lspan = LOCK_COST * (double)(hottest > ideal ? hottest : ideal);
    if (!rc && !L->node_level && !use_cc && best * 2 > ideal * 3 && lspan < (double)best) {
        /* contiguous shares keep each thread's iterations in their order */
        for (int64_t i = 0; i < L->n; i++) {
            L->round[i] = 0;
            L->worker[i] = (int32_t)(i * L->B / L->n);
        }
        L->rounds = 1;
        L->method = "locks";
        L->groups = 1;
        L->locked = true;
    } else if (!rc && use_cc) {
        for (int64_t i = 0; i < L->n; i++) L->round[i] = 0;
        memcpy(L->worker, cw, (size_t)L->n * sizeof *cw);
        L->rounds = 1;
        L->method = "components";
        L->groups = cgroups;
    }
    free(cw);
    return rc;
}
