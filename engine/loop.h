/*
 * engine/loop.h - internals shared by the loop engines (async_for in
 * loop_async.c, sync_for in loop_sync.c), their common mechanics
 * (loop_common.c) and reconnaissance (recon.c).
 *
 * Both engines run one loop call as one node function on every node; what
 * they share is how that call is shipped (a fixed header of the engine's own,
 * then the env packed by the site), how each node gets its env, and how
 * reductions are folded (threads in order, then nodes in rank order).
 */
#ifndef STRADS_LOOP_H
#define STRADS_LOOP_H

#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "engine/offset_gaps.h"
#include "core/rt.h"
#include "strads_generated.h"
#include "scheduler/sched.h"

/* Message types of the loop engines (wire format: append, never renumber). */
enum {
    RT_MSG_LOOP_RECORDS = RT_MSG_USER_BASE + 32, /* async_for: access records to rank 0 */
    RT_MSG_LOOP_PLAN = RT_MSG_USER_BASE + 33,    /* async_for: a node's part of the plan */
    RT_MSG_LOOP_TLS = RT_MSG_USER_BASE + 34,     /* folded reductions, up the tree to rank 0 */
    RT_MSG_LOOP_ORDER = RT_MSG_USER_BASE + 35,   /* async_for: the order a node ran, with locks */
    RT_MSG_LOOP_DELTA = RT_MSG_USER_BASE + 40,   /* sync_for SSP/ASP: deltas to an owner */
    RT_MSG_LOOP_CLOCK = RT_MSG_USER_BASE + 41,   /* sync_for SSP: a node finished a clock */
    RT_MSG_LOOP_ABSP_REPORT = RT_MSG_USER_BASE + 42, /* sync_for A-BSP: a node's progress */
    RT_MSG_LOOP_ABSP_POLL = RT_MSG_USER_BASE + 43,   /* A-BSP: driver asks for fresh counts */
    RT_MSG_LOOP_ABSP_STOP = RT_MSG_USER_BASE + 44,   /* A-BSP: the iteration ends now */
    RT_MSG_LOOP_READ = RT_MSG_USER_BASE + 45,  /* SSP/ASP ordered: rows read from an owner */
};

/* Out-of-line halves of the recorders: look the address up (recon_records.c). */
void rt_recon_read_slow(strads_recon *rc, const void *addr, size_t len);
/* recon_guard.c: no two of env's pointer words reach one distributed array */
bool rt_recon_env_apart(const struct strads_loop_site *site, const void *env);
void rt_recon_write_slow(strads_recon *rc, const void *addr, size_t len);

/* Every recorder starts with the two elements it recorded last for reading
 * and for writing, so that the common case in a body - the same rows touched
 * again, as in w[k] and h[k] for every k - is a few compares inlined in the
 * recorder, not a lookup. In span mode (one node; engine/recon_records.c) it
 * also holds the arrays the loop writes and the current iteration's row of
 * micro-block spans, so that a new row of those is recorded inline too, and
 * an array only read, whose reads are dropped inline. */
/* Span mode sees the written arrays as at most RT_SPAN_RANGES address
 * ranges, each widening one of the (at most two) slots of an iteration's
 * row: a written array per slot, or in pair mode (an array written at two
 * rows, one in each of its halves) every array's lower half in slot 0 and
 * upper half in slot 1. */
#define RT_SPAN_RANGES 8

typedef struct rt_recon_hot {
    strads_recon_ign ign;            /* first (strads_generated.h): an array the loop only reads */
    /* span mode only (sp_row NULL otherwise); kept across iterations but
     * sp_row. strads_recon_head (strads_generated.h) is these members up
     * to sp_hi: the generated files widen a row inline. */
    unsigned short *sp_row;          /* this iteration's [slot][lowest, highest] */
    int sp_nr;                       /* ranges below: one per slot, or per pair half */
    int sp_shift[RT_SPAN_RANGES];    /* byte offset >> shift = micro-block; -1: divide */
    int sp_slot[RT_SPAN_RANGES];     /* the slot (row entry) a range widens */
    const char *sp_lo[RT_SPAN_RANGES], *sp_hi[RT_SPAN_RANGES]; /* written bytes of each */
    /* cleared at every iteration, up to sp_wlo */
    const char *rd_lo[2], *rd_hi[2]; /* recorded as read (or written) */
    const char *wr_lo[2], *wr_hi[2]; /* recorded as written */
    unsigned rd_next, wr_next;       /* which entry the next new element replaces */
    unsigned sp_nw;                  /* span mode: windows below set this iteration */
    /* the micro-blocks this iteration's single accesses widened its row by,
     * as bytes (recon_recorders.c): an access inside one changes nothing.
     * Only the first sp_nw (at most 4) hold, so that the iteration's reset
     * need not clear them. */
    const char *sp_wlo[4], *sp_whi[4];
    size_t sp_mb[RT_SPAN_RANGES];    /* bytes of a micro-block (for -1) */
} rt_recon_hot;

/* Remembers [lo, hi) as recorded for reading, and for writing too when
 * write (a recorded write covers reads of the same bytes). */
static inline void rt_recon_hot_put(rt_recon_hot *h, const char *lo, const char *hi, int write)
{
    unsigned k;
    if (write) {
        k = h->wr_next++ & 1;
        h->wr_lo[k] = lo, h->wr_hi[k] = hi;
    }
    k = h->rd_next++ & 1;
    h->rd_lo[k] = lo, h->rd_hi[k] = hi;
}

/* Span mode: widens this iteration's span when p lies in a written array. */
static inline int rt_recon_span_window(const rt_recon_hot *h, const char *p, size_t len,
                                       const char **wlo, const char **whi)
{
    size_t last = len ? len - 1 : 0;
    for (int s = 0; s < h->sp_nr; s++)
        if (p >= h->sp_lo[s] && p + last < h->sp_hi[s]) {
            unsigned short *r = h->sp_row + 2 * h->sp_slot[s];
            size_t o0 = (size_t)(p - h->sp_lo[s]), o1 = o0 + last;
            int sh = h->sp_shift[s];
            size_t mb = h->sp_mb[s];
            unsigned short m0, m1;
            if (sh >= 0) {
                m0 = (unsigned short)(o0 >> sh);
                m1 = (unsigned short)(o1 >> sh);
            } else { /* rows of D + 1 floats are common: one division, most often a 32-bit one */
                size_t q = o1 <= UINT32_MAX && mb <= UINT32_MAX ? (uint32_t)o0 / (uint32_t)mb : o0 / mb;
                m0 = (unsigned short)q;
                m1 = (unsigned short)(o0 - q * mb + last < mb ? q : o1 / mb);
            }
            if (m0 < r[0]) r[0] = m0;
            if (m1 > r[1]) r[1] = m1;
            if (wlo) { /* micro-blocks m0 .. m1, clipped to the range */
                size_t b0 = sh >= 0 ? (size_t)m0 << sh : (size_t)m0 * mb;
                size_t b1 = sh >= 0 ? ((size_t)m1 + 1) << sh : ((size_t)m1 + 1) * mb;
                size_t n = (size_t)(h->sp_hi[s] - h->sp_lo[s]);
                *wlo = h->sp_lo[s] + b0;
                *whi = h->sp_lo[s] + (b1 < n ? b1 : n);
            }
            return 1;
        }
    return 0;
}

