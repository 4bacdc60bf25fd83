/*
 * engine/loop_async_serial.c - whether an async_for loop runs alone on the
 * driver, decided at its first call before any reconnaissance of the whole
 * loop: when no two of its iterations could run at once (all_conflict), or
 * when its plan would be one group run under locks or on one node
 * (sample_serial). The driver then runs it as the sequential program does,
 * between operators (loop_async.c), and says so once.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"
#include "engine/loop_async.h"

/*
 * Does one element take a write from every iteration of a sample spread
 * over the loop (a shared residual, a global accumulator)? Then no two
 * iterations can run at once, and the cheapest schedule is the loop itself
 * on the driver, between operators, as sequential code (dds/coherence.c
 * pushes what it wrote before the next operator): no reconnaissance of the
 * whole loop, no plan, no locks. A sample of the first iterations would
 * not do: sorted input (ratings by user) makes them share a row.
 */
#define SERIAL_SAMPLE 8
static bool all_conflict(const strads_loop_site *site, const void *env, int64_t begin, int64_t end)
{
    int64_t n = end - begin;
    if (n < 4 * SERIAL_SAMPLE) return false;
    uint64_t common[64];
    int ncommon = 0;
    for (int s = 0; s < SERIAL_SAMPLE; s++) {
        /* one iteration at a fixed pseudo-random place in each eighth: at
         * the eighths' middles a periodic input (user j * 7919 % 500) put
         * every sample on one row */
        uint64_t h = (uint64_t)(s + 1) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
        int64_t i = begin + n * s / SERIAL_SAMPLE + (int64_t)(h % (uint64_t)(n / SERIAL_SAMPLE)), cnt = 0;
        sched_records rec;
        if (rt__run_recon(site, env, i, i + 1, 1, &rec)) {
            sched_rec_free(&rec);
            return false;
        }
        const sched_acc *acc = sched_rec_accs(&rec, i, &cnt);
        if (s == 0) {
            for (int64_t q = 0; q < cnt && ncommon < 64; q++)
                if (SCHED_ACC_WRITE(acc[q])) common[ncommon++] = SCHED_ACC_KEY(acc[q]);
        } else {
            int kept = 0;
            for (int c = 0; c < ncommon; c++) {
                bool hit = false;
                for (int64_t q = 0; q < cnt && !hit; q++)
                    hit = SCHED_ACC_WRITE(acc[q]) && SCHED_ACC_KEY(acc[q]) == common[c];
                if (hit) common[kept++] = common[c];
            }
            ncommon = kept;
        }
        sched_rec_free(&rec);
        if (!ncommon) return false;
    }
    return true;
}

/*
 * Would the plan leave the threads (or nodes) nothing to share? A sample of
 * SAMPLE_PLAN iterations spread over the loop is recorded first. Its shape
 * is reliable: when each iteration writes one row (a run of elements) of
 * each written array, or two that split into a lower and an upper part,
 * the planner blocks the loop into strata (SGD-MF, a co-occurrence
 * trainer), and the full records decide. Otherwise the plan rests on the
 * conflict graph, and the sample tells how dense that is: an iteration
 * writes d rows on average, and each written element is written by m
 * iterations of the whole loop (the sample's writes scaled to the loop,
 * over the elements they would cover at random); iterations linked through
 * shared rows form one giant component once (d - 1)(m - 1) is above 1 (the
 * threshold of a random bipartite graph); GIANT asks for far above, where
 * nothing but one group is left (a random graph at 7.7 still left the
 * planner three groups over two nodes). That plan is one group that
 * the threads run under locks, or all work on one node. TransE over
 * WordNet (7 rows a triple, each written by about 20 triples) spent 6.4 s
 * of its first call on reconnaissance of 24,654 triples to get it, and its
 * locked epoch took 0.026 s against 0.009 s on one thread; such a loop runs
 * alone on the driver instead, as all_conflict's do. STRADS_SAMPLE_PLAN=0
 * leaves every loop to its full records.
 */
