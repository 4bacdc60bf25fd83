/*
 * async_prog - the serializability oracle for async_for, with loop sites
 * written by hand in the shape stradsc generates.
 *
 * The program runs several epochs of a workload through strads_async_for
 * with STRADS_ORDER_FILE set, then re-runs the same body sequentially in one
 * process on a copy of the initial state, in the order the engine reports,
 * and requires the final arrays to be bitwise identical.
 *
 *   async_prog sgdmf   SGD matrix factorization: W[u], H[v] rows (strata);
 *                      a third argument holds that many ratings out
 *   async_prog sgdmf-late  the same, but ratings from LATE on also count
 *                      C[u]++: a write one node's span mode (which probes
 *                      only the first iterations) must notice and give up
 *   async_prog sgdmf-narrow  the same with users from the first quarter of
 *                      W only: span mode must give up too (coarse blocks)
 *   async_prog random  each iteration reads and writes 3 random elements
 *   async_prog sparse  the same over a million elements: the conflict graph
 *                      falls apart into components
 *   async_prog giant   200,000 such iterations over 20,000 elements: one
 *                      giant group, long enough for threads to interleave
 *   async_prog lasso   coordinate descent: beta[j] and the whole residual
 *   async_prog chase   iteration i writes X[X[i] mod n]: its accesses depend
 *                      on values the loop changes, which STRADS_VERIFY_RECON
 *                      must catch
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <msgpack.h>

#include "check.h"
#include "strads_generated.h"

#define K 16

typedef struct rating {
    int32_t u, v;
    float r;
} rating;

/* ---- SGD-MF ---- */

typedef struct sgd_env {
    strads_loop_dyn dyn;
    float (*W)[K], (*H)[K];
    const rating *A;
    float lr, reg;
    int32_t *C; /* sgdmf-late: counts per user from rating LATE on, or NULL */
    int64_t late_end; /* and before this one (sgdmf-biglate: a window no sample sees) */
} sgd_env;

#define LATE 8000

static void sgd_one(float (*W)[K], float (*H)[K], const rating *a, float lr, float reg)
{
    float *w = W[a->u], *h = H[a->v], err = a->r;
    for (int k = 0; k < K; k++) err -= w[k] * h[k];
    for (int k = 0; k < K; k++) {
        float wk = w[k];
        w[k] += lr * (err * h[k] - reg * wk);
        h[k] += lr * (err * wk - reg * h[k]);
    }
}

static void sgd_body(void *env, void *tls, const int64_t *idx, int64_t lo, int64_t hi)
{
    (void)tls;
    sgd_env *e = env;
    for (int64_t k = lo; k < hi; k++) {
        int64_t i = idx ? idx[k] : k;
        sgd_one(e->W, e->H, &e->A[i], e->lr, e->reg);
        if (e->C && i >= LATE && i < e->late_end) e->C[e->A[i].u]++;
    }
}

static void sgd_recon(const void *env, strads_recon *rc, const int64_t *idx, int64_t lo, int64_t hi)
{
    const sgd_env *e = env;
    for (int64_t k = lo; k < hi; k++) {
        int64_t i = idx ? idx[k] : k;
        strads_recon_iter(rc, i);
        strads_recon_read(rc, &e->A[i], sizeof e->A[i]);
        const rating *a = &e->A[i];
        strads_recon_write(rc, e->W[a->u], sizeof e->W[0]);
        strads_recon_write(rc, e->H[a->v], sizeof e->H[0]);
        if (e->C && i >= LATE && i < e->late_end) strads_recon_write(rc, &e->C[a->u], sizeof e->C[0]);
    }
}

static int sgd_pack(struct msgpack_packer *pk, const void *env)
{
    /* the env holds no driver-only fields: ship its bytes */
    msgpack_pack_bin((msgpack_packer *)pk, sizeof(sgd_env));
    msgpack_pack_bin_body((msgpack_packer *)pk, env, sizeof(sgd_env));
    return 0;
}

static int env_unpack_bin(const struct msgpack_object *o, void *env, size_t size)
{
    const msgpack_object *m = (const msgpack_object *)o;
    if (m->type != MSGPACK_OBJECT_BIN || m->via.bin.size != size) return STRADS_EPROTO;
    memcpy(env, m->via.bin.ptr, size);
    return 0;
}

