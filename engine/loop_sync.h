/*
 * engine/loop_sync.h - what the files of the sync_for engine share: the
 * call header that travels to every node, the state of one call on a node
 * (struct call), element-list and geometry helpers, and the functions one
 * file of the engine calls in another. Private to engine/loop_sync*.c.
 *
 *   loop_sync.c          setup, tasks and replicas, folds, clocks, the node
 *                        function and the entry point
 *   loop_sync_recon.c    reconnaissance of a call's tasks, kept per site
 *   loop_sync_iter.c     calls run as A-BSP's per-clock iterations, as Elastic
 *                        BSP's supersteps, or on FlexPara's reassigned splits
 *   loop_sync_history.c  strads_history_*: versions of an array on every node
 *   loop_sync_absp.c     A-BSP's messages: plan, reports, stop signal
 *   loop_sync_ssp.c      deltas pushed to owners, clocks (SSP, ASP, gates)
 *   loop_sync_alone.c    a call's workers one after another on the driver
 *   loop_sync_spec.c, loop_sync_policy.c, loop_sync_deltas.c (see each)
 */
#ifndef STRADS_LOOP_SYNC_H
#define STRADS_LOOP_SYNC_H

#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"
#include "engine/loop.h"
#include "scheduler/policy.h"

/* Arrays of a site whose versions travel in the header. */
#define SYNC_VERS 32

typedef struct sync_hdr {
    uint64_t site_ref;
    int64_t begin, end, minibatch;
    uint64_t invocation;
    int32_t threads, kind; /* kind: the mechanics (BSP, SSP, HYBRID or ASP) */
    int64_t staleness;     /* SSP */
    int32_t recon;         /* 1: redo reconnaissance even if this node has it; 2: and
                            * make the lists for loop_sync_separate.c's verdict */
    int32_t model;         /* the model asked for; differs from kind when a
                            * policy's gate drives SSP's mechanics */
    double a, b;           /* the model's parameters */
    int32_t has_b;         /* b was given */
    char custom[64];       /* custom(NAME): the policy's name (pointers do not travel) */
    uint64_t ver[SYNC_VERS]; /* 1 + the driver's version of site array i's vector
                              * (0: unknown): inputs fetched whole are kept while
                              * it stays (rt__sync_fetch_input) */
    int64_t skip;            /* iterations below it ran alone before (loop_alone.c):
                              * recorded and planned, not run (INT64_MIN: none) */
    int32_t want_sep;        /* the driver has no verdict on these records' tasks:
                              * the nodes gather theirs (loop_sync_separate.c) */
} sync_hdr;

typedef rt__elist elist;
typedef rt__sarr sarr;
/* A read-only array up to this size may be fetched whole by every node,
 * its reads not recorded (loop_sync_recon.c): 4 MiB cross 10 GbE in about
 * 3 ms, where recording a gather's reads of a rank vector cost 0.35 s of a
 * 200,000-vertex PageRank's first call, and of k-means' centroids seconds. */
#define SYNC_WHOLE_BYTES ((size_t)1 << 22)
/* Larger ones, up to this, when the pilot shows every node needs most of
 * it anyway (each iteration reads a good part of it: a gemm's B, read whole
 * by every row, would be recorded element by element for every row). */
#define SYNC_WHOLE_SHARED_BYTES ((size_t)1 << 28)
#define el_at rt__el_at

/* What reconnaissance says a task touches: per array all accesses and
 * writes, plus every accessed key (for prefetch, any array). */
typedef struct tset {
    elist *all, *wr;      /* [narr] */
    uint64_t *keys;       /* SCHED_ACC_KEY, sorted unique */
    int64_t nkeys;
    int64_t unlisted;     /* id of a written array the site does not list, or -1 */
} tset;


typedef struct tbuf {
    char *d;              /* start values, then deltas, of the written elements */
    size_t cap;
} tbuf;

/* Where a call's time goes (STRADS_STATS, docs/observability.md): plan is
 * the call's setup after reconnaissance (and under A-BSP, Elastic and
 * FlexPara the splits' assignment); fetch the refreshes of what the tasks
 * read; fold the threads' deltas and the reductions (threads, then ranks);
 * exchange the pushes and write-backs, waiting inside their collectives
 * included; barrier the barriers, SSP's gates and A-BSP's stop signals. */
enum { SPH_RECON, SPH_PLAN, SPH_FETCH, SPH_COMPUTE, SPH_FOLD, SPH_EXCHANGE, SPH_BARRIER, SPH_N };

