/*
 * engine/loop_async.h - what the files of the async_for engine share: the
 * call header every node receives, a node's share of a plan (node_plan),
 * and the halves of one call that live in their own files:
 *   loop_async.c        the entry point, the plan cache, reconnaissance and
 *                       planning on rank 0, the per-site state of the driver
 *   loop_async_plan_spans.c   reconnaissance that keeps only the micro-block
 *                       spans, and on one node the plan built from them
 *   loop_async_plan_spans_nodes.c  several nodes: each plans its own part from spans
 *   loop_async_lists.c  rank 0: a node's part of a plan, with the elements
 *                       each round fetches and writes back
 *   loop_async_carry.c  every node: what it keeps from one round into the
 *                       next is neither written back nor fetched again
 *   loop_async_wire.c   records to rank 0 and plans from it, on the wire
 *   loop_async_exec.c   rounds of fetch / run / write back / barrier
 * The node-function thread owns every structure here.
 */
#ifndef STRADS_LOOP_ASYNC_H
#define STRADS_LOOP_ASYNC_H

#include "engine/loop.h"

#define MAX_VERSIONED 32

typedef struct call_hdr {
    uint64_t site_ref;
    int64_t begin, end;
    uint64_t invocation;
    int32_t recon;   /* 1: run reconnaissance and plan now */
    int32_t threads;
    /* Content versions of the arrays (dds_vec.version, kept by the driver):
     * a node that fetched read-only elements at the same version keeps
     * them instead of fetching again every call. */
    uint32_t ndv;
    uint32_t dv_id[MAX_VERSIONED];
    uint64_t dv_ver[MAX_VERSIONED];
    uint64_t call;   /* the driver's async_for call number, which names recorded orders */
    int32_t want_order; /* the driver reads the call's serial order (order_wanted) */
    int64_t skip;    /* iterations below this ran alone on the driver first
                      * (loop_alone.c): planned, not run (INT64_MIN: none) */
    /* Bit k: array dv_id[k] has not changed since this range's previous
     * shared call ended, which ran the same plan (no sequential write, no
     * other operator's), so what a node held current then it holds now
     * (loop_async_exec.c's round 0). */
    uint32_t held;
} call_hdr;
_Static_assert(MAX_VERSIONED <= 32, "call_hdr.held has a bit per versioned array");

/* A node's share of a plan. Keys are SCHED_ACC_KEY values, sorted. */
/* A run of a plan's order: iterations base + the n offsets coded as gaps
 * at gaps (engine/offset_gaps.h), ascending. */
typedef struct rt__seg {
    int64_t base;
    const uint8_t *gaps;
    int64_t n;
} rt__seg;

/* A run [lo, hi) of array id's elements. */
typedef struct rt__run {
    uint32_t id;
    int64_t lo, hi;
} rt__run;

typedef struct node_plan {
    uint64_t site_id;
    int64_t begin, end;
    int threads, rounds, subrounds;
    int64_t *order, norder;
    sched_cell *cells;     /* [rounds][subrounds][threads], start into order */
    uint64_t **fetch, **wb;
    int64_t *nfetch, *nwb;
    rt__run **mark;        /* or NULL; mspan: per round, this node's own written elements
                            * of range-cut arrays, marked changed after the write-back
                            * instead of listed in wb (nmark runs) */
    int64_t *nmark;
    int64_t *voff;         /* verify mode: the planned records of order[], CSR */
    sched_acc *vacc;
    uint32_t *written;     /* arrays any node writes in this loop (sorted ids) */
    int64_t nwritten;
    sched_corder *corder;  /* or the order by chunks (loop_async_plan_strata.c; order NULL) */
    rt__seg *segs;         /* or, one thread, [rounds][nsegs] runs of offsets (mspan) */
    int nsegs;
    void **segbuf;         /* the messages segs point into (nsegs of them) */
    uint64_t *last;        /* the keys of other nodes' elements its last round touches,
                            * sorted: current here after the call (rank 0's pull keeps
                            * them: dds_pull_keep; every node's next call need not fetch
                            * them again while call_hdr.held says nothing changed) */
    int64_t nlast;
    bool ran;              /* a call ran this plan to its end here */
    uint8_t *locked;       /* per round: this node's threads share it with locks */
    int64_t *loff;         /* positions of locked rounds: lock stripes, CSR (loop_locks.c) */
    uint16_t *lstripe;
    int32_t any_locked;    /* some node locks in some round: orders are gathered */
    uint32_t seen_id[MAX_VERSIONED]; /* versions of read-only arrays fetched so far */
    uint64_t seen_ver[MAX_VERSIONED];
    uint32_t nseen;
    struct node_plan *next;
} node_plan;

/* loop_async_carry.c: drops from a node plan's lists the fetches and
 * write-backs of elements it keeps from one round into the next; notes in
 * last what its last round touches. */
