/*
 * engine/loop_alone.c - whether a loop's calls run alone on the driver.
 *
 * A call of a few microseconds of work pays the rounds, barriers and
 * messages of several nodes or threads, and its first call pays
 * reconnaissance, planning and the move of the inputs to their owners,
 * where the sequential program pays nothing. Which is faster is measured,
 * never guessed, and renting is tried before buying (the ski-rental rule):
 *
 *   - the first call of a loop (one site, range and thread count) runs
 *     alone for a fixed prefix of iterations, and wholly when that
 *     prefix's rate says it takes at most RT_SHORT_CALL_S (a sync_for's
 *     runs on by the clock for that long whatever it says); iterations left
 *     then run shared, and so do the next calls (a long loop loses at most
 *     that much of its first call); a range new to a site that ran another
 *     starts where that one is, its times scaled by the iterations
 *     (rt_alone_inherit: an elimination's j = k + 1 .. n is a new range
 *     at every call);
 *   - a loop whose first call finished in time keeps running alone until
 *     its calls alone have taken what a first shared call may cost
 *     (rent_limit), in one process only while a call is shorter than
 *     RT_SHORT_CALL_S; then two calls run shared, the second timed, and
 *     the faster way stays (said once);
 *   - a shared call under RT_SHORT_CALL_S, or slower than a probe said the
 *     whole call takes alone, or of a loop whose call alone computes what
 *     the shared one does (exact) that was never timed alone whole and
 *     whose estimate alone is over twice the workers' times the shared
 *     call, or the second shared call where nothing estimated a call
 *     alone, is timed
 *     against one call run alone, the faster stays; a short shared call
 *     twice as slow as the fastest call alone is timed again;
 *   - a call kept alone that took over RT_LONG_ALONE_S and longer than
 *     the shared call it was timed against (its work grew with a captured
 *     bound) runs shared again, and is timed anew;
 *   - a loop settled alone whose calls take under RT_UNTIMED_S reads the
 *     clock at one call in RT_TIME_EVERY (rt_alone_clock): under some
 *     hypervisors a clock read is a system call of a microsecond or more,
 *     as long as such a call's work;
 *   - every RETIME-th shared call under RT_LONG_ALONE_S, one runs alone,
 *     timed against it (an estimate or one timing kept it shared); not
 *     where a call alone took over twice as long, and each timing shared
 *     wins doubles the wait.
 *
 * A call run alone is one the sequential program makes: async_for is
 * serializable in program order; sync_for runs alone only when alone and
 * shared compute the same (the caller's may_alone), and a prefix run alone
 * before the rest shared is then the same too.
 */
#include <stdio.h>
#include <stdlib.h>

#include "replay/replay.h"
#include "engine/loop.h"
#include "core/trace.h"

enum { NEW, RENT, TRY, ALONE, SHARED, TIMING, DONE };
static const char *const phase_name[] = {"new", "rent", "try", "alone", "shared", "timing", "done"};

void rt_loop_body_alone(const strads_loop_site *site, void *env, const int64_t *order,
                        int64_t begin, int64_t end)
{
    (void)rt_loop_body_alone_for(site, env, order, begin, end, 0, NULL);
}

#define PROBE_PREFIX 341 /* 1 + 4 + 16 + 64 + 256 */
#define RETIME 16 /* shared calls between timings of a call alone */

