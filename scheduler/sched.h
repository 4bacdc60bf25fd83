/*
 * scheduler/sched.h - from reconnaissance access records to a plan that runs
 * a serializable loop in parallel.
 *
 * Records say, for every iteration, which elements of which distributed
 * arrays it reads and writes. The planner cuts the iterations into task
 * groups that do not conflict (no element written by one group is read or
 * written by another), arranges the groups in rounds, and places them first
 * on nodes, then on the threads of each node, by the same method applied
 * twice. Iterations inside one group keep their original order and run on
 * one thread, so the whole run equals the sequential loop run in the order
 * (round, node, sub-round, thread, position) - serializable by construction.
 *
 * Pure code: no network, no threads; the engine in engine/ drives it.
 */
#ifndef STRADS_SCHED_H
#define STRADS_SCHED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "strads.h"

/* One access, packed: distributed array id (12 bits), write flag, element. */
typedef uint64_t sched_acc;
#define SCHED_DV_BITS 12
#define SCHED_ELEM_BITS 51
#define SCHED_ACC(dv, elem, w) \
    (((uint64_t)(dv) << 52) | ((uint64_t)((w) ? 1 : 0) << 51) | (uint64_t)(elem))
#define SCHED_ACC_DV(a) ((uint32_t)((a) >> 52))
#define SCHED_ACC_WRITE(a) ((int)(((a) >> 51) & 1))
#define SCHED_ACC_ELEM(a) ((int64_t)((a) & ((UINT64_C(1) << 51) - 1)))
#define SCHED_ACC_KEY(a) ((a) & ~(UINT64_C(1) << 51)) /* (dv, elem) without the flag */

/* What the records say of one array as a whole, kept while recording so
 * that the planner needs no pass to find which arrays can conflict. */
#define SCHED_MAX_ARRAYS 64
typedef struct sched_arr_sum {
    uint32_t id;
    bool written;    /* some iteration writes it */
    int64_t lo, hi;  /* elements touched lie in [lo, hi) */
} sched_arr_sum;

/* No iteration being recorded: iterations may be negative (a loop from -4). */
#define SCHED_NO_ITER INT64_MIN

/* The accesses of iterations first .. first+n-1, in CSR form. */
typedef struct sched_records {
    int64_t first, n;
    int64_t *off;        /* n+1 offsets into acc */
    int64_t off_cap;
    sched_acc *acc;
    size_t nacc, cap;
    /* recording state */
    int64_t cur;         /* iteration being recorded, SCHED_NO_ITER before the first */
    size_t cur_start;    /* index in acc where the current iteration began */
    /* the arrays named, in order of first sight; too_many_arrays when more
     * than SCHED_MAX_ARRAYS (the planner then refuses the records) */
    sched_arr_sum arrays[SCHED_MAX_ARRAYS];
    int narrays;
    bool too_many_arrays;
    uint8_t array_of[1 << SCHED_DV_BITS]; /* array id -> 1 + index in arrays, 0 unseen */
} sched_records;

void sched_rec_init(sched_records *r, int64_t first);
void sched_rec_free(sched_records *r);
/* The accesses of iteration it (inside r) and, in *count, how many. */
static inline const sched_acc *sched_rec_accs(const sched_records *r, int64_t it, int64_t *count)
{
    int64_t k = it - r->first;
    *count = r->off[k + 1] - r->off[k];
    return r->acc + r->off[k];
}
/* Starts iteration i (must be first + number of iterations so far).
 * Inline, like sched_rec_add. */
static inline int sched_rec_iter(sched_records *r, int64_t i);
/* Adds an access to the current iteration; repeated (dv, elem) pairs of one
 * iteration are merged (a write wins). Inline: reconnaissance calls it for
 * every new element a body touches. */
static inline int sched_rec_add(sched_records *r, uint32_t dv, int64_t elem, bool write);
/* Makes room for n more iterations at once (reconnaissance knows its share). */
int sched_rec_reserve(sched_records *r, int64_t n);
/* Closes the last iteration. */
int sched_rec_finish(sched_records *r);
/* Appends all of src's iterations (which must follow r's) to r. When r is
 * empty, src's storage is moved instead of copied (src is left empty). */