static int sgd_unpack(const struct msgpack_object *o, void *env)
{
    return env_unpack_bin(o, env, sizeof(sgd_env));
}

static const strads_loop_site sgd_site = {
    .abi = STRADS_ABI_VERSION, .kind = STRADS_ASYNC_FOR, .file = "async_prog.c", .line = 1,
    .col = 1, .id = 0x5151, .env_size = sizeof(sgd_env), .body = sgd_body, .recon = sgd_recon,
    .pack = sgd_pack, .unpack = sgd_unpack, .recon_on = 1};

/* ---- random access ---- */

typedef struct rnd_env {
    strads_loop_dyn dyn;
    double *X;
    const int32_t (*idx3)[3];
} rnd_env;

static void rnd_one(double *X, const int32_t *ix)
{
    double a = X[ix[0]], b = X[ix[1]], c = X[ix[2]];
    X[ix[0]] = 0.5 * a + 0.25 * b + 1.0;
    X[ix[1]] = b * 0.999 + c * 0.001;
    X[ix[2]] = c - 0.125 * a;
}

static void rnd_body(void *env, void *tls, const int64_t *idx, int64_t lo, int64_t hi)
{
    (void)tls;
    rnd_env *e = env;
    for (int64_t k = lo; k < hi; k++) rnd_one(e->X, e->idx3[idx ? idx[k] : k]);
}

static void rnd_recon(const void *env, strads_recon *rc, const int64_t *idx, int64_t lo, int64_t hi)
{
    const rnd_env *e = env;
    for (int64_t k = lo; k < hi; k++) {
        int64_t i = idx ? idx[k] : k;
        strads_recon_iter(rc, i);
        strads_recon_read(rc, e->idx3[i], sizeof e->idx3[i]);
        for (int j = 0; j < 3; j++) strads_recon_write(rc, &e->X[e->idx3[i][j]], sizeof(double));
    }
}

static int rnd_pack(struct msgpack_packer *pk, const void *env)
{
    msgpack_pack_bin((msgpack_packer *)pk, sizeof(rnd_env));
    msgpack_pack_bin_body((msgpack_packer *)pk, env, sizeof(rnd_env));
    return 0;
}

static int rnd_unpack(const struct msgpack_object *o, void *env)
{
    return env_unpack_bin(o, env, sizeof(rnd_env));
}

static const strads_loop_site rnd_site = {
    .abi = STRADS_ABI_VERSION, .kind = STRADS_ASYNC_FOR, .file = "async_prog.c", .line = 2,
    .col = 1, .id = 0x5252, .env_size = sizeof(rnd_env), .body = rnd_body, .recon = rnd_recon,
    .pack = rnd_pack, .unpack = rnd_unpack, .recon_on = 1};

/* ---- lasso coordinate descent: beta[j] and the residual r ---- */

#define LN 64  /* samples */
#define LP 200 /* features */

typedef struct lasso_env {
    strads_loop_dyn dyn;
    double *beta, *res;
    const double (*Xc)[LN]; /* column j of the design */
    double lambda;
} lasso_env;

static void lasso_one(double *beta, double *res, const double *x, double lambda)
{
    double rho = 0, nrm = 0, b = beta[0];
    for (int i = 0; i < LN; i++) {
        rho += x[i] * (res[i] + x[i] * b);
        nrm += x[i] * x[i];
    }
    double nb = rho > lambda ? (rho - lambda) / nrm : rho < -lambda ? (rho + lambda) / nrm : 0;
    for (int i = 0; i < LN; i++) res[i] -= x[i] * (nb - b);
    beta[0] = nb;
}

static void lasso_body(void *env, void *tls, const int64_t *idx, int64_t lo, int64_t hi)
{
    (void)tls;
    lasso_env *e = env;
    for (int64_t k = lo; k < hi; k++) {
        int64_t j = idx ? idx[k] : k;
        lasso_one(&e->beta[j], e->res, e->Xc[j], e->lambda);
    }
}

