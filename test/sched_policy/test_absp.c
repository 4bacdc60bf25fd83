/*
 * A-BSP policy: Algorithm 1's stop decision (the paper's Figure 5 example
 * and a request that must wait for the ratio), task-level cursors, and a
 * simulated job with slowed nodes (static and dynamic STRADS_SLOW patterns)
 * in which the per-item process counts, checked against an independent
 * count of what each task processed, stay within the threshold thanks to
 * job-level swaps, and drift apart without them.
 */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "scheduler/policy.h"
#include "strads.h"

static void figure5(void)
{
    /* 3 tasks of 1,000 points, R_s = 0.5: when the fastest finishes, 1,800
     * points are processed (ratio 0.6), so the signal goes at once. */
    int64_t b[] = {0, 1000, 2000, 3000};
    sched_absp_cfg cfg = {0.5, 2, 0, 0};
    sched_absp *a;
    CHECK_OK(sched_absp_new(&cfg, 3, 3, b, NULL, &a));
    CHECK_OK(sched_absp_begin(a, 0));
    int stop;
    CHECK_OK(sched_absp_report(a, 1, 500, 1, &stop));
    CHECK_EQ(stop, 0);
    CHECK_OK(sched_absp_report(a, 2, 300, 1, &stop));
    CHECK_EQ(stop, 0);
    CHECK_OK(sched_absp_report(a, 0, 1000, 1, &stop));
    CHECK_EQ(stop, 1);
    CHECK_EQ(sched_absp_stopping(a), 1);
    CHECK_OK(sched_absp_report(a, 1, 520, 1.1, &stop)); /* late report: recorded only */
    CHECK_EQ(stop, 0);
    int64_t done[] = {1000, 520, 310};
    sched_absp_move mv[2];
    int nmv;
    CHECK_OK(sched_absp_end(a, done, mv, &nmv));
    CHECK_EQ(nmv, 0);
    /* Task level: each split restarts at its first unprocessed item. */
    sched_absp_task t;
    CHECK_OK(sched_absp_task_of(a, 1, &t));
    CHECK_EQ(t.start, 1520);
    CHECK_EQ(sched_absp_item(&t, 0), 1520);
    CHECK_EQ(sched_absp_item(&t, 479), 1999);
    CHECK_EQ(sched_absp_item(&t, 480), 1000);
    CHECK_OK(sched_absp_task_of(a, 0, &t));
    CHECK_EQ(t.start, 0); /* finished: wrapped to its start */
    CHECK_EQ(sched_absp_count(a, 0), 1);
    CHECK_EQ(sched_absp_count(a, 1519), 1);
    CHECK_EQ(sched_absp_count(a, 1520), 0);
    CHECK_EQ(sched_absp_count(a, 2309), 1);
    CHECK_EQ(sched_absp_count(a, 2310), 0);
    CHECK_EQ(sched_absp_split_count(a, 0), 1);
    CHECK_EQ(sched_absp_split_count(a, 1), 0);

    /* The request comes before the ratio is reached: wait for it. */
    cfg.ratio = 0.9;
    sched_absp *c;
    CHECK_OK(sched_absp_new(&cfg, 3, 3, b, NULL, &c));
    CHECK_OK(sched_absp_begin(c, 10));
    CHECK_OK(sched_absp_report(c, 1, 500, 11, &stop));
    CHECK_OK(sched_absp_report(c, 2, 500, 11, &stop));
    CHECK_OK(sched_absp_report(c, 0, 1000, 11, &stop));
    CHECK_EQ(stop, 0); /* 2000 / 3000 < 0.9 */
    double eta;
    CHECK_OK(sched_absp_eta(c, 11, &eta));
    /* nodes 1, 2 run at 500/s: 700 more items take 0.7 s */
    CHECK_DBL(eta, 11.7, 1e-6);
    CHECK_OK(sched_absp_report(c, 1, 800, 11.5, &stop));
    CHECK_EQ(stop, 0);
    CHECK_OK(sched_absp_report(c, 2, 700, 11.5, &stop));
    CHECK_EQ(stop, 0); /* 2500 < 2700 */
    CHECK_OK(sched_absp_report(c, 2, 900, 11.8, &stop));
    CHECK_EQ(stop, 1); /* 2700: the signal goes now */
    sched_absp_free(c);

    /* Bad reports are errors, not noise. */
    CHECK_OK(sched_absp_new(&cfg, 3, 3, b, NULL, &c));
    CHECK_EQ(sched_absp_report(c, 0, 1, 0, &stop), STRADS_ESTATE); /* before begin */
    CHECK_OK(sched_absp_begin(c, 0));
    CHECK_OK(sched_absp_report(c, 0, 10, 0, &stop));
    CHECK_EQ(sched_absp_report(c, 0, 9, 0, &stop), STRADS_EINVAL);
    CHECK_EQ(sched_absp_report(c, 0, 1001, 0, &stop), STRADS_EINVAL);
    CHECK_EQ(sched_absp_report(c, 3, 1, 0, &stop), STRADS_EINVAL);
    int64_t bad[] = {0, 0, 1001};
    CHECK_EQ(sched_absp_end(c, bad, NULL, NULL), STRADS_EINVAL);
    sched_absp_free(c);
    sched_absp_cfg z = {0, 2, 0, 0};
    CHECK_EQ(sched_absp_new(&z, 3, 3, b, NULL, &c), STRADS_EINVAL);
    int on[] = {0, 0, 1}; /* node 2 would hold nothing */
    CHECK_EQ(sched_absp_new(&cfg, 3, 3, b, on, &c), STRADS_EINVAL);
    sched_absp_free(a);
}