int sched_rec_append(sched_records *r, sched_records *src);
/* Rebuilds the per-array summary from the accesses. */
void sched_rec_summarize(sched_records *r);
/* Replaces the records of iterations part->first .. part->first+part->n-1,
 * which must lie inside r, with part's (finished) records, and rebuilds the
 * summary: reconnaissance re-run on iterations that read wrong values.
 * Returns 0, STRADS_EINVAL when part is not inside r, or STRADS_ENOMEM. */
int sched_rec_splice(sched_records *r, const sched_records *part);
/* Appends iterations first .. first+n-1 given as raw CSR (n+1 offsets from
 * 0 to nacc, nacc accesses; any alignment), such as records received from
 * another node: checked, copied once, summarized on the way. Returns 0,
 * STRADS_EPROTO when malformed (r unchanged), STRADS_EINVAL when first does
 * not follow r, or STRADS_ENOMEM. */
int sched_rec_append_raw(sched_records *r, int64_t first, int64_t n, const void *off,
                         const void *acc, size_t nacc);

/* ---- the inline half of sched_rec_add ---- */

#define SCHED__DEDUP_FULL 64 /* below this many accesses, search all of the iteration */
#define SCHED__DEDUP_TAIL 8  /* above, only the most recent ones */

/* Out of line: first sight of an array, or a full access or offset buffer. */
int sched__rec_new_array(sched_records *r, uint32_t dv, int64_t elem);
int sched__rec_grow(sched_records *r);
int sched__rec_grow_off(sched_records *r, int64_t need);

static inline int sched_rec_iter(sched_records *r, int64_t i)
{
    if (i != r->first + r->n) return STRADS_EINVAL;
    if (r->n + 2 > r->off_cap && sched__rec_grow_off(r, r->n + 2)) return STRADS_ENOMEM;
    r->off[r->n] = (int64_t)r->nacc;
    r->n++;
    r->off[r->n] = (int64_t)r->nacc;
    r->cur = i;
    r->cur_start = r->nacc;
    return 0;
}

/* Folds one access into the per-array summary. */
static inline void sched__summarize(sched_records *r, uint32_t dv, int64_t elem, bool write)
{
    int k = r->array_of[dv];
    if (k == 0 && (k = sched__rec_new_array(r, dv, elem)) == 0) return;
    sched_arr_sum *s = &r->arrays[k - 1];
    s->written |= write;
    if (elem < s->lo) s->lo = elem;
    if (elem >= s->hi) s->hi = elem + 1;
}

static inline int sched_rec_add(sched_records *r, uint32_t dv, int64_t elem, bool write)
{
    if (r->cur == SCHED_NO_ITER || dv >= (1u << SCHED_DV_BITS) || elem < 0 ||
        elem >= ((int64_t)1 << SCHED_ELEM_BITS))
        return STRADS_EINVAL;
    sched__summarize(r, dv, elem, write);
    sched_acc a = SCHED_ACC(dv, elem, write);
    size_t count = r->nacc - r->cur_start;
    size_t from = count <= SCHED__DEDUP_FULL ? r->cur_start : r->nacc - SCHED__DEDUP_TAIL;
    for (size_t k = r->nacc; k-- > from;)
        if (SCHED_ACC_KEY(r->acc[k]) == SCHED_ACC_KEY(a)) {
            r->acc[k] |= a; /* a write wins */
            return 0;
        }
    if (r->nacc == r->cap && sched__rec_grow(r)) return STRADS_ENOMEM;
    r->acc[r->nacc++] = a;
    r->off[r->n] = (int64_t)r->nacc;
    return 0;
}

/* sched_rec_add of elements e0..e1 of dv, a run of distinct ones: the
 * iteration's accesses searched once for any in the run (a row of 16
 * floats was 16 searches of up to 64 accesses each), then each element
 * alone only when one is. */
