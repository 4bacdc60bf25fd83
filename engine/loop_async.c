/*
 * engine/loop_async.c - the serializable parallel loop (async_for).
 *
 * One call is one node function on every node:
 *   1. the first time a site runs (and whenever its plan is stale),
 *      reconnaissance: each node runs the read-only recon body over its
 *      share of the iterations (again on those that read elements it had to
 *      fetch, recon.c) and sends the records to rank 0, which builds
 *      the plan (scheduler/plan.c) and sends each node its part: its
 *      iterations per round, sub-round and thread, and per round the
 *      elements to fetch and to write back (loop_async_lists.c, _wire.c);
 *      on one node, reconnaissance keeps only the micro-blocks each
 *      iteration spans and plans from them when they suffice
 *      (loop_async_plan_spans.c);
 *   2. every round: fetch the elements owned elsewhere, run the sub-rounds
 *      on the worker threads (no locks: cells of a sub-round never conflict),
 *      write back what was written, then a barrier (loop_async_exec.c);
 *   3. reductions: threads fold in thread order, nodes in rank order.
 * The driver's sequential code is coherent before and after (dds_operator_
 * begin/end). Serializability: the run equals the sequential loop executed
 * in plan order (round, node, sub-round, thread, position), which
 * STRADS_ORDER_FILE writes out for the oracle tests.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dds/dds.h"
#include "replay/replay.h"
#include "engine/loop_async.h"
#include "core/trace.h"

static node_plan *plans; /* this node's cache; the node-function thread only */

/* STRADS_VERIFY_RECON=1: check every real access against the plan. */
bool rt__async_verify_mode(void)
{
    return rt_cfg()->verify_recon;
}

/* Driver only: what a site's plan was built for besides its range and
 * threads (see plan_stale): which array each pointer word of the env
 * pointed into, and the versions of the arrays the loop only reads. The
 * arrays it writes are left out on purpose: they change every call by
 * design, and under the static-control-flow assumption their values (model
 * values) do not decide which elements an iteration touches; read-only
 * arrays (index arrays, sample tables) may. Versions move only on more
 * than one process (dds/coherence.c tracks the driver's writes there), so
 * on one process with several threads a rewritten array goes unnoticed. */
typedef struct env_ref {
    uint32_t word; /* index of a pointer-sized word of the env */
    uint32_t dv;   /* the array it points into */
    uintptr_t at;  /* where: a captured pointer into the middle of an array
                    * (a row chosen by the sequential code) moves the rows too */
} env_ref;

typedef struct plan_key {
    env_ref *refs;
    uint32_t nrefs;
    uint32_t ro_id[SCHED_MAX_ARRAYS];
    uint64_t ro_ver[SCHED_MAX_ARRAYS];
    int nro;
    uint64_t copyin; /* rt_fields_copyin_hash of the env planned from */
    uint64_t scalars; /* rt_fields_scalar_hash of the same */
} plan_key;

/* Driver only: per-site statistics and the full plan's order. */
typedef struct site_state {
    uint64_t site_id;
    int64_t begin, end;
    int threads;
    uint64_t calls;
    int64_t *order, norder; /* the serial order the plan is equivalent to */
    plan_key key;
    bool last_of_id; /* the latest call of this site id ran here (record: same order) */
    bool serial;     /* every iteration conflicts: the driver runs the loop alone */
    bool sampled;    /* its first shared call looked for that (rt__async_serial) */
    /* a plan whose every round the threads share under locks, or that
     * puts most work on one of several nodes (lopsided), is timed against
     * one call run alone (lock_trial): 0 not yet, 1 the next call runs
     * alone, 2 decided */
    int trial;
    bool lopsided;
    double locked_s;
    rt_alone al; /* short calls (engine/loop_alone.c) */
    /* the arrays' versions when this range's latest shared call ended
     * (call_hdr.held); nend 0: none kept */
    uint32_t end_id[MAX_VERSIONED];
    uint64_t end_ver[MAX_VERSIONED];
    uint32_t nend;
    uint64_t used; /* site_of's clock at its latest call */
    struct site_state *next;
} site_state;
static site_state *sites;
static int64_t *planned_order, planned_n; /* rank 0: set by the latest planning */
static bool planned_now;                  /* rank 0: this call planned */
static bool planned_lopsided;             /* rank 0: ... a plan with most work on one node */
static double planned_run_s;              /* rank 0: the latest call's run, after its planning */
/* rank 0: the arrays the latest plan only reads (planned_nro < 0: none planned) */
static uint32_t planned_ro[SCHED_MAX_ARRAYS];
static int planned_nro = -1;

void rt__node_plan_free(node_plan *p)
{
    if (!p) return;
    for (int r = 0; r < p->rounds; r++) {
        if (p->fetch) free(p->fetch[r]);
        if (p->wb) free(p->wb[r]);
        if (p->mark) free(p->mark[r]);
    }
    free(p->last);
    free(p->mark);
    free(p->nmark);
    free(p->fetch);
    free(p->wb);
    free(p->written);
    free(p->voff);
    free(p->vacc);
    free(p->locked);
    free(p->loff);
    free(p->lstripe);
    free(p->nfetch);
    free(p->nwb);
    free(p->order);
    if (p->corder) sched_corder_free(p->corder);
    free(p->corder);
    for (int k = 0; p->segbuf && k < p->nsegs; k++) free(p->segbuf[k]);
    free(p->segbuf);
    free(p->segs);
    free(p->cells);
    free(p);
}

static node_plan *find_plan(uint64_t id, int64_t begin, int64_t end, int threads)
{
    for (node_plan *p = plans; p; p = p->next)
        if (p->site_id == id && p->begin == begin && p->end == end && p->threads == threads)
            return p;
    return NULL;
}

/* A loop that cannot run in parallel: said once per site, with what to do
 * instead. */