static inline int rt_recon_span_widen(const rt_recon_hot *h, const char *p, size_t len)
{
    return rt_recon_span_window(h, p, len, NULL, NULL);
}

static inline void rt_recon_read_fast(strads_recon *rc, const void *addr, size_t len)
{
    const rt_recon_hot *h = (const rt_recon_hot *)(const void *)rc;
    const char *p = (const char *)addr;
    if ((p >= h->rd_lo[0] && p + len <= h->rd_hi[0]) || (p >= h->rd_lo[1] && p + len <= h->rd_hi[1]))
        return;
    if (h->sp_row && ((p >= h->ign.lo && p + len <= h->ign.hi) || rt_recon_span_widen(h, p, len)))
        return;
    rt_recon_read_slow(rc, addr, len);
}

static inline void rt_recon_write_fast(strads_recon *rc, const void *addr, size_t len)
{
    const rt_recon_hot *h = (const rt_recon_hot *)(const void *)rc;
    const char *p = (const char *)addr;
    if ((p >= h->wr_lo[0] && p + len <= h->wr_hi[0]) || (p >= h->wr_lo[1] && p + len <= h->wr_hi[1]))
        return;
    if (h->sp_row && rt_recon_span_widen(h, p, len)) return;
    rt_recon_write_slow(rc, addr, len);
}

#define RT_RECON_SKIP 4
#define RT_RECON_COV 16
#define RT_RECON_IGN 3 /* RT_MAX_INPUTS - 1 (checked below) */
struct strads_recon {
    rt_recon_hot hot; /* first: the fast paths above read rc as their hot entries */
    /* span mode: more byte ranges whose reads need no record, as hot.ign
     * (the loop's other read-only arrays on one node, the iteration's
     * element of its other input arrays on several), tested by the
     * out-of-line recorders: a rating kept as three arrays of fields made
     * two of its three reads a registry search each */
    strads_recon_ign ign_more[RT_RECON_IGN];
    unsigned nign;
    /* the pass's site and env (rt_recon_run), and whether no two of the
     * env's pointers reach one distributed array (0: not asked yet, 1 yes,
     * -1 no): a store stradsc drops with no later text naming its array
     * needs no shadow then (strads_recon_rwd, the first asks) */
    const struct strads_loop_site *site;
    const void *env;
    int env_apart;
    sched_records rec;
    int err;
    struct { /* recon.c: the arrays the latest slow-path addresses were in */
        const char *lo, *hi;
        struct dds_vec *dv;
        int shift; /* log2 of the element size, -1 when not a power of two */
    } recent[4];
    struct rt_recon_spans *spans; /* span mode (loop_async_plan_spans.c), or NULL */
    /* arrays whose reads need no record: a sync_for's small read-only
     * arrays, which every node fetches whole (loop_sync_recon.c) */
    uint32_t skip[RT_RECON_SKIP];
    int nskip;
    /* Optional (SCHED_SEEN words, zeroed): an access an earlier iteration
     * recorded is not recorded again (sched_rec_seen); with seen_owned only
     * for elements this node owns or of arrays the records write (a worker
     * reruns the iterations that read others' elements of arrays it does
     * not write: rt_recon_fetch_reads). */
    uint64_t *seen;
    bool seen_owned;
    /* a sync_for's records (loop_sync_recon.c): they must be exact, so a
     * function's may-writes are not recorded (strads_recon_maywrite) */
    bool sync;
    /* Outside span mode: byte ranges this iteration has recorded as read,
     * each grown by the next element read after it; a read inside one is
     * recorded already (a matmul's inputs, each element read once per
     * output, went through the registry and the seen set at every read:
     * most of its reconnaissance). Emptied by strads_recon_iter. */
    struct {
        const char *lo, *hi;
    } cov[RT_RECON_COV];
    unsigned ncov, cov_next;
};
/* Whether a read of [addr, addr + len) needs no record: in ign_more. */
static inline int rt_recon_ign_more(const strads_recon *rc, const void *addr, size_t len)
{
    const char *p = (const char *)addr;
    for (unsigned k = 0; k < rc->nign; k++)
        if (p >= rc->ign_more[k].lo && p + len <= rc->ign_more[k].hi) return 1;
    return 0;
}

/* strads_recon_rdi and strads_recon_rdr_rw, inline in generated files,
 * read it there */
_Static_assert(__builtin_offsetof(struct strads_recon, hot.ign) == 0, "ign first");
_Static_assert(RT_SPAN_RANGES == STRADS_RECON_RANGES, "span ranges");
_Static_assert(__builtin_offsetof(rt_recon_hot, sp_row) == __builtin_offsetof(strads_recon_head, row) &&
                   __builtin_offsetof(rt_recon_hot, sp_nr) == __builtin_offsetof(strads_recon_head, nr) &&
                   __builtin_offsetof(rt_recon_hot, sp_shift) == __builtin_offsetof(strads_recon_head, shift) &&
                   __builtin_offsetof(rt_recon_hot, sp_slot) == __builtin_offsetof(strads_recon_head, slot) &&
                   __builtin_offsetof(rt_recon_hot, sp_lo) == __builtin_offsetof(strads_recon_head, lo) &&
                   __builtin_offsetof(rt_recon_hot, sp_hi) == __builtin_offsetof(strads_recon_head, hi),
               "strads_recon_head is rt_recon_hot's head");

void rt_recon_init(strads_recon *rc, int64_t first);
/* The current iteration's writes (recon_shadow.c): rt_shadow_on
 * (strads_recon_shadowed, strads_generated.h) is set while it holds any, or
 * any range recorded without running its writes. */
#define rt_shadow_on strads_recon_shadowed
void rt_shadow_reset(void);
uint64_t rt_fields_copyin_hash(const void *env, const strads_field *fd, int n,
                               int index_only); /* loop_fields.c */
/* The driver, from a call's start until it is sent: env's copyin sections
 * hashed once, for rt_fields_copyin_hash and the pack (loop_fields.c). */
void rt_fields_copyin_snap(const void *env, const strads_field *fd, int n);
void rt_fields_copyin_snap_end(void);
/* The captured scalars a call's records may depend on: integers, pointers
 * and structs by value (an offset or a row the sequential code picks: `epoch`
 * in W[(i + epoch) % n]), not floating values, unless stradsc knew better
 * (strads_field.picks, loop_fields.c). */
uint64_t rt_fields_scalar_hash(const void *env, const strads_field *fd, int n);
/* The driver, in a call's prepare hook: the copyin input's hash as the call
 * found it (loop_common.c; 0 without copyin). */
uint64_t rt_loop_copyin_hash(void);
/* The same over the copyin sections whose elements are not floating values
 * (STRADS_F_COPYIN_REAL: they pick no rows; loop_common.c). */
