/*
 * scheduler/policy.h - the straggler-aware sync models of sync_for, as pure
 * decision code: A-BSP partial processing, Elastic BSP (ZIPLINE), FlexPara
 * reassignment, custom consistency policies over a STAT table, versioned
 * history of rows, and controlled stragglers (STRADS_SLOW).
 *
 * Why it is separate from the sync_for engine: every decision here is a
 * deterministic function of what the engine observed (progress reports,
 * iteration end times, per-item timings, worker status), so it can be unit
 * tested against brute force and replayed, and the engine keeps only the
 * mechanics (messages, timers, moving data). Nothing here touches the
 * network, threads or clocks; times are doubles in seconds that the caller
 * supplies. Unless a section says otherwise, each object is owned by one
 * thread (the driver's loop thread) and needs no locking.
 *
 * docs/sync-models.md describes each model as implemented and where it
 * departs from its paper.
 */
#ifndef STRADS_SCHED_POLICY_H
#define STRADS_SCHED_POLICY_H

#include <stddef.h>
#include <stdint.h>

/* ======================================================================== */
/* A-BSP: aggressive synchronization with partial processing (absp.c)        */
/* ======================================================================== */

/*
 * The items of a loop are cut into splits (contiguous ranges); each split
 * lives on one node, a node may hold several (one per worker thread, say).
 * Each iteration a node processes each of its splits starting at the
 * split's cursor (first unprocessed item) and wrapping around, and reports
 * how many items of its share it has processed so far. When the first node
 * has finished its whole share, the driver signals stop as soon as the
 * processed ratio of all items reaches cfg.ratio (paper Algorithm 1). At the
 * end of the iteration the engine says how many items of each split were
 * processed; the cursors advance, and when the per-split process counts of
 * two splits differ by more than cfg.threshold, the least processed split
 * and the most processed one swap nodes (paper Algorithm 2): the engine
 * moves their data.
 */
typedef struct sched_absp_cfg {
    double ratio;     /* R_s in (0, 1]: processed ratio needed to stop; 1 = BSP */
    int threshold;    /* P_t >= 0: process-count gap that triggers a swap; < 0: never swap */
    double report_s;  /* progress report period the engine should use (default 1 s) */
    int max_swaps;    /* swaps per iteration; 0 or 1: one, as in the paper */
} sched_absp_cfg;

#define SCHED_ABSP_DEFAULT_THRESHOLD 2
#define SCHED_ABSP_DEFAULT_REPORT_S 1.0

/* One split's work for the coming iteration: items start..hi-1 then lo..start-1. */
typedef struct sched_absp_task {
    int split, node;
    int64_t lo, hi, start;
} sched_absp_task;

/* The k-th item (0 <= k < hi-lo) a task processes. */
static inline int64_t sched_absp_item(const sched_absp_task *t, int64_t k)
{
    int64_t i = t->start + k;
    return i < t->hi ? i : i - (t->hi - t->lo);
}

/* A data move the engine must carry out before the next iteration. */
typedef struct sched_absp_move {
    int split;
    int64_t lo, hi;   /* the split's items */
    int from, to;     /* nodes */
} sched_absp_move;

typedef struct sched_absp sched_absp;

/* Creates the driver state. bounds has nsplits+1 increasing entries (items
 * bounds[0] .. bounds[nsplits]-1); split_node[s] is the node holding split s
 * (NULL: split s on node s*nodes/nsplits). Every node must hold at least one
 * non-empty split. Returns 0, STRADS_EINVAL or STRADS_ENOMEM. */
int sched_absp_new(const sched_absp_cfg *cfg, int nodes, int nsplits, const int64_t *bounds,
                   const int *split_node, sched_absp **out);
void sched_absp_free(sched_absp *a);

/* Starts an iteration at time t: clears the progress of every node. */
int sched_absp_begin(sched_absp *a, double t);
/* What split s does in the current iteration (after sched_absp_begin). */
int sched_absp_task_of(const sched_absp *a, int split, sched_absp_task *task);
/* A progress report: node has processed `processed` items of its share by
 * time t (non-decreasing per node, at most its share). *stop becomes 1 on
 * the one report after which the driver must broadcast the stop signal,
 * 0 otherwise. Reports after the decision are accepted and only recorded. */
