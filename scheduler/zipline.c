/*
 * scheduler/zipline.c - Elastic BSP for sync(elastic(R)): predict each
 * worker's next R iteration ends from its recent intervals, then ZIPLINE
 * picks one end per worker so that the spread between the earliest and the
 * latest picked end (the time the fastest picked worker waits at the
 * barrier) is smallest.
 *
 * The paper's ZIPLINE sweeps the merged, sorted ends left to right keeping
 * the latest end of every worker in a set Z and evaluates max(Z) - min(Z)
 * at every step; finding min(Z) by scanning Z makes it O(R n^2). We run the
 * same sweep but keep Z implicit as a window [left, k] of the sorted array
 * in which every worker appears: advancing `left` past ends that a later end
 * of the same worker has replaced yields exactly min(Z), so each element
 * enters and leaves the window once and the sweep is linear after the sort.
 * Ties keep the paper's rule (the first minimum along the timeline).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/policy.h"
#include "strads.h"

typedef struct zpt {
    double v;
    int w, j; /* worker, 1-based iteration */
} zpt;

/* Total order (value, worker, iteration), so the result never depends on
 * the sort's handling of equal keys. */
static int zpt_cmp(const void *pa, const void *pb)
{
    const zpt *a = pa, *b = pb;
    if (a->v != b->v) return a->v < b->v ? -1 : 1;
    if (a->w != b->w) return a->w < b->w ? -1 : 1;
    return (a->j > b->j) - (a->j < b->j);
}

int sched_zipline(const double *ends, int n, int R, int *pick, double *barrier, double *wait)
{
    if (!ends || n < 1 || R < 1 || !pick) return STRADS_EINVAL;
    size_t m = (size_t)n * (size_t)R;
    for (int p = 0; p < n; p++)
        for (int i = 0; i < R; i++) {
            double v = ends[(size_t)p * (size_t)R + (size_t)i];
            if (isnan(v) || (i > 0 && v < ends[(size_t)p * (size_t)R + (size_t)i - 1]))
                return STRADS_EINVAL;
        }
    zpt *om = malloc(m * sizeof *om);
    int *cnt = calloc((size_t)n, sizeof *cnt);
    if (!om || !cnt) {
        free(om);
        free(cnt);
        return STRADS_ENOMEM;
    }
    for (int p = 0; p < n; p++)
        for (int i = 0; i < R; i++)
            om[(size_t)p * (size_t)R + (size_t)i] =
                (zpt){ends[(size_t)p * (size_t)R + (size_t)i], p, i + 1};
    qsort(om, m, sizeof *om, zpt_cmp);

    size_t left = 0, best_l = 0, best_r = 0;
    int covered = 0;
    double best = INFINITY;
    for (size_t k = 0; k < m; k++) {
        if (cnt[om[k].w]++ == 0) covered++;
        /* Drop ends that a later end of the same worker replaced in Z. */
        while (cnt[om[left].w] > 1) cnt[om[left++].w]--;
        if (covered < n) continue;
        double d = om[k].v - om[left].v;
        if (d < best) { /* strict: the first minimum wins, as in the paper */
            best = d;
            best_l = left;
            best_r = k;
        }
    }
    /* Z* = the latest end of each worker inside the best window. */
    for (size_t k = best_l; k <= best_r; k++) pick[om[k].w] = om[k].j;
    if (barrier) *barrier = om[best_r].v;
    if (wait) *wait = best;
    free(om);
    free(cnt);
    return 0;
}

struct sched_elastic {
    int n, window;
    double *iv;     /* n x window ring of recent intervals */
    int *count;     /* intervals seen per worker (capped at window for the mean) */
    int *head;
    double *last_end;
};

int sched_elastic_new(int workers, int window, sched_elastic **out)
{
    if (workers < 1 || window < 1 || !out) return STRADS_EINVAL;
    sched_elastic *e = calloc(1, sizeof *e);
    if (!e) return STRADS_ENOMEM;
    e->n = workers;
    e->window = window;
    e->iv = calloc((size_t)workers * (size_t)window, sizeof *e->iv);
    e->count = calloc((size_t)workers, sizeof *e->count);
    e->head = calloc((size_t)workers, sizeof *e->head);
    e->last_end = calloc((size_t)workers, sizeof *e->last_end);
    if (!e->iv || !e->count || !e->head || !e->last_end) {
        sched_elastic_free(e);
        return STRADS_ENOMEM;
    }
    *out = e;
    return 0;
}

void sched_elastic_free(sched_elastic *e)
{
    if (!e) return;
    free(e->iv);
    free(e->count);
    free(e->head);
    free(e->last_end);
    free(e);
}

int sched_elastic_observe(sched_elastic *e, int w, double t_start, double t_end)
{
    if (!e || w < 0 || w >= e->n || !(t_end >= t_start)) return STRADS_EINVAL;
    e->iv[(size_t)w * (size_t)e->window + (size_t)e->head[w]] = t_end - t_start;
    e->head[w] = (e->head[w] + 1) % e->window;
    if (e->count[w] < e->window) e->count[w]++;
    e->last_end[w] = t_end;
    return 0;
}

int sched_elastic_predict(const sched_elastic *e, int R, const double *start, double now,
                          double *ends)
{
    if (!e || R < 1 || !ends) return STRADS_EINVAL;
    for (int w = 0; w < e->n; w++)
        if (e->count[w] == 0) return STRADS_ESTATE;
    for (int w = 0; w < e->n; w++) {
        /* The paper assumes a stable environment over a short horizon: the
         * mean of the last `window` intervals stands for every future one. */
        double s = 0;
        for (int i = 0; i < e->count[w]; i++) s += e->iv[(size_t)w * (size_t)e->window + (size_t)i];
        double iv = s / e->count[w];
        double t0 = start ? start[w] : e->last_end[w];
        /* A worker already past its predicted end is at least at `now`. */
        double first = t0 + iv < now ? now : t0 + iv;
        for (int i = 0; i < R; i++) ends[(size_t)w * (size_t)R + (size_t)i] = first + iv * i;
    }
    return 0;
}

int sched_elastic_next(const sched_elastic *e, int R, const double *start, double now, int *pick,
                       double *barrier, double *wait)
{
    if (!e || R < 1) return STRADS_EINVAL;
    double *ends = malloc((size_t)e->n * (size_t)R * sizeof *ends);
    if (!ends) return STRADS_ENOMEM;
    int rc = sched_elastic_predict(e, R, start, now, ends);
    if (rc == 0) rc = sched_zipline(ends, e->n, R, pick, barrier, wait);
    free(ends);
    return rc;
}