uint64_t rt_loop_copyin_index_hash(const strads_loop_site *site, const void *env);
/* The copyin bytes the driver packed since the last call of this: shipped
 * (sent) and referred to by hash because every worker holds them (kept).
 * Driver only (loop_fields.c). */
void rt_fields_copyin_counts(uint64_t *sent, uint64_t *kept);
/* Runs iterations of a site's body on this thread (every caller of a body
 * goes through it), marking the thread as in that body: a parallel loop
 * entered from inside another's body (a function of another file holding
 * one) is refused by rt_nested_check: its workers' results would not come
 * back. */
extern __thread __attribute__((tls_model("initial-exec"))) const strads_loop_site *rt_in_body;
static inline void rt_body(const strads_loop_site *site, void *env, void *tls, const int64_t *idx, int64_t lo,
                           int64_t hi)
{
    const strads_loop_site *outer = rt_in_body;
    rt_in_body = site;
    site->body(env, tls, idx, lo, hi);
    rt_in_body = outer;
}
/* Installed when the process starts (session.c), below the runtime's own
 * SIGSEGV handlers: a fault none of them takes, in a body, names the loop
 * before the process dies as it would have (body_guard.c). */
void rt_body_guard_install(void);
/* At the entry of strads_sync_for and strads_async_for: stops the job,
 * naming both loops, when called from a body or its reconnaissance. */
void rt_nested_check(const strads_loop_site *site);
/* recon_guard.c: runs site's reconnaissance so that a fault, an abort or an
 * iteration past STRADS_RECON_BUDGET names the loop and the iteration. */
void rt_recon_run(const strads_loop_site *site, const void *env, strads_recon *rc,
                  const int64_t *idx, int64_t lo, int64_t hi);
/* A worker's passes whose records rt_recon_fetch_reads completes (on, by
 * the node's thread around them): an iteration that faults there, on
 * values it read as zeros from elements other nodes own, is left where it
 * faulted and recorded again once they are fetched (recon_guard.c). */
void rt_recon_skip_faults(bool on);
/* The iterations left so (sorted, unique; *out malloc'ed): how many. */
size_t rt_recon_take_faults(int64_t **out);
/* After such passes: faults off, and those left forgotten (a pass that
 * failed, or one that falls back when any faulted): how many. */
size_t rt_recon_faults_end(void);
extern __thread __attribute__((tls_model("initial-exec"))) int64_t rt_recon_cur_iter;
extern __thread __attribute__((tls_model("initial-exec"))) unsigned rt_recon_calls;
/* rt_recon_budget_check runs when rt_recon_calls & rt_recon_check_mask is 0:
 * every 2^24 accesses, every 2^12 in a worker's pass that skips faults. */
extern __thread __attribute__((tls_model("initial-exec"))) unsigned rt_recon_check_mask;
void rt_recon_budget_check(void);
const void *rt_shadow_read(const void *addr, size_t len);
void rt_shadow_range(const void *addr, size_t len, int write);
/* After a node's reconnaissance of rec: fetches what it read from elsewhere
 * and re-runs those iterations through rerun (recon.c). */
typedef int (*rt_recon_rerun_fn)(void *arg, int64_t lo, int64_t hi, sched_records *out);
int rt_recon_fetch_reads(sched_records *rec, rt_recon_rerun_fn rerun, void *arg);

/* Span mode: instead of records, a recorder keeps for each iteration of its
 * share only the lowest and highest micro-block it touches in each of the
 * (at most two) arrays the loop writes, in the row span[(i - first) * 2 *
 * nslots ..] (lowest 0xFFFF and highest 0 when untouched). A write to any
 * other array sets miss: the plan then needs full records. */
/* A written array's elements [org, org + len) as one span range: its
 * micro-block is (e - org) >> mshift, counted in slot `slot`. */
typedef struct rt_recon_range {
    uint32_t id;
    int64_t org, len;
    const char *lo, *hi; /* their bytes */
    size_t elem;
    int mshift, bshift;  /* bshift: byte offset >> bshift = micro-block; -1: divide */
    int slot;
} rt_recon_range;

/* Several nodes, span planning: the most arrays a loop may read as its
 * input, element i + in_off of each at iteration i (a struct of records,
 * or a record's fields kept in arrays of their own). */
#define RT_MAX_INPUTS 4
/* ... and the most arrays it may read elsewhere, each whole on every node
 * (a bias per user and per item, read at the rating's user and item), of at
 * most RT_REP_BYTES each */
#define RT_MAX_REP 4
#define RT_REP_BYTES ((size_t)4 << 20)
/* Adds id to set (n of RT_MAX_REP) unless there; false when full. */
static inline bool rt_rep_add(uint32_t *set, int *n, uint32_t id)
{
    for (int q = 0; q < *n; q++)
        if (set[q] == id) return true;
    if (*n == RT_MAX_REP) return false;
    set[(*n)++] = id;
    return true;
}
_Static_assert(RT_RECON_IGN == RT_MAX_INPUTS - 1, "an input's element in ign or ign_more");

typedef struct rt_recon_spans {
    int nslots;
    /* pair mode: the ranges (nr of them); nr 0: one per slot, made from
     * id, mshift, lo, hi, elem and bshift below by rt_recon_span_begin */
    int nr;
    bool pair; /* ranges are halves of arrays: an access across two is a miss */
    rt_recon_range r[RT_SPAN_RANGES];
    uint32_t id[2];    /* the written arrays, in the planner's slot order */
    int mshift[2];     /* element >> mshift = micro-block */
    uint16_t *span;
    int64_t first, n;  /* the recorder's share */
    uint16_t *row;     /* the current iteration's row, NULL before the first */
    /* the written arrays by address, so that their accesses need no lookup */
    const char *lo[2], *hi[2];
    size_t elem[2];
    int bshift[2];     /* byte offset >> bshift = micro-block; -1: divide */
    uint32_t *hist;    /* [slot][micro-block]: iterations whose lowest is there, or NULL */
    uint16_t mlo[2], mhi[2]; /* micro-blocks touched per slot, over the share */
    bool miss;
    uint32_t seen[SCHED_MAX_ARRAYS]; /* other arrays read (the plan key's) */
    int nseen;
    /* several nodes (recon.c input_read): iteration i reads element i +
     * in_off of the input arrays in_ids (nin of them, 0: the probe found
     * none), which this node owns in [in_lo, in_hi) of each (they are cut
     * alike), and no other array it does not write */
    bool multi;
    uint32_t in_ids[RT_MAX_INPUTS];
    int nin;
    int64_t in_off, in_lo, in_hi;
    const char *in_base[RT_MAX_INPUTS]; /* each input's mapping and element size, */
    size_t in_elem[RT_MAX_INPUTS];      /* for the check of its read (strads_recon_iter) */
    /* several nodes: arrays the loop only reads at elements other than its
     * input's, small enough to go whole to every node that runs a part
     * (RT_REP_BYTES): a sample finds them (rep_fixed false), the key pass
     * accepts only those the nodes agreed on */
    uint32_t rep[RT_MAX_REP];
    int nrep;
    bool rep_fixed;
    int64_t cur;         /* the current iteration */
    /* span NULL: no rows kept, each iteration's row is scratch; with keys
     * set, its strata cell under blk (B blocks, the loop's iterations
     * first .. first + n counted from loop_first of loop_n) goes to
     * keys[cur - kfirst] (loop_async_plan_strata.c), and one that spans two blocks
     * sets spans_blocks */
    uint16_t scratch[4];
    const uint16_t *blk;
    int B;
    uint8_t *keys;
    int64_t kfirst, loop_first, loop_n;
    bool spans_blocks;
    /* several nodes: per key, the micro-blocks its iterations touch (a
     * bitmap of mapw words, slot 1's from word mapw0 on), or NULL */
    uint64_t *maps;
    size_t mapw, mapw0;
    /* several nodes, instead of keys: per key, its iterations' offsets
     * cur - kfirst as gaps (engine/offset_gaps.h) */
    rt__gaps_w *streams;
} rt_recon_spans;
/* Span mode: a recorder for iterations from first on that keeps what sp
 * says (sp's slots also go to the inline half in strads.h). */