static void say_serial(const strads_loop_site *site, const char *what)
{
    if (!rt_loop_once(site->id ^ 0x73657269616C6C79ull)) return;
    rt_warn("async_for %s:%u: %s; if the program tolerates stale reads, sync_for (no "
            "reconnaissance) runs it data-parallel, combining each worker's change (a value that "
            "starts or ends at an infinity, as a log-space sum from -INFINITY does, combines to "
            "NaN)",
            site->file, site->line, what);
}

/* A plan whose work all falls to one node (or thread). */
#define LOPSIDED 0.75
static void note_serial(const strads_loop_site *site, const sched_plan *p)
{
    int width = p->nodes > 1 ? p->nodes : p->threads;
    planned_lopsided = p->nodes > 1 && p->imbalance >= LOPSIDED * p->nodes;
    if (width >= 2 && p->imbalance >= 0.9 * width) {
        char what[160];
        snprintf(what, sizeof what, "its iterations conflict so that the plan leaves most of "
                 "the work to one %s (load max/mean %.2f of %d)",
                 p->nodes > 1 ? "node" : "thread", p->imbalance, width);
        say_serial(site, what);
    }
}

static void cache_plan(node_plan *np)
{
    rt__carry_rounds(np);
    node_plan **pp = &plans;
    while (*pp) {
        node_plan *q = *pp;
        if (q->site_id == np->site_id && q->begin == np->begin && q->end == np->end &&
            q->threads == np->threads) {
            *pp = q->next;
            rt__node_plan_free(q);
            break;
        }
        pp = &q->next;
    }
    np->next = plans;
    plans = np;
}

/* ---- reconnaissance ---- */

typedef struct recon_job {
    const strads_loop_site *site;
    const void *env;
    int64_t lo, hi;
    int parts;
    strads_recon *rc;
} recon_job;

static void recon_task(void *arg, int64_t t, int thread)
{
    (void)thread;
    recon_job *j = arg;
    int64_t n = j->hi - j->lo;
    int64_t a = j->lo + n * t / j->parts, b = j->lo + n * (t + 1) / j->parts;
    rt_recon_init(&j->rc[t], a);
    j->rc[t].err = sched_rec_reserve(&j->rc[t].rec, b - a);
    rt_recon_run(j->site, j->env, &j->rc[t], NULL, a, b);
    sched_rec_finish(&j->rc[t].rec);
}

int rt__run_recon(const strads_loop_site *site, const void *env, int64_t lo, int64_t hi,
                     int threads, sched_records *out)
{
    sched_rec_init(out, lo);
    recon_job j = {site, env, lo, hi, threads, calloc((size_t)threads, sizeof(strads_recon))};
    if (!j.rc) return STRADS_ENOMEM;
    rt_pool_run(threads, recon_task, &j);
    int rc = 0;
    for (int t = 0; t < threads; t++) {
        if (!rc) rc = j.rc[t].err;
        if (!rc) rc = sched_rec_append(out, &j.rc[t].rec);
        sched_rec_free(&j.rc[t].rec);
    }
    free(j.rc);
    return rc;
}

typedef struct recon_again {
    const strads_loop_site *site;
    const void *env;
    int threads;
} recon_again;

static int recon_range(void *arg, int64_t lo, int64_t hi, sched_records *out)
{
    recon_again *a = arg;
    return rt__run_recon(a->site, a->env, lo, hi, a->threads, out);
}

/* Appends the serial order of one call for the oracle tests (driver). */
static void write_order(const int64_t *order, int64_t n, int64_t begin, int64_t skip)
{
    const char *path = rt_cfg()->order_file;
    if (!path) return;
    FILE *f = fopen(path, "ab");
    if (!f) {
        rt_warn("cannot append to STRADS_ORDER_FILE %s", path);
        return;
    }
    for (int64_t i = 0; i < n; i++) { /* less what ran before (loop_alone.c) */
        int64_t it = order ? order[i] : begin + i;
        if (it >= skip) fwrite(&it, sizeof it, 1, f);
    }
    fclose(f);
}

/* The planner's passes over all iterations run on this node's pool, idle
 * while rank 0 plans. */
typedef struct par_job {
    sched_task_fn fn;
    void *arg;
} par_job;

static void par_task(void *arg, int64_t t, int thread)
{
    (void)thread;
    par_job *j = arg;
    j->fn(j->arg, t);
}

void rt__plan_par(void *ctx, int64_t ntasks, sched_task_fn fn, void *arg)
{
    (void)ctx;
    par_job j = {fn, arg};
    rt_pool_run(ntasks, par_task, &j);
}

/* Whether the driver reads the serial order of a call after it. */
static bool order_wanted(void)
{
    return rt_cfg()->order_file || replay_recording() || replay_cluster();
}

/* Rank 0, after planning: the plan's serial order (NULL when nothing reads
 * it) moves to the driver's site state, and the arrays it only reads key
 * the plan cache. */
static void planned(sched_plan *p, const uint32_t *ro, int nro)
{
    free(planned_order);
    planned_order = p->order;
    planned_n = p->order ? p->n : 0;
    planned_now = true;
    p->order = NULL;
    memcpy(planned_ro, ro, (size_t)nro * sizeof *ro);
    planned_nro = nro;
}