static inline int sched_rec_add_run(sched_records *r, uint32_t dv, int64_t e0, int64_t e1, bool write)
{
    bool each = e0 >= e1 || r->cur == SCHED_NO_ITER || dv >= (1u << SCHED_DV_BITS) || e0 < 0 ||
                e1 >= ((int64_t)1 << SCHED_ELEM_BITS);
    size_t from = r->nacc - r->cur_start <= SCHED__DEDUP_FULL ? r->cur_start : r->nacc - SCHED__DEDUP_TAIL;
    uint64_t lo = SCHED_ACC_KEY(SCHED_ACC(dv, e0, 0)), hi = SCHED_ACC_KEY(SCHED_ACC(dv, e1, 0));
    for (size_t k = from; k < r->nacc && !each; k++)
        each = SCHED_ACC_KEY(r->acc[k]) >= lo && SCHED_ACC_KEY(r->acc[k]) <= hi;
    for (int64_t e = e0; each && e <= e1; e++) {
        int rc = sched_rec_add(r, dv, e, write);
        if (rc) return rc;
    }
    if (each) return 0;
    while (r->cap - r->nacc < (size_t)(e1 - e0 + 1))
        if (sched__rec_grow(r)) return STRADS_ENOMEM; /* nothing of the run added */
    sched__summarize(r, dv, e0, write);
    sched__summarize(r, dv, e1, write);
    for (int64_t e = e0; e <= e1; e++) r->acc[r->nacc++] = SCHED_ACC(dv, e, write);
    r->off[r->n] = (int64_t)r->nacc;
    return 0;
}

/* An optional filter in front of sched_rec_add: seen is SCHED_SEEN words,
 * zeroed by the caller. True when (dv, elem) was noted before as a write,
 * or as a read and this is a read; else notes it and returns false. For
 * records read as one set (sync_for's task sets), where an access an
 * earlier iteration recorded need not be repeated; never where each
 * iteration's own list matters (async_for's conflicts). */
#define SCHED_SEEN 1024
static inline bool sched_rec_seen(uint64_t *seen, uint32_t dv, int64_t elem, bool write)
{
    sched_acc a = SCHED_ACC(dv, elem, write), w = UINT64_C(1) << 51;
    uint64_t *s = &seen[(SCHED_ACC_KEY(a) * UINT64_C(0x9E3779B97F4A7C15)) >> 54];
    if (a && (*s | w) == (a | w) && *s >= a) return true; /* 0 is an empty slot */
    *s = a;
    return false;
}

/* What the planner knows of a distributed array: element count and, for
 * node-level blocks, which node owns which range (nodes+1 bounds). */
typedef struct sched_dv {
    uint32_t id;
    int64_t n;
    const int64_t *bounds; /* may be NULL: uniform blocks */
} sched_dv;

/* A cell of the plan: iterations order[start .. start+len). */
typedef struct sched_cell {
    int64_t start, len;
} sched_cell;

typedef struct sched_plan {
    int nodes, threads;
    int rounds, subrounds;
    int64_t n;           /* iterations planned */
    int64_t *order;      /* absolute iteration indices */
    sched_cell *cells;   /* [rounds][nodes][subrounds][threads] */
    const char *node_method, *thread_method;
    int64_t groups;      /* task groups at node level */
    double imbalance;    /* max/mean work of a node over the rounds */
    /* [rounds][nodes]: 1 where one group too large for a thread was split
     * among the node's threads, which then run that round's cells (all in
     * sub-round 0) taking a lock per element of a written array */
    uint8_t *locked;
} sched_plan;

static inline sched_cell *sched_cell_at(const sched_plan *p, int round, int node, int sub,
                                        int thread)
{
    return &p->cells[(((size_t)round * (size_t)p->nodes + (size_t)node) * (size_t)p->subrounds +
                      (size_t)sub) *
                         (size_t)p->threads +
                     (size_t)thread];
}

/* A plan's order kept per chunk of SCHED_CHUNK iterations (chunk_order.c):
 * chunk c's iterations first + c * SCHED_CHUNK + off[...], grouped by cell
 * key, each key's run starting at tab[c * (nkeys + 1) + key] (offsets into
 * the chunk) and ascending: 2 bytes per iteration instead of 8. */
#define SCHED_CHUNK 4096
#define SCHED_CORDER_KEYS 256 /* a key is a byte */
typedef struct sched_corder {
    int64_t first, n, nchunks;
    int nkeys;
    uint16_t *off;
    uint16_t *tab;
} sched_corder;
typedef struct sched_corder_cursor {
    int64_t chunk, pos;
} sched_corder_cursor;
int sched_corder_init(sched_corder *co, int64_t first, int64_t n, int nkeys);
void sched_corder_free(sched_corder *co);
/* Lays out chunk c from its iterations' keys (key[k] for its k-th). */
void sched_corder_chunk(sched_corder *co, int64_t c, const uint8_t *key);
/* How many iterations have key. */
int64_t sched_corder_count(const sched_corder *co, int key);
/* The next (at most max) iterations of key after *cur (zeroed: from the
 * first), into idx; 0 at the end. */