void rt_recon_span_begin(strads_recon *rc, rt_recon_spans *sp, int64_t first);
/* Span mode: counts the current iteration into hist; after the last one. */
void rt_recon_span_done(strads_recon *rc);

/* ---- async_for rounds split among threads with locks (loop_locks.c) ---- */

#define RT__LOCK_STRIPES 4096
/* Rank 0, building a node's plan: for every position i of order[0..n) with
 * want[i], the sorted unique lock stripes of the elements of written arrays
 * iteration order[i] touches; CSR in *off (n+1) and *stripe (malloc'd). */
int rt__lock_lists(const int64_t *order, int64_t n, const uint8_t *want, const sched_records *rec,
                   const uint32_t *written, int64_t nwritten, int64_t **off, uint16_t **stripe);
/* Pool threads: take / release the n stripes s (sorted) of one iteration. */
void rt__lock(const uint16_t *s, int64_t n);
void rt__unlock(const uint16_t *s, int64_t n);
/* out[lo..hi) = order[lo..hi) sorted by ticket: the order that part ran in. */
int rt__lock_realize(const int64_t *order, const int64_t *ticket, int64_t lo, int64_t hi,
                     int64_t *out);
/* Cluster replay: gate[i] for i in [lo, hi) (one locked segment of order)
 * becomes base + the rank of order[i] in the recorded order, where pos maps
 * an iteration (minus begin) to its recorded position, -1 none (then
 * STRADS_ESTATE). */
int rt__lock_gates(const int64_t *order, int64_t lo, int64_t hi, const int64_t *pos, int64_t begin,
                   int64_t base, int64_t *gate);
/* The turns of a locked round: the next ticket to draw, and a futex word
 * that threads waiting for their turn sleep on. Zero-initialized. */
typedef struct rt__turns {
    atomic_llong next;
    _Atomic uint32_t word; /* bumped, and its sleepers woken, when next moves */
    atomic_int sleepers;
} rt__turns;
/* Pool threads: waits until t->next reaches ticket (spinning briefly, then
 * asleep, so that a starved machine's cores go to the thread whose turn it
 * is). */
void rt__lock_wait_turn(rt__turns *t, int64_t ticket);
/* Draws the next ticket (the caller holds its turn) and wakes the waiters. */
int64_t rt__turn_take(rt__turns *t);
/* Collective: every node's realized order (round r at round_off[r] ..
 * round_off[r+1]) to rank 0, which returns in *out the call's serial order:
 * round by round, node by node. Elsewhere *out is untouched. */
int rt__order_gather(const int64_t *order, const int64_t *round_off, int rounds, uint64_t tag,
                     int64_t **out, int64_t *nout);

/* Threads a loop uses on each node: threads(n) clause, else STRADS_THREADS. */
int rt_loop_threads(const void *env);

/* A fresh number for the next loop call (driver); tags the call's messages. */
uint64_t rt_loop_next_invocation(void);

/*
 * Driver: runs fn on every node for one loop call. The argument is hdr
 * (hdr_len raw bytes, the engine's own header) followed by env packed with
 * site->pack (or from site->env_fields); the call is bracketed by dds_operator_begin/end so that the
 * sequential code's writes reach the owners before and the owners' changes
 * reach the driver after. On the driver the node function finds env with
 * rt_loop_env_open (no unpacking). Returns 0 or the first error.
 */
int rt_loop_invoke(const strads_loop_site *site, void *env, strads_node_fn fn, const void *hdr,
                   size_t hdr_len);
/* The same, calling prepare(hdr) once the sequential code's writes have been
 * pushed and before hdr is sent (async_for fills in array versions there). */
int rt_loop_invoke_ex(const strads_loop_site *site, void *env, strads_node_fn fn, void *hdr,
                      size_t hdr_len, void (*prepare)(void *hdr));

/* Node side of rt_loop_invoke: *env is the driver's env on rank 0, else a
 * fresh env unpacked from arg after hdr_len bytes. Release with
 * rt_loop_env_close. */
int rt_loop_env_open(const strads_loop_site *site, const void *arg, size_t len, size_t hdr_len,
                     void **env);
void rt_loop_env_close(const strads_loop_site *site, void *env);

/* Driver: after operator op completed, hands it to replay/ for the
 * checkpoint (a failure is reported, the run goes on). */
void rt_loop_checkpoint(uint64_t op, const strads_loop_site *site, void *env);

/* A loop site named by reference in a call header, checked for this ABI. */
int rt_loop_site_decode(uint64_t ref, const strads_loop_site **site);

/*
 * Reductions: folds the node's `threads` tls blocks (tls_size bytes each) in
 * thread order into a node accumulator, then the nodes' accumulators up the
 * collectives' tree to rank 0, each node folding its children in a fixed
 * order (tls_pack / tls_unpack over RT_MSG_LOOP_TLS with tag).
 * Collective. On rank 0 *acc_out is the result (free with rt_loop_publish);
 * elsewhere NULL.
 */
int rt_loop_fold(const strads_loop_site *site, void *env, char *tls, int threads, uint64_t tag,
                 char **acc_out);
/* What says that the contents of an array a loop only reads changed since
 * an async_for plan was made from them: its version where several
 * processes run (the driver's writes between calls reach the owners and
 * count, dds_operator_begin), its contents' hash in one process, where no
 * write is tracked (an index array rewritten between two calls of a
 * two-thread async_for kept the old plan: conflicting iterations ran at
 * once, and a histogram lost a third of its counts). */
struct dds_vec;
uint64_t rt_loop_array_stamp(const struct dds_vec *dv);
/* Iterations [begin, end) (or order[begin..end) when order is set) run by
 * the driver alone on env, as the sequential program runs them: its
 * reductions published, no other node involved. _for stops after the
 * chunk that reaches budget_s seconds (0: no limit) and returns where it
 * stopped; where that is short of end, *whole_s (when not NULL) is the
 * whole call's seconds at its latest chunk's rate (its first iterations
 * pay the first touch of new arrays) (engine/loop_alone.c). */
void rt_loop_body_alone(const strads_loop_site *site, void *env, const int64_t *order,
                        int64_t begin, int64_t end);