static void lasso_recon(const void *env, strads_recon *rc, const int64_t *idx, int64_t lo, int64_t hi)
{
    const lasso_env *e = env;
    for (int64_t k = lo; k < hi; k++) {
        int64_t j = idx ? idx[k] : k;
        strads_recon_iter(rc, j);
        strads_recon_read(rc, e->Xc[j], sizeof e->Xc[j]);
        strads_recon_write(rc, &e->beta[j], sizeof(double));
        strads_recon_write(rc, e->res, LN * sizeof(double));
    }
}

static int lasso_pack(struct msgpack_packer *pk, const void *env)
{
    msgpack_pack_bin((msgpack_packer *)pk, sizeof(lasso_env));
    msgpack_pack_bin_body((msgpack_packer *)pk, env, sizeof(lasso_env));
    return 0;
}

static int lasso_unpack(const struct msgpack_object *o, void *env)
{
    return env_unpack_bin(o, env, sizeof(lasso_env));
}

static const strads_loop_site lasso_site = {
    .abi = STRADS_ABI_VERSION, .kind = STRADS_ASYNC_FOR, .file = "async_prog.c", .line = 3,
    .col = 1, .id = 0x5353, .env_size = sizeof(lasso_env), .body = lasso_body,
    .recon = lasso_recon, .pack = lasso_pack, .unpack = lasso_unpack, .recon_on = 1};

/* ---- value-dependent accesses ---- */

typedef struct chase_env {
    strads_loop_dyn dyn;
    double *X;
    int64_t n;
} chase_env;

static void chase_body(void *env, void *tls, const int64_t *idx, int64_t lo, int64_t hi)
{
    (void)tls;
    chase_env *e = env;
    for (int64_t k = lo; k < hi; k++) {
        int64_t i = idx ? idx[k] : k;
        int64_t j = (int64_t)e->X[i] % e->n;
        e->X[j] += 3;
    }
}

static void chase_recon(const void *env, strads_recon *rc, const int64_t *idx, int64_t lo, int64_t hi)
{
    const chase_env *e = env;
    for (int64_t k = lo; k < hi; k++) {
        int64_t i = idx ? idx[k] : k;
        strads_recon_iter(rc, i);
        strads_recon_read(rc, &e->X[i], sizeof(double));
        int64_t j = (int64_t)e->X[i] % e->n;
        strads_recon_write(rc, &e->X[j], sizeof(double));
    }
}

static int chase_pack(struct msgpack_packer *pk, const void *env)
{
    msgpack_pack_bin((msgpack_packer *)pk, sizeof(chase_env));
    msgpack_pack_bin_body((msgpack_packer *)pk, env, sizeof(chase_env));
    return 0;
}

static int chase_unpack(const struct msgpack_object *o, void *env)
{
    return env_unpack_bin(o, env, sizeof(chase_env));
}

static const strads_loop_site chase_site = {
    .abi = STRADS_ABI_VERSION, .kind = STRADS_ASYNC_FOR, .file = "async_prog.c", .line = 4,
    .col = 1, .id = 0x5454, .env_size = sizeof(chase_env), .body = chase_body,
    .recon = chase_recon, .pack = chase_pack, .unpack = chase_unpack, .recon_on = 1};

/* ---- the oracle ---- */