void rt__carry_rounds(node_plan *np);

/* STRADS_VERIFY_RECON=1: check every real access against the plan. */
bool rt__async_verify_mode(void);
void rt__node_plan_free(node_plan *p);
/* The planner's passes over all iterations on this node's pool. */
void rt__plan_par(void *ctx, int64_t ntasks, sched_task_fn fn, void *arg);

/* ---- loop_async_lists.c: rank 0 cuts a plan into node plans ---- */

/* The fetch and write-back lists of every node and round of one plan. */
typedef struct rt__touch_map rt__touch_map;
rt__touch_map *rt__touch_new(void);
void rt__touch_free(rt__touch_map *tm);
/* Makes them from rec, before rt__extract takes each node's over. */
int rt__touch_prepare(rt__touch_map *tm, const sched_plan *p, const sched_records *rec);
/* The part of plan p that node runs, with the lists rec's accesses give. */
int rt__extract(const sched_plan *p, const sched_records *rec, int node, const call_hdr *h,
                uint64_t site_id, rt__touch_map *tm, const uint32_t *written, int64_t nwritten,
                node_plan **out);

/* ---- loop_async_wire.c ---- */

int rt__send_records(const sched_records *r, uint64_t tag);
/* Rank 0: appends rank src's records to r (which they must follow). */
int rt__recv_records(int src, uint64_t tag, sched_records *r);
/* Tells node dst that this call has no plan, so that it fails the call
 * instead of waiting for one. */
void rt__send_plan_failed(int dst, uint64_t tag);
int rt__send_plan(int dst, uint64_t tag, const node_plan *np);
int rt__recv_plan(uint64_t tag, const call_hdr *h, uint64_t site_id, node_plan **out);

/* ---- loop_async_exec.c ---- */

int rt__execute(const strads_loop_site *site, void *env, char *tls, node_plan *np,
                const call_hdr *h);
/* Rank 0, after a call with locked rounds: the order the lock grants gave
 * (malloc'd, the caller frees it), or NULL. */
int64_t *rt__take_call_order(int64_t *n);

/* ---- loop_async_plan_spans.c ---- */

/* One node: reconnaissance that keeps per iteration only the micro-blocks
 * it spans in each written array, and the plan built from them alone. */
/* The most written arrays spans plan: in pair mode each array is two
 * ranges (RT_PAIR_ARRAYS), in group mode one (GloVe with its biases and
 * their AdaGrad sums in arrays of their own: eight). */
#define RT_PAIR_ARRAYS (RT_SPAN_RANGES / 2)
#define RT_GROUP_ARRAYS RT_SPAN_RANGES
typedef struct rt__spans {
    int ns;                /* written arrays (slots); 0: use full records */
    sched__slot slots[2];
    uint16_t *span;        /* [iteration][slot][2] */
    uint32_t *hist;        /* [slot][micro-block]: lowest micro-blocks counted */
    uint32_t ro[SCHED_MAX_ARRAYS]; /* arrays the loop only reads (the plan key's) */
    int nro;
    int64_t lo, hi;        /* this node's share of the iterations */
    uint16_t mlo[2], mhi[2]; /* micro-blocks touched per slot over the share */
    uint32_t in_ids[RT_MAX_INPUTS]; /* several nodes: the input arrays, sorted (recon.c */
    int nin;               /* input_read), nin 0 none; the first cuts the shares */
    int64_t in_off;
    uint32_t rep[RT_MAX_REP]; /* several nodes: the small arrays read elsewhere, which */
    int nrep;                 /* go whole to every node (rt_recon_spans.rep) */
    /* pair mode (one node with 2-16 threads, or several nodes): every
     * written array (wid, wn elements) is written at two rows an
     * iteration, one below split and one at or above it; slot 0 is every
     * array's lower part, slot 1 every upper part (loop_async_plan_spans.c) */
    bool pair;
    int nw;
    uint32_t wid[RT_GROUP_ARRAYS];
    int64_t wn[RT_GROUP_ARRAYS], split[RT_GROUP_ARRAYS];
    node_plan *keyed;      /* one node: the plan made during reconnaissance, or NULL */
    double imbalance;      /* its sub-rounds' longest cells over n / threads */
    int sample;            /* one iteration in sample cut its blocks */
    bool recut;            /* cut again from all iterations: the sample's were worse */
    /* several nodes, one thread each: hist is a sample's and span NULL; the
     * key pass (rt__keys_share) runs once the blocks are agreed */
    rt_recon_spans proto;
    const strads_loop_site *site;
    const void *env;
} rt__spans;
/* Rank r's share of the iterations in span planning: those whose input
 * element (iteration + in_off of array in_id) r owns, or with no input an
 * equal cut. STRADS_EINVAL: some iteration's input lies outside the array,
 * or the array is not cut by ranges. */
