/*
 * sync_prog - the oracle tests of sync_for, with loop sites written by hand
 * in the shape stradsc generates (env struct led by strads_loop_dyn, body and
 * reconnaissance over a range, tls for reductions, the site's array table).
 *
 * Each mode trains a model through strads_sync_for under the model chosen by
 * STRADS_SYNC (the launch override), then trains the same model with the
 * same body run sequentially in one process (the plain `cc` build of the
 * loop), and compares:
 *
 *   sync_prog exact   logistic regression, one minibatch = the whole range:
 *                     with one node and one thread the weights and the loss
 *                     must be bitwise the sequential full-batch result
 *   sync_prog lr      logistic regression, minibatch SGD, AVG aggregation:
 *                     final log loss <= 1.10 x sequential + 0.02, accuracy
 *                     within 3 points
 *   sync_prog hist    strads_history_*: versions the driver committed, read
 *                     in a loop body on every node, all equal
 *   sync_prog kmtol   k-means under a model that may skip points in an
 *                     iteration (A-BSP's partial processing): every point
 *                     counted at most once per iteration and at least half
 *                     of them, final cost within 2% of sequential
 *   sync_prog kmeans  k-means with array-section reductions sums[0:k*d],
 *                     counts[0:k] and a scalar cost; the centroids are a
 *                     read-only dvector the driver updates between calls:
 *                     centroids within 1e-9 of sequential, and two runs
 *                     bitwise equal (fixed reduction order)
 *   sync_prog mf      SGD matrix factorization, SUM aggregation: train RMSE
 *                     <= 1.15 x sequential + 0.05
 *   sync_prog lroff   lr with recon(off): whole arrays are replicated/shipped
 *   sync_prog lrdet   lr trained twice: bitwise equal (run under BSP)
 *   sync_prog mffn    mf with aggregate(fn) by an adding function: bitwise
 *                     equal to aggregate(sum) (run under BSP)
 *   sync_prog gate    mf under sync(custom(...)) with a gate installed through
 *                     the policy hook: converges, and the gate is asked
 *   sync_prog mfbare  mf through a site without the array table (an older
 *                     stradsc): one node shares its copy between threads,
 *                     several nodes refuse the loop, naming the array
 *   sync_prog miss    counters whose reconnaissance records fewer writes
 *                     than the body makes (a write under a data-dependent
 *                     branch): every write must reach the owners, so the
 *                     counts equal the sequential ones exactly
 *
 * Prints "ok MODE size=N threads=T" on success.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <msgpack.h>

#include "check.h"
#include "engine/loop.h"
#include "strads_generated.h"

/* A policy's gate (the hook of engine/loop.h), installed in every process
 * before main: "throttle", a node may run one clock ahead of the slowest,
 * counted so the test can see the engine asked it. */
static long gate_calls;
static double gate_avg_max; /* the largest clock time the gate was told */
static int throttle_gate(const strads_sync_spec *spec, int me, int64_t clock, const int64_t *done,
                         const double *avg_s, int nodes)
{
    (void)spec;
    (void)me;
    gate_calls++;
    for (int r = 0; r < nodes; r++)
        if (avg_s[r] > gate_avg_max) gate_avg_max = avg_s[r];
    for (int r = 0; r < nodes; r++)
        if (done[r] < clock - 1) return 0;
    return 1;
}
__attribute__((constructor)) static void install_gate(void)
{
    rt_sync_set_gate(STRADS_SYNC_CUSTOM, throttle_gate);
}

static uint64_t seed = 0x9E3779B97F4A7C15ull;
static uint64_t rnd64(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
}
static double unit(void) { return (double)(rnd64() >> 11) * 0x1.0p-53; }

static int env_pack_bin(msgpack_packer *pk, const void *env, size_t size)
{
    msgpack_pack_bin(pk, size);
    msgpack_pack_bin_body(pk, env, size);
    return 0;
}

static int env_unpack_bin(const msgpack_object *m, void *env, size_t size)
{
    if (m->type != MSGPACK_OBJECT_BIN || m->via.bin.size != size) return STRADS_EPROTO;
    memcpy(env, m->via.bin.ptr, size);
    return 0;
}

/* ======================= logistic regression ======================= */

#define LD 16

typedef struct sample {
    double x[LD];
    double y;
} sample;

typedef struct lr_env {
    strads_loop_dyn dyn;
    double *w;          /* dvector, LD + 1 doubles (bias last) */
    const sample *X;    /* dvector of samples */
    double lr;
    double loss, *p_loss; /* reduction(+: loss) */
} lr_env;

typedef struct lr_tls {
    double loss;
} lr_tls;

static double lr_one(double *w, const sample *s, double lr)
{
    double z = w[LD];
    for (int j = 0; j < LD; j++) z += w[j] * s->x[j];
    double p = 1 / (1 + exp(-z));
    double l = s->y > 0.5 ? -log(p + 1e-12) : -log(1 - p + 1e-12);
    double g = p - s->y;
    for (int j = 0; j < LD; j++) w[j] -= lr * g * s->x[j];
    w[LD] -= lr * g;
    return l;
}

/* SYNC_PROG_WORK=k: every sample also costs k dot products that change
 * nothing, so that the compute (what STRADS_SLOW scales) outweighs the
 * messages in the straggler tests. Read by every process. */
static int extra_work(void)
{
    /* Read first by whichever worker thread gets here: atomic, and every
     * thread computes the same value. */
    static int k = -1;
    int w = __atomic_load_n(&k, __ATOMIC_RELAXED);
    if (w < 0) {
        const char *v = getenv("SYNC_PROG_WORK");
        w = v ? atoi(v) : 0;
        __atomic_store_n(&k, w, __ATOMIC_RELAXED);
    }
    return w;
}