int sched_absp_report(sched_absp *a, int node, int64_t processed, double t, int *stop);
/* Nonzero once the stop signal has been decided in this iteration. */
int sched_absp_stopping(const sched_absp *a);
/* Estimated time at which the processed ratio reaches cfg.ratio, from each
 * node's rate since sched_absp_begin (so the engine can time its next look);
 * returns 0 and *eta = t when it is reached already, STRADS_ESTATE when no
 * rate is known yet. */
int sched_absp_eta(const sched_absp *a, double t, double *eta);
/* Ends the iteration: done[s] items of split s were processed (0..len).
 * Advances the cursors, updates the process counts and applies Algorithm 2;
 * moves (room for 2 * max(1, cfg.max_swaps)) receives the data moves,
 * *nmoves their number (0 or 2 per swap). */
int sched_absp_end(sched_absp *a, const int64_t *done, sched_absp_move *moves, int *nmoves);

/* A budget for the swaps of sched_absp_end from now on (an extension; none
 * until called): a swap is made only when moving each of its two splits'
 * data to its new node takes at most budget_s seconds
 * (move_s[split * nodes + node], copied); otherwise it is put off and
 * counted. move_s NULL: no budget. */
int sched_absp_move_budget(sched_absp *a, const double *move_s, double budget_s);
/* Swaps put off by the budget so far. */
int64_t sched_absp_deferred(const sched_absp *a);

/* Algorithm 1 at one minibatch clock (the engine's A-BSP iteration): node n
 * may process quota[n] items in the clock and has processed done[n]. 1 when
 * the stop signal is due: some node with a quota has finished it (the
 * synchronization request) and the processed ratio of all quotas has reached
 * ratio; else 0. Nodes with quota 0 neither request nor count. */
int sched_absp_clock_stop(const int64_t *done, const int64_t *quota, int nodes, double ratio);

/* Process count of one item (how many iterations processed it). */
int64_t sched_absp_count(const sched_absp *a, int64_t item);
/* All items' counts, out[i - bounds[0]]. */
void sched_absp_counts(const sched_absp *a, int64_t *out);
/* Algorithm 2's N_i: the minimum count over the items of split s. */
int64_t sched_absp_split_count(const sched_absp *a, int split);
int sched_absp_node_of(const sched_absp *a, int split);
int64_t sched_absp_share(const sched_absp *a, int node); /* items a node holds */

/* ======================================================================== */
/* Elastic BSP: prediction of iteration ends and ZIPLINE (zipline.c)         */
/* ======================================================================== */

/*
 * ZIPLINE: ends is an n x R row-major matrix, row p the predicted end times
 * of worker p's next R iterations (ascending). Picks one end per worker so
 * that the spread max - min of the picked times is smallest (the earliest
 * such set on ties, as in the paper). pick[p] (1..R) is how many more
 * iterations worker p runs before the barrier, *barrier the barrier time
 * (largest picked end), *wait the spread. O(nR log(nR)) time, O(nR) space.
 * Returns 0, STRADS_EINVAL (a row not ascending, NaN, n or R < 1) or
 * STRADS_ENOMEM.
 */
int sched_zipline(const double *ends, int n, int R, int *pick, double *barrier, double *wait);

/* Recent iteration intervals of each worker, for the prediction. */
typedef struct sched_elastic sched_elastic;

/* window: how many recent intervals the mean uses (>= 1). */
int sched_elastic_new(int workers, int window, sched_elastic **out);
void sched_elastic_free(sched_elastic *e);
/* Worker w ran one iteration from t_start to t_end. */
int sched_elastic_observe(sched_elastic *e, int w, double t_start, double t_end);
/* Predicted ends of each worker's next R iterations (n x R into ends).
 * start[w] is when worker w began (or begins) its current iteration (NULL:
 * its last observed end). No end is predicted before `now`. STRADS_ESTATE
 * when some worker has no observed interval yet (run BSP until it has). */
int sched_elastic_predict(const sched_elastic *e, int R, const double *start, double now,
                          double *ends);
/* predict + ZIPLINE in one call. */
int sched_elastic_next(const sched_elastic *e, int R, const double *start, double now, int *pick,
                       double *barrier, double *wait);

/* ======================================================================== */
/* FlexPara: capacity model and reassignment (flexpara.c)                    */
/* ======================================================================== */