/* One node whose reconnaissance kept spans: the plan from them. */
static int span_planned(const strads_loop_site *site, const void *env, const call_hdr *h,
                        rt__spans *sp, node_plan **np, double *plan_s)
{
    uint64_t t0 = rt_now_ms();
    sched_plan *p = NULL;
    int rc = rt__span_build(site, env, h, sp, np, &p);
    /* the node plan took the order over: the driver keeps a copy only when
     * something reads it (STRADS_ORDER_FILE, recording, cluster replay) */
    if (!rc && *np && order_wanted()) {
        p->order = malloc((size_t)((*np)->norder + 1) * sizeof *p->order);
        rc = p->order ? rt__plan_order(*np, p->order) : STRADS_ENOMEM;
        if (rc) {
            rt__node_plan_free(*np);
            *np = NULL;
        }
    }
    if (!rc && *np) {
        cache_plan(*np);
        *plan_s = (double)(rt_now_ms() - t0) / 1000.0;
        planned(p, sp->ro, sp->nro);
        note_serial(site, p);
        char how[96] = "";
        if (sp->sample == 1) /* planned while reconnaissance ran (loop_async_plan_strata.c) */
            snprintf(how, sizeof how, " (cut from every iteration)");
        else if (sp->sample)
            snprintf(how, sizeof how, " (cut from 1 in %d iterations%s)", sp->sample,
                     sp->recut ? ", then from all: they cut better" : "");
        if (rt_stats_on()) {
            rt_stats_note("async_for %s:%u: %lld iterations, spans of %d written arrays%s, "
                          "plan %s/%s%s, %d rounds x %d sub-rounds, load max/mean %.2f", site->file,
                          site->line, (long long)p->n, sp->pair ? sp->nw : sp->ns,
                          sp->pair ? " (in pairs: two parts of an array, or two groups of arrays)" : "", p->node_method,
                          p->thread_method, how, p->rounds, p->subrounds, p->imbalance);
            /* sample: 1 in how many iterations the cut saw (1: all, 0: no sample) */
            rt_stats("async_plan", site->file, site->line,
                     "from=spans iterations=%lld written_arrays=%d node_method=%s "
                     "thread_method=%s pair=%d sample=%d recut=%d rounds=%d subrounds=%d imbalance=%.2f",
                     (long long)p->n, sp->pair ? sp->nw : sp->ns, p->node_method, p->thread_method,
                     sp->pair ? 1 : 0, sp->sample, sp->sample > 1 && sp->recut ? 1 : 0, p->rounds,
                     p->subrounds, p->imbalance);
        }
    }
    sched_plan_free(p);
    return rc;
}

/* Rank 0, after every node planned its part from spans: no serial order
 * (nothing reads it, or spans were not used), and the input keys the plan. */
static void planned_spans(const strads_loop_site *site, const call_hdr *h, const rt__mspan_info *info)
{
    free(planned_order);
    planned_order = NULL;
    planned_n = 0;
    planned_now = true;
    planned_lopsided = strads_size() > 1 && info->imbalance >= LOPSIDED * strads_size();
    planned_nro = 0;
    for (int k = 0; k < info->nin; k++) planned_ro[planned_nro++] = info->in_ids[k];
    for (int k = 0; k < info->nrep; k++) planned_ro[planned_nro++] = info->rep[k];
    if (rt_stats_on()) {
        char pair[128] = "";
        if (info->pair)
            snprintf(pair, sizeof pair, " of %d written arrays (in pairs: two parts of an array, or two groups of arrays)",
                     info->pair);
        rt_stats_note("async_for %s:%u: %lld iterations, spans planned on %d nodes, plan strata%s, "
                      "%d rounds x %d sub-rounds, load max/mean %.2f", site->file, site->line,
                      (long long)(h->end - h->begin), strads_size(), pair, info->rounds,
                      info->subrounds, info->imbalance);
        /* pair: 1 when the written arrays were planned as pairs */
        rt_stats("async_plan", site->file, site->line,
                 "from=node_spans iterations=%lld nodes=%d node_method=strata pair=%d rounds=%d "
                 "subrounds=%d imbalance=%.2f",
                 (long long)(h->end - h->begin), strads_size(), info->pair ? 1 : 0, info->rounds,
                 info->subrounds, info->imbalance);
    }
}

/* Several nodes planned from spans and something reads the serial order:
 * every node's, round by round, to rank 0 (collective). */
static int gather_span_order(const node_plan *np, const call_hdr *h)
{
    int64_t *roff = malloc(((size_t)np->rounds + 1) * sizeof *roff);
    if (!roff) return STRADS_ENOMEM;
    size_t per = (size_t)np->subrounds * (size_t)np->threads;
    for (int r = 0; r < np->rounds; r++) {
        roff[r] = np->norder;
        for (size_t k = 0; k < per; k++)
            if (np->cells[(size_t)r * per + k].start < roff[r]) roff[r] = np->cells[(size_t)r * per + k].start;
    }
    roff[np->rounds] = np->norder;
    int64_t *order = np->order ? np->order : malloc(((size_t)np->norder + 1) * sizeof *order);
    int rc = order ? 0 : STRADS_ENOMEM;
    if (!rc && order != np->order) rc = rt__plan_order(np, order);
    if (!rc) rc = rt__order_gather(order, roff, np->rounds, h->invocation, &planned_order, &planned_n);
    if (order != np->order) free(order);
    free(roff);
    return rc;
}