#define SAMPLE_PLAN 256
#define GIANT 16.0
#define STRATA_MISS 0.1 /* iterations off the strata shape a blocked plan absorbs */
typedef struct shape {
    uint32_t id;
    int64_t off, two;       /* iterations with more than one run; with exactly two */
    int64_t low_max, up_min; /* two runs: the lower's last element, the upper's first */
    int64_t touches;        /* written elements over the sample */
} shape;

/* Consecutive iterations whose reconnaissance gives its rate per iteration. */
#define RATE_BLOCK 256

/* Reads the sample keeps for read_conflicts: beyond this, only writes. */
#define SAMPLE_READS ((size_t)1 << 22)

static bool has_key(const uint64_t *v, size_t n, uint64_t k)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid] < k) lo = mid + 1;
        else hi = mid;
    }
    return lo < n && v[lo] == k;
}

/*
 * Conflicts through reads: an iteration that reads elements others write
 * (Bellman-Ford's dist[src] beside its dist[dst], Gauss-Seidel's x[j] of
 * every j) is linked to their writers, which writes alone do not show (one
 * row an iteration). Each read element found among the sample's writes
 * stands for n/S writers of the whole loop (each sampled write stands for
 * n/S of them): the mean over the sample is how many iterations one is
 * linked to that way. Reads of its own writes are not counted.
 */
static double read_conflicts(uint64_t *rk, size_t nr, uint64_t *all_w, size_t nw, int64_t S, int64_t n)
{
    if (!nw || !nr) return 0;
    rt__sort_u64(all_w, nw);
    size_t u = 0;
    for (size_t q = 0; q < nw; q++)
        if (!u || all_w[q] != all_w[u - 1]) all_w[u++] = all_w[q];
    size_t hits = 0;
    for (size_t q = 0; q < nr; q++)
        if (has_key(all_w, u, rk[q])) rk[hits++] = rk[q];
    /* hits on a few elements are hubs (every iteration reading x[0], which
     * one writes): the planner puts their writers in rounds of their own,
     * and the readers run together */
    rt__sort_u64(rk, hits);
    size_t distinct = 0;
    for (size_t q = 0; q < hits; q++) distinct += !q || rk[q] != rk[q - 1];
    if (distinct < 4) return 0;
    return (double)hits / (double)S * (double)n / (double)S;
}

/* Seconds per iteration of [lo, hi)'s reconnaissance on one thread, or
 * -1 when it fails. */
static double recon_rate(const strads_loop_site *site, const void *env, int64_t lo, int64_t hi)
{
    sched_records rec;
    uint64_t t0 = rt_now_us();
    int rc = rt__run_recon(site, env, lo, hi, 1, &rec);
    double per = (double)(rt_now_us() - t0) / 1e6 / (double)(hi - lo);
    sched_rec_free(&rec);
    return rc ? -1 : per;
}

