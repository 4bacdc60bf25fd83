/*
 * scheduler/flexpara.c - FlexPara for sync(flexpara): a per-node capacity
 * model (per-item time as a polynomial of the item's size, fitted on the
 * previous iteration) and the reassignment of items from slower to faster
 * nodes that the model predicts (paper Algorithm 1), with each node's
 * predicted time including the cost of moving the input bound to items it
 * does not hold (Algorithm 2).
 *
 * Why a model and not a linear rate: per-item cost is often super-linear in
 * the item's size (LDA documents, PageRank in-degrees), so "items per
 * second" mispredicts a task whose size mix changes. Why start from the home
 * assignment and move units: every moved item drags its input over the
 * network, so the partition should stay as close to where the data is as
 * the skew allows.
 *
 * The result is an assignment (item -> node) for the next iteration; the
 * engine moves the data of items whose node changed. It only decides who
 * runs what, so it combines with any sync model of the loop.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/policy.h"
#include "strads.h"

/* ---- capacity model ---------------------------------------------------- */

static double to_unit(const sched_flex_model *m, double x)
{
    if (m->xmax <= m->xmin) return 0;
    if (x < m->xmin) x = m->xmin;
    if (x > m->xmax) x = m->xmax;
    return (2 * x - m->xmin - m->xmax) / (m->xmax - m->xmin);
}

/* T_0..T_deg at t (Chebyshev polynomials of the first kind). */
static void cheb(double t, int deg, double *T)
{
    T[0] = 1;
    if (deg >= 1) T[1] = t;
    for (int k = 2; k <= deg; k++) T[k] = 2 * t * T[k - 1] - T[k - 2];
}

/* In-place Cholesky of the k x k SPD matrix A (row-major), then solves
 * A x = b into b. Returns -1 when a pivot is not safely positive. */
static int cholesky_solve(double *A, double *b, int k)
{
    double scale = 0;
    for (int i = 0; i < k; i++) scale += A[i * k + i];
    for (int j = 0; j < k; j++) {
        double d = A[j * k + j];
        for (int p = 0; p < j; p++) d -= A[j * k + p] * A[j * k + p];
        if (!(d > 1e-13 * scale)) return -1;
        d = sqrt(d);
        A[j * k + j] = d;
        for (int i = j + 1; i < k; i++) {
            double s = A[i * k + j];
            for (int p = 0; p < j; p++) s -= A[i * k + p] * A[j * k + p];
            A[i * k + j] = s / d;
        }
    }
    for (int i = 0; i < k; i++) { /* L y = b */
        double s = b[i];
        for (int p = 0; p < i; p++) s -= A[i * k + p] * b[p];
        b[i] = s / A[i * k + i];
    }
    for (int i = k - 1; i >= 0; i--) { /* L^T x = y */
        double s = b[i];
        for (int p = i + 1; p < k; p++) s -= A[p * k + i] * b[p];
        b[i] = s / A[i * k + i];
    }
    return 0;
}

int sched_flex_fit(const double *size, const double *time, size_t m, int degree,
                   sched_flex_model *out)
{
    if (!size || !time || !out || m == 0 || degree < 0 || degree > SCHED_FLEX_MAX_DEGREE)
        return STRADS_EINVAL;
    memset(out, 0, sizeof *out);
    /* Range, and how many distinct sizes (a fit of degree d needs d+1). */
    double distinct[SCHED_FLEX_MAX_DEGREE + 1];
    int nd = 0;
    out->xmin = out->xmax = size[0];
    for (size_t i = 0; i < m; i++) {
        if (!isfinite(size[i]) || !isfinite(time[i])) return STRADS_EINVAL;
        if (size[i] < out->xmin) out->xmin = size[i];
        if (size[i] > out->xmax) out->xmax = size[i];
        if (nd <= degree) {
            int seen = 0;
            for (int j = 0; j < nd && !seen; j++) seen = distinct[j] == size[i];
            if (!seen) distinct[nd++] = size[i];
        }
    }
    if (degree > nd - 1) degree = nd - 1;

    /* Normal equations in the Chebyshev basis; when rounding still makes
     * them singular (clustered sizes), drop the highest degree and retry. */
    for (; degree >= 0; degree--) {
        int k = degree + 1;
        double A[(SCHED_FLEX_MAX_DEGREE + 1) * (SCHED_FLEX_MAX_DEGREE + 1)] = {0};
        double b[SCHED_FLEX_MAX_DEGREE + 1] = {0}, T[SCHED_FLEX_MAX_DEGREE + 1];
        out->degree = degree;
        for (size_t i = 0; i < m; i++) {
            cheb(to_unit(out, size[i]), degree, T);
            for (int r = 0; r < k; r++) {
                b[r] += T[r] * time[i];
                for (int c = 0; c <= r; c++) A[r * k + c] += T[r] * T[c];
            }
        }
        for (int r = 0; r < k; r++)
            for (int c = r + 1; c < k; c++) A[r * k + c] = A[c * k + r];
        if (cholesky_solve(A, b, k) == 0) {
            memcpy(out->c, b, (size_t)k * sizeof *b);
            return 0;
        }
    }
    return STRADS_EINVAL; /* not reached: degree 0 always solves for m >= 1 */
}