/* Rank 0 inside the node function: gather records, plan, hand out parts. */
static int plan_on_driver(const strads_loop_site *site, const call_hdr *h, sched_records *mine,
                          node_plan **own, double *plan_s)
{
    int n = strads_size(), rc = 0;
    sched_records all;
    sched_rec_init(&all, h->begin);
    rc = sched_rec_append(&all, mine);
    for (int r = 1; r < n && !rc; r++) rc = rt__recv_records(r, h->invocation, &all);
    uint64_t t0 = rt_now_ms();
    sched_plan *p = NULL;
    /* what the planner needs of each array: size and owners */
    sched_dv dvs[SCHED_MAX_ARRAYS];
    int ndv = 0;
    for (int k = 0; k < all.narrays; k++) {
        dds_vec *dv = dds_vec_by_id(all.arrays[k].id);
        if (dv) dvs[ndv++] = (sched_dv){dv->id, dv->n, dv->part == DDS_PART_HASH ? NULL : dv->bounds};
    }
    if (!rc && all.too_many_arrays) {
        rt_error("async_for %s:%u: the body touches more than %d distributed arrays", site->file,
                 site->line, SCHED_MAX_ARRAYS);
        rc = STRADS_EINVAL;
    }
    if (!rc) rc = sched_plan_build_par(&all, dvs, ndv, n, h->threads, rt__plan_par, NULL, &p);
    uint64_t t_built = rt_now_ms();
    if (!rc && rt_cfg()->verify_plan) {
        char err[256];
        rc = sched_plan_check(p, &all, err, sizeof err);
        if (rc) rt_error("async_for %s:%u: bad plan: %s", site->file, site->line, err);
    }
    /* arrays written anywhere in this loop: their elements are fetched
     * every round; the others only when their version changed */
    uint32_t written[SCHED_MAX_ARRAYS];
    int64_t nwritten = 0;
    for (int k = 0; k < all.narrays; k++)
        if (all.arrays[k].written) written[nwritten++] = all.arrays[k].id;
    rt__touch_map *tm = rt__touch_new();
    if (!tm && !rc) rc = STRADS_ENOMEM;
    if (!rc) rc = rt__touch_prepare(tm, p, &all);
    int unsent = 1; /* nodes from here on have no plan yet */
    for (int r = 0; r < n && !rc; r++) {
        node_plan *np;
        rc = rt__extract(p, &all, r, h, site->id, tm, written, nwritten, &np);
        if (rc) break;
        if (r == 0) {
            *own = np;
        } else {
            rc = rt__send_plan(r, h->invocation, np);
            unsent = r + 1;
            rt__node_plan_free(np);
        }
    }
    rt__touch_free(tm);
    /* a failure here would otherwise leave the other nodes waiting */
    for (int r = unsent; rc && r < n; r++) rt__send_plan_failed(r, h->invocation);
    if (rc && *own) {
        rt__node_plan_free(*own);
        *own = NULL;
    }
    if (!rc) {
        *plan_s = (double)(rt_now_ms() - t0) / 1000.0;
        uint32_t ro[SCHED_MAX_ARRAYS];
        int nro = 0;
        for (int k = 0; k < all.narrays; k++)
            if (!all.arrays[k].written) ro[nro++] = all.arrays[k].id;
        planned(p, ro, nro);
        note_serial(site, p);
        if (rt_stats_on()) {
            double build_s = (double)(t_built - t0) / 1000.0;
            rt_stats_note("async_for %s:%u: %lld iterations, %lld accesses, plan %s/%s, "
                          "%lld groups, %d rounds x %d sub-rounds, load max/mean %.2f "
                          "(build %.3f s)",
                          site->file, site->line, (long long)all.n, (long long)all.nacc,
                          p->node_method, p->thread_method, (long long)p->groups, p->rounds,
                          p->subrounds, p->imbalance, build_s);
            rt_stats("async_plan", site->file, site->line,
                     "from=records iterations=%lld accesses=%lld node_method=%s thread_method=%s "
                     "groups=%lld rounds=%d subrounds=%d imbalance=%.2f build_s=%.6f",
                     (long long)all.n, (long long)all.nacc, p->node_method, p->thread_method,
                     (long long)p->groups, p->rounds, p->subrounds, p->imbalance, build_s);
        }
    }
    sched_plan_free(p);
    sched_rec_free(&all);
    return rc;
}

/* CPU seconds of this process, all threads: on a loaded machine a steadier
 * measure of the phases than wall time (STRADS_STATS). */
static double cpu_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int async_node(const void *arg, size_t len)
{
    if (len < sizeof(call_hdr)) return STRADS_EPROTO;
    call_hdr h;
    memcpy(&h, arg, sizeof h);
    const strads_loop_site *site;
    int rc = rt_loop_site_decode(h.site_ref, &site);
    if (rc) return rc;
    void *env;
    rc = rt_loop_env_open(site, arg, len, sizeof h, &env);
    if (rc) return rc;
    rt_trace_begin(RT_TR_ASYNC_FOR, site, 0);
    int threads = h.threads;
    uint64_t t0 = rt_now_ms();
    double recon_s = 0, plan_s = 0, cpu0 = cpu_s(), cpu_re = 0, cpu_plan = 0;
    double prefetch_s = 0, cpu_pre = 0; /* several nodes from spans: the inputs moved to their runners */
    node_plan *np = find_plan(site->id, h.begin, h.end, threads);
    bool fresh = h.recon || !np, planning = fresh;
    bool multi = strads_size() > 1;
    /* spans alone, when they suffice; not where values the loop writes
     * decide what an iteration touches on several nodes (below) */
    if (fresh && !(multi && site->values_steer)) {
        rt__spans sp;
        rt_trace_begin(RT_TR_RECON, NULL, h.end - h.begin);
        rc = rt__span_recon(site, env, &h, &sp);
        rt_trace_end();
        recon_s = (double)(rt_now_ms() - t0) / 1000.0;
        cpu_re = cpu_s() - cpu0;
        if (multi && !rt__async_verify_mode()) { /* collective: every node, whatever it found */
            rt__mspan_info info;
            rt_trace_begin(RT_TR_PLAN, NULL, 0);
            int mrc = rt__mspan_plan(&h, site->id, &sp, &np, &info);
            rt_trace_end();
            if (!rc) rc = mrc;
            if (!rc && np) {
                cache_plan(np);
                fresh = false;
                if (strads_rank() == 0) planned_spans(site, &h, &info);
                prefetch_s = info.prefetch_s;
                cpu_pre = info.cpu_prefetch_s;
                recon_s += info.recon_s;
                cpu_re += info.cpu_recon_s;
                if (h.want_order) rc = gather_span_order(np, &h);
            }
        } else if (!rc && sp.ns) {
            rt_trace_begin(RT_TR_PLAN, NULL, 0);
            rc = span_planned(site, env, &h, &sp, &np, &plan_s);
            rt_trace_end();
            fresh = !np && !rc;
        }
        cpu_plan = cpu_s() - cpu0 - cpu_re - cpu_pre;
    }
    if (fresh && !rc) {
        int64_t n = h.end - h.begin;
        int64_t lo = h.begin + n * strads_rank() / strads_size();
        int64_t hi = h.begin + n * (strads_rank() + 1) / strads_size();
        /* Values the loop writes decide what an iteration touches: only
         * the driver holds all of them as the call finds them (another
         * node reads elements it does not hold, or an old copy, and
         * records none of what a branch it did not take would touch: lost
         * updates, exit 0), so it records every iteration. */
        if (multi && site->values_steer) lo = strads_rank() ? h.end : h.begin, hi = h.end;
        sched_records mine;
        rt_trace_begin(RT_TR_RECON, NULL, hi - lo);
        rt_recon_skip_faults(true); /* rt_recon_fetch_reads completes them */
        rc = rt__run_recon(site, env, lo, hi, threads, &mine);
        recon_again again = {site, env, threads};
        if (!rc) rc = rt_recon_fetch_reads(&mine, recon_range, &again);
        rt_recon_faults_end();
        rt_trace_end();
        rt_trace_begin(RT_TR_PLAN, NULL, 0);
        recon_s = (double)(rt_now_ms() - t0) / 1000.0;
        cpu_re = cpu_s() - cpu0 - cpu_plan;
        if (!rc) {
            if (strads_rank() == 0) {
                np = NULL;
                rc = plan_on_driver(site, &h, &mine, &np, &plan_s);
            } else {
                rc = rt__send_records(&mine, h.invocation);
                if (!rc) rc = rt__recv_plan(h.invocation, &h, site->id, &np);
            }
            if (!rc) cache_plan(np);
        }
        rt_trace_end();
        sched_rec_free(&mine);
        cpu_plan = cpu_s() - cpu0 - cpu_re;
    }
    char *tls = NULL;
    if (!rc) rc = rt_loop_tls_new(site, env, threads, &tls);
    uint64_t t1 = rt_now_ms();
    /* planning as the call sees it: from the end of this node's RE to the
     * start of its run, waiting for the other nodes' records included */
    if (planning) plan_s = (double)(t1 - t0) / 1000.0 - recon_s - prefetch_s;
    double cpu1 = cpu_s();
    if (!rc) rc = rt__execute(site, env, tls, np, &h);
    char *acc = NULL;
    if (!rc) rc = rt_loop_fold(site, env, tls, threads, h.invocation, &acc);
    rt_loop_tls_free(site, tls, threads);
    rt_loop_publish(site, env, acc);
    char moved[48] = ""; /* the first call's prefetch of the inputs, apart from planning */
    if (prefetch_s > 0) snprintf(moved, sizeof moved, ", inputs moved %.3f s", prefetch_s);
    if (strads_rank() == 0) planned_run_s = (double)(rt_now_ms() - t1) / 1000.0;
    if (strads_rank() == 0 && rt_stats_on()) {
        double run_s = (double)(rt_now_ms() - t1) / 1000.0, cpu_run = cpu_s() - cpu1;
        rt_stats_note("async_for %s:%u: recon %.3f s, plan %.3f s%s, run %.3f s "
                      "(cpu %.3f + %.3f + %.3f s)", site->file, site->line, recon_s, plan_s,
                      moved, run_s, cpu_re, cpu_plan, cpu_run);
        rt_stats("async_for", site->file, site->line,
                 "recon_s=%.6f plan_s=%.6f inputs_s=%.6f run_s=%.6f cpu_recon_s=%.6f "
                 "cpu_plan_s=%.6f cpu_inputs_s=%.6f cpu_run_s=%.6f",
                 recon_s, plan_s, prefetch_s, run_s, cpu_re, cpu_plan, cpu_pre, cpu_run);
    }
    rt_trace_end();
    rt_loop_env_close(site, env);
    return rc;
}

