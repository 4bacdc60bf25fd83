/*
 * Custom consistency: the STAT table follows dispatches and completions
 * (clock, staleness, average task time, availability); the built-in
 * policies release the right workers (SSP bounds the clock gap, throttled
 * release waits for k idle workers, async releases every idle one); the
 * registry finds built-ins and user functions by name. A short simulated run
 * with one slow worker checks SSP's bound end to end.
 */
#include <stdio.h>

#include "check.h"
#include "scheduler/policy.h"
#include "strads.h"

/* A user policy: only even workers, whatever their state. */
static int evens(const sched_stat_table *t, unsigned char *may)
{
    int k = 0;
    for (int i = 0; i < t->n; i++) {
        may[i] = t->w[i].available && i % 2 == 0;
        k += may[i];
    }
    return k;
}

int main(void)
{
    sched_stat_table t;
    unsigned char may[4];
    CHECK_OK(sched_stat_init(&t, 4, 1));
    CHECK_EQ(sched_policy_async(&t, may), 4);
    for (int w = 0; w < 4; w++) CHECK_OK(sched_stat_dispatch(&t, w));
    CHECK_EQ(sched_stat_dispatch(&t, 0), STRADS_ESTATE);
    CHECK_EQ(sched_policy_async(&t, may), 0);
    CHECK_OK(sched_stat_done(&t, 0, 1.0));
    CHECK_OK(sched_stat_done(&t, 1, 2.0));
    CHECK_EQ(sched_stat_done(&t, 1, 2.0), STRADS_ESTATE); /* not running */
    CHECK_EQ(t.version, 2);
    CHECK_EQ(t.w[0].clock, 1);
    CHECK_EQ(t.w[2].staleness, 2); /* two updates landed since it started */
    CHECK_DBL(t.w[1].avg_task_s, 2.0, 0);
    /* SSP(1): workers 0 and 1 are one ahead of 2 and 3: may proceed. */
    CHECK_EQ(sched_policy_ssp(&t, may), 2);
    CHECK(may[0] && may[1] && !may[2] && !may[3]);
    CHECK_OK(sched_stat_dispatch(&t, 0));
    CHECK_OK(sched_stat_done(&t, 0, 3.0));
    CHECK_DBL(t.w[0].avg_task_s, 0.75 * 1.0 + 0.25 * 3.0, 1e-12);
    CHECK_EQ(t.w[0].clock, 2);
    CHECK_EQ(sched_policy_ssp(&t, may), 1); /* worker 0 is 2 ahead now: waits */
    CHECK(!may[0] && may[1]);
    /* Throttled release with k = 3: two idle workers are not enough. */
    t.arg = 3;
    CHECK_EQ(sched_policy_throttle(&t, may), 0);
    CHECK(!may[0] && !may[1]);
    CHECK_OK(sched_stat_done(&t, 2, 1.0));
    CHECK_EQ(sched_policy_throttle(&t, may), 3);
    CHECK(may[0] && may[1] && may[2] && !may[3]);
    t.arg = 99; /* k beyond the job: all workers */
    CHECK_EQ(sched_policy_throttle(&t, may), 0);
    CHECK_OK(sched_stat_done(&t, 3, 1.0));
    CHECK_EQ(sched_policy_throttle(&t, may), 4);
    sched_stat_free(&t);

    /* Registry: built-ins and a user function, found by name. */
    sched_policy_reg reg;
    sched_policy_fn fn;
    CHECK_OK(sched_policy_reg_init(&reg));
    CHECK_OK(sched_policy_lookup(&reg, "ssp", &fn));
    CHECK(fn == sched_policy_ssp);
    CHECK_OK(sched_policy_lookup(&reg, "throttle", &fn));
    CHECK(fn == sched_policy_throttle);
    CHECK_OK(sched_policy_lookup(&reg, "async", &fn));
    CHECK_OK(sched_policy_lookup(&reg, "bsp", &fn));
    CHECK_EQ(sched_policy_lookup(&reg, "evens", &fn), STRADS_ENOTFOUND);
    CHECK_OK(sched_policy_register(&reg, "evens", evens));
    CHECK_OK(sched_policy_register(&reg, "evens", evens)); /* same: no-op */
    CHECK_EQ(sched_policy_register(&reg, "evens", sched_policy_async), STRADS_EINVAL);
    CHECK_EQ(sched_policy_register(&reg, "2bad", evens), STRADS_EINVAL);
    CHECK_EQ(sched_policy_register(&reg, "a-b", evens), STRADS_EINVAL);
    for (int i = 0; i < 20; i++) { /* grows */
        char name[16];
        snprintf(name, sizeof name, "p%d", i);
        CHECK_OK(sched_policy_register(&reg, name, evens));
    }
    CHECK_OK(sched_policy_lookup(&reg, "evens", &fn));
    CHECK_OK(sched_stat_init(&t, 4, 0));
    CHECK_EQ(fn(&t, may), 2);
    CHECK(may[0] && !may[1] && may[2] && !may[3]);
    /* bsp: nobody runs ahead of the slowest */
    CHECK_OK(sched_policy_lookup(&reg, "bsp", &fn));
    t.arg = 5;
    CHECK_OK(sched_stat_dispatch(&t, 0));
    CHECK_OK(sched_stat_done(&t, 0, 1));
    CHECK_EQ(fn(&t, may), 3);
    CHECK(!may[0]);
    sched_stat_free(&t);

    /* Event simulation: worker 3 is 3x slower; under SSP(2) the clock gap
     * never exceeds s + 1 (a released worker may finish one more task). */
    CHECK_OK(sched_stat_init(&t, 4, 2));
    CHECK_OK(sched_policy_lookup(&reg, "ssp", &fn));
    double finish[4] = {0}, now = 0;
    int64_t maxgap = 0;
    for (int step = 0; step < 400; step++) {
        int k = fn(&t, may);
        CHECK(k >= 0);
        for (int w = 0; w < 4; w++)
            if (may[w]) {
                CHECK_OK(sched_stat_dispatch(&t, w));
                finish[w] = now + (w == 3 ? 3.0 : 1.0);
            }
        int next = -1;
        for (int w = 0; w < 4; w++)
            if (!t.w[w].available && (next < 0 || finish[w] < finish[next])) next = w;
        CHECK(next >= 0); /* no deadlock */
        now = finish[next];
        CHECK_OK(sched_stat_done(&t, next, next == 3 ? 3.0 : 1.0));
        int64_t mn = t.w[0].clock, mx = t.w[0].clock;
        for (int w = 1; w < 4; w++) {
            mn = t.w[w].clock < mn ? t.w[w].clock : mn;
            mx = t.w[w].clock > mx ? t.w[w].clock : mx;
        }
        maxgap = mx - mn > maxgap ? mx - mn : maxgap;
    }
    CHECK_INT(maxgap, <=, 3);
    CHECK_INT(maxgap, >=, 2);
    CHECK_DBL(t.w[3].avg_task_s, 3.0, 1e-12);
    sched_stat_free(&t);
    sched_policy_reg_free(&reg);
    CHECK_DONE();
    return 0;
}