static void lr_body(void *env, void *tls, const int64_t *idx, int64_t lo, int64_t hi)
{
    lr_env *e = env;
    lr_tls *t = tls;
    double *w = e->w;
    double loss = t->loss;
    int work = extra_work();
    for (int64_t k = lo; k < hi; k++) {
        const sample *s = &e->X[idx ? idx[k] : k];
        volatile double sink = 0;
        for (int r = 0; r < work; r++) {
            double z = 0;
            for (int j = 0; j < LD; j++) z += w[j] * s->x[j] * (double)r;
            sink += z;
        }
        loss += lr_one(w, s, e->lr);
    }
    t->loss = loss;
}

static void lr_recon(const void *env, strads_recon *rc, const int64_t *idx, int64_t lo, int64_t hi)
{
    const lr_env *e = env;
    for (int64_t k = lo; k < hi; k++) {
        int64_t i = idx ? idx[k] : k;
        strads_recon_iter(rc, i);
        strads_recon_read(rc, &e->X[i], sizeof e->X[i]);
        strads_recon_write(rc, e->w, (LD + 1) * sizeof(double));
    }
}

static void lr_tls_init(void *tls, const void *env)
{
    (void)env;
    ((lr_tls *)tls)->loss = 0;
}
static void lr_tls_fold(void *acc, const void *tls)
{
    ((lr_tls *)acc)->loss += ((const lr_tls *)tls)->loss;
}
static void lr_publish(void *env, const void *acc)
{
    lr_env *e = env;
    *e->p_loss = e->loss + ((const lr_tls *)acc)->loss;
}
static int lr_tls_pack(struct msgpack_packer *pk, const void *tls)
{
    return msgpack_pack_double((msgpack_packer *)pk, ((const lr_tls *)tls)->loss);
}
static int lr_tls_unpack(const struct msgpack_object *o, void *tls)
{
    const msgpack_object *m = (const msgpack_object *)o;
    if (m->type != MSGPACK_OBJECT_FLOAT64 && m->type != MSGPACK_OBJECT_FLOAT32) return STRADS_EPROTO;
    ((lr_tls *)tls)->loss = m->via.f64;
    return 0;
}
static int lr_pack(struct msgpack_packer *pk, const void *env)
{
    return env_pack_bin((msgpack_packer *)pk, env, sizeof(lr_env));
}
static int lr_unpack(const struct msgpack_object *o, void *env)
{
    return env_unpack_bin((const msgpack_object *)o, env, sizeof(lr_env));
}

static const strads_loop_array lr_arrays[] = {
    {offsetof(lr_env, w), STRADS_T_F64, STRADS_AGG_AVG, NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL},
    {offsetof(lr_env, X), STRADS_T_F64, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY, 0, 0, 0, 0, 0, 0, 0, NULL},
};

static const strads_loop_site lr_site = {
    .abi = STRADS_ABI_VERSION, .kind = STRADS_SYNC_FOR, .file = "sync_prog.c", .line = 1,
    .col = 1, .id = 0x6161, .env_size = sizeof(lr_env), .tls_size = sizeof(lr_tls),
    .body = lr_body, .recon = lr_recon, .tls_init = lr_tls_init, .tls_fold = lr_tls_fold,
    .publish = lr_publish, .pack = lr_pack, .unpack = lr_unpack, .recon_on = 1,
    .tls_pack = lr_tls_pack, .tls_unpack = lr_tls_unpack, .arrays = lr_arrays, .narrays = 2};

/* recon(off): the engine cannot know what a task touches, it ships whole arrays. */
static const strads_loop_site lr_site_off = {
    .abi = STRADS_ABI_VERSION, .kind = STRADS_SYNC_FOR, .file = "sync_prog.c", .line = 4,
    .col = 1, .id = 0x6464, .env_size = sizeof(lr_env), .tls_size = sizeof(lr_tls),
    .body = lr_body, .recon = lr_recon, .tls_init = lr_tls_init, .tls_fold = lr_tls_fold,
    .publish = lr_publish, .pack = lr_pack, .unpack = lr_unpack, .recon_on = 0,
    .tls_pack = lr_tls_pack, .tls_unpack = lr_tls_unpack, .arrays = lr_arrays, .narrays = 2};

/* Full-data log loss and accuracy of w. */
static void lr_eval(const double *w, const sample *X, int64_t n, double *loss, double *acc)
{
    double l = 0;
    int64_t right = 0;
    for (int64_t i = 0; i < n; i++) {
        double z = w[LD];
        for (int j = 0; j < LD; j++) z += w[j] * X[i].x[j];
        double p = 1 / (1 + exp(-z));
        l += X[i].y > 0.5 ? -log(p + 1e-12) : -log(1 - p + 1e-12);
        right += (p > 0.5) == (X[i].y > 0.5);
    }
    *loss = l / (double)n;
    *acc = 100.0 * (double)right / (double)n;
}

/* exact: one minibatch, compared bitwise; det: trained twice from the same
 * start, compared bitwise (BSP does not depend on timing). */