/* A site's state for one range and thread count, up to RT_RANGES_PER_SITE
 * of them (the least recently used goes). A new range starts from the
 * site's latest: its alone state scaled (rt_alone_inherit), and serial
 * when that range was as long (a short range's one conflict group says
 * nothing of a long one's). */
static site_state *site_of(const strads_loop_site *site, int64_t begin, int64_t end, int threads)
{
    static uint64_t site_clock;
    site_state *recent = NULL, **old = NULL;
    int same = 0;
    for (site_state **pp = &sites; *pp; pp = &(*pp)->next) {
        site_state *s = *pp;
        if (s->site_id != site->id || s->threads != threads) continue;
        if (s->begin == begin && s->end == end) {
            s->used = ++site_clock;
            return s;
        }
        same++;
        if (!recent || s->used > recent->used) recent = s;
        if (!old || s->used < (*old)->used) old = pp;
    }
    site_state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    *s = (site_state){.site_id = site->id, .begin = begin, .end = end, .threads = threads,
                      .used = ++site_clock};
    if (recent) {
        int64_t n = recent->end - recent->begin;
        rt_alone_inherit(&s->al, &recent->al, (double)(end - begin) / (double)n);
        s->serial = recent->serial && 2 * n >= end - begin;
        s->sampled = s->serial;
    }
    if (same >= RT_RANGES_PER_SITE) {
        site_state *o = *old;
        *old = o->next;
        free(o->order);
        free(o->key.refs);
        free(o);
    }
    s->next = sites;
    sites = s;
    return s;
}

static void add_version(dds_vec *dv, void *arg)
{
    call_hdr *h = arg;
    if (h->ndv == MAX_VERSIONED) return; /* arrays beyond: always fetched */
    h->dv_id[h->ndv] = dv->id;
    h->dv_ver[h->ndv++] = dv->version;
}

static void fill_versions(void *hdr)
{
    dds_vec_foreach(add_version, hdr);
}

/* The arrays the env's pointer words point into, in word order (*refs
 * malloc'ed, NULL when none). The env is a struct zeroed before it is
 * filled, so every aligned word is a field or zero padding; a scalar that
 * happens to look like an address inside an array costs a needless replan,
 * never a wrong plan. */
static int env_refs(const strads_loop_site *site, const void *env, env_ref **refs, uint32_t *n)
{
    *refs = NULL;
    *n = 0;
    size_t words = env ? site->env_size / sizeof(uintptr_t) : 0;
    for (size_t w = 0; w < words; w++) {
        uintptr_t a;
        dds_vec *dv;
        memcpy(&a, (const char *)env + w * sizeof a, sizeof a);
        if (!a || dds_lookup((const void *)a, &dv, NULL) != 0) continue;
        env_ref *r = realloc(*refs, (*n + 1) * sizeof *r);
        if (!r) {
            free(*refs);
            *refs = NULL;
            return STRADS_ENOMEM;
        }
        *refs = r;
        r[(*n)++] = (env_ref){(uint32_t)w, dv->id, a};
    }
    return 0;
}

