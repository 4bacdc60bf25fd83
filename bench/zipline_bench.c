/*
 * zipline_bench - time of one Elastic BSP barrier decision (ZIPLINE) for
 * 1,000 workers and R = 150 predicted iterations each, a size that must take
 * under one second. The baseline is the paper's formulation of
 * the same sweep (Z kept as one slot per worker, min(Z) found by scanning
 * the n slots at every step: O(R n^2)), run on the same inputs in the same
 * process; both must agree on the spread.
 *
 * usage: zipline_bench [workers [R [trials]]]
 * Prints one line per variant (best and mean time) and the ratio; exits 1
 * when ZIPLINE takes one second or more, or when the two disagree.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "scheduler/policy.h"
#include "strads.h"

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static double unif(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) / 9007199254740992.0;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct pt {
    double v;
    int w;
} pt;

static int pt_cmp(const void *a, const void *b)
{
    const pt *x = a, *y = b;
    if (x->v != y->v) return x->v < y->v ? -1 : 1;
    return (x->w > y->w) - (x->w < y->w);
}

/* The paper's Algorithm 2, literally: returns d_Z*. */
static double paper_zipline(const double *ends, int n, int R)
{
    size_t m = (size_t)n * (size_t)R;
    pt *om = malloc(m * sizeof *om);
    double *z = malloc((size_t)n * sizeof *z);
    for (size_t k = 0; k < m; k++) om[k] = (pt){ends[k], (int)(k / (size_t)R)};
    qsort(om, m, sizeof *om, pt_cmp);
    for (int p = 0; p < n; p++) z[p] = NAN;
    int filled = 0;
    double best = INFINITY;
    for (size_t k = 0; k < m; k++) {
        if (isnan(z[om[k].w])) filled++;
        z[om[k].w] = om[k].v; /* replaces the worker's older end */
        if (filled < n) continue;
        double mn = INFINITY;
        for (int p = 0; p < n; p++) mn = z[p] < mn ? z[p] : mn; /* the O(n) step */
        if (om[k].v - mn < best) best = om[k].v - mn;
    }
    free(om);
    free(z);
    return best;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000, R = argc > 2 ? atoi(argv[2]) : 150;
    int trials = argc > 3 ? atoi(argv[3]) : 5;
    if (n < 1 || R < 1 || trials < 1) {
        fprintf(stderr, "usage: zipline_bench [workers [R [trials]]]\n");
        return 2;
    }
    double *ends = malloc((size_t)n * (size_t)R * sizeof *ends);
    int *pick = malloc((size_t)n * sizeof *pick);
    double zbest = INFINITY, zsum = 0, pbest = INFINITY, psum = 0;
    int bad = 0;
    for (int t = 0; t < trials; t++) {
        /* Realistic predictions: each worker somewhere in its current
         * iteration, intervals from 1 s to 3 s (a straggler mix). */
        for (int p = 0; p < n; p++) {
            double iv = 1 + 2 * unif(), first = iv * unif();
            for (int i = 0; i < R; i++) ends[(size_t)p * (size_t)R + (size_t)i] = first + iv * i;
        }
        double barrier, wait, t0 = now_s();
        if (sched_zipline(ends, n, R, pick, &barrier, &wait) != 0) {
            fprintf(stderr, "sched_zipline failed\n");
            return 1;
        }
        double t1 = now_s();
        double pw = paper_zipline(ends, n, R);
        double t2 = now_s();
        if (pw != wait) {
            fprintf(stderr, "disagree: zipline %.17g, paper %.17g\n", wait, pw);
            bad = 1;
        }
        zbest = t1 - t0 < zbest ? t1 - t0 : zbest;
        pbest = t2 - t1 < pbest ? t2 - t1 : pbest;
        zsum += t1 - t0;
        psum += t2 - t1;
    }
    printf("workers %d, R %d, %d trials\n", n, R, trials);
    printf("zipline (window sweep)   best %.4f s  mean %.4f s\n", zbest, zsum / trials);
    printf("paper sweep (O(R n^2))   best %.4f s  mean %.4f s\n", pbest, psum / trials);
    printf("ratio paper/zipline      %.1fx\n", pbest / zbest);
    int slow = zsum / trials >= 1.0;
    printf("target: under 1 s: %s\n", slow ? "NOT MET" : "met");
    free(ends);
    free(pick);
    return slow || bad;
}
