/*
 * bench/mlr_bench.c - sync_for on multinomial logistic regression (softmax,
 * 784 -> 10) over Fashion-MNIST, against the same training loop in plain
 * sequential C, in one program so both sides run the same code.
 *
 *   mlr_bench seq     DIR EPOCHS    the loop body over all samples in order
 *   mlr_bench strads  DIR EPOCHS    the same body through strads_sync_for
 *                                   (model from the pragma default, BSP, or
 *                                   STRADS_SYNC; minibatch from MLR_MINIBATCH)
 *   mlr_bench hogwild DIR EPOCHS T  the body on T pthreads sharing one W
 *                                   without locks, each over its block of
 *                                   the samples: Hogwild with nothing of
 *                                   ours around it, to tell the cost of two
 *                                   cores writing one dense W apart from
 *                                   the cost of sync(hybrid)
 *   mlr_bench private DIR EPOCHS T  the same threads, each on its own copy
 *                                   of W (averaged at the end of the
 *                                   epoch): the body's speed on T cores
 *                                   when nothing is shared
 *
 * The learning rate of epoch e is MLR_LR / (1 + MLR_DECAY * e) (default
 * 0.01 and 0), the same schedule for every mode: with a decay, plain SGD's
 * noise dies down and the modes are compared on converged models.
 *
 * DIR holds the four idx files of the Debian package dataset-fashion-mnist
 * (/usr/share/datasets/fashion-mnist, gzip'd; read through `gzip -dc`).
 * Prints one line per epoch ("epoch E time S cpu C loss L") and a result
 * line:
 *   result mode=M nodes=N threads=T epoch_s=MEDIAN cpu_s=MEDIAN acc=TEST_ACCURACY
 * where epoch_s is the median epoch time and cpu_s the median CPU time of
 * this process per epoch (all its threads; under strads-run -n N, the
 * driver's only). On a busy machine a thread waiting for a core loses wall
 * time but no CPU time, while cache lines stolen between cores cost both. bench/mlr.sh runs the modes and
 * computes the ratios recorded in docs/benchmarks.md.
 *
 * The loop site is written by hand in the shape stradsc generates (as in
 * test/sync/sync_prog.c): the body binds W from env once per task, so under
 * BSP/SSP/ASP it runs on the thread's replica at native speed.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <msgpack.h>

#include "strads_generated.h"

#define NF 784
#define NC 10
#define NW (NF + 1) /* weights of one class, bias last */

typedef struct img {
    float x[NF];
    int32_t label;
} img;

typedef struct mlr_env {
    strads_loop_dyn dyn;
    float (*W)[NW];     /* dvector: NC rows */
    const img *D;       /* dvector of training samples */
    float lr;
    double loss, *p_loss;
} mlr_env;

typedef struct mlr_tls {
    double loss;
} mlr_tls;

/* One SGD step on one sample; returns its cross-entropy loss. */
static double mlr_one(float (*W)[NW], const img *s, float lr)
{
    float z[NC], zmax = -1e30f;
    for (int k = 0; k < NC; k++) {
        const float *w = W[k];
        float a = w[NF];
        for (int j = 0; j < NF; j++) a += w[j] * s->x[j];
        z[k] = a;
        if (a > zmax) zmax = a;
    }
    float sum = 0;
    for (int k = 0; k < NC; k++) sum += (z[k] = expf(z[k] - zmax));
    double loss = -log((double)(z[s->label] / sum) + 1e-12);
    for (int k = 0; k < NC; k++) {
        float g = lr * (z[k] / sum - (k == s->label));
        float *w = W[k];
        for (int j = 0; j < NF; j++) w[j] -= g * s->x[j];
        w[NF] -= g;
    }
    return loss;
}

static void mlr_body(void *env, void *tls, const int64_t *idx, int64_t lo, int64_t hi)
{
    mlr_env *e = env;
    mlr_tls *t = tls;
    float(*W)[NW] = e->W;
    const img *D = e->D;
    float lr = e->lr;
    double loss = t->loss;
    for (int64_t k = lo; k < hi; k++) loss += mlr_one(W, &D[idx ? idx[k] : k], lr);
    t->loss = loss;
}

static void mlr_recon(const void *env, strads_recon *rc, const int64_t *idx, int64_t lo, int64_t hi)
{
    const mlr_env *e = env;
    for (int64_t k = lo; k < hi; k++) {
        int64_t i = idx ? idx[k] : k;
        strads_recon_iter(rc, i);
        strads_recon_read(rc, &e->D[i], sizeof e->D[i]);
        strads_recon_write(rc, e->W, NC * sizeof e->W[0]);
    }
}