static int run_lr(int exact, int epochs, const strads_loop_site *site, int det)
{
    int64_t n = 4000;
    double *w = strads_dv_calloc(LD + 1, sizeof(double), sizeof(double), "w");
    sample *X = strads_dv_malloc((size_t)n * sizeof *X, sizeof *X, "X");
    CHECK(w && X);
    double truth[LD];
    for (int j = 0; j < LD; j++) truth[j] = unit() * 2 - 1;
    for (int64_t i = 0; i < n; i++) {
        double z = 0.3;
        for (int j = 0; j < LD; j++) z += truth[j] * (X[i].x[j] = unit() * 2 - 1);
        X[i].y = unit() < 1 / (1 + exp(-3 * z)) ? 1 : 0;
    }
    double ws[LD + 1] = {0}, lr = exact ? 0.5 / (double)n : 0.05;
    double seq_loss_sum = 0, par_loss_sum = 0;
    for (int ep = 0; ep < epochs; ep++) {
        double loss = 0;
        lr_env e = {{exact ? n : 0, 0, {0, 0, 0, 0, NULL}}, w, X, lr, loss, &loss};
        strads_sync_for(site, 0, n, &e);
        par_loss_sum = loss;
        /* sequential: the same body over [0, n) in order */
        lr_env s = {{0, 0, {0, 0, 0, 0, NULL}}, ws, X, lr, 0, NULL};
        lr_tls t = {0};
        lr_body(&s, &t, NULL, 0, n);
        seq_loss_sum = t.loss;
    }
    if (det) {
        double w1[LD + 1], l1 = par_loss_sum;
        memcpy(w1, w, sizeof w1);
        memset(w, 0, sizeof w1);
        for (int ep = 0; ep < epochs; ep++) {
            double loss = 0;
            lr_env e = {{0, 0, {0, 0, 0, 0, NULL}}, w, X, lr, loss, &loss};
            strads_sync_for(site, 0, n, &e);
            par_loss_sum = loss;
        }
        CHECK(memcmp(w1, w, sizeof w1) == 0);
        CHECK(memcmp(&l1, &par_loss_sum, sizeof l1) == 0);
        printf("lrdet: two runs bitwise equal, loss %.17g\n", l1);
    }
    if (exact) {
        CHECK(memcmp(ws, w, sizeof ws) == 0);
        CHECK(memcmp(&seq_loss_sum, &par_loss_sum, sizeof(double)) == 0);
        printf("exact: loss %.17g\n", par_loss_sum);
    } else {
        double sl, sa, pl, pa;
        lr_eval(ws, X, n, &sl, &sa);
        lr_eval(w, X, n, &pl, &pa);
        printf("lr: sequential loss %.4f acc %.2f, parallel loss %.4f acc %.2f (last epoch loss "
               "sum %.2f)\n", sl, sa, pl, pa, par_loss_sum);
        CHECK(isfinite(pl));
        CHECK(pl <= sl * 1.10 + 0.02);
        CHECK(fabs(pa - sa) <= 3.0);
    }
    strads_free(w);
    strads_free(X);
    return 0;
}

/* ============================ k-means ============================ */

#define KD 4
#define KK 5

typedef struct km_env {
    strads_loop_dyn dyn;
    const double (*P)[KD];   /* dvector of points */
    const double (*C)[KD];   /* dvector of centroids, read-only in the loop */
    double *p_sums;          /* reduction(+: sums[0:KK*KD]) driver address */
    long *p_counts;          /* reduction(+: counts[0:KK]) */
    double cost, *p_cost;    /* reduction(+: cost) */
} km_env;

typedef struct km_tls {
    double *sums;  /* section buffers, KK*KD and KK */
    long *counts;
    double cost;
} km_tls;

static void km_body(void *env, void *tls, const int64_t *idx, int64_t lo, int64_t hi)
{
    km_env *e = env;
    km_tls *t = tls;
    for (int64_t k = lo; k < hi; k++) {
        int64_t i = idx ? idx[k] : k;
        int bc = 0;
        double bd = 1e300;
        for (int c = 0; c < KK; c++) {
            double d = 0;
            for (int j = 0; j < KD; j++) d += (e->P[i][j] - e->C[c][j]) * (e->P[i][j] - e->C[c][j]);
            if (d < bd) bd = d, bc = c;
        }
        for (int j = 0; j < KD; j++) t->sums[bc * KD + j] += e->P[i][j];
        t->counts[bc]++;
        t->cost += bd;
    }
}

static void km_recon(const void *env, strads_recon *rc, const int64_t *idx, int64_t lo, int64_t hi)
{
    const km_env *e = env;
    for (int64_t k = lo; k < hi; k++) {
        int64_t i = idx ? idx[k] : k;
        strads_recon_iter(rc, i);
        strads_recon_read(rc, e->P[i], sizeof e->P[i]);
        strads_recon_read(rc, e->C, KK * sizeof e->C[0]);
    }
}

static void km_tls_init(void *tls, const void *env)
{
    (void)env;
    km_tls *t = tls;
    t->sums = calloc(KK * KD, sizeof *t->sums);
    t->counts = calloc(KK, sizeof *t->counts);
    t->cost = 0;
    if (!t->sums || !t->counts) strads_fatal(STRADS_ENOMEM, "km_tls_init");
}
static void km_tls_fold(void *acc, const void *tls)
{
    km_tls *a = acc;
    const km_tls *t = tls;
    for (int j = 0; j < KK * KD; j++) a->sums[j] += t->sums[j];
    for (int c = 0; c < KK; c++) a->counts[c] += t->counts[c];
    a->cost += t->cost;
}
static void km_tls_free(void *tls)
{
    km_tls *t = tls;
    free(t->sums);
    free(t->counts);
}
static void km_publish(void *env, const void *acc)
{
    km_env *e = env;
    const km_tls *a = acc;
    /* a reduction over a section adds to the variable's value at loop entry */
    for (int j = 0; j < KK * KD; j++) e->p_sums[j] += a->sums[j];
    for (int c = 0; c < KK; c++) e->p_counts[c] += a->counts[c];
    *e->p_cost = e->cost + a->cost;
}
static int km_tls_pack(struct msgpack_packer *vpk, const void *tls)
{
    msgpack_packer *pk = (msgpack_packer *)vpk;
    const km_tls *t = tls;
    msgpack_pack_array(pk, 3);
    env_pack_bin(pk, t->sums, KK * KD * sizeof *t->sums);
    env_pack_bin(pk, t->counts, KK * sizeof *t->counts);
    return msgpack_pack_double(pk, t->cost);
}
static int km_tls_unpack(const struct msgpack_object *vo, void *tls)
{
    const msgpack_object *o = (const msgpack_object *)vo;
    km_tls *t = tls;
    if (o->type != MSGPACK_OBJECT_ARRAY || o->via.array.size != 3) return STRADS_EPROTO;
    const msgpack_object *a = o->via.array.ptr;
    if (env_unpack_bin(&a[0], t->sums, KK * KD * sizeof *t->sums) ||
        env_unpack_bin(&a[1], t->counts, KK * sizeof *t->counts) ||
        a[2].type != MSGPACK_OBJECT_FLOAT64)
        return STRADS_EPROTO;
    t->cost = a[2].via.f64;
    return 0;
}
static int km_pack(struct msgpack_packer *pk, const void *env)
{
    return env_pack_bin((msgpack_packer *)pk, env, sizeof(km_env));
}
static int km_unpack(const struct msgpack_object *o, void *env)
{
    return env_unpack_bin((const msgpack_object *)o, env, sizeof(km_env));
}