static int64_t *read_order(const char *path, int64_t *n)
{
    FILE *f = fopen(path, "rb");
    CHECK(f != NULL);
    fseek(f, 0, SEEK_END);
    long bytes = ftell(f);
    fseek(f, 0, SEEK_SET);
    int64_t *o = malloc((size_t)bytes + 8);
    CHECK(fread(o, 1, (size_t)bytes, f) == (size_t)bytes);
    fclose(f);
    *n = bytes / 8;
    return o;
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

static int prog_main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "sgdmf";
    int epochs = argc > 2 ? atoi(argv[2]) : 3;
    char order_path[256];
    snprintf(order_path, sizeof order_path, "%s", getenv("STRADS_ORDER_FILE"));
    unlink(order_path);

    if (strncmp(mode, "sgdmf", 5) == 0) {
        bool biglate = strcmp(mode, "sgdmf-biglate") == 0;
        bool late = biglate || strcmp(mode, "sgdmf-late") == 0, narrow = strcmp(mode, "sgdmf-narrow") == 0;
        /* big: past the loops whose cuts come from every iteration; skew:
         * the first and last 256 ratings (what a sparse sample sees) are
         * of the upper half of the users only */
        bool skew = strcmp(mode, "sgdmf-skew") == 0;
        bool big = skew || biglate || strcmp(mode, "sgdmf-big") == 0;
        int64_t M = big ? 2000 : 300, N = big ? 500 : 200, R = big ? 200000 : 20000;
        float(*W)[K] = strads_dv_calloc((size_t)M, sizeof *W, sizeof *W, "W");
        float(*H)[K] = strads_dv_calloc((size_t)N, sizeof *H, sizeof *H, "H");
        rating *A = strads_dv_malloc((size_t)R * sizeof *A, sizeof *A, "A");
        CHECK(W && H && A);
        for (int64_t i = 0; i < M; i++)
            for (int k = 0; k < K; k++) W[i][k] = (float)(0.1 * unit());
        for (int64_t i = 0; i < N; i++)
            for (int k = 0; k < K; k++) H[i][k] = (float)(0.1 * unit());
        for (int64_t i = 0; i < R; i++)
            A[i] = (rating){(int32_t)(rnd64() % (uint64_t)(narrow ? M / 4 : M)), (int32_t)(rnd64() % N),
                            (float)(1 + rnd64() % 5)};
        for (int64_t i = 0; i < R && skew; i++)
            if (i < 256 || i >= R - 256) A[i].u = (int32_t)(M / 2 + A[i].u % (M / 2));
        float(*W0)[K] = malloc(sizeof(float[K]) * M), (*H0)[K] = malloc(sizeof(float[K]) * N);
        memcpy(W0, W, sizeof(float[K]) * M);
        memcpy(H0, H, sizeof(float[K]) * N);
        int32_t *C = late ? strads_dv_calloc((size_t)M, sizeof *C, sizeof *C, "C") : NULL;
        int32_t *C0 = calloc((size_t)M, sizeof *C0);
        int64_t late_end = biglate ? LATE + 1000 : INT64_MAX;
        sgd_env e = {{0, 0, {0, 0, 0, 0, NULL}}, W, H, A, 0.01f, 0.05f, C, late_end};
        /* argv[3]: ratings held out at the end, so that the loop's range does
         * not line up with A's partition (nodes then read ratings they do not own) */
        int64_t T = R - (argc > 3 ? atoll(argv[3]) : 0);
        for (int ep = 0; ep < epochs; ep++) strads_async_for(&sgd_site, 0, T, &e);
        int64_t n, *order = read_order(order_path, &n);
        CHECK_EQ(n, T * epochs);
        for (int64_t i = 0; i < n; i++) {
            sgd_one(W0, H0, &A[order[i]], 0.01f, 0.05f);
            if (late && order[i] >= LATE && order[i] < late_end) C0[A[order[i]].u]++;
        }
        CHECK(!late || memcmp(C0, C, sizeof *C * (size_t)M) == 0);
        CHECK(memcmp(W0, W, sizeof(float[K]) * M) == 0);
        CHECK(memcmp(H0, H, sizeof(float[K]) * N) == 0);
        double rmse = 0;
        for (int64_t i = 0; i < R; i++) {
            float p = 0;
            for (int k = 0; k < K; k++) p += W[A[i].u][k] * H[A[i].v][k];
            rmse += (A[i].r - p) * (A[i].r - p);
        }
        printf("train rmse %.4f\n", sqrt(rmse / (double)R));
        free(order);
        free(W0);
        free(H0);
        free(C0);
        if (C) strads_free(C);
        strads_free(W);
        strads_free(H);
        strads_free(A);
    } else if (strcmp(mode, "random") == 0 || strcmp(mode, "sparse") == 0 ||
               strcmp(mode, "giant") == 0) {
        bool giant = strcmp(mode, "giant") == 0;
        int64_t NX = strcmp(mode, "sparse") == 0 ? 1000000 : giant ? 20000 : 5000;
        int64_t R = giant ? 200000 : 8000;
        double *X = strads_dv_malloc((size_t)NX * sizeof *X, sizeof *X, "X");
        int32_t(*ix)[3] = strads_dv_malloc((size_t)R * sizeof *ix, sizeof *ix, "ix");
        for (int64_t i = 0; i < NX; i++) X[i] = unit();
        for (int64_t i = 0; i < R; i++)
            for (int j = 0; j < 3; j++) ix[i][j] = (int32_t)(rnd64() % NX);
        double *X0 = malloc(sizeof *X0 * NX);
        memcpy(X0, X, sizeof *X0 * NX);
        rnd_env e = {{0, 0, {0, 0, 0, 0, NULL}}, X, (const int32_t(*)[3])ix};
        for (int ep = 0; ep < epochs; ep++) strads_async_for(&rnd_site, 0, R, &e);
        int64_t n, *order = read_order(order_path, &n);
        CHECK_EQ(n, R * epochs);
        for (int64_t i = 0; i < n; i++) rnd_one(X0, ix[order[i]]);
        CHECK(memcmp(X0, X, sizeof *X0 * NX) == 0);
        /* for comparing a recorded run with its replay, bit for bit */
        uint64_t h = 1469598103934665603ull;
        for (size_t b = 0; b < sizeof *X * (size_t)NX; b++)
            h = (h ^ ((unsigned char *)X)[b]) * 1099511628211ull;
        printf("state %016llx\n", (unsigned long long)h);
        free(order);
        free(X0);
        strads_free(X);
        strads_free(ix);
    } else if (strcmp(mode, "lasso") == 0) {
        double *beta = strads_dv_calloc(LP, sizeof(double), sizeof(double), "beta");
        double *res = strads_dv_malloc(LN * sizeof(double), LN * sizeof(double), "res");
        double(*Xc)[LN] = strads_dv_malloc(sizeof(double[LN]) * LP, sizeof(double[LN]), "X");
        for (int j = 0; j < LP; j++)
            for (int i = 0; i < LN; i++) Xc[j][i] = unit() - 0.5;
        for (int i = 0; i < LN; i++) res[i] = unit() * 2;
        double *b0 = calloc(LP, sizeof *b0), r0[LN];
        memcpy(r0, res, sizeof r0);
        lasso_env e = {{0, 0, {0, 0, 0, 0, NULL}}, beta, res, (const double(*)[LN])Xc, 0.05};
        for (int ep = 0; ep < epochs; ep++) strads_async_for(&lasso_site, 0, LP, &e);
        int64_t n, *order = read_order(order_path, &n);
        CHECK_EQ(n, LP * epochs);
        for (int64_t i = 0; i < n; i++) lasso_one(&b0[order[i]], r0, Xc[order[i]], 0.05);
        CHECK(memcmp(b0, beta, sizeof(double) * LP) == 0);
        CHECK(memcmp(r0, res, sizeof r0) == 0);
        free(order);
        free(b0);
    } else if (strcmp(mode, "chase") == 0) {
        int64_t n = 1000;
        double *X = strads_dv_malloc((size_t)n * sizeof *X, sizeof *X, "chase.X");
        for (int64_t i = 0; i < n; i++) X[i] = (double)((i * 7919) % n);
        chase_env e = {{0, 0, {0, 0, 0, 0, NULL}}, X, n};
        for (int ep = 0; ep < epochs; ep++) strads_async_for(&chase_site, 0, n, &e);
        strads_free(X);
    } else {
        fprintf(stderr, "async_prog: unknown mode %s\n", mode);
        return 2;
    }
    unlink(order_path);
    printf("ok %s size=%d threads=%d\n", mode, strads_size(), strads_threads());
    return 0;
}

/* The driver appends each call's order to STRADS_ORDER_FILE, which the
 * library reads at start: set before it, one file per process. */
int main(int argc, char **argv)
{
    char path[256];
    snprintf(path, sizeof path, "/tmp/strads-order-%d-%s", (int)getpid(),
             argc > 1 ? argv[1] : "sgdmf");
    setenv("STRADS_ORDER_FILE", path, 1);
    return strads_start(argc, argv, prog_main);
}
