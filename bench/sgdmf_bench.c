/*
 * bench/sgdmf_bench.c - SGD matrix factorization three ways, for
 * bench/sgdmf.sh to compare in one run:
 *
 *   seq     plain sequential C, the oracle and the single-thread baseline
 *   omp     hand-written OpenMP DSGD: T x T strata of (user block, item
 *           block), stratum s gives thread t the block (t, (t+s) mod T)
 *   strads  the same body through strads_async_for (a loop site written in
 *           the shape stradsc generates), planned from reconnaissance; its
 *           reconnaissance records the rating and the two rows whole (three
 *           records), where stradsc's for samples/sgdmf/sgdmf.c makes eight
 *           recorder calls (the rating's three fields, each row's range in
 *           each of the two loops): about twice this one's time
 *
 * Data: a Netflix-shaped rating matrix generated from a seed: ratings from a
 * low-rank model plus noise, clipped to 1..5; 1% held out for test RMSE.
 * Prints one "result" line: updates/s over the timed epochs, the first
 * epoch's RE + planning time (strads), and train/test RMSE.
 *
 * The driver generates the data; with several processes, the arrays reach
 * their owners at the next operator. A real program loads its data in
 * parallel instead, so the strads mode moves them before the clock starts,
 * with a reduce (the mean rating), and reports that time as prep_s: the
 * timed epochs are the loop's own work in every mode.
 *
 *   sgdmf_bench MODE [users items ratings K epochs threads]
 */
#include <math.h>
#include <msgpack.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "strads_generated.h"

typedef struct rating {
    int32_t u, v;
    float r;
} rating;

static int K = 64;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t mix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static double unit(uint64_t *s) { return (double)(mix(s) >> 11) * 0x1.0p-53; }

/* Ratings from a rank-8 model: r = 3 + <a_u, b_v> + noise, clipped. */
static void generate(rating *A, int64_t n, int64_t M, int64_t N)
{
    enum { R = 8 };
    float *a = malloc(sizeof(float) * R * (size_t)M), *b = malloc(sizeof(float) * R * (size_t)N);
    uint64_t s = 42;
    for (int64_t i = 0; i < M * R; i++) a[i] = (float)(unit(&s) - 0.5);
    for (int64_t i = 0; i < N * R; i++) b[i] = (float)(unit(&s) - 0.5);
    for (int64_t i = 0; i < n; i++) {
        int32_t u = (int32_t)(mix(&s) % (uint64_t)M), v = (int32_t)(mix(&s) % (uint64_t)N);
        float r = 3.0f;
        for (int k = 0; k < R; k++) r += 2.0f * a[u * R + k] * b[v * R + k];
        r += (float)(unit(&s) - 0.5) * 0.5f;
        A[i] = (rating){u, v, r < 1 ? 1 : r > 5 ? 5 : r};
    }
    free(a);
    free(b);
}

static void init_factors(float *W, int64_t M, float *H, int64_t N)
{
    uint64_t s = 7;
    for (int64_t i = 0; i < M * K; i++) W[i] = (float)(unit(&s) * 0.1);
    for (int64_t i = 0; i < N * K; i++) H[i] = (float)(unit(&s) * 0.1);
}

static inline void update(float *W, float *H, const rating *a, float lr, float reg)
{
    float *w = W + (size_t)a->u * K, *h = H + (size_t)a->v * K, err = a->r;
    for (int k = 0; k < K; k++) err -= w[k] * h[k];
    for (int k = 0; k < K; k++) {
        float wk = w[k];
        w[k] += lr * (err * h[k] - reg * wk);
        h[k] += lr * (err * wk - reg * h[k]);
    }
}

static double rmse(const float *W, const float *H, const rating *A, int64_t lo, int64_t hi)
{
    double s = 0;
    for (int64_t i = lo; i < hi; i++) {
        const float *w = W + (size_t)A[i].u * K, *h = H + (size_t)A[i].v * K;
        float p = 0;
        for (int k = 0; k < K; k++) p += w[k] * h[k];
        s += (double)(A[i].r - p) * (A[i].r - p);
    }
    return sqrt(s / (double)(hi - lo));
}