static const strads_loop_array km_arrays[] = {
    {offsetof(km_env, P), STRADS_T_F64, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY, 0, 0, 0, 0, 0, 0, 0, NULL},
    {offsetof(km_env, C), STRADS_T_F64, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY, 0, 0, 0, 0, 0, 0, 0, NULL},
};

static const strads_loop_site km_site = {
    .abi = STRADS_ABI_VERSION, .kind = STRADS_SYNC_FOR, .file = "sync_prog.c", .line = 2,
    .col = 1, .id = 0x6262, .env_size = sizeof(km_env), .tls_size = sizeof(km_tls),
    .body = km_body, .recon = km_recon, .tls_init = km_tls_init, .tls_fold = km_tls_fold,
    .publish = km_publish, .tls_free = km_tls_free, .pack = km_pack, .unpack = km_unpack,
    .recon_on = 1, .tls_pack = km_tls_pack, .tls_unpack = km_tls_unpack, .arrays = km_arrays,
    .narrays = 2};

/* One Lloyd iteration: assignment through sync_for (or sequentially), then
 * the driver moves the centroids. Returns the cost. */
static double km_step(double (*C)[KD], const double (*P)[KD], int64_t n, int parallel, int partial)
{
    double sums[KK * KD] = {0}, cost = 0;
    long counts[KK] = {0};
    km_env e = {{0, 0, {0, 0, 0, 0, NULL}}, P, (const double(*)[KD])C, sums, counts, 0, &cost};
    if (parallel) {
        strads_sync_for(&km_site, 0, n, &e);
    } else {
        km_tls t;
        km_tls_init(&t, &e);
        km_body(&e, &t, NULL, 0, n);
        km_publish(&e, &t);
        km_tls_free(&t);
    }
    int64_t total = 0;
    for (int c = 0; c < KK; c++) total += counts[c];
    if (partial)
        CHECK(total <= n && 2 * total >= n);
    else
        CHECK_EQ(total, n);
    for (int c = 0; c < KK; c++)
        if (counts[c])
            for (int j = 0; j < KD; j++) C[c][j] = sums[c * KD + j] / (double)counts[c];
    return cost;
}

static int run_kmeans(int iters, int partial)
{
    int64_t n = 3000;
    double(*P)[KD] = strads_dv_malloc((size_t)n * sizeof *P, sizeof *P, "P");
    double(*C)[KD] = strads_dv_malloc(KK * sizeof *C, sizeof *C, "C");
    CHECK(P && C);
    for (int64_t i = 0; i < n; i++) {
        int c = (int)(rnd64() % KK);
        for (int j = 0; j < KD; j++) P[i][j] = c * 3.0 + (j == c % KD) * 2.0 + unit();
    }
    double Cs[KK][KD], C0[KK][KD];
    for (int c = 0; c < KK; c++)
        for (int j = 0; j < KD; j++) C[c][j] = Cs[c][j] = C0[c][j] = P[c * 7][j];
    double pc = 0, sc = 0;
    for (int it = 0; it < iters; it++) {
        pc = km_step(C, (const double(*)[KD])P, n, 1, partial);
        sc = km_step(Cs, (const double(*)[KD])P, n, 0, 0);
    }
    if (partial) {
        /* The cost of the partial run's centroids over all points. */
        double C1[KK][KD];
        memcpy(C1, C, sizeof C1);
        double full = km_step(C1, (const double(*)[KD])P, n, 0, 0);
        printf("kmtol: cost %.6f (sequential %.6f)\n", full, sc);
        CHECK(full <= sc * 1.02);
        strads_free(P);
        strads_free(C);
        return 0;
    }
    for (int c = 0; c < KK; c++)
        for (int j = 0; j < KD; j++) CHECK_DBL(C[c][j], Cs[c][j], 1e-9);
    CHECK_DBL(pc, sc, 1e-9 * fabs(sc));
    /* fixed reduction order: a second run from the same start is bitwise equal */
    double C1[KK][KD];
    memcpy(C1, C, sizeof C1);
    memcpy(C, C0, sizeof C0);
    double pc2 = 0;
    for (int it = 0; it < iters; it++) pc2 = km_step(C, (const double(*)[KD])P, n, 1, 0);
    CHECK(memcmp(C1, C, sizeof C1) == 0);
    CHECK(memcmp(&pc, &pc2, sizeof pc) == 0);
    printf("kmeans: cost %.6f (sequential %.6f)\n", pc, sc);
    strads_free(P);
    strads_free(C);
    return 0;
}