/*
 * A job of `iters` iterations: split s progresses at its node's speed
 * (1 / STRADS_SLOW factor) shared by the node's splits; reports every dt.
 * Returns the largest item-level spread of process counts seen after any
 * iteration, and checks the counts against an independent tally.
 */
static int64_t simulate(const char *slow_spec, int nodes, int per_node, int threshold,
                        int max_swaps, double ratio, int iters, int64_t *split_spread_out)
{
    enum { LEN = 600 };
    int S = nodes * per_node;
    int64_t bounds[65];
    for (int s = 0; s <= S; s++) bounds[s] = (int64_t)s * LEN;
    sched_slow *sl;
    char err[200];
    CHECK_OK(sched_slow_parse(slow_spec, nodes, &sl, err, sizeof err));
    sched_absp_cfg cfg = {ratio, threshold, 0.05, max_swaps};
    sched_absp *a;
    CHECK_OK(sched_absp_new(&cfg, nodes, S, bounds, NULL, &a));
    int64_t total = bounds[S];
    int64_t *ref = calloc((size_t)total, sizeof *ref), *got = calloc((size_t)total, sizeof *got);
    double prog[64];
    int64_t done[64];
    double now = 0, dt = 0.05; /* one item per time unit at speed 1 */
    int64_t worst = 0, worst_split = 0;
    for (int it = 0; it < iters; it++) {
        CHECK_OK(sched_absp_begin(a, now));
        for (int s = 0; s < S; s++) prog[s] = 0;
        int stop = 0;
        while (!stop) {
            now += dt;
            for (int s = 0; s < S; s++) {
                int n = sched_absp_node_of(a, s);
                prog[s] += dt * LEN / 10.0 / sched_slow_factor(sl, n, now); /* 10 s per split at speed 1 */
                if (prog[s] > LEN) prog[s] = LEN;
            }
            for (int n = 0; n < nodes && !stop; n++) {
                int64_t p = 0;
                for (int s = 0; s < S; s++)
                    if (sched_absp_node_of(a, s) == n) p += (int64_t)prog[s];
                int st;
                CHECK_OK(sched_absp_report(a, n, p, now, &st));
                stop |= st;
            }
        }
        for (int s = 0; s < S; s++) {
            done[s] = (int64_t)prog[s];
            sched_absp_task t;
            CHECK_OK(sched_absp_task_of(a, s, &t));
            for (int64_t k = 0; k < done[s]; k++) ref[sched_absp_item(&t, k)]++;
        }
        sched_absp_move mv[8];
        int nmv;
        int before[64];
        for (int s = 0; s < S; s++) before[s] = sched_absp_node_of(a, s);
        CHECK_OK(sched_absp_end(a, done, mv, &nmv));
        CHECK(nmv % 2 == 0 && nmv <= 2 * (max_swaps > 1 ? max_swaps : 1));
        for (int m = 0; m < nmv; m++) {
            CHECK_EQ(before[mv[m].split], mv[m].from);
            CHECK_EQ(sched_absp_node_of(a, mv[m].split), mv[m].to);
            CHECK_EQ(mv[m].hi - mv[m].lo, LEN);
        }
        sched_absp_counts(a, got);
        int64_t mn = got[0], mx = got[0], smn = INT64_MAX, smx = 0;
        for (int64_t i = 0; i < total; i++) {
            if (got[i] != ref[i]) CHECK_FAIL("item %lld: count %lld, tally %lld", (long long)i,
                                             (long long)got[i], (long long)ref[i]);
            mn = got[i] < mn ? got[i] : mn;
            mx = got[i] > mx ? got[i] : mx;
        }
        for (int s = 0; s < S; s++) {
            int64_t c = sched_absp_split_count(a, s);
            smn = c < smn ? c : smn;
            smx = c > smx ? c : smx;
        }
        worst = mx - mn > worst ? mx - mn : worst;
        worst_split = smx - smn > worst_split ? smx - smn : worst_split;
        now += 0.5; /* synchronization */
    }
    free(ref);
    free(got);
    sched_absp_free(a);
    sched_slow_free(sl);
    if (split_spread_out) *split_spread_out = worst_split;
    return worst;
}