static int64_t probe(const strads_loop_site *site, void *env, char *tls, const int64_t *order,
                     int64_t begin, int64_t end, double budget_s, double *whole_s)
{
    /* A prefix of PROBE_PREFIX iterations in chunks from one (one may take
     * seconds), growing fourfold; then the rest in one go when the
     * prefix's rate says the whole call fits the budget, else the rest
     * runs shared. Where an async_for's calls stop alone decides which of
     * its iterations run in program order: a prefix cut by the clock made
     * two runs of one program differ (GloVe's loss in its last digits), a
     * fixed one only when an iteration takes about the budget. A rest
     * slower than the prefix said stops at four budgets. A sync_for's cut
     * changes nothing but a reduction's order (alone and shared compute
     * the same), so its rest runs on up to one budget whatever the prefix
     * said: the prefix may hold the heaviest iterations (a graph's most
     * linked vertices numbered first), and a short call sent shared pays
     * the first call's planning and copies. By the thread's CPU time:
     * the work itself, not the cores the machine gave it meanwhile (a
     * worker starting beside the driver's first call, a loaded machine). */
    int64_t at = begin;
    uint64_t t0 = rt_cpu_us(), budget_us = (uint64_t)(budget_s * 1e6), now = t0;
    int64_t chunk = 1;
    double last = 0; /* microseconds an iteration of the latest chunk */
    /* The second chunk (4 iterations) runs whatever the first took in a
     * long range: one iteration alone is no rate (the process preempted
     * as another starts, the first touch of new arrays: 33 ms for a
     * stencil row of 0.05 ms). */
    while (at < end && at - begin < PROBE_PREFIX &&
           (now - t0 < budget_us || (at - begin == 1 && end - begin >= 64))) {
        int64_t hi = end - at > chunk ? at + chunk : end;
        uint64_t c0 = now;
        rt_body(site, env, tls, order, at, hi);
        now = rt_cpu_us();
        last = (double)(now - c0) / (double)(hi - at);
        at = hi;
        chunk *= 4;
    }
    double per = at > begin ? (double)(now - t0) / (double)(at - begin) : 0;
    bool fits = per * (double)(end - begin) <= (double)budget_us;
    uint64_t limit = (fits ? 4 : 1) * budget_us;
    if (at < end && (fits || site->kind == STRADS_SYNC_FOR))
        for (chunk = 4 * (at - begin); at < end && now - t0 < limit; chunk *= 4) {
            /* by the clock, no chunk past half the budget left at the
             * latest rate (iterations that grow heavier overshot it) */
            if (!fits && last > 0) {
                double room = (double)(limit - (now - t0)) / last / 2;
                if ((double)chunk > room) chunk = room >= 1 ? (int64_t)room : 1;
            }
            int64_t hi = end - at > chunk ? at + chunk : end;
            uint64_t c0 = now;
            rt_body(site, env, tls, order, at, hi);
            now = rt_cpu_us();
            last = (double)(now - c0) / (double)(hi - at);
            at = hi;
        }
    if (whole_s && at < end) *whole_s = ((double)(now - t0) + last * (double)(end - at)) / 1e6;
    return at;
}

int64_t rt_loop_body_alone_for(const strads_loop_site *site, void *env, const int64_t *order,
                               int64_t begin, int64_t end, double budget_s, double *whole_s)
{
    /* The driver alone is the first worker: its stream() copies are the
     * variables themselves, so that a call run alone draws what the plain
     * build draws. A probe stopped early hands the rest to a shared call
     * from where it left them (rt_loop_carry_streams): its first worker
     * goes on with the sequence, the others mix from there. */
    char *tls = NULL, *acc = NULL;
    if (rt_loop_tls_workers(site, env, 0, 1, &tls)) strads_fatal(STRADS_ENOMEM, site->file);
    /* no budget: the whole call, untimed (a clock read may cost as much
     * as a short call: rt_alone_clock) */
    int64_t at = end;
    if (budget_s > 0)
        at = probe(site, env, tls, order, begin, end, budget_s, whole_s);
    else
        rt_body(site, env, tls, order, begin, end);
    int rc = rt_loop_fold_alone(site, env, tls, 1, &acc);
    if (rc) strads_fatal(rc, site->file); /* a reduction is never dropped */
    if (at < end) {
        rt_loop_carry_streams(site, env, acc);
        rt_loop_hold(site, env, acc); /* published with the rest's */
    }
    else
        rt_loop_publish(site, env, acc);
    rt_loop_tls_free(site, tls, 1);
    return at;
}