/* ========================== SGD-MF ========================== */

#define MK 8

typedef struct rating {
    int32_t u, v;
    float r;
} rating;

typedef struct mf_env {
    strads_loop_dyn dyn;
    float (*W)[MK], (*H)[MK];
    const rating *A;
    float lr, reg;
} mf_env;

static void mf_one(float (*W)[MK], float (*H)[MK], const rating *a, float lr, float reg)
{
    float *w = W[a->u], *h = H[a->v], err = a->r;
    for (int k = 0; k < MK; k++) err -= w[k] * h[k];
    for (int k = 0; k < MK; k++) {
        float wk = w[k];
        w[k] += lr * (err * h[k] - reg * wk);
        h[k] += lr * (err * wk - reg * h[k]);
    }
}

static void mf_body(void *env, void *tls, const int64_t *idx, int64_t lo, int64_t hi)
{
    (void)tls;
    mf_env *e = env;
    for (int64_t k = lo; k < hi; k++) mf_one(e->W, e->H, &e->A[idx ? idx[k] : k], e->lr, e->reg);
}

static void mf_recon(const void *env, strads_recon *rc, const int64_t *idx, int64_t lo, int64_t hi)
{
    const mf_env *e = env;
    for (int64_t k = lo; k < hi; k++) {
        int64_t i = idx ? idx[k] : k;
        strads_recon_iter(rc, i);
        strads_recon_read(rc, &e->A[i], sizeof e->A[i]);
        strads_recon_write(rc, e->W[e->A[i].u], sizeof e->W[0]);
        strads_recon_write(rc, e->H[e->A[i].v], sizeof e->H[0]);
    }
}

static int mf_pack(struct msgpack_packer *pk, const void *env)
{
    return env_pack_bin((msgpack_packer *)pk, env, sizeof(mf_env));
}
static int mf_unpack(const struct msgpack_object *o, void *env)
{
    return env_unpack_bin((const msgpack_object *)o, env, sizeof(mf_env));
}

static const strads_loop_array mf_arrays[] = {
    {offsetof(mf_env, W), STRADS_T_F32, STRADS_AGG_SUM, NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL},
    {offsetof(mf_env, H), STRADS_T_F32, STRADS_AGG_SUM, NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL},
    {offsetof(mf_env, A), STRADS_T_I32, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY, 0, 0, 0, 0, 0, 0, 0, NULL},
};

static const strads_loop_site mf_site = {
    .abi = STRADS_ABI_VERSION, .kind = STRADS_SYNC_FOR, .file = "sync_prog.c", .line = 3,
    .col = 1, .id = 0x6363, .env_size = sizeof(mf_env), .body = mf_body, .recon = mf_recon,
    .pack = mf_pack, .unpack = mf_unpack, .recon_on = 1, .arrays = mf_arrays, .narrays = 3};

static void add_f32(void *elem, const void *delta, size_t size)
{
    float *x = elem;
    const float *d = delta;
    for (size_t k = 0; k < size / sizeof(float); k++) x[k] += d[k];
}

static const strads_loop_array mf_arrays_fn[] = {
    {offsetof(mf_env, W), STRADS_T_F32, STRADS_AGG_FN, add_f32, 0, 0, 0, 0, 0, 0, 0, 0, NULL},
    {offsetof(mf_env, H), STRADS_T_F32, STRADS_AGG_FN, add_f32, 0, 0, 0, 0, 0, 0, 0, 0, NULL},
    {offsetof(mf_env, A), STRADS_T_I32, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY, 0, 0, 0, 0, 0, 0, 0, NULL},
};

static const strads_loop_site mf_site_fn = {
    .abi = STRADS_ABI_VERSION, .kind = STRADS_SYNC_FOR, .file = "sync_prog.c", .line = 5,
    .col = 1, .id = 0x6565, .env_size = sizeof(mf_env), .body = mf_body, .recon = mf_recon,
    .pack = mf_pack, .unpack = mf_unpack, .recon_on = 1, .arrays = mf_arrays_fn, .narrays = 3};

/* As an older stradsc emits it: no array table. */
static const strads_loop_site mf_site_bare = {
    .abi = STRADS_ABI_VERSION, .kind = STRADS_SYNC_FOR, .file = "sync_prog.c", .line = 6,
    .col = 1, .id = 0x6666, .env_size = sizeof(mf_env), .body = mf_body, .recon = mf_recon,
    .pack = mf_pack, .unpack = mf_unpack, .recon_on = 1};

static double mf_rmse(float (*W)[MK], float (*H)[MK], const rating *A, int64_t R)
{
    double se = 0;
    for (int64_t i = 0; i < R; i++) {
        float p = 0;
        for (int k = 0; k < MK; k++) p += W[A[i].u][k] * H[A[i].v][k];
        se += (A[i].r - p) * (A[i].r - p);
    }
    return sqrt(se / (double)R);
}

/* Trains from the same start with site; *Wc, *Hc get copies of the result
 * and the sequential model when seq is nonzero. */