/* Algorithm 1 at a minibatch clock: the request (some node used up its
 * quota), then the ratio over the quotas; nodes without a quota neither
 * request nor count. */
static void clock_stop(void)
{
    int64_t quota[] = {100, 100, 100, 0}, done[] = {90, 60, 40, 0};
    CHECK_EQ(sched_absp_clock_stop(done, quota, 4, 0.5), 0); /* ratio 0.63, no request */
    done[0] = 100;
    CHECK_EQ(sched_absp_clock_stop(done, quota, 4, 0.5), 1); /* 200 of 300 >= 150 */
    CHECK_EQ(sched_absp_clock_stop(done, quota, 4, 0.8), 0); /* 200 < 240: wait */
    done[1] = 100;
    CHECK_EQ(sched_absp_clock_stop(done, quota, 4, 0.8), 1); /* 240 >= 240 */
    done[2] = 100;
    CHECK_EQ(sched_absp_clock_stop(done, quota, 4, 1), 1);   /* BSP: all quotas done */
    int64_t none[] = {0, 0, 0, 0};
    CHECK_EQ(sched_absp_clock_stop(none, none, 4, 0.5), 0);  /* nobody has a quota */
}

/* The swap budget: Algorithm 2 wants a swap (the gap passed the
 * threshold), but a move over budget puts it off, counted; a move to a
 * node that costs nothing (it holds the data) or a larger budget lets it
 * through, between the same splits Algorithm 2 picks without a budget. */
