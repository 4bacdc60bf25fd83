/*
 * scheduler/absp.c - A-BSP (aggressive synchronization with partial
 * processing): the driver's decisions for sync(absp(ratio[, threshold])).
 *
 * It owns three things: when to stop an iteration (paper Algorithm 1: once
 * the first node has finished its share, stop as soon as the processed ratio
 * reaches R_s), where each split starts next time (task-level priority: at
 * its first unprocessed item), and which splits change nodes (job-level
 * priority, Algorithm 2: swap the least and the most processed split when
 * their process counts differ by more than P_t). The engine sends the stop
 * signal and moves the data; this file only decides, so the whole policy is
 * a deterministic function of the reports and can be replayed.
 *
 * Per-item process counts are not stored item by item: because every split
 * is processed from its cursor on, wrapping around, the items of a split
 * always have count base or base+1, and exactly those before the cursor
 * have base+1. Two integers per split give every item's count exactly, and
 * an iteration costs O(splits), not O(items).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/policy.h"
#include "strads.h"

struct sched_absp {
    sched_absp_cfg cfg;
    int nodes, nsplits;
    int64_t *bounds;  /* nsplits+1 */
    int *node_of;     /* split -> node */
    int64_t *base;    /* split -> count of the items at and after the cursor */
    int64_t *cursor;  /* split -> first unprocessed item (absolute index) */
    int64_t *share;   /* node -> items it holds */
    int64_t *prog;    /* node -> items processed in this iteration (last report) */
    double *last_t;   /* node -> time of its last report */
    double *frac;     /* node -> share done this iteration (scratch of sched_absp_end) */
    unsigned char *used; /* node -> already swapped in this sched_absp_end */
    double *move_s;   /* [split][node]: seconds to move the split's data there */
    double budget_s;  /* what one swap may cost (sched_absp_move_budget) */
    int64_t deferred; /* swaps Algorithm 2 wanted that the budget put off */
    int gated;        /* move_s holds a budget's estimates */
    int64_t total, sum;
    double t_begin;
    int requested;    /* a node finished its share: the sync request of the paper */
    int stopping;     /* the stop signal was decided */
    int in_iter;
};

static void recompute_shares(sched_absp *a)
{
    memset(a->share, 0, (size_t)a->nodes * sizeof *a->share);
    for (int s = 0; s < a->nsplits; s++)
        a->share[a->node_of[s]] += a->bounds[s + 1] - a->bounds[s];
}

int sched_absp_new(const sched_absp_cfg *cfg, int nodes, int nsplits, const int64_t *bounds,
                   const int *split_node, sched_absp **out)
{
    if (!cfg || !bounds || !out || nodes < 1 || nsplits < nodes) return STRADS_EINVAL;
    if (!(cfg->ratio > 0 && cfg->ratio <= 1)) return STRADS_EINVAL;
    for (int s = 0; s < nsplits; s++)
        if (bounds[s + 1] <= bounds[s]) return STRADS_EINVAL;
    sched_absp *a = calloc(1, sizeof *a);
    if (!a) return STRADS_ENOMEM;
    a->cfg = *cfg;
    if (!(a->cfg.report_s > 0)) a->cfg.report_s = SCHED_ABSP_DEFAULT_REPORT_S;
    a->nodes = nodes;
    a->nsplits = nsplits;
    a->bounds = malloc(((size_t)nsplits + 1) * sizeof *a->bounds);
    a->node_of = malloc((size_t)nsplits * sizeof *a->node_of);
    a->base = calloc((size_t)nsplits, sizeof *a->base);
    a->cursor = malloc((size_t)nsplits * sizeof *a->cursor);
    a->share = calloc((size_t)nodes, sizeof *a->share);
    a->prog = calloc((size_t)nodes, sizeof *a->prog);
    a->last_t = calloc((size_t)nodes, sizeof *a->last_t);
    a->frac = calloc((size_t)nodes, sizeof *a->frac);
    a->used = calloc((size_t)nodes, 1);
    a->move_s = malloc((size_t)nsplits * (size_t)nodes * sizeof *a->move_s);
    if (!a->bounds || !a->node_of || !a->base || !a->cursor || !a->share || !a->prog ||
        !a->last_t || !a->frac || !a->used || !a->move_s) {
        sched_absp_free(a);
        return STRADS_ENOMEM;
    }
    memcpy(a->bounds, bounds, ((size_t)nsplits + 1) * sizeof *a->bounds);
    for (int s = 0; s < nsplits; s++) {
        int n = split_node ? split_node[s] : (int)((int64_t)s * nodes / nsplits);
        if (n < 0 || n >= nodes) {
            sched_absp_free(a);
            return STRADS_EINVAL;
        }
        a->node_of[s] = n;
        a->cursor[s] = bounds[s];
    }
    recompute_shares(a);
    for (int n = 0; n < nodes; n++)
        if (a->share[n] == 0) { /* a node with nothing to do would "finish" at once */
            sched_absp_free(a);
            return STRADS_EINVAL;
        }
    a->total = bounds[nsplits] - bounds[0];
    *out = a;
    return 0;
}