static int run_mf(int epochs, const strads_loop_site *site, float **Wc, float **Hc)
{
    seed = 0x9E3779B97F4A7C15ull;
    int64_t M = 200, N = 150, R = 20000;
    float(*W)[MK] = strads_dv_calloc((size_t)M, sizeof *W, sizeof *W, "W");
    float(*H)[MK] = strads_dv_calloc((size_t)N, sizeof *H, sizeof *H, "H");
    rating *A = strads_dv_malloc((size_t)R * sizeof *A, sizeof *A, "A");
    CHECK(W && H && A);
    /* ratings from a low-rank truth plus noise */
    float tu[200][3], tv[150][3];
    for (int i = 0; i < 200; i++)
        for (int k = 0; k < 3; k++) tu[i][k] = (float)unit();
    for (int i = 0; i < 150; i++)
        for (int k = 0; k < 3; k++) tv[i][k] = (float)unit();
    for (int64_t i = 0; i < R; i++) {
        int32_t u = (int32_t)(rnd64() % M), v = (int32_t)(rnd64() % N);
        float r = 1;
        for (int k = 0; k < 3; k++) r += 1.3f * tu[u][k] * tv[v][k];
        A[i] = (rating){u, v, r + (float)(unit() - 0.5) * 0.2f};
    }
    for (int64_t i = 0; i < M; i++)
        for (int k = 0; k < MK; k++) W[i][k] = (float)(0.3 * unit());
    for (int64_t i = 0; i < N; i++)
        for (int k = 0; k < MK; k++) H[i][k] = (float)(0.3 * unit());
    float(*Ws)[MK] = malloc(sizeof(float[MK]) * M), (*Hs)[MK] = malloc(sizeof(float[MK]) * N);
    memcpy(Ws, W, sizeof(float[MK]) * M);
    memcpy(Hs, H, sizeof(float[MK]) * N);
    double r0 = mf_rmse(W, H, A, R);
    for (int ep = 0; ep < epochs; ep++) {
        mf_env e = {{0, 0, {0, 0, 0, 0, NULL}}, W, H, A, 0.02f, 0.02f};
        strads_sync_for(site, 0, R, &e);
        mf_env s = {{0, 0, {0, 0, 0, 0, NULL}}, Ws, Hs, A, 0.02f, 0.02f};
        mf_body(&s, NULL, NULL, 0, R);
    }
    double pr = mf_rmse(W, H, A, R), sr = mf_rmse(Ws, Hs, A, R);
    printf("mf: rmse start %.4f, sequential %.4f, parallel %.4f\n", r0, sr, pr);
    CHECK(isfinite(pr));
    CHECK(pr <= sr * 1.15 + 0.05);
    CHECK(pr < r0 * 0.5);
    if (Wc) {
        *Wc = malloc(sizeof(float[MK]) * M);
        *Hc = malloc(sizeof(float[MK]) * N);
        memcpy(*Wc, W, sizeof(float[MK]) * M);
        memcpy(*Hc, H, sizeof(float[MK]) * N);
    }
    free(Ws);
    free(Hs);
    strads_free(W);
    strads_free(H);
    strads_free(A);
    return 0;
}

/* ================= writes reconnaissance does not record ================= */

#define MISS_M 3000 /* counters in acc: 6 pages of doubles */
#define MISS_H 10
#define MISS_R 1000 /* rows of 3 doubles: 24 bytes, some across two pages */
#define MISS_D 700  /* counters over two pages, all of them read by some tasks */

typedef struct miss_env {
    strads_loop_dyn dyn;
    double *acc;        /* dvector, aggregate(sum) */
    int64_t *hits;      /* dvector that reconnaissance never sees written */
    double (*rows)[3];  /* dvector, aggregate(sum) */
    const double *X;    /* dvector of inputs */
    double *dense;      /* dvector, aggregate(sum), never recorded as written */
} miss_env;

static void miss_body(void *env, void *tls, const int64_t *idx, int64_t lo, int64_t hi)
{
    (void)tls;
    miss_env *e = env;
    for (int64_t k = lo; k < hi; k++) {
        int64_t i = idx ? idx[k] : k;
        e->acc[(i * 7) % MISS_M] += 1;
        if (e->X[i] > 0.5) e->acc[0] += 1;      /* the branch recon does not take */
        if (e->X[i] > 0.9) e->hits[i % MISS_H] += 1;
        if (e->X[i] > 0.7)
            for (int j = 0; j < 3; j++) e->rows[i % MISS_R][j] += j + 1;
        if (e->X[i] > 0.6) e->dense[(i * 3) % MISS_D] += 2;
    }
}

/* Deliberately short: only the writes of even iterations are recorded, and
 * none of the branches, which is what reconnaissance gives for a write under
 * a condition that is false while it runs. Some missed writes land on pages
 * that hold recorded elements, some on pages that hold none, some in an
 * array with no recorded write at all. */
static void miss_recon(const void *env, strads_recon *rc, const int64_t *idx, int64_t lo, int64_t hi)
{
    const miss_env *e = env;
    for (int64_t k = lo; k < hi; k++) {
        int64_t i = idx ? idx[k] : k;
        strads_recon_iter(rc, i);
        strads_recon_read(rc, &e->X[i], sizeof e->X[i]);
        if (i % 2 == 0) strads_recon_write(rc, &e->acc[(i * 7) % MISS_M], sizeof(double));
        if (i % 3 == 0) strads_recon_write(rc, e->rows[i % MISS_R], sizeof e->rows[0]);
        /* A task with one of the first 50 iterations of each thousand
         * reads all of dense, the others one element each: the tracker's
         * path for a task that touches every element (no page closed),
         * and back and forth between the two paths on one replica. */
        if (i % 1000 < 50)
            strads_recon_read(rc, e->dense, MISS_D * sizeof(double));
        else
            strads_recon_read(rc, &e->dense[(i * 3) % MISS_D], sizeof(double));
    }
}

static int miss_pack(struct msgpack_packer *pk, const void *env)
{
    return env_pack_bin((msgpack_packer *)pk, env, sizeof(miss_env));
}
static int miss_unpack(const struct msgpack_object *o, void *env)
{
    return env_unpack_bin((const msgpack_object *)o, env, sizeof(miss_env));
}