/* A node's capacity model: per-item time = polynomial of the item size,
 * fitted by least squares over the previous iteration's (size, time) pairs.
 * The fit uses Chebyshev polynomials of the size mapped to [-1, 1], so the
 * normal equations stay well conditioned, and solves them by Cholesky. */
#define SCHED_FLEX_MAX_DEGREE 8
typedef struct sched_flex_model {
    int degree;                         /* degree actually fitted */
    double xmin, xmax;                  /* size range seen in the fit */
    double c[SCHED_FLEX_MAX_DEGREE + 1]; /* Chebyshev coefficients */
} sched_flex_model;

/* Fits m pairs (size[i], time[i]); degree is lowered when fewer distinct
 * sizes than degree+1 are seen. STRADS_EINVAL for m == 0 or bad degree. */
int sched_flex_fit(const double *size, const double *time, size_t m, int degree,
                   sched_flex_model *out);
/* Predicted time of one item of the given size (never negative; sizes
 * outside the fitted range are clamped to it). */
double sched_flex_eval(const sched_flex_model *m, double size);

typedef struct sched_flex_cfg {
    double p;           /* skew threshold: reassign while (Tmax-Tmin)/Tmax > p (paper 6-9%) */
    double b;           /* reassignment unit, fraction of a task's initial items (paper 5-8%) */
    int max_rounds;     /* bound on Algorithm 1's loop (0: 1000) */
} sched_flex_cfg;

/* The problem: n items, item i of size size[i] with bytes[i] of bound input
 * living on node home[i]; per-node models and network rates (bytes/s, <= 0:
 * ignore network). assign[i] receives the node that processes item i. */
typedef struct sched_flex_problem {
    int nodes;
    size_t n;
    const double *size, *bytes; /* bytes may be NULL: no input to move */
    const int *home;
    const sched_flex_model *model; /* [nodes] */
    const double *net_rate;        /* [nodes], may be NULL */
    double param_bytes;            /* bytes of parameters shuffled per item and iteration */
} sched_flex_problem;

typedef struct sched_flex_result {
    double before, after; /* predicted makespan under the home assignment / after */
    size_t moved;         /* items assigned away from home */
    int rounds;
} sched_flex_result;

/* Predicted execution time of each node (Algorithm 2) for an assignment. */
int sched_flex_predict(const sched_flex_problem *pb, const int *assign, double *node_time);
/* Algorithm 1 with Algorithm 2's costs, starting from assign[i] = home[i]. */
int sched_flex_reassign(const sched_flex_problem *pb, const sched_flex_cfg *cfg, int *assign,
                        sched_flex_result *res);
/* Equation 6: a node's network rate from last iteration's bytes and seconds. */
double sched_flex_net_rate(double bytes, double seconds);

/* ======================================================================== */
/* Custom consistency: STAT table and barrier policies (custom_policy.c)     */
/* ======================================================================== */

typedef struct sched_stat {
    int64_t clock;     /* iterations (tasks) this worker completed */
    int64_t staleness; /* parameter updates applied since it last received them */
    double avg_task_s; /* mean task time, exponentially weighted */
    int available;     /* 1: idle, waiting for permission to run its next task */
    int64_t seen;      /* (internal) parameter version it was last given */
} sched_stat;

typedef struct sched_stat_table {
    int n;
    sched_stat *w;
    int64_t version; /* updates applied to the parameters so far */
    long arg;        /* the policy's parameter: s of ssp(s), k of throttle(k) */
} sched_stat_table;

/* A barrier policy: sets may_proceed[w] (n entries) to 1 for each worker
 * that may start its next task now, 0 otherwise; returns how many may
 * proceed, or a negative STRADS_E* code. Called on the driver whenever the
 * table changes. Must be pure: the same table gives the same answer. */
typedef int (*sched_policy_fn)(const sched_stat_table *t, unsigned char *may_proceed);

int sched_stat_init(sched_stat_table *t, int n, long arg);
void sched_stat_free(sched_stat_table *t);
/* Worker w starts a task (it is given the current parameters). */
int sched_stat_dispatch(sched_stat_table *t, int w);
/* Worker w finished a task that took task_s; its result was applied to the
 * parameters (version advances by one). */
int sched_stat_done(sched_stat_table *t, int w, double task_s);