/* loop_sync_separate.c: a node's description of its tasks' records. */
#define RT_SEP_ARRAYS 64
typedef struct rt__sep {
    int32_t ok;   /* 1: no two of its tasks write one element, or read one another
                   * writes; 0: some do; -1: no lists to tell */
    int32_t narr;
    /* per array: the lowest and highest element its tasks write, and read
     * but do not write (lo > hi: none) */
    int64_t wlo[RT_SEP_ARRAYS], whi[RT_SEP_ARRAYS], rlo[RT_SEP_ARRAYS], rhi[RT_SEP_ARRAYS];
    /* the same exactly, as bits, for the arrays that fit (loop_sync_separate.c's
     * bits_at): words written, then as many read but not written; NULL: none */
    uint64_t *bits;
} rt__sep;
void rt__sync_sep_free(rt__sep *s);

typedef struct call {
    const strads_loop_site *site;
    void *env;
    sync_hdr h;
    int N, me, T, kind;
    int64_t lo, hi, mb, ntask, clocks;
    int narr;
    sarr *arr;
    tset *ts;             /* [ntask] or NULL (recon off: whole arrays); owned by a tcache */
    const rt__sep *sep;   /* the tasks' description (with ts), or NULL; owned by the tcache */
    int replicas;
    char **rep;           /* [T * narr] replica bases (NULL when not replicated) */
    char **start;         /* [narr] a direct array's copy when the clock's tasks began */
    char **envs;          /* [T] env copies pointing into the replicas */
    char *tls;
    tbuf *tb;             /* [T] */
    int64_t *task_of;     /* [T] task of thread t in this clock, -1: none */
    int64_t *iota;        /* 0..n-1 of the largest written array, for whole snapshots */
    long slow_ms;
    sched_slow *slow;
    double t0;
    _Atomic int err;      /* first error of a pool task */
    int any_written;      /* some array is written (agreed by all nodes) */
    int track;            /* replicas with task sets: catch unrecorded writes */
    rt__track *trk;       /* [T * narr] when tracking */
    rt__xlist *xl;        /* [T * narr] each thread's writes outside its records */
    int absp;             /* A-BSP, Elastic, FlexPara: loop_sync_iter.c runs the call */
    rt__absp *ab;
    /* STRADS_STATS: this node's time per phase (sync_phase) */
    uint64_t ph_us[SPH_N];
    uint64_t ph_at;       /* when the current phase began (rt_now_us) */
    int ph;
    uint64_t copyin_sent, copyin_kept; /* rank 0: the call message's copyin bytes */
} call;

/* Charges the time since the last switch to the current phase and enters
 * phase ph: the phases of a call add up to its time (one clock reading per
 * switch, a few per clock; node-function thread). */
static inline void sync_phase(call *c, int ph)
{
    uint64_t now = rt_now_us();
    c->ph_us[c->ph] += now - c->ph_at;
    c->ph_at = now;
    c->ph = ph;
}

/* ---- element lists ---- */

/* Does field d reach dv as the iterations' own at run time: from its first
 * element (p, the field's pointer), an element being what one iteration
 * owns as stradsc saw it (rt_own_elem)? The flag itself is the caller's. */
static inline bool rt_own_here(const strads_loop_array *d, const void *p, const dds_vec *dv,
                               const void *env)
{
    return p == dv->base && dv->elem == rt_own_elem(d, env);
}

static inline int64_t el_count(const elist *l, const dds_vec *dv)
{
    return l->all ? dv->n : l->n;
}

/* The first position of sorted v[0..n) not below x. */
static inline int64_t lower_i64(const int64_t *v, int64_t n, int64_t x)
{
    int64_t a = 0, b = n;
    while (a < b) {
        int64_t m = a + (b - a) / 2;
        if (v[m] < x)
            a = m + 1;
        else
            b = m;
    }
    return a;
}

/* Position of e in l, or -1. */
static inline int64_t el_find(const elist *l, int64_t e)
{
    if (l->all) return e;
    int64_t a = lower_i64(l->idx, l->n, e);
    return a < l->n && l->idx[a] == e ? a : -1;
}

static inline int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static inline int64_t uniq_i64(int64_t *v, int64_t n)
{
    /* element numbers, not negative: the radix sort, as a pilot's reads
     * run to millions (a gemm's B read whole by every row) */
    bool neg = false;
    for (int64_t i = 0; i < n && !neg; i++) neg = v[i] < 0;
    if (neg) qsort(v, (size_t)n, sizeof *v, cmp_i64);
    else rt__sort_u64((uint64_t *)(void *)v, (size_t)n);
    int64_t u = 0;
    for (int64_t i = 0; i < n; i++)
        if (!u || v[u - 1] != v[i]) v[u++] = v[i];
    return u;
}