static const strads_loop_array miss_arrays[] = {
    {offsetof(miss_env, acc), STRADS_T_F64, STRADS_AGG_SUM, NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL},
    {offsetof(miss_env, hits), STRADS_T_I64, STRADS_AGG_SUM, NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL},
    {offsetof(miss_env, rows), STRADS_T_F64, STRADS_AGG_SUM, NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL},
    {offsetof(miss_env, dense), STRADS_T_F64, STRADS_AGG_SUM, NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL},
    {offsetof(miss_env, X), STRADS_T_F64, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY, 0, 0, 0, 0, 0, 0, 0, NULL},
};

static const strads_loop_site miss_site = {
    .abi = STRADS_ABI_VERSION, .kind = STRADS_SYNC_FOR, .file = "sync_prog.c", .line = 7,
    .col = 1, .id = 0x6767, .env_size = sizeof(miss_env), .body = miss_body, .recon = miss_recon,
    .pack = miss_pack, .unpack = miss_unpack, .recon_on = 1, .arrays = miss_arrays, .narrays = 4};

/* Counting adds exact small integers, so under every model the result must
 * equal the sequential one bit for bit, however the deltas are ordered. */
static int run_miss(int epochs)
{
    int64_t n = 4000;
    double *acc = strads_dv_calloc(MISS_M, sizeof(double), sizeof(double), "acc");
    int64_t *hits = strads_dv_calloc(MISS_H, sizeof(int64_t), sizeof(int64_t), "hits");
    double *X = strads_dv_malloc((size_t)n * sizeof *X, sizeof *X, "X");
    double(*rows)[3] = strads_dv_calloc(MISS_R, sizeof *rows, sizeof *rows, "rows");
    double *dense = strads_dv_calloc(MISS_D, sizeof(double), sizeof(double), "dense");
    CHECK(acc && hits && rows && X && dense);
    for (int64_t i = 0; i < n; i++) X[i] = unit();
    double *as = calloc(MISS_M, sizeof *as);
    int64_t hs[MISS_H] = {0};
    double(*rs)[3] = calloc(MISS_R, sizeof *rs);
    double *ds = calloc(MISS_D, sizeof *ds);
    CHECK(as && rs && ds);
    for (int ep = 0; ep < epochs; ep++) {
        miss_env e = {{0, 0, {0, 0, 0, 0, NULL}}, acc, hits, rows, X, dense};
        strads_sync_for(&miss_site, 0, n, &e);
        miss_env s = {{0, 0, {0, 0, 0, 0, NULL}}, as, hs, rs, X, ds};
        miss_body(&s, NULL, NULL, 0, n);
    }
    for (int64_t j = 0; j < MISS_M; j++)
        if (acc[j] != as[j]) CHECK_FAIL("acc[%lld] = %g, sequential %g", (long long)j, acc[j], as[j]);
    for (int j = 0; j < MISS_H; j++) CHECK_INT(hits[j], ==, hs[j]);
    for (int64_t r = 0; r < MISS_R; r++)
        for (int j = 0; j < 3; j++)
            if (rows[r][j] != rs[r][j])
                CHECK_FAIL("rows[%lld][%d] = %g, sequential %g", (long long)r, j, rows[r][j], rs[r][j]);
    for (int64_t j = 0; j < MISS_D; j++)
        if (dense[j] != ds[j]) CHECK_FAIL("dense[%lld] = %g, sequential %g", (long long)j, dense[j], ds[j]);
    printf("miss: acc[0] = %g, hits[0] = %lld, as sequential\n", acc[0], (long long)hits[0]);
    free(as);
    free(rs);
    free(ds);
    strads_free(dense);
    strads_free(rows);
    strads_free(acc);
    strads_free(hits);
    strads_free(X);
    return 0;
}

/* ====================== history (strads_history_*) ====================== */

/* The driver writes version v of X (element i = v * 1000 + i on even i, odd
 * elements never change), commits each, and a loop on every node reads the
 * kept versions through the history: all must match, a dropped version
 * must read NULL. */
typedef struct hist_env {
    strads_loop_dyn dyn;
    const double *X;
    strads_history h;
    uint64_t latest;
    int keep;
    long bad, *p_bad; /* reduction(+: bad) */
} hist_env;

typedef struct hist_tls {
    long bad;
} hist_tls;