int64_t rt_loop_body_alone_for(const strads_loop_site *site, void *env, const int64_t *order,
                               int64_t begin, int64_t end, double budget_s, double *whole_s);
/*
 * Calls too short to share (engine/loop_alone.c says how it is decided).
 * rt_loop_may_run_alone: may calls run alone at all? Not while recording
 * or replaying (the choice is timing's), nor with checkpoints (a restarted
 * job computes what the whole run would have), under STRADS_SLOW (its
 * stragglers are the point) or with STRADS_TRY_ALONE=0.
 */
#define RT_SHORT_CALL_S 0.02
/* A call kept alone for being short that took longer than this (its work
 * grew with a captured bound) runs shared again, and may be timed anew. */
#define RT_LONG_ALONE_S 0.1
bool rt_loop_may_run_alone(void);
/* A call run alone is an operator of its own: begin draws its number and
 * traces it, false when a complete checkpoint replaces running it (fast
 * re-execution); end closes the trace and checkpoints it if it ran. */
bool rt_loop_alone_begin(const strads_loop_site *site, void *env, uint64_t *op);
void rt_loop_alone_end(const strads_loop_site *site, void *env, uint64_t op, bool ran);
/* One per loop site, range and thread count, on the driver; zeroed. */
typedef struct rt_alone {
    int phase, shared;        /* shared: calls run shared in the phase */
    uint64_t shared_ever;     /* calls run shared in all */
    double rent_s, alone_s, shared_s;
    double est_s;             /* a whole call alone: measured, or a probe's estimate */
    double fast_s;            /* the fastest whole call alone so far (0: none) */
    double buy_s;             /* a first shared call's projected cost (0: unknown) */
    int retimes;              /* timings alone that shared won: each doubles the wait */
    double shared_last_s;     /* the latest shared call's seconds (0: none) */
    bool exact;               /* a call alone is the loop itself, computing what the
                               * shared call does (the caller's, at each call) */
    unsigned calls_alone;     /* calls run alone, for rt_alone_clock */
} rt_alone;
typedef enum { RT_CALL_SHARED, RT_CALL_ALONE, RT_CALL_PROBE } rt_call_how;
/* How the next call runs; may_alone: a call run alone computes what it
 * would shared (sync_for: loop_sync.c's alone_same; async_for: always). A
 * PROBE runs rt_loop_body_alone_for(..., RT_SHORT_CALL_S) and the
 * iterations it left shared. */
rt_call_how rt_alone_next(const rt_alone *a, bool may_alone);
/* The clock at the start of a call run alone (how), or 0: untimed. A loop
 * settled alone (RENT, ALONE) whose calls take under RT_UNTIMED_S reads it
 * at one call in RT_TIME_EVERY: a clock read is a system call under some
 * hypervisors (a microsecond or more, as much as such a call's work).
 * rt_alone_took: the call's seconds for rt_alone_after; an untimed call
 * took what the latest timed one did. */
#define RT_UNTIMED_S 0.001
#define RT_TIME_EVERY 8
uint64_t rt_alone_clock(rt_alone *a, rt_call_how how);
double rt_alone_took(const rt_alone *a, uint64_t t0);
/* The calls alone so far ran another way than the next will (sync_for's
 * emulation of BSP's workers, now the loop itself): their times are
 * dropped, and a loop kept shared times one call alone again. */
void rt_alone_forget(rt_alone *a);
/* Calls rented alone go shared now, as when their rent is paid (TRY),
 * unless a priced first shared call's rent is not paid yet. */
void rt_alone_share_next(rt_alone *a);
/* After the call: how it ran, its seconds, the share of its iterations a
 * call run alone ran (1: all; a probe that stopped early gives the whole
 * call's estimate by its rate), whether a shared call made records or a
 * plan (a range's first shared call did). */
void rt_alone_after(rt_alone *a, const char *loop, const strads_loop_site *site, int threads,
                    rt_call_how how, double took, double ran, bool planned);
/* A probe that ran nothing but timed a part: what it says the whole call
 * takes alone. */
void rt_alone_estimate(rt_alone *a, double whole_s);
/* Before a first shared call projected to cost buy_s seconds of
 * reconnaissance and planning: true when that is more than a whole call
 * alone, and the calls then run alone until they have taken buy_s (the
 * ski-rental rule with the real price); false: share it now. */
bool rt_alone_rent_first(rt_alone *a, const char *loop, const strads_loop_site *site, double buy_s);
/* ... and the seconds of the call run alone then, towards the price. */
void rt_alone_add_rent(rt_alone *a, double took);
/* The flat row length the body captured (own_row_off): 0 when none. */
static inline int64_t rt_own_row(const strads_loop_array *d, const void *env)
{
    const char *p = (const char *)env + d->own_row_off;
    switch (d->own_row_size) {
    case 1: { int8_t v; memcpy(&v, p, 1); return v; }
    case 2: { int16_t v; memcpy(&v, p, 2); return v; }
    case 4: { int32_t v; memcpy(&v, p, 4); return v; }
    case 8: { int64_t v; memcpy(&v, p, 8); return v; }
    default: return 0;
    }
}
/* The bytes of an element an iteration owns (STRADS_ARRAY_OWN): own_elem,
 * times the row length the body captured for a flat row (0 when that is
 * not positive: not own). */
static inline size_t rt_own_elem(const strads_loop_array *d, const void *env)
{
    if (!d->own_row_size) return d->own_elem;
    int64_t n = rt_own_row(d, env);
    return n > 0 ? (size_t)n * d->own_elem : 0;
}

/* Under STRADS_STATS, once a site: a call of one thread of one process
 * runs in place (ev=in_place). */
void rt_loop_say_in_place(const char *loop, const strads_loop_site *site);
/* A site's new range: from's state, its times scaled (the new range's
 * iterations over from's). */
void rt_alone_inherit(rt_alone *a, const rt_alone *from, double scale);
/* Ranges a site keeps state for (the least recently used goes). */
#define RT_RANGES_PER_SITE 16
/* The same on the driver of a loop it ran alone: no other node's part. */
int rt_loop_fold_alone(const strads_loop_site *site, void *env, char *tls, int threads,
                       char **acc_out);
/* Driver: publish(env, acc), then frees acc. acc may be NULL. */
void rt_loop_publish(const strads_loop_site *site, void *env, char *acc);
/* Driver: acc, the reductions of a call's first iterations run alone, is
 * folded ahead of the rest's when those publish (the call's rest runs
 * shared); rt_loop_release publishes it if they did not. */
void rt_loop_hold(const strads_loop_site *site, void *env, char *acc);
void rt_loop_release(void);
/* Driver: env's stream() variables take acc's states, so that the rest of
 * a call, shared, goes on from where its first iterations left them. */
void rt_loop_carry_streams(const strads_loop_site *site, void *env, const char *acc);

/* Per-thread tls blocks: tls_init'ed, freed with rt_loop_tls_free. */
int rt_loop_tls_new(const strads_loop_site *site, const void *env, int threads, char **out);
/* The same for workers first .. first + count - 1 of the job (stream()
 * copies follow the worker: rank * threads + thread). */