/* Built-ins. ssp: proceed iff available and clock - min clock <= arg (arg 0
 * is BSP). throttle: all available workers proceed once at least arg are
 * available, none before. async: every available worker proceeds. */
int sched_policy_ssp(const sched_stat_table *t, unsigned char *may_proceed);
int sched_policy_throttle(const sched_stat_table *t, unsigned char *may_proceed);
int sched_policy_async(const sched_stat_table *t, unsigned char *may_proceed);

/* Name -> policy. The engine resolves sync(custom(fn)) by looking fn up
 * here; the runtime registers user functions (found by the name the pragma
 * gives) before the loop runs. Built-ins "bsp", "ssp", "throttle", "async"
 * are present after init. One registry per process context. */
#define SCHED_POLICY_NAME_MAX 63
typedef struct sched_policy_reg {
    struct sched_policy_ent {
        char name[SCHED_POLICY_NAME_MAX + 1];
        sched_policy_fn fn;
    } *ent;
    int n, cap;
} sched_policy_reg;

int sched_policy_reg_init(sched_policy_reg *r);
void sched_policy_reg_free(sched_policy_reg *r);
/* name: a C identifier. Registering a name again with another function is
 * STRADS_EINVAL; with the same function it is a no-op. */
int sched_policy_register(sched_policy_reg *r, const char *name, sched_policy_fn fn);
/* STRADS_ENOTFOUND when no such name. */
int sched_policy_lookup(const sched_policy_reg *r, const char *name, sched_policy_fn *fn);

/* ======================================================================== */
/* History: versioned rows with copy-on-write (history.c)                    */
/* ======================================================================== */

/*
 * nrows rows of rowsize bytes; version 0 is the initial content, each commit
 * makes the next version. Only rows written in a version are copied;
 * versions older than the last `keep` are dropped with the copies nobody can
 * reach any more (the oldest kept version's copies fold into the base), so
 * memory is the base plus the rows changed in the newer kept versions.
 * Writer and readers are the same thread, or readers run while no write or
 * commit is in progress.
 */
typedef struct sched_hist sched_hist;

/* init may be NULL (zeros). keep >= 1. */
int sched_hist_new(size_t nrows, size_t rowsize, int keep, const void *init, sched_hist **out);
void sched_hist_free(sched_hist *h);
/* Writes row r of the version being built (latest + 1). */
int sched_hist_write(sched_hist *h, size_t r, const void *data);
/* Pointer to row r of the version being built, for in-place update (copied
 * from the latest version on first touch). */
int sched_hist_row_mut(sched_hist *h, size_t r, void **row);
/* Seals the version being built; *version (may be NULL) gets its number. */
int sched_hist_commit(sched_hist *h, uint64_t *version);
/* Row r as of `version`: STRADS_ENOTFOUND when the version was dropped or
 * does not exist yet. */
int sched_hist_get(const sched_hist *h, size_t r, uint64_t version, const void **row);
uint64_t sched_hist_latest(const sched_hist *h);
uint64_t sched_hist_oldest(const sched_hist *h);
/* Row copies held beyond the base (for tests and metrics). */
size_t sched_hist_copies(const sched_hist *h);

/* ======================================================================== */
/* Controlled stragglers: STRADS_SLOW (straggler.c)                          */
/* ======================================================================== */

/*
 * Spec, comma separated, one entry per rank:
 *   rank:F                 static: factor F (>= 1) all the time
 *   rank:F@ON[/OFF]        periodic: F for ON seconds, then 1 for OFF seconds
 *                          (OFF defaults to ON), repeating from t = 0
 *   rank:F0/T1=F1/T2=F2..  steps: F0 from t = 0, F1 from T1 s, F2 from T2 s...
 *                          (times strictly increasing)
 * Ranks not named run at factor 1.
 */
typedef struct sched_slow sched_slow;

/* spec may be NULL or empty (nobody slowed). size > 0 refuses ranks >= size.
 * On error returns STRADS_ECONFIG with a message in err naming the bad token. */
int sched_slow_parse(const char *spec, int size, sched_slow **out, char *err, size_t errlen);
void sched_slow_free(sched_slow *s);
/* Factor for rank at t seconds since the job started (1 when s is NULL). */
double sched_slow_factor(const sched_slow *s, int rank, double t_seconds);

#endif