double sched_flex_eval(const sched_flex_model *m, double size)
{
    double T[SCHED_FLEX_MAX_DEGREE + 1], f = 0;
    cheb(to_unit(m, size), m->degree, T);
    for (int k = 0; k <= m->degree; k++) f += m->c[k] * T[k];
    return f > 0 ? f : 0;
}

double sched_flex_net_rate(double bytes, double seconds)
{
    return seconds > 0 ? bytes / seconds : 0;
}

/* ---- prediction (Algorithm 2) ----------------------------------------- */

/* Per node: processing time, input bytes moved in, items held. */
typedef struct node_acc {
    double pro, moved;
    size_t items;
} node_acc;

static double exe_time(const sched_flex_problem *pb, double param_bytes, int n, const node_acc *a)
{
    double t = a->pro;
    double rate = pb->net_rate ? pb->net_rate[n] : 0;
    if (rate > 0) t += (a->moved + param_bytes * (double)a->items) / rate;
    return t;
}

static double item_bytes(const sched_flex_problem *pb, size_t i)
{
    return pb->bytes ? pb->bytes[i] : 0;
}

static int check_problem(const sched_flex_problem *pb)
{
    if (!pb || pb->nodes < 1 || !pb->size || !pb->home || !pb->model) return STRADS_EINVAL;
    for (size_t i = 0; i < pb->n; i++)
        if (pb->home[i] < 0 || pb->home[i] >= pb->nodes) return STRADS_EINVAL;
    return 0;
}

static void accumulate(const sched_flex_problem *pb, const int *assign, node_acc *acc)
{
    memset(acc, 0, (size_t)pb->nodes * sizeof *acc);
    for (size_t i = 0; i < pb->n; i++) {
        int n = assign[i];
        acc[n].pro += sched_flex_eval(&pb->model[n], pb->size[i]);
        acc[n].items++;
        if (pb->home[i] != n) acc[n].moved += item_bytes(pb, i);
    }
}

int sched_flex_predict(const sched_flex_problem *pb, const int *assign, double *node_time)
{
    int rc = check_problem(pb);
    if (rc) return rc;
    if (!assign || !node_time) return STRADS_EINVAL;
    for (size_t i = 0; i < pb->n; i++)
        if (assign[i] < 0 || assign[i] >= pb->nodes) return STRADS_EINVAL;
    node_acc *acc = malloc((size_t)pb->nodes * sizeof *acc);
    if (!acc) return STRADS_ENOMEM;
    accumulate(pb, assign, acc);
    double pbytes = pb->param_bytes > 0 ? pb->param_bytes : 0;
    for (int n = 0; n < pb->nodes; n++) node_time[n] = exe_time(pb, pbytes, n, &acc[n]);
    free(acc);
    return 0;
}

/* ---- reassignment (Algorithm 1) ---------------------------------------- */

typedef struct ilist {
    size_t *v, n, cap;
} ilist;

static int ilist_push(ilist *l, size_t x)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        size_t *v = realloc(l->v, cap * sizeof *v);
        if (!v) return STRADS_ENOMEM;
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = x;
    return 0;
}

typedef struct flex_ctx {
    const sched_flex_problem *pb;
    double param_bytes;
    int *assign;
    node_acc *acc;
    ilist *lists;
    double *t;
} flex_ctx;

/* Effect on donor s and receiver f of moving the last cnt items of s. */
static void move_effect(const flex_ctx *c, int s, int f, size_t cnt, node_acc *ns, node_acc *nf)
{
    const sched_flex_problem *pb = c->pb;
    *ns = c->acc[s];
    *nf = c->acc[f];
    const ilist *l = &c->lists[s];
    for (size_t k = l->n - cnt; k < l->n; k++) {
        size_t i = l->v[k];
        double by = item_bytes(pb, i);
        ns->pro -= sched_flex_eval(&pb->model[s], pb->size[i]);
        nf->pro += sched_flex_eval(&pb->model[f], pb->size[i]);
        if (pb->home[i] != s) ns->moved -= by;
        if (pb->home[i] != f) nf->moved += by;
    }
    ns->items -= cnt;
    nf->items += cnt;
    if (ns->pro < 0) ns->pro = 0; /* rounding of the running sum */
}

typedef struct rank_ent {
    double t;
    int n;
} rank_ent;

static int rank_cmp(const void *pa, const void *pb)
{
    const rank_ent *a = pa, *b = pb;
    if (a->t != b->t) return a->t < b->t ? -1 : 1;
    return (a->n > b->n) - (a->n < b->n);
}