int rt_loop_tls_workers(const strads_loop_site *site, const void *env, int64_t first, int count,
                        char **out);
void rt_loop_tls_free(const strads_loop_site *site, char *tls, int threads);

/*
 * sync_for's hook for the straggler-aware models (scheduler/policy.h):
 * may node `me` start clock `clock` (0-based), given that node r has
 * completed done[r] clocks of this call, each in avg_s[r] seconds on
 * average (exponentially weighted, 0 before its first)? Called by the
 * engine each time a clock message arrives while the node waits. Returns 1
 * to proceed, 0 to keep waiting, or a negative STRADS_E* code. NULL (the
 * default for a kind) means the engine's own rule: SSP(s) proceeds when
 * min(done) >= clock - s.
 */
typedef int (*rt_sync_gate_fn)(const strads_sync_spec *spec, int me, int64_t clock,
                               const int64_t *done, const double *avg_s, int nodes);
/* Installs the gate of a sync kind (STRADS_SYNC_*) on this process, before
 * loops run; every process must install the same gates. A straggler-aware
 * kind (ABSP, ELASTIC, FLEXPARA, CUSTOM) with a gate runs on SSP's
 * mechanics (deltas pushed to the owners at every clock, clocks announced
 * to all) with the gate deciding; without one it runs as BSP. */
int rt_sync_set_gate(strads_sync_kind kind, rt_sync_gate_fn fn);
int rt_sync_has_gate(strads_sync_kind kind);
/* Installs the gate of sync(custom(NAME)) (loop_sync_policy.c); every
 * process calls it at start. */
void rt_sync_policy_install(void);

/* The sync model a site runs under: the STRADS_SYNC override for it, else
 * its own clause (dyn), else BSP. Parse errors are reported here with the
 * variable's text and return STRADS_ECONFIG (loop_sync_spec.c). */
int rt_sync_resolve(const strads_loop_site *site, const strads_sync_spec *clause,
                    strads_sync_spec *out);
/* Parses one model, "bsp", "ssp(3)", "absp(0.5,2)"...; err gets a message. */
int rt_sync_parse_one(const char *s, size_t len, strads_sync_spec *out, char *err, size_t errlen);
/* STRADS_SYNC's text v checked (the configuration's reader): 0, else
 * STRADS_ECONFIG with err naming the variable and the bad part. */
int rt_sync_check(const char *v, char *err, size_t errlen);
const char *rt_sync_name(strads_sync_kind kind);

/* ---- sync_for internals shared by loop_sync.c and loop_sync_ssp.c ---- */

struct dds_vec;

/* A list of elements of one array: idx[0..n), sorted and unique, or every
 * element of the array (all = 1, idx NULL, n the array's length). */
typedef struct rt__elist {
    int64_t *idx, n;
    int all;
} rt__elist;

static inline int64_t rt__el_at(const rt__elist *l, int64_t j)
{
    return l->all ? j : l->idx[j];
}

/* Elements in l; n is the array's length (for all). */
static inline int64_t rt__el_count_all(const rt__elist *l, int64_t n)
{
    return l->all ? n : l->n;
}

/* One model array of a sync_for call (from the site's array table). */
typedef struct rt__sarr {
    struct dds_vec *dv;
    const strads_loop_array *desc;
    size_t nsc;           /* scalars per element */
    int written;          /* some task on some node writes it (agreed) */
    int replicate;        /* threads work on replicas of it */
    int direct;           /* ... whole, on one node, by sum or mean: folded straight
                           * from the replicas (rt__fold_replicas), no delta buffer */
    int whole;            /* read only and small: fetched whole, its reads not recorded */
    int own;              /* STRADS_ARRAY_OWN through its base in every field: each
                           * iteration i alone touches element i, written in place,
                           * never replicated nor combined (loop_sync.c) */
    int one_writer;       /* no two iterations change one scalar (stradsc proved it:
                           * DISJOINT, or COLS checked for the call), so SSP/ASP
                           * land each change whole */
    bool split_said;      /* SSP/ASP: rows written in part by several nodes, said */
    int32_t *writers;     /* SSP/ASP averaging: [n] nodes whose records write e, or NULL */
    uint64_t *changed_by; /* ... without records: [n] nodes that changed e so far, or NULL */
    int64_t *iavg;        /* ... of integers: [owned][nsc][2] sum landed, applied, or NULL */
    int64_t iavg_lo;      /* the first element iavg covers (this node's range) */
} rt__sarr;

/* SSP/ASP averages of integer elements, exact (loop_sync_iavg.c): the
 * owner lands each node's change to element e of x through iavg. open
 * allocates it for an averaged integer array (0, or STRADS_ENOMEM); land
 * adds the share of change delta to row, land_from that of row's change
 * from base (the owner's own fold), w writers. */
int rt__iavg_open(rt__sarr *x);
void rt__iavg_land(rt__sarr *x, int64_t e, void *row, const void *delta, int w);
void rt__iavg_land_from(rt__sarr *x, int64_t e, void *row, const void *base, int w);

/* How many nodes' deltas an averaged element is shared among under SSP/ASP:
 * one where each scalar has one writer (a column sweep over rows of N
 * scalars: each node changes half of every row, and dividing by the row's
 * writers halved every change); the nodes that reconnaissance saw writing
 * it; without records (recon(off), up to 64 nodes) the nodes that have changed it so far in this call, src
 * (whose delta is being applied) included, so that an element one node
 * writes takes its value, not 1/N of its change; else every node. */
static inline int rt__writers(const rt__sarr *x, int64_t e, int nodes, int src)
{
    if (x->one_writer) return 1;
    if (x->writers && x->writers[e] > 0) return x->writers[e];
    if (x->changed_by && src >= 0 && src < 64) {
        x->changed_by[e] |= 1ull << src;
        return __builtin_popcountll(x->changed_by[e]);
    }
    return nodes;
}

/* BODY once per element type, T_ naming it (loop_sync_deltas.c,
 * loop_sync_iavg.c). */
#define RT_FOR_TYPE(t, ...)                                                                  \
    switch (t) {                                                                             \
    case STRADS_T_I32: { typedef int32_t T_; __VA_ARGS__; } break;                           \
    case STRADS_T_I64: { typedef int64_t T_; __VA_ARGS__; } break;                           \
    case STRADS_T_U64: { typedef uint64_t T_; __VA_ARGS__; } break;                          \
    case STRADS_T_F32: { typedef float T_; __VA_ARGS__; } break;                             \
    case STRADS_T_F64: { typedef double T_; __VA_ARGS__; } break;                            \
    }

/* A scalar whose bytes did not change changed by 0, also at infinity or
 * NaN, where y - y is NaN (dds/delta.c's dds_vsub does the same). T_ is
 * the scalar type of the RT_FOR_TYPE it is used in. */
#define RT_CHANGE(y, x) (memcmp(&(y), &(x), sizeof(y)) ? (T_)((y) - (x)) : (T_)0)

/* Are n bytes at p all zero (a delta that changes nothing)? */
static inline int rt__zero_bytes(const void *p, size_t n)
{
    const char *c = p;
    for (size_t i = 0; i < n; i++)
        if (c[i]) return 0;
    return 1;
}