/* ---- the strads loop site (the shape stradsc generates) ---- */

typedef struct env {
    strads_loop_dyn dyn;
    float *W, *H;
    const rating *A;
    float lr, reg;
    int K;
} env;

static void body(void *e_, void *tls, const int64_t *idx, int64_t lo, int64_t hi)
{
    (void)tls;
    env *e = e_;
    float *W = e->W, *H = e->H, lr = e->lr, reg = e->reg;
    const rating *A = e->A;
    for (int64_t k = lo; k < hi; k++) update(W, H, &A[idx ? idx[k] : k], lr, reg);
}

static void recon(const void *e_, strads_recon *rc, const int64_t *idx, int64_t lo, int64_t hi)
{
    const env *e = e_;
    for (int64_t k = lo; k < hi; k++) {
        int64_t i = idx ? idx[k] : k;
        const rating *a = &e->A[i];
        strads_recon_iter(rc, i);
        strads_recon_read(rc, a, sizeof *a);
        strads_recon_write(rc, e->W + (size_t)a->u * e->K, sizeof(float) * (size_t)e->K);
        strads_recon_write(rc, e->H + (size_t)a->v * e->K, sizeof(float) * (size_t)e->K);
    }
}

static int pack(struct msgpack_packer *pk, const void *e)
{
    msgpack_pack_bin((msgpack_packer *)pk, sizeof(env));
    msgpack_pack_bin_body((msgpack_packer *)pk, e, sizeof(env));
    return 0;
}

static int unpack(const struct msgpack_object *o_, void *e)
{
    const msgpack_object *o = (const msgpack_object *)o_;
    if (o->type != MSGPACK_OBJECT_BIN || o->via.bin.size != sizeof(env)) return STRADS_EPROTO;
    memcpy(e, o->via.bin.ptr, sizeof(env));
    K = ((env *)e)->K;
    return 0;
}

static const strads_loop_site site = {.abi = STRADS_ABI_VERSION, .kind = STRADS_ASYNC_FOR,
                                      .file = "sgdmf_bench.c", .line = 1, .col = 1, .id = 0xB3,
                                      .env_size = sizeof(env), .body = body, .recon = recon,
                                      .pack = pack, .unpack = unpack, .recon_on = 1};

/* The mean rating, by a strads reduce: the first operator of the strads
 * mode, which also moves the driver's arrays to their owners. */
typedef struct mean_acc {
    double sum;
    int64_t n;
} mean_acc;

static void mean_fold(void *acc, const void *elem, int64_t i)
{
    (void)i;
    mean_acc *m = acc;
    m->sum += ((const rating *)elem)->r;
    m->n++;
}

static void mean_combine(void *acc, const void *other)
{
    mean_acc *m = acc;
    const mean_acc *o = other;
    m->sum += o->sum;
    m->n += o->n;
}

/* ---- OpenMP DSGD ---- */

static void dsgd_epochs(float *W, float *H, const rating *A, int64_t n, int64_t M, int64_t N,
                        int T, int epochs, float lr, float reg, double *prep_s)
{
    double t0 = now();
    int64_t *cnt = calloc((size_t)T * T + 1, sizeof *cnt);
    int64_t *ix = malloc(sizeof *ix * (size_t)n);
    for (int64_t i = 0; i < n; i++) cnt[(A[i].u * T / M) * T + A[i].v * T / N + 1]++;
    for (int g = 0; g < T * T; g++) cnt[g + 1] += cnt[g];
    int64_t *fill = malloc(sizeof *fill * (size_t)(T * T + 1));
    memcpy(fill, cnt, sizeof *fill * (size_t)(T * T + 1));
    for (int64_t i = 0; i < n; i++) ix[fill[(A[i].u * T / M) * T + A[i].v * T / N]++] = i;
    free(fill);
    *prep_s = now() - t0;
    for (int ep = 0; ep < epochs; ep++)
        for (int s = 0; s < T; s++) {
#pragma omp parallel for num_threads(T) schedule(static, 1)
            for (int t = 0; t < T; t++) {
                int g = t * T + (t + s) % T;
                for (int64_t k = cnt[g]; k < cnt[g + 1]; k++) update(W, H, &A[ix[k]], lr, reg);
            }
        }
    free(cnt);
    free(ix);
}