int64_t sched_corder_next(const sched_corder *co, int key, sched_corder_cursor *cur, int64_t *idx,
                          int64_t max);
/* The whole order, key by key, into order[n] and cells[nkeys]. */
int sched_corder_expand(const sched_corder *co, int64_t *order, sched_cell *cells);

/* Builds the plan for all iterations of rec. dvs describes every array the
 * records name (ids not found are treated as uniform of their max element).
 * Returns 0 or STRADS_ENOMEM / STRADS_EINVAL. */
int sched_plan_build(const sched_records *rec, const sched_dv *dvs, int ndv, int nodes,
                     int threads, sched_plan **out);

/* A parallel for that the caller lends the planner: runs fn(arg, task) for
 * every task in [0, ntasks), possibly several at once, and returns when all
 * are done. The planner has no threads of its own. */
typedef void (*sched_task_fn)(void *arg, int64_t task);
typedef void (*sched_par_fn)(void *ctx, int64_t ntasks, sched_task_fn fn, void *arg);
/* sched_plan_build whose passes over all iterations run through par (NULL:
 * one after the other); the plan is the same either way. */
int sched_plan_build_par(const sched_records *rec, const sched_dv *dvs, int ndv, int nodes,
                         int threads, sched_par_fn par, void *par_ctx, sched_plan **out);
void sched_plan_free(sched_plan *p);

/* ---- planner internals shared by plan.c and plan_general.c ---- */

#define SCHED__MICRO 4096 /* micro-blocks per written array, the grain of every cut */

/* A written array as the planner sees it. */
typedef struct sched__slot {
    uint32_t id;
    int64_t lo, hi;        /* elements touched: [lo, hi) */
    int64_t n;             /* elements of the array, when known */
    const int64_t *bounds; /* owners' ranges (nodes+1), or NULL */
    int shift;             /* element e lies in micro-block (e - lo) >> shift */
    int nmb;               /* micro-blocks in use */
} sched__slot;

/* What every level of one plan shares. */
typedef struct sched__shared {
    const sched_records *rec;
    const sched_dv *dvs;
    int ndv;
    sched__slot slots[SCHED_MAX_ARRAYS];
    int nslots;
    int16_t slot_of[1 << SCHED_DV_BITS]; /* array id -> slot, -1 read-only */
    uint16_t *span; /* [iteration][slot] lowest, highest micro-block; NULL: use the accesses */
    bool spans_only;  /* there are no accesses: methods that need them give up */
    const uint32_t *hist; /* [slot][micro-block] of all iterations, or NULL: counted */
    sched_par_fn par; /* the caller's parallel for, or NULL */
    void *par_ctx;
} sched__shared;

/* Span planning, for one node whose reconnaissance kept only spans: the
 * written arrays ids[0..k) of n[] elements as slots over whole arrays, in
 * the planner's order (the largest first), each with its micro-block shift.
 * Returns the number of slots (k, at most 2) or STRADS_EINVAL. */
int sched_span_slots(const uint32_t *ids, const int64_t *n, int k, sched__slot *slots);
/* Room for the spans of n iterations over nslots slots that can also hold
 * a plan's order of n iterations (malloc'd). */
uint16_t *sched_span_alloc(int64_t n, int nslots);
/* Plans iterations first .. first+n-1 on one node's threads from their
 * spans alone: span[(i - first) * 2 * nslots + 2 * s ..] holds the lowest
 * and highest micro-block of slot s that iteration i touches (0xFFFF, 0:
 * none). hist, when not NULL, is [slot][SCHED__MICRO]: how many iterations
 * have their lowest micro-block of the slot there (counted while recording,
 * it spares the planner a pass). The plan is the one the full records
 * would give with the same slots. *out stays NULL (0 returned) when spans do not suffice: some
 * iteration touches two blocks of an array, and the general methods need
 * the accesses. It takes span over (frees it, or keeps its memory as the
 * plan's order), so span must come from sched_span_alloc. */
int sched_plan_build_spans(int64_t first, int64_t n, const sched__slot *slots, int nslots,
                           uint16_t *span, const uint32_t *hist, int threads, sched_par_fn par,
                           void *par_ctx, sched_plan **out);

