/*
 * FlexPara: the polynomial capacity model recovers exact polynomials,
 * survives degenerate inputs, and on a skewed synthetic workload (log-normal
 * item sizes, quadratic per-item cost, nodes of different speeds, 5% noise)
 * predicts every node's next task time within 15%; the reassignment lowers
 * the predicted makespan and the true one, and moves less when moving input
 * is expensive.
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
static double gauss(void)
{
    double u = unif(), v = unif();
    return sqrt(-2 * log(u + 1e-300)) * cos(2 * M_PI * v);
}

enum { NODES = 4, ITEMS = 4000 };
static const double speed[NODES] = {1.0, 1.0, 1.6, 2.5}; /* time multipliers */

/* The "true" per-item cost: super-linear in size, like LDA's N^2 K. */
static double truth(int node, double size, int noisy)
{
    double t = speed[node] * (20e-6 + 0.4e-6 * size + 4e-9 * size * size);
    return noisy ? t * (1 + 0.05 * (2 * unif() - 1)) : t;
}

static void draw(double *size, int *home)
{
    for (int i = 0; i < ITEMS; i++) {
        size[i] = exp(4.0 + 0.9 * gauss()); /* median ~55, long tail */
        if (size[i] > 2000) size[i] = 2000;
        home[i] = i % NODES;
    }
}