/* Are n bytes (a multiple of 4) at a and b equal? Word compares without a
 * branch a word: most blocks of a large model a task left alone are equal,
 * and finding that fast is what a whole replica's fold costs. */
static inline bool rt__same_block(const void *a, const void *b, size_t n)
{
    const char *x = a, *y = b;
    uint64_t acc = 0;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t u, v;
        memcpy(&u, x + i, 8);
        memcpy(&v, y + i, 8);
        acc |= u ^ v;
    }
    if (i < n) {
        uint32_t u, v;
        memcpy(&u, x + i, 4);
        memcpy(&v, y + i, 4);
        acc |= u ^ v;
    }
    return !acc;
}

/* Which of n (<= 64) elements of elem bytes (4 or 8) differ between a and
 * b, bit i for element i: compares without a branch an element, so that a
 * block with a few changes costs about as little as one with none (a
 * sync_for's whole replicas of a large model, where a task changes a few
 * scattered elements: SAGA's residuals). SSE2 where x86-64 has it. */
static inline uint64_t rt__changed_mask(const char *a, const char *b, size_t elem, int64_t n)
{
    uint64_t m = 0;
    int64_t i = 0;
#if defined(__SSE2__)
    /* 16 bytes at a time: the 32-bit lanes that differ, then per element */
    static const unsigned char pairs[16] = {0, 1, 1, 1, 2, 3, 3, 3, 2, 3, 3, 3, 2, 3, 3, 3};
    int64_t per = (int64_t)(16 / elem);
    for (; i + per <= n; i += per) {
        __m128i u = _mm_loadu_si128((const __m128i *)(const void *)(a + i * (int64_t)elem));
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(b + i * (int64_t)elem));
        unsigned d = ~(unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(u, v))) & 15u;
        m |= (uint64_t)(elem == 8 ? pairs[d] : d) << i;
    }
#endif
    for (; i < n; i++)
        m |= (uint64_t)(memcmp(a + i * (int64_t)elem, b + i * (int64_t)elem, elem) != 0) << i;
    return m;
}

/* Is a scalar of n bytes at p all zero bytes (-0.0 is not)? */
static inline bool rt__zero_scalar(const void *p, size_t n)
{
    if (n == 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        return !w;
    }
    uint32_t w;
    memcpy(&w, p, 4);
    return !w;
}

/* Typed element arithmetic over n scalars of type t (loop_sync_deltas.c). */
size_t rt__type_size(strads_type t); /* 0 for an unknown type */
void rt__v_delta(strads_type t, void *d, const void *a, size_t n); /* d = a - d */
void rt__v_add(strads_type t, void *acc, const void *d, size_t n); /* acc += d */
/* The same per element of nsc scalars, d = rep - from where rep's bytes
 * differ from from's (found a block at a time: a whole replica folded
 * without a delta buffer), skipping changes of all zero bytes and counting
 * the others in cnt. */
void rt__v_add_changed(strads_type t, char *acc, const char *rep, const char *from, size_t nelem,
                       size_t nsc, int32_t *cnt, int32_t *cs);
/* A mean is per scalar: a scalar's change is divided by the contributors
 * whose change of that scalar is not all zero bytes, not by those that
 * changed its element. Iterations that write different columns of a row
 * (an MLP's weights[i][j] per hidden unit j) then keep their updates
 * whole, as with a flat array; per element, a row of two workers' columns
 * got half of each. cs: per-scalar counts, nsc an element, where an
 * average of rows of several scalars needs them (else NULL).
 * rt__v_put adds one worker's change d (its value y of an element that
 * started as x) to row, scalar by scalar where d is not zero: the first
 * contribution (first, or per scalar by cs) to a scalar still at x is y
 * itself (loop_sync_deltas.c's RT_PUT). */
void rt__v_put(strads_type t, void *row, const void *y, const void *x, const void *d, size_t nsc, bool first,
               int32_t *cs);
/* Floating types, whose means of rows go per scalar (integers' owners
 * combine a row's rounded mean: dds/delta.c). */
static inline bool rt__floating(strads_type t) { return t == STRADS_T_F32 || t == STRADS_T_F64; }
/* row = was + (row - was) / cs per scalar with cs > 1, and cs zeroed. */
void rt__v_mean_from(strads_type t, void *row, const void *was, size_t nsc, int32_t *cs);
/* One node's replicas of an array folded straight into its copy, over
 * elements [lo, hi) of nsc scalars: each replica's change from start (the
 * copy's values when the tasks began) where its bytes differ and the
 * change is not all zero bytes, added to base in replica order, then (avg)
 * scaled per scalar by the replicas that changed it: the arithmetic of
 * v_delta, v_add_changed and v_scale_from, without a delta buffer. was:
 * room for one element, aligned for its type. */
void rt__fold_replicas(strads_type t, bool avg, char *base, const char *start,
                       const char *const *rep, int nrep, size_t nsc, int64_t lo, int64_t hi,
                       void *was);
void rt__v_scale(strads_type t, void *d, size_t n, double f);      /* d *= f */
/* row = base + (row - base) * f */
void rt__v_scale_from(strads_type t, void *row, const void *base, size_t n, double f);
/* Copies n bytes of the node's copy into a thread's own buffer: the task
 * replicas' start values and tracked pages (SSP, ASP). Under those models
 * the loop thread lands other nodes' deltas in the owned rows meanwhile,
 * without a lock: a task starts from whatever mix of clocks it reads, which
 * the staleness bound allows. Not inlined: test/sanitizers/tsan.supp names
 * it, so that exactly these reads are exempt from ThreadSanitizer. */
void rt__copy_node_rows(void *dst, const void *src, size_t n);
/* True the first time this process asks about key (loop_common.c). */
bool rt_loop_once(uint64_t key);
/* Sorts n 64-bit keys ascending (radix; loop_common.c). */
void rt__sort_u64(uint64_t *v, size_t n);

/*
 * Writes outside the records (loop_sync_deltas.c). Reconnaissance records a
 * write only if it reaches it, so a task may write elements it did not
 * record (a branch taken in the real run only). Each replica is tracked at
 * page granularity, without a check in the body: at task start every page
 * is inaccessible except those holding recorded elements, which are loaded
 * whole from the node's copy; the first access to another page faults, and
 * the SIGSEGV handler loads that page the same way and opens it. A loaded
 * page keeps its start values in a shadow mapping, so after the task every
 * element of a loaded page that differs from its start value and is not a
 * recorded write is a write outside the records, with its delta.
 * Threads: a tracker belongs to the pool thread whose replica it covers;
 * the node-function thread arms and disarms the set around each clock.
 */
typedef struct rt__track {
    char *rep;            /* the replica (NULL: array not replicated) */
    char *shadow;         /* start values of the loaded pages, same layout */
    const char *src;      /* the node's copy pages are loaded from */
    size_t bytes, used;   /* mapped length; bytes that hold elements */
    uint64_t *loaded;     /* pages loaded in the current task */
    int closed;           /* some page of the replica is closed (PROT_NONE) */
} rt__track;