bool rt_loop_alone_begin(const strads_loop_site *site, void *env, uint64_t *op)
{
    *op = replay_next_op();
    bool skip = false;
    int rc = replay_op_begin(*op, site, env, &skip);
    if (rc) strads_fatal(rc, site->kind == STRADS_SYNC_FOR ? "sync_for: recovery" : "async_for: recovery");
    if (skip) return false;
    rt_trace_begin(RT_TR_OPERATOR, site, 0);
    rt_trace_begin(site->kind == STRADS_SYNC_FOR ? RT_TR_SYNC_FOR : RT_TR_ASYNC_FOR, site, 0);
    return true;
}

void rt_loop_alone_end(const strads_loop_site *site, void *env, uint64_t op, bool ran)
{
    rt_trace_end();
    rt_trace_end();
    if (ran) rt_loop_checkpoint(op, site, env);
}

bool rt_loop_may_run_alone(void)
{
    const rt_config *c = rt_cfg();
    return c->try_alone && !replay_recording() && !replay_cluster() && !replay_replaying() &&
           !c->slow && !c->checkpoint && !c->recover;
}

/* What the first shared call may cost beyond its work: the inputs' move to
 * their owners, reconnaissance and planning across processes (PageRank's
 * first call at two processes: 0.2 s for 6 ms of work), reconnaissance and
 * planning within one; and a few calls' work. */
static double rent_limit(const rt_alone *a, double alone_s)
{
    double base = (strads_size() > 1 ? 0.25 : 0.02) + 4 * alone_s;
    return a->buy_s > base ? a->buy_s : base;
}

static void say_alone(const char *loop, const strads_loop_site *site, int threads,
                      double shared_s, double alone_s)
{
    if (!rt_loop_once(site->id ^ 0x616C6F6E65727321ull)) return;
    rt_warn("%s %s:%u: a call took %.3f ms on %d node%s x %d thread%s and %.3f ms run alone on "
            "the driver: the driver runs it alone (sharing such a call costs more than it "
            "saves; STRADS_TRY_ALONE=0 keeps it shared)",
            loop, site->file, site->line, shared_s * 1e3, strads_size(),
            strads_size() == 1 ? "" : "s", threads, threads == 1 ? "" : "s", alone_s * 1e3);
}

void rt_loop_say_in_place(const char *loop, const strads_loop_site *site)
{
    if (!rt_stats_on() || !rt_loop_once(site->id ^ 0x696E706C61636521ull)) return;
    rt_stats_note("%s %s:%u: one thread of one process: the driver runs it in place, as the "
                  "sequential program does (no reconnaissance, plan or copies)",
                  loop, site->file, site->line);
    rt_stats("in_place", site->file, site->line, "loop=%s", loop);
}

/* Under STRADS_STATS only: the common case, and nothing is decided yet. */
static void say_rent(const char *loop, const strads_loop_site *site, const rt_alone *a,
                     double alone_s)
{
    if (!rt_stats_on() || !rt_loop_once(site->id ^ 0x72656E74696E6721ull)) return;
    rt_stats_note("%s %s:%u: a call takes %.3f ms run alone on the driver: the driver runs its calls "
            "alone, as the sequential program does, until they have taken %.2f s, then times "
            "them shared (STRADS_TRY_ALONE=0 shares every call)",
            loop, site->file, site->line, alone_s * 1e3, rent_limit(a, alone_s));
}

rt_call_how rt_alone_next(const rt_alone *a, bool may_alone)
{
    if (!may_alone || !rt_loop_may_run_alone()) return RT_CALL_SHARED;
    switch (a->phase) {
    case NEW: return RT_CALL_PROBE;
    case RENT: case ALONE: case TIMING: return RT_CALL_ALONE;
    default: return RT_CALL_SHARED;
    }
}

uint64_t rt_alone_clock(rt_alone *a, rt_call_how how)
{
    bool settled = how == RT_CALL_ALONE && (a->phase == RENT || a->phase == ALONE) &&
                   a->alone_s > 0 && a->alone_s < RT_UNTIMED_S;
    return settled && ++a->calls_alone % RT_TIME_EVERY ? 0 : rt_now_us();
}