void sched_absp_free(sched_absp *a)
{
    if (!a) return;
    free(a->bounds);
    free(a->node_of);
    free(a->base);
    free(a->cursor);
    free(a->share);
    free(a->prog);
    free(a->last_t);
    free(a->frac);
    free(a->used);
    free(a->move_s);
    free(a);
}

int sched_absp_move_budget(sched_absp *a, const double *move_s, double budget_s)
{
    if (!a) return STRADS_EINVAL;
    a->gated = move_s != NULL;
    a->budget_s = budget_s;
    if (move_s) memcpy(a->move_s, move_s, (size_t)a->nsplits * (size_t)a->nodes * sizeof *a->move_s);
    return 0;
}

int64_t sched_absp_deferred(const sched_absp *a)
{
    return a ? a->deferred : 0;
}

int sched_absp_begin(sched_absp *a, double t)
{
    if (!a) return STRADS_EINVAL;
    memset(a->prog, 0, (size_t)a->nodes * sizeof *a->prog);
    for (int n = 0; n < a->nodes; n++) a->last_t[n] = t;
    a->sum = 0;
    a->t_begin = t;
    a->requested = a->stopping = 0;
    a->in_iter = 1;
    return 0;
}

int sched_absp_task_of(const sched_absp *a, int split, sched_absp_task *task)
{
    if (!a || !task || split < 0 || split >= a->nsplits) return STRADS_EINVAL;
    task->split = split;
    task->node = a->node_of[split];
    task->lo = a->bounds[split];
    task->hi = a->bounds[split + 1];
    task->start = a->cursor[split];
    return 0;
}

/* Algorithm 1, lines 4-8, evaluated at every report instead of in a busy
 * loop: the request has come (some node finished its share) and the ratio
 * of processed items has reached R_s. */
static int should_stop(const sched_absp *a)
{
    return a->requested && (double)a->sum >= a->cfg.ratio * (double)a->total;
}

int sched_absp_report(sched_absp *a, int node, int64_t processed, double t, int *stop)
{
    if (stop) *stop = 0;
    if (!a || node < 0 || node >= a->nodes) return STRADS_EINVAL;
    if (!a->in_iter) return STRADS_ESTATE;
    /* Counts only grow within an iteration and never pass the share: a
     * report that breaks this is a bug of the sender, not noise to smooth. */
    if (processed < a->prog[node] || processed > a->share[node]) return STRADS_EINVAL;
    a->sum += processed - a->prog[node];
    a->prog[node] = processed;
    if (t > a->last_t[node]) a->last_t[node] = t;
    if (processed == a->share[node]) a->requested = 1;
    if (!a->stopping && should_stop(a)) {
        a->stopping = 1;
        if (stop) *stop = 1;
    }
    return 0;
}

int sched_absp_clock_stop(const int64_t *done, const int64_t *quota, int nodes, double ratio)
{
    int64_t sum = 0, total = 0;
    int requested = 0;
    for (int n = 0; n < nodes; n++) {
        if (quota[n] <= 0) continue;
        int64_t d = done[n] < quota[n] ? done[n] : quota[n];
        requested |= d == quota[n];
        sum += d;
        total += quota[n];
    }
    return requested && (double)sum >= ratio * (double)total;
}

int sched_absp_stopping(const sched_absp *a)
{
    return a ? a->stopping : 0;
}

/* Items expected to be processed at time u if every node keeps its rate. */
static double expected_at(const sched_absp *a, double u)
{
    double e = 0;
    for (int n = 0; n < a->nodes; n++) {
        double el = a->last_t[n] - a->t_begin, p = (double)a->prog[n];
        if (el > 0 && u > a->last_t[n]) p += p / el * (u - a->last_t[n]);
        e += p < (double)a->share[n] ? p : (double)a->share[n];
    }
    return e;
}

int sched_absp_eta(const sched_absp *a, double t, double *eta)
{
    if (!a || !eta || !a->in_iter) return STRADS_EINVAL;
    double target = a->cfg.ratio * (double)a->total;
    *eta = t;
    if ((double)a->sum >= target) return 0;
    /* Upper bound: every node with a rate finishes its share by then. */
    double hi = t;
    for (int n = 0; n < a->nodes; n++) {
        double el = a->last_t[n] - a->t_begin;
        if (el <= 0 || a->prog[n] == 0) continue;
        double fin = a->last_t[n] + (double)(a->share[n] - a->prog[n]) * el / (double)a->prog[n];
        if (fin > hi) hi = fin;
    }
    if (expected_at(a, hi) < target) return STRADS_ESTATE;
    double lo = t;
    for (int i = 0; i < 100 && hi - lo > 1e-9 * (1 + fabs(hi)); i++) {
        double mid = 0.5 * (lo + hi);
        if (expected_at(a, mid) >= target)
            hi = mid;
        else
            lo = mid;
    }
    *eta = hi;
    return 0;
}