static void mlr_tls_init(void *tls, const void *env)
{
    (void)env;
    ((mlr_tls *)tls)->loss = 0;
}
static void mlr_tls_fold(void *acc, const void *tls)
{
    ((mlr_tls *)acc)->loss += ((const mlr_tls *)tls)->loss;
}
static void mlr_publish(void *env, const void *acc)
{
    mlr_env *e = env;
    *e->p_loss = e->loss + ((const mlr_tls *)acc)->loss;
}
static int mlr_tls_pack(struct msgpack_packer *pk, const void *tls)
{
    return msgpack_pack_double((msgpack_packer *)pk, ((const mlr_tls *)tls)->loss);
}
static int mlr_tls_unpack(const struct msgpack_object *vo, void *tls)
{
    const msgpack_object *o = (const msgpack_object *)vo;
    if (o->type != MSGPACK_OBJECT_FLOAT64) return STRADS_EPROTO;
    ((mlr_tls *)tls)->loss = o->via.f64;
    return 0;
}
static int mlr_pack(struct msgpack_packer *vpk, const void *env)
{
    msgpack_packer *pk = (msgpack_packer *)vpk;
    msgpack_pack_bin(pk, sizeof(mlr_env));
    msgpack_pack_bin_body(pk, env, sizeof(mlr_env));
    return 0;
}
static int mlr_unpack(const struct msgpack_object *vo, void *env)
{
    const msgpack_object *o = (const msgpack_object *)vo;
    if (o->type != MSGPACK_OBJECT_BIN || o->via.bin.size != sizeof(mlr_env)) return STRADS_EPROTO;
    memcpy(env, o->via.bin.ptr, sizeof(mlr_env));
    return 0;
}

static const strads_loop_array mlr_arrays[] = {
    {offsetof(mlr_env, W), STRADS_T_F32, STRADS_AGG_AVG, NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL},
    {offsetof(mlr_env, D), STRADS_T_F32, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY, 0, 0, 0, 0, 0, 0, 0, NULL},
};

static const strads_loop_site mlr_site = {
    .abi = STRADS_ABI_VERSION, .kind = STRADS_SYNC_FOR, .file = "mlr_bench.c", .line = 1,
    .col = 1, .id = 0x4d4c52, .env_size = sizeof(mlr_env), .tls_size = sizeof(mlr_tls),
    .body = mlr_body, .recon = mlr_recon, .tls_init = mlr_tls_init, .tls_fold = mlr_tls_fold,
    .publish = mlr_publish, .pack = mlr_pack, .unpack = mlr_unpack, .recon_on = 1,
    .tls_pack = mlr_tls_pack, .tls_unpack = mlr_tls_unpack, .arrays = mlr_arrays, .narrays = 2};

/* ---- hand-written threads (hogwild, private) ---- */

#define MAX_THREADS 64

typedef struct hog_arg {
    mlr_env e;   /* W: the shared one (hogwild) or the thread's own copy */
    int64_t lo, hi;
    double loss;
} hog_arg;

static void *hog_run(void *p)
{
    hog_arg *a = p;
    mlr_tls t = {0};
    mlr_body(&a->e, &t, NULL, a->lo, a->hi);
    a->loss = t.loss;
    return NULL;
}

/* One epoch on T threads over contiguous blocks of [0, n); *loss gets the
 * summed loss. private: each thread starts from a copy of W and W becomes
 * the mean of the copies at the end (one-shot model averaging). Returns 0,
 * or -1 with a message when memory or a thread cannot be had. */
static int run_threads(const mlr_env *e, int64_t n, int T, int priv, double *loss)
{
    hog_arg a[MAX_THREADS];
    pthread_t th[MAX_THREADS];
    int started = 0, rc = 0;
    for (int t = 0; t < T && !rc; t++) {
        a[t].e = *e;
        a[t].lo = n * t / T;
        a[t].hi = n * (t + 1) / T;
        if (priv && !(a[t].e.W = malloc(NC * sizeof *e->W))) {
            rc = -1;
            break;
        }
        if (priv) memcpy(a[t].e.W, e->W, NC * sizeof *e->W);
        if (pthread_create(&th[t], NULL, hog_run, &a[t])) {
            if (priv) free(a[t].e.W);
            rc = -1;
            break;
        }
        started++;
    }
    *loss = 0;
    for (int t = 0; t < started; t++) {
        pthread_join(th[t], NULL);
        *loss += a[t].loss;
    }
    if (rc) fprintf(stderr, "mlr_bench: cannot start %d threads\n", T);
    for (int k = 0; priv && !rc && k < NC; k++)
        for (int j = 0; j < NW; j++) {
            float s = 0;
            for (int t = 0; t < T; t++) s += a[t].e.W[k][j];
            e->W[k][j] = s / (float)T;
        }
    for (int t = 0; priv && t < started; t++) free(a[t].e.W);
    return rc;
}

/* ---- data ---- */