/* Elements one task wrote outside its records, idx ascending, and their
 * deltas (elem bytes each); reused from task to task. */
typedef struct rt__xlist {
    int64_t *idx;
    char *d;
    int64_t n, cap;
} rt__xlist;

/* Sets up tracking of replica rep of dv (installs the handler once, which
 * chains to the one it replaces). Release with rt__track_free. */
int rt__track_init(rt__track *k, char *rep, const struct dds_vec *dv);
void rt__track_free(rt__track *k);
/* Task start: closes every page, then loads the pages holding the elements
 * of all (sorted) from the node's copy; a task that touches every element
 * only loads (no access can fault). */
int rt__track_begin(rt__track *k, const rt__elist *all, size_t elem);
/* The trackers the handler serves (n of them; NULL, 0 between clocks). */
void rt__track_arm(rt__track *k, int n);
/* Task end: the changed elements of loaded pages not listed in wr, with
 * their deltas (now - start), into out (out->n reset first). */
int rt__track_changed(const rt__track *k, const rt__sarr *x, const rt__elist *wr, rt__xlist *out);

/*
 * SSP and ASP (loop_sync_ssp.c). Between rt__ssp_open and rt__ssp_close
 * (each a barrier) this node applies deltas pushed by others to the elements
 * it owns, on the loop thread under its apply lock. rt__ssp_push sends each
 * owner the deltas (node copy - S[a]) of the non-owned elements U[a] of the
 * written arrays and returns when every owner has applied them.
 */
int rt__ssp_open(rt__sarr *arr, int narr);
int rt__ssp_close(void);
int rt__ssp_push(const rt__sarr *arr, int narr, const rt__elist *U, char *const *S);
/* Around the fold of a clock's replicas into the node's copy (it takes the
 * apply lock; recorded or replayed, it also takes the fold's turn in the
 * store order, so begin may fail: STRADS_ESTATE, the replay diverged). */
int rt__ssp_fold_begin(void);
void rt__ssp_fold_end(void);
/* Before a clock's tasks read the node's copy: recorded or replayed, deltas
 * wait until the fold (own rows read at a fixed point of the store order).
 * A no-op otherwise. */
int rt__ssp_tasks_begin(void);
/* A refresh of n elements idx of dv (idx NULL: the whole array) from their
 * owners: dds_prefetch, except that recorded or replayed, the rows of an
 * array the call writes are read through the store order. */
int rt__ssp_prefetch(struct dds_vec *dv, const int64_t *idx, int64_t n);

/* SSP clocks of one call: done[r] clocks completed by node r, as far as
 * this node has heard. */
typedef struct rt__clocks {
    int64_t *done, got;   /* got: clock messages received */
    double *avg;          /* avg[r]: node r's mean clock time as it last said */
    int nodes, me;
    uint64_t tag;         /* the call's invocation */
    strads_sync_spec spec;
} rt__clocks;
int rt__clocks_init(rt__clocks *k, uint64_t tag, const strads_sync_spec *spec);
/* Waits until this node may start clock c (the kind's gate, else SSP's
 * rule); *stale is c minus the slowest node's completed clocks. */
int rt__clocks_wait(rt__clocks *k, int64_t c, int64_t *stale);
/* Tells every node this one completed `completed` clocks, each taking
 * avg_s seconds on average. */
int rt__clocks_announce(rt__clocks *k, int64_t completed, double avg_s);
/* After the last clock: takes the remaining clock messages of the call
 * (total clocks per node) so none is left in the mailbox, and frees. */
int rt__clocks_finish(rt__clocks *k, int64_t total);

/*
 * A-BSP (loop_sync_absp.c): one call is one iteration over nsplits splits
 * (bounds[0..nsplits]); the driver decides where each split runs and from
 * which item (scheduler/absp.c), nodes report progress and stop at the
 * driver's signal. Every node calls rt__absp_handlers before a collective
 * that precedes its first A-BSP call.
 */
typedef struct rt__absp rt__absp;
void rt__absp_handlers(void);
/* Collective: the driver's plan for this call (tag: the invocation),
 * broadcast; *out holds this node's splits. */
int rt__absp_begin(const strads_loop_site *site, uint64_t tag, const int64_t *bounds, int nsplits,
                   double ratio, int threshold, int flex, rt__absp **out);
void rt__absp_free(rt__absp *ab);
int rt__absp_held(const rt__absp *ab);  /* splits this node runs */
int64_t rt__absp_left(rt__absp *ab);    /* items of them not yet handed out */
void rt__absp_split(const rt__absp *ab, int i, int64_t *lo, int64_t *hi);
/* Pool thread of slot `slot`: runs up to n more items of this node's splits
 * (per clock: up to what is left of the node's quota, whatever n; threads
 * that free up early take more of it), each from its cursor, wrapping, taking chunks of at most `chunk` items
 * shared with the node's other threads (fn once per contiguous piece);
 * returns early at the stop signal. Returns the items it ran. Recorded, the
 * chunks are logged per slot; replayed, the slot runs its recorded chunks. */
typedef void (*rt__absp_chunk_fn)(void *arg, int64_t lo, int64_t hi);
int64_t rt__absp_run(rt__absp *ab, int slot, int64_t n, int64_t chunk, rt__absp_chunk_fn fn,
                     void *arg);
/* The one test of whether a task stops here: the stop signal of the round
 * in flight (the call, or under A-BSP the clock) has come. */
int rt__absp_stopped(const rt__absp *ab);
/* Collective, A-BSP per minibatch clock: begins clock `clock` of the call's
 * `clocks`, in which this node may take 1/clocks of its splits' items (fewer
 * when fewer are left) and the stop signal is decided over the clock's
 * quotas; *any = 0 when no node has items left. */
int rt__absp_clock(rt__absp *ab, int64_t clock, int64_t clocks, int *any);
/* Waits for this call's stop signal. */
int rt__absp_wait(rt__absp *ab);
/* What each split costs, from one call (the driver's size and bytes
 * count; every node gives its own net_rate): FlexPara's inputs, and the
 * price of A-BSP's swaps when budget is set. */
typedef struct rt__split_costs {
    const double *size;  /* [splits] distinct elements a split touches */
    const double *bytes; /* [splits] bytes of read-only input a split needs at its node */
    double param_bytes;  /* bytes of written parameters a split shuffles per call */
    double net_rate;     /* this node's fetch rate in bytes/s, 0 if not measured yet */
    int budget;          /* A-BSP: a swap may cost a tenth of the training since the last */
    uint64_t data_ver;   /* driver: changes when the read-only input a split needs does */
} rt__split_costs;

/* Collective: the driver learns every split's count and compute time,
 * advances cursors and swaps splits (effective next call), or under FlexPara
 * (flex at begin; fl non-NULL on every node) fits each node's capacity model
 * on the split sizes and reassigns the splits with Algorithm 2's movement
 * costs; *processed gets the items run in this call on every node. Frees ab. */
int rt__absp_end(rt__absp *ab, const strads_loop_site *site, const rt__split_costs *fl,
                 int64_t *processed);

#endif