/* Task level: the split processed `done` items from its cursor on. */
static void advance(sched_absp *a, int s, int64_t done)
{
    int64_t lo = a->bounds[s], len = a->bounds[s + 1] - lo;
    int64_t off = a->cursor[s] - lo + done;
    if (off >= len) { /* wrapped: every item got one more pass */
        a->base[s]++;
        off -= len;
    }
    a->cursor[s] = lo + off;
}

int sched_absp_end(sched_absp *a, const int64_t *done, sched_absp_move *moves, int *nmoves)
{
    if (nmoves) *nmoves = 0;
    if (!a || !done) return STRADS_EINVAL;
    if (!a->in_iter) return STRADS_ESTATE;
    for (int s = 0; s < a->nsplits; s++)
        if (done[s] < 0 || done[s] > a->bounds[s + 1] - a->bounds[s]) return STRADS_EINVAL;
    for (int s = 0; s < a->nsplits; s++) advance(a, s, done[s]);
    a->in_iter = 0;
    if (a->cfg.threshold < 0) return 0;

    /* Algorithm 2: the least processed split (its node is taken to be the
     * slowest) and the most processed split on another node (the fastest).
     * Ties on the count are common (integers, many splits); breaking them
     * by how much of its share the holding node got through this iteration
     * makes the paper's assumption hold, so the swap takes the split away
     * from the node that is actually slow. Then the lower index, so the
     * decision is reproducible. */
    for (int n = 0; n < a->nodes; n++) a->frac[n] = 0;
    for (int s = 0; s < a->nsplits; s++) a->frac[a->node_of[s]] += (double)done[s];
    for (int n = 0; n < a->nodes; n++) a->frac[n] /= (double)a->share[n];
    /* One swap per iteration is the paper's rule. cfg.max_swaps allows
     * more, each between nodes not yet in a swap, meant for several nodes
     * slow at once; in our simulations it did not tighten the gap (see
     * docs/sync-models.md), so it is off by default. */
    int swaps = a->cfg.max_swaps > 1 ? a->cfg.max_swaps : 1, nm = 0;
    unsigned char *used = a->used; /* nodes already in a swap this time */
    memset(used, 0, (size_t)a->nodes);
    for (int k = 0; k < swaps; k++) {
        int smin = -1;
        for (int s = 0; s < a->nsplits; s++) {
            if (used[a->node_of[s]]) continue;
            if (smin < 0 || a->base[s] < a->base[smin] ||
                (a->base[s] == a->base[smin] && a->frac[a->node_of[s]] < a->frac[a->node_of[smin]]))
                smin = s;
        }
        if (smin < 0) break;
        int smax = -1;
        for (int s = 0; s < a->nsplits; s++) {
            if (used[a->node_of[s]] || a->node_of[s] == a->node_of[smin]) continue;
            if (smax < 0 || a->base[s] > a->base[smax] ||
                (a->base[s] == a->base[smax] && a->frac[a->node_of[s]] > a->frac[a->node_of[smax]]))
                smax = s;
        }
        if (smax < 0 || a->base[smax] - a->base[smin] <= a->cfg.threshold) break;
        int slow = a->node_of[smin], fast = a->node_of[smax];
        /* the two moves run at once, on different nodes */
        size_t N = (size_t)a->nodes;
        if (a->gated && (a->move_s[(size_t)smin * N + (size_t)fast] > a->budget_s ||
                         a->move_s[(size_t)smax * N + (size_t)slow] > a->budget_s)) {
            a->deferred++;
            break;
        }
        used[slow] = used[fast] = 1;
        a->node_of[smin] = fast;
        a->node_of[smax] = slow;
        if (moves) {
            moves[nm] = (sched_absp_move){smin, a->bounds[smin], a->bounds[smin + 1], slow, fast};
            moves[nm + 1] = (sched_absp_move){smax, a->bounds[smax], a->bounds[smax + 1], fast, slow};
        }
        nm += 2;
    }
    recompute_shares(a);
    if (nmoves) *nmoves = nm;
    return 0;
}

static int split_of(const sched_absp *a, int64_t item)
{
    int lo = 0, hi = a->nsplits - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (a->bounds[mid] <= item)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

int64_t sched_absp_count(const sched_absp *a, int64_t item)
{
    if (!a || item < a->bounds[0] || item >= a->bounds[a->nsplits]) return -1;
    int s = split_of(a, item);
    return a->base[s] + (item < a->cursor[s] ? 1 : 0);
}

void sched_absp_counts(const sched_absp *a, int64_t *out)
{
    for (int s = 0; s < a->nsplits; s++)
        for (int64_t i = a->bounds[s]; i < a->bounds[s + 1]; i++)
            out[i - a->bounds[0]] = a->base[s] + (i < a->cursor[s] ? 1 : 0);
}

int64_t sched_absp_split_count(const sched_absp *a, int split)
{
    if (!a || split < 0 || split >= a->nsplits) return -1;
    return a->base[split];
}

int sched_absp_node_of(const sched_absp *a, int split)
{
    if (!a || split < 0 || split >= a->nsplits) return STRADS_EINVAL;
    return a->node_of[split];
}

int64_t sched_absp_share(const sched_absp *a, int node)
{
    if (!a || node < 0 || node >= a->nodes) return -1;
    return a->share[node];
}