/* Why a cached plan cannot serve a call: the word STRADS_STATS's machine
 * line gives (reason=), and the sentence. */
typedef struct stale_why {
    const char *code, *text;
} stale_why;
static const stale_why STALE_ARRAYS = {"arrays", "the env refers to other arrays"};
static const stale_why STALE_COPYIN = {"copyin", "the copyin input changed"};
static const stale_why STALE_READONLY = {"readonly", "an array the loop only reads changed"};
static const stale_why STALE_VALUES = {"values", "a value the loop writes picks elements or "
                                                  "decides a branch (stradsc marked the body)"};
static const stale_why STALE_SCALARS = {"scalars", "a captured value that may pick rows changed (an "
                                                    "integer, a pointer, or a number a branch tests or "
                                                    "an index uses)"};

/* Why the cached plan of st cannot serve this call (NULL: it can). refs
 * are the env's arrays now; versions are read after dds_operator_begin, so
 * that the sequential code's writes since the last call are counted. */
static const stale_why *plan_stale(const site_state *st, const env_ref *refs, uint32_t nrefs,
                                   uint64_t copyin, uint64_t scalars)
{
    if (nrefs != st->key.nrefs || (nrefs && memcmp(refs, st->key.refs, nrefs * sizeof *refs)))
        return &STALE_ARRAYS;
    if (copyin != st->key.copyin) return &STALE_COPYIN;
    if (scalars != st->key.scalars) return &STALE_SCALARS;
    for (int k = 0; k < st->key.nro; k++) {
        const dds_vec *dv = dds_vec_by_id(st->key.ro_id[k]);
        if (!dv || rt_loop_array_stamp(dv) != st->key.ro_ver[k]) return &STALE_READONLY;
    }
    return NULL;
}

/* The arrays of h that nothing changed since st's latest shared call
 * ended (its plan runs again: what each node held then is current). Not
 * while recording or replaying, nor in verify mode: those compare what
 * the nodes fetch. */
static void mark_held(const site_state *st, call_hdr *h)
{
    h->held = 0;
    if (replay_recording() || replay_cluster() || replay_replaying() || rt__async_verify_mode())
        return;
    for (uint32_t k = 0; k < h->ndv; k++)
        for (uint32_t q = 0; q < st->nend; q++)
            if (st->end_id[q] == h->dv_id[k] && st->end_ver[q] == h->dv_ver[k])
                h->held |= UINT32_C(1) << k;
}

/* Driver, after a shared call ended (its pull and the trackers' rearming
 * done): the versions the next call compares with. */
static void keep_end_versions(site_state *st, const call_hdr *h)
{
    st->nend = 0;
    for (uint32_t k = 0; k < h->ndv; k++) {
        const dds_vec *dv = dds_vec_by_id(h->dv_id[k]);
        if (!dv) continue;
        st->end_id[st->nend] = dv->id;
        st->end_ver[st->nend++] = dv->version;
    }
}

/* A call's header with what the driver needs to decide on it. */
typedef struct call_prep {
    call_hdr h; /* first: rt_loop_invoke_ex sees and sends only this */
    const strads_loop_site *site;
    site_state *st;
    const void *env;
    env_ref *refs;
    uint32_t nrefs;
    uint64_t copyin, scalars;
    int rc;
} call_prep;

/* Driver, after the sequential code's writes reached the owners: the
 * versions, and a fresh RE when the plan's arrays are not the same. */
static void prepare_call(void *hdr)
{
    call_prep *c = hdr;
    fill_versions(&c->h);
    c->rc = env_refs(c->site, c->env, &c->refs, &c->nrefs);
    if (c->rc) c->h.recon = 1; /* the call fails after; no stale plan runs meanwhile */
    c->copyin = rt_loop_copyin_hash();
    c->scalars = c->env && c->site->env_fields
                     ? rt_fields_scalar_hash(c->env, c->site->env_fields, c->site->nenv_fields)
                     : 0;
    const stale_why *why =
        c->h.recon ? NULL : plan_stale(c->st, c->refs, c->nrefs, c->copyin, c->scalars);
    /* a plan made from this call's values of what the loop writes serves
     * this call only (frontend/recon_values.c) */
    if (!why && !c->h.recon && c->site->values_steer) {
        why = &STALE_VALUES;
        if (rt_stats_on() && rt_loop_once(c->site->id ^ 0x76616C7565737465ull))
            rt_stats_note("async_for %s:%u: planned again at every call: at line %d a value the loop "
                    "writes picks elements or decides a branch, so a plan serves only the call "
                    "it was made for (an if on such a value alone is planned both ways instead)",
                    c->site->file, c->site->line, c->site->values_steer);
    }
    if (!why && !c->h.recon) mark_held(c->st, &c->h);
    if (why) {
        c->h.recon = 1;
        if (rt_stats_on()) {
            rt_stats_note("async_for %s:%u: new reconnaissance: %s", c->site->file, c->site->line,
                          why->text);
            rt_stats("recon_again", c->site->file, c->site->line, "loop=async_for reason=%s",
                     why->code);
        }
    }
}

/* Does the env reach array id only through pointers whose elements the
 * body computes with and never picks rows by (strads_field.picks)? Then a
 * change of its values does not move the plan: the model vector an
 * evaluation or a coordinate pass reads, rewritten by another loop every
 * call, replanned every call. */
static bool values_only(const strads_loop_site *site, const void *env, uint32_t id)
{
    bool any = false;
    for (int i = 0; env && i < site->nenv_fields; i++) {
        const strads_field *f = &site->env_fields[i];
        const void *p;
        dds_vec *dv;
        if (f->cls != STRADS_F_PTR) continue;
        memcpy(&p, (const char *)env + f->off, sizeof p);
        if (!p || dds_lookup(p, &dv, NULL) != 0 || dv->id != id) continue;
        if (f->picks != STRADS_PICKS_NO) return false;
        any = true;
    }
    return any;
}