int rt__span_share(const call_hdr *h, uint32_t in_id, int64_t in_off, int r, int64_t *lo,
                   int64_t *hi);
/* Fills sp for this node's share, or leaves sp->ns 0 (returning 0) when
 * the loop needs full records: verify mode, no written array or more than
 * two, a write the probe did not see, or (several nodes) a read that
 * input_read refuses. */
int rt__span_recon(const strads_loop_site *site, const void *env, const call_hdr *h,
                   rt__spans *sp);
/* The plan from sp (whose spans it frees) and this node's part of it, which
 * takes the plan's order and cells over (*plan keeps the rest); *np stays
 * NULL (0 returned) when iterations span blocks: full records then.
 * STRADS_VERIFY_PLAN checks the plan against full records. */
int rt__span_build(const strads_loop_site *site, const void *env, const call_hdr *h,
                   rt__spans *sp, node_plan **np, sched_plan **plan);
/* ---- loop_async_plan_strata.c ---- */

/* One node, two written arrays, 2-16 threads: reconnaissance of sp's share
 * that makes the strata plan as it runs (sp->keyed) with a chunked order;
 * proto describes the slots as for span rows. sp->keyed stays NULL (0
 * returned) when the loop needs full records. */
int rt__keys_plan(const strads_loop_site *site, const void *env, const call_hdr *h,
                  const rt_recon_spans *proto, rt__spans *sp);
/* Several nodes, one thread each: a sample of sp's share gives sp->hist
 * (and the micro-block ranges, the arrays only read) and sets sp->ns 2,
 * or leaves sp->ns 0 for full records. */
int rt__keys_sample(const strads_loop_site *site, const void *env, const rt_recon_spans *proto,
                    rt__spans *sp);
/* Then the key pass over the share under the node-level blocks blk (B
 * nodes; the loop's iterations loop_first .. + loop_n), reading whole on
 * this node the arrays rep (nrep of them, agreed by the nodes) and no
 * other array elsewhere than at its input: iteration i goes
 * as offset i - sp->lo into streams[key], key = round * B + node (started
 * writers, each with room for the share's length in bytes), and per key
 * the micro-blocks touched in maps (mapw words a key, slot 1's from mapw0,
 * OR'ed in: zero them first). *fall: the strata cannot serve the share
 * (full records then). */
int rt__keys_share(const rt__spans *sp, const uint16_t *blk, int B, int64_t loop_first,
                   int64_t loop_n, const uint32_t *rep, int nrep, rt__gaps_w *streams,
                   uint64_t *maps, size_t mapw, size_t mapw0, bool *fall);
/* The serial order a node plan is equivalent to, into order[np->norder]. */
int rt__plan_order(const node_plan *np, int64_t *order);

/* ---- loop_async_plan_spans_nodes.c ---- */

typedef struct rt__mspan_info {
    uint32_t in_ids[RT_MAX_INPUTS]; /* the arrays the loop reads as its input (the plan */
    int nin;                        /* key's), nin 0 none */
    uint32_t rep[RT_MAX_REP];       /* and those every node read whole (the plan key's too) */
    int nrep;
    int rounds, subrounds;
    double prefetch_s; /* moving the inputs to the nodes that run them: the slowest node's */
    double cpu_prefetch_s; /* this process's CPU time in that move (all threads) */
    double recon_s;    /* one thread a node: this node's key pass, reconnaissance after the sample */
    double cpu_recon_s; /* its CPU time (STRADS_STATS' cpu_recon_s, not planning's) */
    int pair;          /* written arrays planned as pairs (lower x upper parts): how many, 0 none */
    double imbalance;  /* the rounds' busiest node's iterations, summed, over n / nodes */
} rt__mspan_info;
/* Several nodes, collective: every node's plan from the spans of sp (which
 * it frees), each node planning its own part. *out stays NULL (0 returned)
 * on every node when any node's spans cannot plan the loop: full records
 * then. */
int rt__mspan_plan(const call_hdr *h, uint64_t site_id, rt__spans *sp, node_plan **out,
                   rt__mspan_info *info);
/* Fetches every element of array id this node does not own (nothing on
 * rank 0, whose copy is the driver's, current when a call starts). */
int rt__fetch_whole(uint32_t id);

/* Runs the recon body over [lo, hi) on the node's threads; records in *out. */
int rt__run_recon(const strads_loop_site *site, const void *env, int64_t lo, int64_t hi,
                  int threads, sched_records *out);

/* Whether the driver runs the loop alone from its first call on
 * (loop_async_serial.c); *recon_s: what the sample says reconnaissance of
 * the whole loop costs when it records every access (0: unknown, or spans).
 * A sample past budget_s seconds (0: none) stops there and says only that.
 * Driver only. */
bool rt__async_serial(const strads_loop_site *site, const void *env, int64_t begin, int64_t end,
                      int threads, double budget_s, double *recon_s);

#endif