double rt_alone_took(const rt_alone *a, uint64_t t0)
{
    return t0 ? (double)(rt_now_us() - t0) / 1e6 : a->alone_s;
}

void rt_alone_estimate(rt_alone *a, double whole_s) { a->est_s = whole_s; }

void rt_alone_share_next(rt_alone *a)
{
    /* not while the rent of a priced first shared call is unpaid (its
     * records would cost what many calls alone do) */
    if (a->buy_s > 0 && a->rent_s < a->buy_s) return;
    if (a->phase == RENT || a->phase == ALONE) a->phase = TRY, a->shared = 0;
}

void rt_alone_forget(rt_alone *a)
{
    a->alone_s = a->est_s = a->fast_s = 0;
    a->retimes = 0;
    if ((a->phase == SHARED || a->phase == DONE || a->phase == TRY) && a->shared_last_s > 0)
        a->phase = TIMING, a->shared_s = a->shared_last_s;
}

bool rt_alone_rent_first(rt_alone *a, const char *loop, const strads_loop_site *site, double buy_s)
{
    if (!rt_loop_may_run_alone() || a->buy_s || a->est_s <= 0 || buy_s <= a->est_s) return false;
    int was = a->phase;
    a->buy_s = buy_s;
    a->phase = RENT;
    if (rt_stats_on()) {
        if (rt_loop_once(site->id ^ 0x6275796C61746572ull))
            rt_stats_note("%s %s:%u: reconnaissance and planning of a call would take about %.3f s, "
                          "a call alone %.3f s: the driver runs its calls alone, as the sequential "
                          "program does, until they have taken that long (STRADS_TRY_ALONE=0 "
                          "shares every call)",
                          loop, site->file, site->line, buy_s, a->est_s);
        rt_stats("alone", site->file, site->line, "loop=%s from=%s to=%s ran=alone took_s=0 rent_s=%.6f buy_s=%.6f",
                 loop, phase_name[was], phase_name[a->phase], a->rent_s, buy_s);
    }
    return true;
}

void rt_alone_inherit(rt_alone *a, const rt_alone *from, double scale)
{
    *a = *from;
    a->shared_ever = 0; /* the records and plan are the range's own */
    a->alone_s *= scale;
    a->shared_s *= scale;
    a->est_s *= scale;
    a->fast_s *= scale;
    a->buy_s *= scale;
}

void rt_alone_add_rent(rt_alone *a, double took) { a->rent_s += took; }