static void move_budget(void)
{
    int64_t b[] = {0, 100, 200, 300, 400};
    sched_absp_cfg cfg = {0.5, 0, 0, 0};
    sched_absp *a;
    CHECK_OK(sched_absp_new(&cfg, 4, 4, b, NULL, &a));
    double move[16];
    for (int k = 0; k < 16; k++) move[k] = 2.0; /* [split][node]: 2 s everywhere */
    CHECK_OK(sched_absp_move_budget(a, move, 1.0));
    int64_t done[] = {100, 100, 100, 50}; /* node 3 slow */
    sched_absp_move mv[2];
    int nm = -1;
    CHECK_OK(sched_absp_begin(a, 0));
    CHECK_OK(sched_absp_end(a, done, mv, &nm));
    CHECK_EQ(nm, 0);
    CHECK_EQ(sched_absp_deferred(a), 1);
    CHECK_EQ(sched_absp_node_of(a, 3), 3);
    /* split 3 to node 0 and split 0 to node 3 free: the swap goes through */
    move[3 * 4 + 0] = 0;
    move[0 * 4 + 3] = 0;
    CHECK_OK(sched_absp_move_budget(a, move, 1.0));
    CHECK_OK(sched_absp_begin(a, 0));
    CHECK_OK(sched_absp_end(a, done, mv, &nm));
    CHECK_EQ(nm, 2);
    CHECK_EQ(mv[0].split, 3);
    CHECK_EQ(mv[0].to, 0);
    CHECK_EQ(mv[1].split, 0);
    CHECK_EQ(mv[1].to, 3);
    CHECK_EQ(sched_absp_deferred(a), 1);
    /* no budget: Algorithm 2 as in the paper */
    CHECK_OK(sched_absp_move_budget(a, NULL, 0));
    int64_t done2[] = {100, 100, 100, 100};
    done2[0] = 50; /* split 0, now on node 3, is the slow one */
    CHECK_OK(sched_absp_begin(a, 0));
    CHECK_OK(sched_absp_end(a, done2, mv, &nm));
    CHECK_EQ(nm, 2);
    sched_absp_free(a);
}

int main(void)
{
    figure5();
    clock_stop();
    move_budget();
    int64_t split_spread;
    /* One node 2x slower, one split per node: the split-level gap (the
     * paper's N_max - N_min) never passes threshold + 1 (it grows by at most
     * one per iteration and the swap comes when it passes the threshold),
     * so items (+-1 inside a split) stay within threshold + 2. */
    for (int th = 0; th <= 3; th++) {
        int64_t w = simulate("3:2", 4, 1, th, 1, 0.5, 120, &split_spread);
        printf("static 2x, threshold %d: item spread %lld, split spread %lld\n", th, (long long)w,
               (long long)split_spread);
        CHECK_INT(split_spread, <=, th + 1);
        CHECK_INT(w, <=, th + 2);
    }
    /* Two splits per node (one per thread). */
    int64_t w = simulate("3:2", 4, 2, 2, 1, 0.5, 120, &split_spread);
    printf("2 splits per node: item spread %lld, split spread %lld\n", (long long)w,
           (long long)split_spread);
    CHECK_INT(split_spread, <=, 3);
    CHECK_INT(w, <=, 4);
    /* Dynamic pattern with two nodes slow at once (periodic 3x, a 2.5x
     * step): a node's speed changes after its split was chosen for it, so
     * the gap overshoots by a little more but stays bounded (over 2,000
     * iterations it stays at threshold + 3, see docs/sync-models.md), with
     * one swap per iteration as in the paper or two. */
    const char *dyn = "1:3@20/20,2:1/100=2.5/300=1";
    for (int sw = 1; sw <= 2; sw++) {
        w = simulate(dyn, 4, 1, 2, sw, 0.6, 300, &split_spread);
        printf("dynamic, %d swaps: item spread %lld, split spread %lld\n", sw, (long long)w,
               (long long)split_spread);
        CHECK_INT(split_spread, <=, 2 + 3);
        CHECK_INT(w, <=, 2 + 4);
    }
    /* Without job-level prioritization the slow node's split falls behind
     * by about half an iteration per iteration. */
    w = simulate("3:2", 4, 1, -1, 1, 0.5, 120, &split_spread);
    printf("no job level: item spread %lld\n", (long long)w);
    CHECK_INT(w, >, 40);
    /* ratio 1 is BSP: everything processed every iteration. */
    w = simulate("3:2", 4, 1, 2, 1, 1.0, 20, &split_spread);
    CHECK_EQ(w, 0);
    CHECK_DONE();
    return 0;
}