/* Driver, after a call that planned: the plan now stands for these arrays. */
static void keep_key(site_state *st, call_prep *c)
{
    free(st->key.refs);
    st->key.refs = c->refs;
    st->key.nrefs = c->nrefs;
    st->key.copyin = c->copyin;
    st->key.scalars = c->scalars;
    c->refs = NULL;
    st->key.nro = 0;
    for (int k = 0; k < planned_nro; k++) {
        const dds_vec *dv = dds_vec_by_id(planned_ro[k]);
        if (!dv || values_only(c->site, c->env, dv->id)) continue;
        st->key.ro_id[st->key.nro] = dv->id;
        st->key.ro_ver[st->key.nro++] = rt_loop_array_stamp(dv);
    }
    planned_nro = -1;
}

/*
 * Locks and nodes only where measured faster than one thread: a cached
 * plan whose every round this node's threads share under locks (one giant
 * group), or that leaves most of the work to one of several nodes (load
 * max/mean at least LOPSIDED of the nodes: they would mostly wait, and
 * fetch and write back what the driver holds anyway), is timed, the next
 * call runs alone on the driver, and the faster stays. A sparse Lasso
 * (5,000 coordinates, 5 rows each) ran a locked sweep in 4-13 ms that one
 * thread runs in 0.2 ms, and 3-4 ms a sweep on two nodes. Not while
 * recording or replaying (the choice is timing's); kept with
 * STRADS_SAMPLE_PLAN=0. Short calls are loop_alone.c's.
 */
static void lock_trial_begin(const strads_loop_site *site, site_state *st, int64_t begin,
                             int64_t end, int threads, double took)
{
    if (st->trial || (threads < 2 && strads_size() == 1) || replay_recording() ||
        replay_cluster() || rt__async_verify_mode() || !rt_cfg()->sample_plan)
        return;
    const node_plan *np = find_plan(site->id, begin, end, threads);
    bool all = np && np->locked && np->rounds > 0 && threads >= 2;
    for (int r = 0; all && r < np->rounds; r++) all = np->locked[r] != 0;
    /* A call that planned paid for its records and its plan, which a cached
     * call does not: it is timed against that call at once (its run alone
     * is the cheaper by far, or the plan stays: a lasso's second locked
     * sweep took 16 ms where one thread takes 0.1 ms). */
    if (!all && !st->lopsided) return;
    st->locked_s = took;
    st->trial = 1;
}

static void lock_trial_end(const strads_loop_site *site, site_state *st, double took)
{
    if (took < st->locked_s) {
        st->serial = true;
        say_serial(site, st->lopsided ? "its iterations conflict so that it ran faster alone than "
                                        "on its plan's nodes: the driver runs it alone, as the "
                                        "sequential program does"
                                      : "its iterations conflict so that it ran faster alone than "
                                        "under its plan's locks: the driver runs it alone, as the "
                                        "sequential program does");
    }
    if (rt_stats_on())
        rt_stats("lock_trial", site->file, site->line, "locked_s=%.6f alone_s=%.6f alone=%d",
                 st->locked_s, took, (int)st->serial);
}

/* One call run by the driver alone: in program order, or, replaying, in the
 * order the recorded run was equivalent to. Stops after budget_s seconds
 * (0: none; rt_loop_body_alone_for); returns where it stopped. */
static int64_t async_alone(const strads_loop_site *site, void *env, int64_t begin, int64_t end,
                           uint64_t call, bool replaying, double budget_s)
{
    uint64_t op;
    if (!rt_loop_alone_begin(site, env, &op)) return end;
    int64_t *order = NULL, n = end - begin, done = end;
    int rc;
    if (replaying && (rc = replay_load_order(site, call, begin, end, &order, &n)))
        strads_fatal(rc, "async_for: replay");
    if (order)
        rt_loop_body_alone(site, env, order, 0, n);
    else
        done = rt_loop_body_alone_for(site, env, NULL, begin, end, budget_s, NULL), n = done - begin;
    write_order(order, n, begin, INT64_MIN);
    if (!replaying) replay_record_order(site, call, begin, end, NULL, n, false);
    free(order);
    rt_loop_alone_end(site, env, op, true);
    return done;
}

/* What the first call's sample may cost: a few calls alone (0: no limit,
 * when calls never run alone or none was timed). */
static double sample_budget(const site_state *st)
{
    if (!rt_loop_may_run_alone() || st->al.est_s <= 0) return 0;
    return 4 * st->al.est_s > 0.02 ? 4 * st->al.est_s : 0.02;
}

/* One call on the plan's nodes and threads: its seconds, and whether it
 * planned. A first shared call whose sample finds every iteration in
 * conflict runs alone instead, and so do the next (-1 s): its whole
 * reconnaissance may cost hundreds of calls (TransE: 5 s for 10 ms). */