static bool sample_serial(const strads_loop_site *site, const void *env, int64_t begin, int64_t end,
                          int threads, double budget_s, double *recon_s)
{
    int64_t n = end - begin, S = n < SAMPLE_PLAN ? n : SAMPLE_PLAN;
    int nodes = strads_size(), width = nodes > 1 ? nodes : threads;
    if (!rt_cfg()->sample_plan || width < 2) return false;
    if (S < 4 * width) {
        /* Too few iterations to judge a plan by, and each may be long (an
         * NMF column update reads whole columns of two matrices: 0.18 s
         * of reconnaissance each, for a 5 ms call): one iteration's
         * records, timed, project the loop's. */
        double per = recon_rate(site, env, begin, begin + 1);
        *recon_s = per > 0 ? per * (double)n : 0;
        if (rt_stats_on())
            rt_stats("async_sample", site->file, site->line, "iterations=1 recon_s=%.6f", *recon_s);
        return false;
    }
    shape sh[SCHED_MAX_ARRAYS];
    int nsh = 0, rc = 0;
    double runs = 0;
    uint64_t *wk = NULL, *rk = NULL, *aw = NULL;
    size_t capw = 0, nr = 0, capr = 0, naw = 0, capaw = 0;
    bool reads = true;
    uint64_t t0 = rt_now_us();
    for (int64_t s = 0; s < S && !rc; s++) {
        /* at a pseudo-random place in each S-th of the loop: a regular
         * stride fell on structure (the first iteration, which alone
         * writes what all read; the first of every block) */
        uint64_t h = (uint64_t)(s + 1) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
        int64_t i = begin + n * s / S + (n >= 2 * S ? (int64_t)(h % (uint64_t)(n / S)) : 0), cnt = 0, m = 0;
        sched_records one;
        rc = rt__run_recon(site, env, i, i + 1, 1, &one);
        const sched_acc *acc = rc ? NULL : sched_rec_accs(&one, i, &cnt);
        if (!rc && (size_t)cnt > capw) {
            uint64_t *t = realloc(wk, (size_t)cnt * sizeof *t);
            if (t) wk = t, capw = (size_t)cnt;
            else rc = STRADS_ENOMEM;
        }
        for (int64_t q = 0; !rc && q < cnt; q++)
            if (SCHED_ACC_WRITE(acc[q])) wk[m++] = SCHED_ACC_KEY(acc[q]);
        if (m > 1) rt__sort_u64(wk, (size_t)m);
        /* its reads of elements it does not write, and its writes, kept */
        if (!rc && reads && nr + (size_t)cnt > SAMPLE_READS) reads = false;
        if (!rc && reads && (nr + (size_t)cnt > capr || naw + (size_t)m > capaw)) {
            size_t c1 = 2 * (nr + (size_t)cnt), c2 = 2 * (naw + (size_t)m) + 1;
            uint64_t *t1 = realloc(rk, c1 * sizeof *t1);
            if (t1) rk = t1, capr = c1;
            uint64_t *t2 = t1 ? realloc(aw, c2 * sizeof *t2) : NULL;
            if (t2) aw = t2, capaw = c2;
            if (!t1 || !t2) reads = false;
        }
        for (int64_t q = 0; !rc && reads && q < cnt; q++)
            if (!SCHED_ACC_WRITE(acc[q]) && !has_key(wk, (size_t)m, SCHED_ACC_KEY(acc[q])))
                rk[nr++] = SCHED_ACC_KEY(acc[q]);
        for (int64_t q = 0; !rc && reads && q < m; q++) aw[naw++] = wk[q];
        sched_rec_free(&one);
        /* A sample that costs more than the call alone is cut: its rate
         * projects the loop's records, and no plan is judged (an NMF
         * column update, 8 iterations of 0.1 s of records each, for a
         * 6 ms call). */
        double took = (double)(rt_now_us() - t0) / 1e6;
        if (budget_s > 0 && took > budget_s && s + 1 < S) {
            *recon_s = took / (double)(s + 1) * (double)n;
            free(wk);
            free(rk);
            free(aw);
            if (rt_stats_on())
                rt_stats("async_sample", site->file, site->line, "iterations=%lld cut=1 recon_s=%.6f",
                         (long long)(s + 1), *recon_s);
            return false;
        }
        /* the rows of each written array, as runs of consecutive elements */
        for (int64_t q = 0; q < m && !rc;) {
            uint32_t id = SCHED_ACC_DV(wk[q]);
            int k = 0;
            while (k < nsh && sh[k].id != id) k++;
            if (k == nsh && nsh == SCHED_MAX_ARRAYS) {
                free(wk);
                free(rk);
                free(aw);
                return false;
            }
            if (k == nsh) sh[nsh++] = (shape){id, 0, 0, -1, INT64_MAX, 0};
            int64_t r = 0, lo_end = -1, up_start = -1, prev = -2;
            for (; q < m && SCHED_ACC_DV(wk[q]) == id; q++) {
                int64_t e = SCHED_ACC_ELEM(wk[q]);
                if (e == prev) continue;
                sh[k].touches++;
                if (e != prev + 1 && ++r == 2) up_start = e;
                if (r == 1) lo_end = e;
                prev = e;
            }
            runs += (double)r;
            if (r > 1) sh[k].off++;
            if (r == 2) {
                sh[k].two++;
                if (lo_end > sh[k].low_max) sh[k].low_max = lo_end;
                if (up_start < sh[k].up_min) sh[k].up_min = up_start;
            }
        }
    }
    free(wk);
    double sample_s = (double)(rt_now_us() - t0) / 1e6;
    /* reads of a written array outside the iteration's own rows (a
     * relaxation's dist[from]): the rows the planner would block do not
     * hold what an iteration touches */
    int64_t out_reads = 0;
    for (size_t q = 0; reads && q < nr; q++)
        for (int k = 0; k < nsh; k++)
            if (sh[k].id == SCHED_ACC_DV(rk[q])) {
                out_reads++;
                break;
            }
    double rd = !rc && reads ? read_conflicts(rk, nr, aw, naw, S, n) : 0;
    free(rk);
    free(aw);
    if (rc) return false;
    /* the strata shape: one row an iteration, or two in two parts */
    bool strata = true;
    double touches = 0, shared = 0;
    for (int k = 0; k < nsh; k++) {
        bool pair = sh[k].two == sh[k].off && sh[k].low_max < sh[k].up_min;
        if (sh[k].off > STRATA_MISS * (double)S && !pair) strata = false;
        dds_vec *dv = dds_vec_by_id(sh[k].id);
        double full = (double)sh[k].touches * (double)n / (double)S, N = dv ? (double)dv->n : full;
        double distinct = N > 0 ? N * (1 - exp(-full / N)) : 0;
        touches += (double)sh[k].touches;
        if (distinct > 0) shared += (double)sh[k].touches * (full / distinct);
    }
    double d = runs / (double)S, m = touches > 0 ? shared / touches : 0;
    bool serial = (!strata && (d - 1) * (m - 1) >= GIANT) || rd >= GIANT;
    /* Off the strata shape, the full reconnaissance records every access
     * as the sample did: its cost is the sample's rate scaled to the loop. */
    bool spans = strata && !(reads && (double)out_reads > STRATA_MISS * (double)S);
    double per = sample_s / (double)S;
    if (!spans && n >= 4 * RATE_BLOCK) {
        /* one call per sampled iteration pays the call's set-up each time
         * (six times the full pass's rate on a relaxation): the rate of
         * one block of consecutive iterations, if lower */
        double b = recon_rate(site, env, begin + n / 2, begin + n / 2 + RATE_BLOCK);
        if (b > 0 && b < per) per = b;
    }
    *recon_s = spans ? 0 : per * (double)n;
    if (rt_stats_on())
        rt_stats("async_sample", site->file, site->line,
                 "iterations=%lld strata_shape=%d rows=%.2f writers=%.2f read_links=%.2f serial=%d "
                 "sample_s=%.6f recon_s=%.6f",
                 (long long)S, (int)strata, d, m, rd, (int)serial, sample_s, *recon_s);
    return serial;
}

bool rt__async_serial(const strads_loop_site *site, const void *env, int64_t begin, int64_t end,
                      int threads, double budget_s, double *recon_s)
{
    *recon_s = 0;
    /* STRADS_SAMPLE_PLAN=0, which the message names: every loop planned
     * from its records, also where 8 iterations wrote one element */
    if (!rt_cfg()->sample_plan) return false;
    return all_conflict(site, env, begin, end) ||
           sample_serial(site, env, begin, end, threads, budget_s, recon_s);
}