static int bench_main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: sgdmf_bench seq|omp|strads [M N R K epochs threads]\n");
        return 2;
    }
    const char *mode = argv[1];
    int64_t M = argc > 2 ? atoll(argv[2]) : 480189, N = argc > 3 ? atoll(argv[3]) : 17770;
    int64_t R = argc > 4 ? atoll(argv[4]) : 10000000;
    K = argc > 5 ? atoi(argv[5]) : 64;
    int epochs = argc > 6 ? atoi(argv[6]) : 10, T = argc > 7 ? atoi(argv[7]) : strads_threads();
    int64_t train = R - R / 100;
    const float lr = 0.005f, reg = 0.02f;
    bool dist = strcmp(mode, "strads") == 0;
    /* distributed arrays for strads (every node must reach them); plain memory otherwise */
    float *W = dist ? strads_dv_malloc(sizeof(float) * (size_t)(M * K), sizeof(float) * (size_t)K, "W")
                    : malloc(sizeof(float) * (size_t)(M * K));
    float *H = dist ? strads_dv_malloc(sizeof(float) * (size_t)(N * K), sizeof(float) * (size_t)K, "H")
                    : malloc(sizeof(float) * (size_t)(N * K));
    rating *A = dist ? strads_dv_malloc(sizeof(rating) * (size_t)R, sizeof(rating), "A")
                     : malloc(sizeof(rating) * (size_t)R);
    if (!W || !H || !A) {
        fprintf(stderr, "sgdmf_bench: out of memory\n");
        return 1;
    }
    generate(A, R, M, N);
    init_factors(W, M, H, N);
    double first = 0, prep = 0, t0;
    if (strcmp(mode, "seq") == 0) {
        t0 = now();
        for (int ep = 0; ep < epochs; ep++)
            for (int64_t i = 0; i < train; i++) update(W, H, &A[i], lr, reg);
    } else if (strcmp(mode, "omp") == 0) {
        t0 = now();
        dsgd_epochs(W, H, A, train, M, N, T, epochs, lr, reg, &prep);
    } else if (dist) {
        env e = {{0, T, {0, 0, 0, 0, NULL}}, W, H, A, lr, reg, K};
        mean_acc m = {0, 0};
        t0 = now();
        if (strads_dvector_reduce(A, mean_fold, mean_combine, &m, sizeof m) != 0 || m.n != R) {
            fprintf(stderr, "sgdmf_bench: the reduce over the ratings failed\n");
            return 1;
        }
        prep = now() - t0;
        t0 = now();
        strads_async_for(&site, 0, train, &e); /* epoch 1: includes RE and planning */
        first = now() - t0;
        for (int ep = 1; ep < epochs; ep++) strads_async_for(&site, 0, train, &e);
    } else {
        fprintf(stderr, "sgdmf_bench: unknown mode %s\n", mode);
        return 2;
    }
    double total = now() - t0;
    printf("result mode=%s procs=%d threads=%d epochs=%d seconds=%.3f updates_per_s=%.0f "
           "first_epoch_s=%.3f prep_s=%.3f train_rmse=%.4f test_rmse=%.4f\n",
           mode, strads_size(), strcmp(mode, "seq") == 0 ? 1 : T, epochs, total,
           (double)train * epochs / total, first, prep, rmse(W, H, A, 0, train), rmse(W, H, A, train, R));
    return 0;
}

STRADS_MAIN(bench_main)