static unsigned char *read_gz(const char *dir, const char *name, size_t *len)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "gzip -dc '%s/%s'", dir, name);
    FILE *f = popen(cmd, "r");
    if (!f) return NULL;
    size_t cap = 1 << 20, n = 0;
    unsigned char *b = malloc(cap);
    for (size_t r; b && (r = fread(b + n, 1, cap - n, f)) > 0;) {
        n += r;
        if (n == cap) b = realloc(b, cap *= 2);
    }
    if (pclose(f) != 0 || !b) {
        free(b);
        return NULL;
    }
    *len = n;
    return b;
}

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Loads images and labels into out (count samples); 0 or -1 with a message. */
static int load(const char *dir, const char *images, const char *labels, img **out, int64_t *count,
                int dv)
{
    size_t il, ll;
    unsigned char *ib = read_gz(dir, images, &il), *lb = read_gz(dir, labels, &ll);
    if (!ib || !lb || il < 16 || ll < 8 || be32(ib) != 0x803 || be32(lb) != 0x801 ||
        be32(ib + 8) * be32(ib + 12) != NF || be32(ib + 4) != be32(lb + 4) ||
        il != 16 + (size_t)be32(ib + 4) * NF || ll != 8 + be32(lb + 4)) {
        fprintf(stderr, "mlr_bench: cannot read %s/%s and %s (install dataset-fashion-mnist)\n", dir,
                images, labels);
        free(ib);
        free(lb);
        return -1;
    }
    int64_t n = be32(ib + 4);
    img *d = dv ? strads_dv_malloc((size_t)n * sizeof *d, sizeof *d, "D") : malloc((size_t)n * sizeof *d);
    if (!d) return -1;
    for (int64_t i = 0; i < n; i++) {
        for (int j = 0; j < NF; j++) d[i].x[j] = (float)ib[16 + i * NF + j] / 255.0f;
        d[i].label = lb[8 + i];
    }
    free(ib);
    free(lb);
    *out = d;
    *count = n;
    return 0;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int bench_main(int argc, char **argv)
{
    int hog = argc > 1 && !strcmp(argv[1], "hogwild"), priv = argc > 1 && !strcmp(argv[1], "private");
    int nthr = (hog || priv) && argc > 4 ? atoi(argv[4]) : 1;
    if (argc < 4 || (strcmp(argv[1], "seq") && strcmp(argv[1], "strads") && !hog && !priv) ||
        nthr < 1 || nthr > MAX_THREADS) {
        fprintf(stderr, "usage: mlr_bench seq|strads DIR EPOCHS | hogwild|private DIR EPOCHS 1..%d\n",
                MAX_THREADS);
        return 2;
    }
    int par = strcmp(argv[1], "strads") == 0, epochs = atoi(argv[3]);
    const char *dir = argv[2];
    img *D, *T;
    int64_t n, nt;
    if (load(dir, "train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz", &D, &n, par) ||
        load(dir, "t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz", &T, &nt, 0))
        return 1;
    float(*W)[NW] = par ? strads_dv_calloc(NC, sizeof *W, sizeof *W, "W") : calloc(NC, sizeof *W);
    if (!W) return 1;
    const char *mbs = getenv("MLR_MINIBATCH");
    double *times = calloc((size_t)epochs, sizeof *times), *cpus = calloc((size_t)epochs, sizeof *cpus);
    if (!times || !cpus) return 1;
    const char *lrs = getenv("MLR_LR"), *decs = getenv("MLR_DECAY");
    double lr0 = lrs ? atof(lrs) : 0.01, decay = decs ? atof(decs) : 0;
    for (int ep = 0; ep < epochs; ep++) {
        double loss = 0, t0 = now_s(), c0 = cpu_s();
        float lr = (float)(lr0 / (1 + decay * ep));
        mlr_env e = {{mbs ? atol(mbs) : 0, 0, {0, 0, 0, 0, NULL}}, W, D, lr, 0, &loss};
        if (par) {
            strads_sync_for(&mlr_site, 0, n, &e);
        } else if (hog || priv) {
            if (run_threads(&e, n, nthr, priv, &loss)) return 1;
        } else {
            mlr_tls t = {0};
            mlr_body(&e, &t, NULL, 0, n);
            loss = t.loss;
        }
        times[ep] = now_s() - t0;
        cpus[ep] = cpu_s() - c0;
        printf("epoch %d time %.3f cpu %.3f loss %.4f\n", ep, times[ep], cpus[ep], loss / (double)n);
    }
    int64_t right = 0;
    for (int64_t i = 0; i < nt; i++) {
        int best = 0;
        float bz = -1e30f;
        for (int k = 0; k < NC; k++) {
            float a = W[k][NF];
            for (int j = 0; j < NF; j++) a += W[k][j] * T[i].x[j];
            if (a > bz) bz = a, best = k;
        }
        right += best == T[i].label;
    }
    qsort(times, (size_t)epochs, sizeof *times, cmp_d);
    qsort(cpus, (size_t)epochs, sizeof *cpus, cmp_d);
    printf("result mode=%s nodes=%d threads=%d epoch_s=%.4f cpu_s=%.4f acc=%.2f\n", argv[1], strads_size(),
           par ? strads_threads() : nthr, times[epochs / 2], cpus[epochs / 2], 100.0 * (double)right / (double)nt);
    free(times);
    free(cpus);
    free(T);
    if (par) {
        strads_free(W);
        strads_free(D);
    } else {
        free(W);
        free(D);
    }
    return 0;
}

STRADS_MAIN(bench_main)
