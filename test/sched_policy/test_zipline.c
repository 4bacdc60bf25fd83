/*
 * Elastic BSP: ZIPLINE equals brute force (every combination of one end per
 * worker) on thousands of random inputs, ties included, picks the earliest
 * barrier among the optimal sets, and the prediction of future ends follows
 * each worker's recent intervals. (The 1,000 x 150 timing is in
 * bench/zipline_bench.c: a performance claim is not a unit test.)
 */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "scheduler/policy.h"
#include "strads.h"

static double unif(void)
{
    return (double)(check_rand() >> 11) / 9007199254740992.0;
}

/* min spread over all R^n choices, and the smallest barrier among them */
static void brute(const double *e, int n, int R, double *best, double *barrier)
{
    int idx[8] = {0};
    *best = INFINITY;
    *barrier = INFINITY;
    for (;;) {
        double mn = INFINITY, mx = -INFINITY;
        for (int p = 0; p < n; p++) {
            double v = e[p * R + idx[p]];
            mn = v < mn ? v : mn;
            mx = v > mx ? v : mx;
        }
        if (mx - mn < *best) {
            *best = mx - mn;
            *barrier = mx;
        } else if (mx - mn == *best && mx < *barrier) {
            *barrier = mx;
        }
        int p = 0;
        while (p < n && ++idx[p] == R) idx[p++] = 0;
        if (p == n) break;
    }
}

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(void)
{
    check_rng = 88172645463325252ull; /* the draws this test was written with */
    double e[8 * 8];
    int pick[8];
    for (int trial = 0; trial < 5000; trial++) {
        int n = 1 + (int)(check_rand() % 6), R = 1 + (int)(check_rand() % 6);
        int ties = trial % 3 == 0; /* small integer times: many equal ends */
        for (int p = 0; p < n; p++) {
            if (trial % 3 == 1) { /* realistic: start + i * interval */
                double s = unif() * 2, iv = 0.5 + unif() * 3;
                for (int i = 0; i < R; i++) e[p * R + i] = s + iv * (i + 1);
            } else {
                for (int i = 0; i < R; i++)
                    e[p * R + i] = ties ? (double)(check_rand() % 10) : unif() * 100;
                qsort(&e[p * R], (size_t)R, sizeof(double), cmpd);
            }
        }
        double barrier, wait, bb, bbar;
        CHECK_OK(sched_zipline(e, n, R, pick, &barrier, &wait));
        brute(e, n, R, &bb, &bbar);
        if (wait != bb || barrier != bbar)
            CHECK_FAIL("trial %d (n %d, R %d): zipline %g at %g, brute force %g at %g", trial, n,
                       R, wait, barrier, bb, bbar);
        /* pick realizes the answer */
        double mn = INFINITY, mx = -INFINITY;
        for (int p = 0; p < n; p++) {
            CHECK(pick[p] >= 1 && pick[p] <= R);
            double v = e[p * R + pick[p] - 1];
            mn = v < mn ? v : mn;
            mx = v > mx ? v : mx;
        }
        CHECK(mx - mn == wait);
        CHECK(mx == barrier);
    }

    /* The paper's kind of input: a 2x straggler syncs once per two fast
     * iterations, with no waiting. */
    double f[2 * 4] = {1, 2, 3, 4, 2, 4, 6, 8};
    double barrier, wait;
    CHECK_OK(sched_zipline(f, 2, 4, pick, &barrier, &wait));
    CHECK_DBL(wait, 0, 0);
    CHECK_DBL(barrier, 2, 0); /* the first of the zero-wait sets */
    CHECK_EQ(pick[0], 2);
    CHECK_EQ(pick[1], 1);

    /* bad input */
    double un[2] = {2, 1};
    CHECK_EQ(sched_zipline(un, 1, 2, pick, &barrier, &wait), STRADS_EINVAL);
    double nan2[2] = {NAN, 1};
    CHECK_EQ(sched_zipline(nan2, 1, 2, pick, &barrier, &wait), STRADS_EINVAL);
    CHECK_EQ(sched_zipline(f, 0, 4, pick, &barrier, &wait), STRADS_EINVAL);

    /* Prediction from recent intervals. */
    sched_elastic *el;
    CHECK_OK(sched_elastic_new(3, 2, &el));
    double ends[3 * 5];
    CHECK_EQ(sched_elastic_predict(el, 5, NULL, 0, ends), STRADS_ESTATE);
    CHECK_OK(sched_elastic_observe(el, 0, 0, 1));
    CHECK_OK(sched_elastic_observe(el, 0, 1, 2));
    CHECK_OK(sched_elastic_observe(el, 0, 2, 5)); /* window 2: mean of 1 and 3 */
    CHECK_OK(sched_elastic_observe(el, 1, 0, 2));
    CHECK_OK(sched_elastic_observe(el, 2, 0, 4));
    CHECK_EQ(sched_elastic_observe(el, 2, 5, 4), STRADS_EINVAL);
    CHECK_OK(sched_elastic_predict(el, 5, NULL, 0, ends));
    CHECK_DBL(ends[0], 7, 1e-12);
    CHECK_DBL(ends[4], 15, 1e-12);
    CHECK_DBL(ends[5], 4, 1e-12);
    CHECK_DBL(ends[10], 8, 1e-12);
    /* a worker overrunning its prediction is not predicted in the past */
    double start[3] = {5, 2, 4};
    CHECK_OK(sched_elastic_predict(el, 5, start, 9, ends));
    CHECK_DBL(ends[0], 9, 1e-12);
    CHECK_DBL(ends[1], 11, 1e-12);
    CHECK_DBL(ends[5], 9, 1e-12);
    CHECK_DBL(ends[10], 9, 1e-12);
    int pk[3];
    CHECK_OK(sched_elastic_next(el, 5, NULL, 0, pk, &barrier, &wait));
    /* ends: w0 7 9 11 13 15; w1 4 6 8 10 12; w2 8 12 16 20 24 -> {7, 8, 8} */
    CHECK_DBL(wait, 1, 1e-12);
    CHECK_DBL(barrier, 8, 1e-12);
    CHECK_EQ(pk[0], 1);
    CHECK_EQ(pk[1], 3);
    CHECK_EQ(pk[2], 1);
    sched_elastic_free(el);
    CHECK_DONE();
    return 0;
}