/* Several nodes, each holding the spans of its own share of the
 * iterations (engine/loop_async_plan_spans_nodes.c): the node-level blocks of the
 * slots, as the planner cuts them (slot 0 along its bounds when it has
 * any, the others balanced by hist, the sum of every node's histogram),
 * into blk[slot][SCHED__MICRO] (micro-block -> block). */
int sched_span_node_blocks(const sched__slot *slots, int nslots, const uint32_t *hist, int nodes,
                           uint16_t *blk);
/* The same for the threads of one node: every slot balanced by hist, as
 * the planner cuts a thread level. */
int sched_span_thread_blocks(const sched__slot *slots, int nslots, const uint32_t *hist,
                             int threads, uint16_t *blk);
/* Two slots: the DSGD strata cell of iteration i (of n, counted from the
 * loop's first) with span row sp under blk: *worker (its block of slot 0)
 * runs it in *round. False when it touches two blocks of an array. One
 * that touches neither is spread by its place. Inline: the planner's
 * passes, nodes planning their own shares and the recorder's key pass call
 * it for every iteration. */
static inline bool sched_span_strata_cell(const uint16_t *blk, const uint16_t *sp, int64_t i,
                                          int64_t n, int B, int *worker, int *round)
{
    const uint16_t *blk0 = blk, *blk1 = blk + SCHED__MICRO;
    int x = -1, y = -1;
    if ((sp[0] != 0xFFFF && (x = blk0[sp[0]]) != blk0[sp[1]]) ||
        (sp[2] != 0xFFFF && (y = blk1[sp[2]]) != blk1[sp[3]]))
        return false;
    if (x < 0 && y < 0) x = y = (int)(i * B / (n ? n : 1));
    if (x < 0) x = y;
    if (y < 0) y = x;
    *worker = x;
    /* (y - x) mod B without a division or a branch: 10 M of them a call,
     * and the sign of y - x is a coin toss */
    int d = y - x;
    *round = d + (B & -(d < 0));
    return true;
}

/* Marks micro-blocks q[0] .. q[1] of a span row's slot in map (q[0]
 * 0xFFFF: none): the micro-blocks a cell touches, for its fetch and
 * write-back lists. */
static inline void sched_span_mark(uint64_t *map, const uint16_t *q)
{
    if (q[0] == 0xFFFF) return;
    for (unsigned m = q[0]; m <= q[1]; m++) map[m / 64] |= UINT64_C(1) << (m % 64);
}

/* One level: B workers (nodes, or the threads of a node) for iterations
 * iters[0..n). Results per position: round and worker. */
typedef struct sched__level {
    const sched__shared *sh;
    const int64_t *iters; /* NULL: all iterations of the records, in order */
    int64_t n;
    int B;
    bool node_level;
    uint16_t *blk; /* [slot][SCHED__MICRO]: micro-block -> block */
    int rounds;
    int32_t *round, *worker;
    const char *method;
    int64_t groups;
    bool locked; /* thread level: split among the threads with locks */
} sched__level;

/* Index in the records (0-based) of the level's i-th iteration. */
static inline int64_t sched__rec_index(const sched__level *L, int64_t i)
{
    return L->iters ? L->iters[i] - L->sh->rec->first : i;
}

static inline int sched__block(const sched__level *L, int s, int64_t elem)
{
    const sched__slot *sl = &L->sh->slots[s];
    return L->blk[(size_t)s * SCHED__MICRO + (size_t)((elem - sl->lo) >> sl->shift)];
}

/* Iterations that touch several blocks of an array: connected components of
 * the conflict graph or first-fit rounds of block groups, whichever the
 * records say gives the shorter run; at thread level, when even that leaves
 * one group far larger than a thread's share, the iterations are split
 * among the threads with locks (plan_general.c). */
int sched__general(sched__level *L);
/* Group ids by size, largest first, ties by id (stable). */
int sched__by_size(int64_t ngroups, const int64_t *size, int64_t *order);
/* Longest group first onto the least-loaded of B workers. */
int sched__lpt(int64_t ngroups, const int64_t *size, int B, int32_t *worker_of_group);

/* Checks that no two cells that may run at the same time conflict (used by
 * tests and STRADS_VERIFY_PLAN=1); cells of a locked (round, node) may, as
 * their locks order them. Returns 0 or STRADS_ESTATE with a message in err
 * naming the element. */
int sched_plan_check(const sched_plan *p, const sched_records *rec, char *err, size_t errlen);

#endif