static double async_shared(const strads_loop_site *site, site_state *st, void *env, int64_t begin,
                           int64_t end, int threads, uint64_t call, int64_t skip, bool *planned)
{
    *planned = false;
    double recon_s = 0;
    if (site->values_others && !st->serial) {
        char what[320];
        snprintf(what, sizeof what, "at line %d a value the loop writes, at elements other "
                 "iterations may touch, decides what an iteration touches: it may change while "
                 "the call runs, so no plan made before the call is sure, and the driver runs "
                 "it in order, as the sequential program does", site->values_others);
        st->serial = st->sampled = true;
        say_serial(site, what);
    }
    if (!rt__async_verify_mode() && !st->sampled &&
        (st->sampled = true, rt__async_serial(site, env, begin, end, threads, sample_budget(st),
                                              &recon_s))) {
        st->serial = true;
        say_serial(site, "a sample of its iterations shares rows so densely that the plan "
                         "would be one conflict group: the driver runs it alone, as the "
                         "sequential program does (the sample cannot see rows that fall in "
                         "separate blocks of iterations; STRADS_SAMPLE_PLAN=0 plans from every "
                         "iteration's records)");
    }
    /* Its records and plan would cost more than the call alone (a sparse
     * relaxation: 6 s of them for 0.2 s of work): rented first. Planning
     * costs about what recording does, so twice the records. */
    if (!st->serial && recon_s > 0 && rt_alone_rent_first(&st->al, "async_for", site, 2 * recon_s)) {
        uint64_t t0 = rt_now_us();
        st->calls++;
        async_alone(site, env, skip > begin ? skip : begin, end, call, false, 0);
        rt_alone_add_rent(&st->al, (double)(rt_now_us() - t0) / 1e6);
        return -1;
    }
    if (st->serial) {
        st->calls++;
        async_alone(site, env, skip > begin ? skip : begin, end, call, false, 0);
        return -1;
    }
    int64_t k = rt_cfg()->recon_every;
    call_prep c = {{0, begin, end, rt_loop_next_invocation(),
                    st->calls == 0 || (k > 0 && st->calls % (uint64_t)k == 0), threads, 0, {0},
                    {0}, call, order_wanted(), skip, 0},
                   site, st, env, NULL, 0, 0, 0, 0};
    st->calls++;
    int rc = rt_fnref_encode(site, &c.h.site_ref);
    if (rc) strads_fatal(rc, "async_for: loop site outside the program");
    planned_nro = -1;
    planned_lopsided = false;
    uint64_t t0 = rt_now_us();
    rc = rt_loop_invoke_ex(site, env, async_node, &c.h, sizeof c.h, prepare_call);
    if (!rc) rc = c.rc;
    double took = (double)(rt_now_us() - t0) / 1e6;
    if (!rc) keep_end_versions(st, &c.h);
    else st->nend = 0;
    *planned = planned_now;
    if (planned_now) st->lopsided = planned_lopsided;
    /* A call that planned again (a permutation reshuffled every epoch, a
     * body marked values_steer): its run's time on all workers bounds a
     * call alone, where a probe's cold first iterations may have said far
     * more (0.75 s for a 13 ms loop of 1 M iterations, which then paid
     * 0.3 s of reconnaissance at every call and never ran alone) */
    if (!rc && planned_now && planned_run_s > 0) {
        double alone = planned_run_s * (double)strads_size() * (double)threads;
        if (st->al.est_s <= 0 || alone < st->al.est_s) rt_alone_estimate(&st->al, alone);
    }
    planned_run_s = 0;
    if (!rc) lock_trial_begin(site, st, begin, end, threads, took);
    if (!rc && planned_nro >= 0) keep_key(st, &c);
    free(c.refs);
    /* a cached plan ran, and the site's previous call was this state's
     * (locked rounds may change the order below) */
    bool same_order = !planned_now && st->last_of_id;
    for (site_state *o = sites; o; o = o->next)
        if (o->site_id == st->site_id) o->last_of_id = o == st;
    if (planned_now) { /* a new plan: its order, or none when nothing reads it */
        free(st->order);
        st->order = planned_order;
        st->norder = planned_n;
        planned_order = NULL;
        planned_now = false;
    }
    int64_t call_n, *call_order = rt__take_call_order(&call_n);
    if (call_order) { /* lock grants decided this call's order */
        free(st->order);
        st->order = call_order;
        st->norder = call_n;
        same_order = false;
    }
    if (!rc) write_order(st->order, st->norder, begin, skip);
    if (!rc && (replay_recording() || replay_cluster()) && /* cluster replay: checked */
        (rc = replay_record_order(site, call, begin, end, st->order, st->norder, same_order)))
        rt_error("async_for %s:%u: the order of this call could not be recorded or checked",
                 site->file, site->line);
    if (rc) {
        char what[256];
        snprintf(what, sizeof what, "async_for at %s:%u", site->file, site->line);
        strads_fatal(rc, what);
    }
    return took;
}

/* The runtime entry point; see strads.h. */
void strads_async_for(const strads_loop_site *site, int64_t begin, int64_t end, void *env)
{
    if (!site || site->abi != STRADS_ABI_VERSION || !site->body)
        strads_fatal(STRADS_EINVAL, "async_for: loop site from an incompatible stradsc");
    rt_nested_check(site);
    if (end <= begin) return;
    int threads = rt_loop_threads(env);
    uint64_t call = replay_next_async_call();
    bool replaying = replay_replaying(); /* one process; a cluster replay plans as usual */
    if (replaying || (strads_size() == 1 && threads == 1 && !rt__async_verify_mode())) {
        if (!replaying) rt_loop_say_in_place("async_for", site);
        async_alone(site, env, begin, end, call, replaying, 0);
        return;
    }
    site_state *st = site_of(site, begin, end, threads);
    if (!st) strads_fatal(STRADS_ENOMEM, "async_for");
    bool planned;
    if (st->serial || st->trial == 1) { /* in conflict, or a locked plan's trial */
        uint64_t t0 = rt_now_us();
        st->calls++;
        async_alone(site, env, begin, end, call, false, 0);
        if (st->trial == 1 && !st->serial) {
            st->trial = 2;
            lock_trial_end(site, st, (double)(rt_now_us() - t0) / 1e6);
        }
        return;
    }
    rt_call_how how = rt_alone_next(&st->al, !rt__async_verify_mode());
    if (how != RT_CALL_SHARED) {
        uint64_t t0 = rt_alone_clock(&st->al, how);
        st->calls += how == RT_CALL_ALONE;
        int64_t done = async_alone(site, env, begin, end, call, false,
                                   how == RT_CALL_PROBE ? RT_SHORT_CALL_S : 0);
        rt_alone_after(&st->al, "async_for", site, threads, how,
                       rt_alone_took(&st->al, t0),
                       (double)(done - begin) / (double)(end - begin), false);
        /* the rest on the plan of the whole range, which the next calls
         * keep; not timed */
        if (done < end) async_shared(site, st, env, begin, end, threads, call, done, &planned);
        rt_loop_release();
        return;
    }
    double took = async_shared(site, st, env, begin, end, threads, call, INT64_MIN, &planned);
    if (took >= 0) rt_alone_after(&st->al, "async_for", site, threads, how, took, 0, planned);
}