int sched_flex_reassign(const sched_flex_problem *pb, const sched_flex_cfg *cfg, int *assign,
                        sched_flex_result *res)
{
    int rc = check_problem(pb);
    if (rc) return rc;
    if (!cfg || !assign || !(cfg->p >= 0) || !(cfg->b > 0 && cfg->b <= 1)) return STRADS_EINVAL;
    int N = pb->nodes, max_rounds = cfg->max_rounds > 0 ? cfg->max_rounds : 1000;
    flex_ctx c = {pb, pb->param_bytes > 0 ? pb->param_bytes : 0, assign, NULL, NULL, NULL};
    size_t *unit = calloc((size_t)N, sizeof *unit);
    rank_ent *rk = malloc((size_t)N * sizeof *rk);
    c.acc = malloc((size_t)N * sizeof *c.acc);
    c.lists = calloc((size_t)N, sizeof *c.lists);
    c.t = malloc((size_t)N * sizeof *c.t);
    rc = (!unit || !rk || !c.acc || !c.lists || !c.t) ? STRADS_ENOMEM : 0;
    /* Skewness prediction starts from the home ("hash") assignment, which
     * moves no input. A task's list keeps its items in index order, so the
     * items that leave it are always the same, reproducible tail. */
    for (size_t i = 0; rc == 0 && i < pb->n; i++) {
        assign[i] = pb->home[i];
        rc = ilist_push(&c.lists[pb->home[i]], i);
    }
    if (rc) goto out;
    accumulate(pb, assign, c.acc);
    for (int n = 0; n < N; n++) {
        c.t[n] = exe_time(pb, c.param_bytes, n, &c.acc[n]);
        /* Unit b: a fraction of the task's initial items (the paper writes
         * each bucket as 1/b files and moves whole files). */
        unit[n] = (size_t)ceil(cfg->b * (double)c.lists[n].n);
        if (unit[n] == 0) unit[n] = 1;
    }
    double before = 0;
    for (int n = 0; n < N; n++) before = c.t[n] > before ? c.t[n] : before;

    int round = 0;
    for (; round < max_rounds; round++) {
        for (int n = 0; n < N; n++) rk[n] = (rank_ent){c.t[n], n};
        qsort(rk, (size_t)N, sizeof *rk, rank_cmp);
        double tmax = rk[N - 1].t, tmin = rk[0].t;
        if (tmax <= 0 || (tmax - tmin) / tmax <= cfg->p) break;
        int moved_any = 0;
        /* Pair the k-th slowest with the k-th fastest; the distance d to the
         * median scales how much moves, so the worst skew closes fastest. */
        for (int k = 0; k < N / 2; k++) {
            int s = rk[N - 1 - k].n, f = rk[k].n;
            size_t d = (size_t)(N / 2 - k), cnt = d * unit[s];
            if (cnt > c.lists[s].n) cnt = c.lists[s].n;
            /* Guard the paper leaves implicit: a move must lower the pair's
             * larger time, or the loop could overshoot and oscillate. Halve
             * the amount until it helps. */
            node_acc ns, nf;
            double old = c.t[s] > c.t[f] ? c.t[s] : c.t[f];
            for (; cnt > 0; cnt /= 2) {
                move_effect(&c, s, f, cnt, &ns, &nf);
                double ts = exe_time(pb, c.param_bytes, s, &ns);
                double tf = exe_time(pb, c.param_bytes, f, &nf);
                if ((ts > tf ? ts : tf) < old) break;
            }
            if (cnt == 0) continue;
            ilist *ls = &c.lists[s];
            for (size_t j = ls->n - cnt; j < ls->n; j++) {
                assign[ls->v[j]] = f;
                if ((rc = ilist_push(&c.lists[f], ls->v[j]))) goto out;
            }
            ls->n -= cnt;
            c.acc[s] = ns;
            c.acc[f] = nf;
            c.t[s] = exe_time(pb, c.param_bytes, s, &ns);
            c.t[f] = exe_time(pb, c.param_bytes, f, &nf);
            moved_any = 1;
        }
        if (!moved_any) break;
    }
    if (res) {
        /* Recompute from scratch so running-sum rounding does not leak out. */
        accumulate(pb, assign, c.acc);
        res->before = before;
        res->after = 0;
        res->moved = 0;
        res->rounds = round;
        for (int n = 0; n < N; n++) {
            double t = exe_time(pb, c.param_bytes, n, &c.acc[n]);
            if (t > res->after) res->after = t;
        }
        for (size_t i = 0; i < pb->n; i++) res->moved += assign[i] != pb->home[i];
    }
out:
    if (c.lists)
        for (int n = 0; n < N; n++) free(c.lists[n].v);
    free(c.lists);
    free(c.acc);
    free(c.t);
    free(unit);
    free(rk);
    return rc;
}