void rt_alone_after(rt_alone *a, const char *loop, const strads_loop_site *site, int threads,
                    rt_call_how how, double took, double ran, bool planned)
{
    int was = a->phase;
    bool finished = ran >= 1;
    /* a probe that stopped early: the whole call at its rate; the rest ran
     * shared on the whole range's records and plan, made then */
    if (how != RT_CALL_SHARED && ran > 0 && !finished) a->est_s = took / ran, a->shared_ever++;
    /* a range's first shared call made its records and plan */
    if (how == RT_CALL_SHARED && !a->shared_ever++) planned = true;
    if (how != RT_CALL_SHARED) {
        switch (a->phase) {
        case NEW:
            a->phase = finished ? RENT : SHARED;
            if (finished) say_rent(loop, site, a, took);
            break;
        case TIMING: /* decided either way */
            a->phase = took < a->shared_s ? ALONE : DONE;
            a->retimes += a->phase == DONE;
            if (a->phase == ALONE) say_alone(loop, site, threads, a->shared_s, took);
            break;
        default:
            /* the calls grew: shared, timed anew (not while a projected
             * price is rented off: those calls were long from the start,
             * nor while a call alone still beats the shared call it was
             * timed against) */
            if (took > RT_LONG_ALONE_S && !(a->phase == RENT && a->buy_s) && !(took < a->shared_s))
                a->phase = SHARED;
            break;
        }
        a->alone_s = took;
        a->rent_s += took;
        if (finished) a->est_s = took;
        if (finished && (!a->fast_s || took < a->fast_s)) a->fast_s = took;
        /* In one process a call alone as long as a short call's budget is
         * no short call: its threads have no other process to wait for
         * and nothing to move, so sharing is tried at once (an emulated
         * sync_for runs its workers one after another). */
        bool long_one = strads_size() == 1 && took >= RT_SHORT_CALL_S && !(a->phase == RENT && a->buy_s);
        if (a->phase == RENT && (a->rent_s >= rent_limit(a, took) || long_one)) a->phase = TRY, a->shared = 0;
    } else {
        a->shared++;
        a->shared_last_s = took;
        switch (a->phase) {
        case NEW:
        case SHARED:
            a->phase = SHARED;
            /* a call that made its records is no measure of the next ones;
             * a later one is, when the loop plans at every call: short, or
             * slower than a probe said the whole call takes alone (SAGA at
             * two processes: 50 ms shared, 35 ms alone) */
            /* the fastest call alone, not the last: one slow moment of the
             * machine sent k-means' 5 ms calls shared (0.15 s each, their
             * centroids moved, so planned anew) for the rest of the run */
            double est = a->fast_s > 0 && a->fast_s < a->est_s ? a->fast_s : a->est_s;
            /* long calls too, where the estimate says alone is faster;
             * and once where a call alone is the loop itself (exact), no
             * whole one was timed, and the estimate says the workers ran
             * it over twice as fast as they can: a probe cut short by its
             * first iterations (the first touch of new arrays, 64 ms for
             * a stencil row that takes 0.1 ms after) projects nothing;
             * and once where nothing estimated a call alone (BSP's
             * workers' copies refused at the first call, which a shared
             * call's time may allow: loop_sync_alone.c) */
            double workers = (double)strads_size() * (double)threads;
            if ((!planned || a->shared > 1) && rt_loop_may_run_alone() &&
                (took < RT_SHORT_CALL_S || (est > 0 && est < took) ||
                 (a->exact && !a->fast_s && est > 2 * workers * took) || (!est && a->shared == 2)))
                a->phase = TIMING, a->shared_s = took;
            break;
        case TRY: {
            if (planned && a->shared < 2) break;
            /* against the fastest call alone: one preempted call alone
             * sent jacobi-2d's calls shared, ten times slower, for good */
            double alone = a->fast_s > 0 ? a->fast_s : a->alone_s;
            a->phase = took < alone ? DONE : ALONE;
            a->shared_s = took;
            if (a->phase == ALONE) say_alone(loop, site, threads, took, alone);
            break;
        }
        case TIMING:
            /* the call to time alone could not run so (an emulation of
             * BSP's workers too large): shared, retimed as DONE is */
            a->phase = DONE;
            break;
        case DONE:
            /* a short shared call twice as slow as the fastest alone is
             * timed again: the choice rested on one call each way */
            if (a->fast_s > 0 && took > 2 * a->fast_s && took < RT_SHORT_CALL_S && rt_loop_may_run_alone())
                a->phase = TIMING, a->shared_s = took;
            break;
        default: break;
        }
        /* Shared for good on a probe's estimate or one timed call: every
         * RETIME-th shared call under RT_LONG_ALONE_S, one call runs alone
         * and the faster way stays (a PageRank gather at two processes
         * stayed shared at 2-5x its time alone: the probe's cold estimate
         * was above the shared calls') */
        if ((a->phase == SHARED || a->phase == DONE) &&
            a->shared % ((uint64_t)RETIME << (a->retimes < 6 ? a->retimes : 6)) == 0 &&
            took < RT_LONG_ALONE_S && !(a->fast_s > 2 * took) && rt_loop_may_run_alone())
            a->phase = TIMING, a->shared_s = took;
    }
    if (a->phase != was && rt_stats_on() && rt_loop_may_run_alone())
        rt_stats("alone", site->file, site->line, "loop=%s from=%s to=%s ran=%s took_s=%.6f rent_s=%.6f",
                 loop, phase_name[was], phase_name[a->phase],
                 how == RT_CALL_SHARED ? "shared" : "alone", took, a->rent_s);
}