static void hist_body(void *env, void *tls, const int64_t *idx, int64_t lo, int64_t hi)
{
    (void)idx;
    hist_env *e = env;
    hist_tls *t = tls;
    for (int64_t i = lo; i < hi; i++) {
        for (uint64_t v = e->latest + 1 - (uint64_t)e->keep; v <= e->latest; v++) {
            const double *p = strads_history_get(e->h, i, v);
            double want = i % 2 == 0 ? (double)v * 1000 + (double)i : (double)i;
            if (!p || *p != want) t->bad++;
        }
        if (strads_history_get(e->h, i, e->latest - (uint64_t)e->keep)) t->bad++;
    }
}
static void hist_tls_init(void *tls, const void *env)
{
    (void)env;
    ((hist_tls *)tls)->bad = 0;
}
static void hist_tls_fold(void *acc, const void *tls)
{
    ((hist_tls *)acc)->bad += ((const hist_tls *)tls)->bad;
}
static void hist_publish(void *env, const void *acc)
{
    hist_env *e = env;
    *e->p_bad = e->bad + ((const hist_tls *)acc)->bad;
}
static int hist_tls_pack(struct msgpack_packer *pk, const void *tls)
{
    return msgpack_pack_int64((msgpack_packer *)pk, ((const hist_tls *)tls)->bad);
}
static int hist_tls_unpack(const struct msgpack_object *o, void *tls)
{
    const msgpack_object *m = (const msgpack_object *)o;
    if (m->type != MSGPACK_OBJECT_POSITIVE_INTEGER && m->type != MSGPACK_OBJECT_NEGATIVE_INTEGER)
        return STRADS_EPROTO;
    ((hist_tls *)tls)->bad = (long)m->via.i64;
    return 0;
}
static int hist_pack(struct msgpack_packer *pk, const void *env)
{
    return env_pack_bin((msgpack_packer *)pk, env, sizeof(hist_env));
}
static int hist_unpack(const struct msgpack_object *o, void *env)
{
    return env_unpack_bin((const msgpack_object *)o, env, sizeof(hist_env));
}
static const strads_loop_array hist_arrays[] = {
    {offsetof(hist_env, X), STRADS_T_F64, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY, 0, 0, 0, 0, 0, 0, 0, NULL},
};
static const strads_loop_site hist_site = {
    .abi = STRADS_ABI_VERSION, .kind = STRADS_SYNC_FOR, .file = "sync_prog.c", .line = 9,
    .col = 1, .id = 0x6969, .env_size = sizeof(hist_env), .tls_size = sizeof(hist_tls),
    .body = hist_body, .tls_init = hist_tls_init, .tls_fold = hist_tls_fold,
    .publish = hist_publish, .pack = hist_pack, .unpack = hist_unpack, .recon_on = 0,
    .tls_pack = hist_tls_pack, .tls_unpack = hist_tls_unpack, .arrays = hist_arrays, .narrays = 1};

static int run_hist(void)
{
    int64_t n = 3000;
    int keep = 3;
    double *X = strads_dv_malloc((size_t)n * sizeof *X, sizeof *X, "X");
    CHECK(X);
    for (int64_t i = 0; i < n; i++) X[i] = (double)i;
    strads_history h;
    CHECK_EQ(strads_history_new(X, keep, &h), 0);
    uint64_t v = 0;
    for (int k = 1; k <= 5; k++) {
        for (int64_t i = 0; i < n; i += 2) X[i] = k * 1000.0 + (double)i;
        CHECK_EQ(strads_history_commit(h, &v), 0);
        CHECK_EQ(v, (uint64_t)k);
    }
    long bad = 0;
    hist_env e = {{0, 0, {0, 0, 0, 0, NULL}}, X, h, v, keep, 0, &bad};
    strads_sync_for(&hist_site, 0, n, &e);
    printf("hist: %ld wrong reads of versions %llu..%llu on every node\n", bad,
           (unsigned long long)(v + 1 - (uint64_t)keep), (unsigned long long)v);
    CHECK_EQ(bad, 0);
    CHECK_EQ(strads_history_free(h), 0);
    strads_free(X);
    return 0;
}

static int prog_main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "lr";
    int epochs = argc > 2 ? atoi(argv[2]) : 10;
    int rc;
    if (strcmp(mode, "exact") == 0)
        rc = run_lr(1, epochs, &lr_site, 0);
    else if (strcmp(mode, "lr") == 0)
        rc = run_lr(0, epochs, &lr_site, 0);
    else if (strcmp(mode, "lroff") == 0)
        rc = run_lr(0, epochs, &lr_site_off, 0);
    else if (strcmp(mode, "lrdet") == 0)
        rc = run_lr(0, epochs, &lr_site, 1);
    else if (strcmp(mode, "kmeans") == 0)
        rc = run_kmeans(epochs, 0);
    else if (strcmp(mode, "hist") == 0)
        rc = run_hist();
    else if (strcmp(mode, "kmtol") == 0)
        rc = run_kmeans(epochs, 1);
    else if (strcmp(mode, "mf") == 0)
        rc = run_mf(epochs, &mf_site, NULL, NULL);
    else if (strcmp(mode, "gate") == 0) {
        rc = run_mf(epochs, &mf_site, NULL, NULL);
        if (strads_size() > 1) CHECK(gate_calls > 0);
        /* the nodes' clock times reach the gate (STAT's avg_task_s) */
        if (strads_size() > 1) CHECK(gate_avg_max > 0);
        printf("gate: the policy's gate was asked %ld times on the driver, largest mean clock "
               "time %.6f s\n", gate_calls, gate_avg_max);
    }
    else if (strcmp(mode, "miss") == 0)
        rc = run_miss(epochs);
    else if (strcmp(mode, "mfbare") == 0)
        rc = run_mf(epochs, &mf_site_bare, NULL, NULL);
    else if (strcmp(mode, "mffn") == 0) {
        float *W1, *H1, *W2, *H2;
        rc = run_mf(epochs, &mf_site, &W1, &H1);
        if (!rc) rc = run_mf(epochs, &mf_site_fn, &W2, &H2);
        /* The same sums, up to rounding: where one worker changes an
         * element, sum takes its value itself, fn adds its change. */
        for (size_t k = 0; k < (size_t)MK * 200; k++) CHECK(fabsf(W1[k] - W2[k]) <= 1e-4f * (1 + fabsf(W1[k])));
        for (size_t k = 0; k < (size_t)MK * 150; k++) CHECK(fabsf(H1[k] - H2[k]) <= 1e-4f * (1 + fabsf(H1[k])));
        printf("mffn: aggregate(fn) with an adding function equals aggregate(sum)\n");
        free(W1), free(H1), free(W2), free(H2);
    } else {
        fprintf(stderr, "sync_prog: unknown mode %s\n", mode);
        return 2;
    }
    if (rc) return rc;
    printf("ok %s size=%d threads=%d\n", mode, strads_size(), strads_threads());
    return 0;
}

STRADS_MAIN(prog_main)