/* Drops most repeats of v before it is sorted: a task's keys repeat what
 * every iteration reads (k-means with its centroids a dvector: 800 of a
 * point's 820 keys, 1 M keys a task to sort for 26,000 distinct, 37 s of a
 * 2x1 first call). A direct-mapped table of the last key seen per slot:
 * only exact repeats go, the rest is sorted as before. */
static inline size_t drop_repeats_u64(uint64_t *v, size_t n)
{
    enum { BITS = 16 };
    uint64_t *seen = malloc(((size_t)1 << BITS) * sizeof *seen);
    if (!seen) return n; /* the sort alone */
    memset(seen, 0xFF, ((size_t)1 << BITS) * sizeof *seen);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t k = v[i];
        size_t h = (size_t)((k * 0x9E3779B97F4A7C15ULL) >> (64 - BITS));
        if (k != UINT64_MAX) { /* all ones marks an empty slot: that key is always kept */
            if (seen[h] == k) continue;
            seen[h] = k;
        }
        v[m++] = k;
    }
    free(seen);
    return m;
}

static inline size_t uniq_u64(uint64_t *v, size_t n)
{
    if (n > 8192) n = drop_repeats_u64(v, n);
    rt__sort_u64(v, n);
    size_t u = 0;
    for (size_t i = 0; i < n; i++)
        if (!u || v[u - 1] != v[i]) v[u++] = v[i];
    return u;
}

/* ---- geometry ---- */

static inline void block_of(const sync_hdr *h, int N, int r, int64_t *lo, int64_t *hi)
{
    int64_t n = h->end - h->begin;
    *lo = h->begin + (int64_t)((unsigned __int128)n * (unsigned)r / (unsigned)N);
    *hi = h->begin + (int64_t)((unsigned __int128)n * (unsigned)(r + 1) / (unsigned)N);
}

static inline void task_range(const call *c, int64_t k, int64_t *a, int64_t *b)
{
    *a = c->lo + k * c->mb;
    *b = *a + c->mb < c->hi ? *a + c->mb : c->hi;
}

/* loop_sync_recon.c: the task sets of this call (c->ts), this node's kept
 * ones when made for the same site, range, minibatch, threads and arrays. */
/* This node's rt__sep of the call's records (ok 0 without them). */
void rt__sync_sep_local(const call *c, rt__sep *out);
/* Collective: rank 0 learns whether the call's tasks are separate on every
 * node (*separate 1 yes, 0 no, -1 not known; -1 elsewhere). */
int rt__sync_sep_agree(const call *c, const rt__sep *mine, int *separate);
/* The driver, before it runs alone a separate call whose tasks it skipped:
 * the pages their records write opened as written (dds_open_pages). */
void rt__sync_sep_open_written(void);
int rt__sync_recon(call *c);
/* loop_sync_recon.c: the records of iterations [lo, hi), with the elements
 * they read from other nodes fetched (node-function thread; caller frees). */
int rt__sync_recon_range(call *c, int64_t lo, int64_t hi, sched_records *out);

/* loop_sync_alone.c: a BSP call's N x T workers one after another on the
 * driver, computing what the nodes would: false, and nothing changed, when
 * their copies cannot be made or cost too much (without a budget: over
 * 64 MB copied over the call, or what shared_s seconds of a shared call
 * would copy), or (budget_s > 0) when two clocks timed say the call would
 * not fit (*whole_s its estimate). fresh: the model lets a worker read others'
 * changes at once (SSP, ASP, a barrier policy). */
/* What an emulation saw: the whole call's estimate from two timed clocks
 * (a probe that said it would not fit), the seconds in the workers' bodies,
 * and whether two workers changed one element in a clock. */
typedef struct rt__emu_seen {
    double whole_s, body_s;
    bool overlap;
} rt__emu_seen;
bool rt__sync_emulate(const strads_loop_site *site, void *env, int64_t begin, int64_t end, int N,
                      int T, int64_t mb, bool fresh, double budget_s, double shared_s,
                      rt__emu_seen *seen);

/* loop_sync.c, for loop_sync_iter.c */
void rt__sync_run_task(void *arg, int64_t t, int thread); /* a pool task: slot t's task */
int rt__sync_run_tasks(call *c); /* the clock's tasks on the pool */
int rt__sync_clock_union(call *c, int a, int wr, elist *out);
int rt__sync_own_range(call *c, int64_t lo, int64_t hi, int get);
int rt__sync_fetch_input(call *c, int a);
int rt__sync_fold_threads(call *c, elist *U, char **S);
int rt__sync_writeback_bsp(call *c, dds_snap **snap);

/* loop_sync_iter.c: the call as A-BSP's clocks, as Elastic BSP's
 * supersteps or on FlexPara's splits. Collective. */
int rt__sync_run_absp(call *c);

#endif