int main(void)
{
    check_rng = 0x9E3779B97F4A7C15ull; /* the draws this test was written with */
    /* Exact polynomial data: the fit reproduces it. */
    double x[50], y[50];
    for (int i = 0; i < 50; i++) {
        x[i] = 10 + 3.7 * i;
        y[i] = 2 - 0.5 * x[i] + 0.03 * x[i] * x[i] + 1e-4 * x[i] * x[i] * x[i];
    }
    sched_flex_model m;
    CHECK_OK(sched_flex_fit(x, y, 50, 3, &m));
    CHECK_EQ(m.degree, 3);
    for (int i = 0; i < 50; i++) CHECK_DBL(sched_flex_eval(&m, x[i]), y[i], 1e-9 * fabs(y[i]) + 1e-9);
    /* High degree on a wide range stays stable (no blow-up). */
    for (int i = 0; i < 50; i++) { x[i] = 1 + i * 1000.0; y[i] = 5 + 1e-3 * x[i]; }
    CHECK_OK(sched_flex_fit(x, y, 50, SCHED_FLEX_MAX_DEGREE, &m));
    for (int i = 0; i < 50; i++) CHECK_DBL(sched_flex_eval(&m, x[i]), y[i], 1e-6 * y[i]);
    /* Two distinct sizes: at most a line; one size: a constant. */
    double x2[4] = {3, 3, 7, 7}, y2[4] = {1, 1, 2, 2};
    CHECK_OK(sched_flex_fit(x2, y2, 4, 4, &m));
    CHECK_EQ(m.degree, 1);
    CHECK_DBL(sched_flex_eval(&m, 5), 1.5, 1e-12);
    CHECK_DBL(sched_flex_eval(&m, 100), 2, 1e-12); /* clamped to the range */
    double x1[2] = {4, 4}, y1[2] = {1, 3};
    CHECK_OK(sched_flex_fit(x1, y1, 2, 2, &m));
    CHECK_EQ(m.degree, 0);
    CHECK_DBL(sched_flex_eval(&m, 4), 2, 1e-12);
    CHECK_EQ(sched_flex_fit(x1, y1, 0, 2, &m), STRADS_EINVAL);
    CHECK_EQ(sched_flex_fit(x1, y1, 2, SCHED_FLEX_MAX_DEGREE + 1, &m), STRADS_EINVAL);

    /* Iteration k: items on their home nodes, measured with noise. */
    static double size[ITEMS], t[ITEMS], fx[ITEMS], fy[ITEMS];
    static int home[ITEMS], assign[ITEMS];
    draw(size, home);
    sched_flex_model model[NODES];
    for (int n = 0; n < NODES; n++) {
        size_t k = 0;
        for (int i = 0; i < ITEMS; i++)
            if (home[i] == n) {
                fx[k] = size[i];
                fy[k++] = t[i] = truth(n, size[i], 1);
            }
        CHECK_OK(sched_flex_fit(fx, fy, k, 3, &model[n]));
    }
    /* Iteration k+1: a fresh set of items (sizes change, the mix per node
     * too). Predicted task times are within 15% of the measured ones. */
    draw(size, home);
    sched_flex_problem pb = {NODES, ITEMS, size, NULL, home, model, NULL, 0};
    double pred[NODES], real[NODES] = {0};
    CHECK_OK(sched_flex_predict(&pb, home, pred));
    for (int i = 0; i < ITEMS; i++) real[home[i]] += truth(home[i], size[i], 1);
    for (int n = 0; n < NODES; n++) {
        double err = fabs(pred[n] - real[n]) / real[n];
        printf("node %d: predicted %.4f s, measured %.4f s, error %.2f%%\n", n, pred[n], real[n],
               100 * err);
        CHECK(err < 0.15);
    }

    /* Reassignment (p 6%, b 5%): predicted and true makespan drop. */
    sched_flex_cfg cfg = {0.06, 0.05, 0};
    sched_flex_result res;
    CHECK_OK(sched_flex_reassign(&pb, &cfg, assign, &res));
    double after[NODES], tr[NODES] = {0};
    CHECK_OK(sched_flex_predict(&pb, assign, after));
    double mk = 0, mn = INFINITY, tmk = 0, tmk0 = 0;
    for (int n = 0; n < NODES; n++) {
        mk = after[n] > mk ? after[n] : mk;
        mn = after[n] < mn ? after[n] : mn;
        tmk0 = real[n] > tmk0 ? real[n] : tmk0;
    }
    for (int i = 0; i < ITEMS; i++) tr[assign[i]] += truth(assign[i], size[i], 0);
    for (int n = 0; n < NODES; n++) tmk = tr[n] > tmk ? tr[n] : tmk;
    printf("makespan predicted %.4f -> %.4f s (true %.4f -> %.4f), %zu items moved, %d rounds\n",
           res.before, res.after, tmk0, tmk, res.moved, res.rounds);
    CHECK_DBL(res.after, mk, 1e-9);
    CHECK(res.after < 0.8 * res.before);
    CHECK(tmk < 0.85 * tmk0);
    CHECK((mk - mn) / mk <= 0.06 + 1e-12 || res.rounds > 0);
    CHECK(res.moved > 0);

    /* Algorithm 2: moving input at 1 MB/s with 20 KB per item makes moves
     * costly; fewer items move and the predicted time counts the transfer. */
    static double bytes[ITEMS];
    double rate[NODES] = {1e6, 1e6, 1e6, 1e6};
    for (int i = 0; i < ITEMS; i++) bytes[i] = 20e3;
    sched_flex_problem pn = {NODES, ITEMS, size, bytes, home, model, rate, 0};
    sched_flex_result rn;
    static int assign2[ITEMS];
    CHECK_OK(sched_flex_reassign(&pn, &cfg, assign2, &rn));
    printf("with network cost: %.4f -> %.4f s, %zu items moved\n", rn.before, rn.after, rn.moved);
    CHECK(rn.moved < res.moved);
    CHECK(rn.after <= rn.before);
    double tn[NODES];
    CHECK_OK(sched_flex_predict(&pn, assign2, tn));
    for (int n = 0; n < NODES; n++) CHECK(tn[n] <= rn.after + 1e-9);

    /* Balanced nodes: nothing to do. */
    sched_flex_model same[NODES];
    for (int n = 0; n < NODES; n++) same[n] = model[0];
    sched_flex_problem pe = {NODES, ITEMS, size, NULL, home, same, NULL, 0};
    static int a3[ITEMS];
    CHECK_OK(sched_flex_reassign(&pe, &(sched_flex_cfg){0.5, 0.05, 0}, a3, &rn));
    CHECK_EQ(rn.moved, 0);
    CHECK_EQ(sched_flex_reassign(&pe, &(sched_flex_cfg){0.1, 0, 0}, a3, &rn), STRADS_EINVAL);
    CHECK_DONE();
    return 0;
}
