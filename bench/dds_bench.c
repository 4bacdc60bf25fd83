/*
 * dds_bench - the DDS measurements of bench/dds_bench.sh, each against its
 * baseline in the same process and run:
 *
 *   access [ROWS DIM PASSES]  a parallel body (node function on the worker
 *       threads of every node) doing SGD-like row updates W[i][k] += ... over
 *       a shuffled index list, once on a dvector and once on a malloc'd
 *       array of the same shape, alternating; prints the best time of each
 *       and the ratio plain/dvector (target >= 0.95).
 *   load FILE  strads_load_text of FILE (lines "int int") with N nodes;
 *       prints MB/s (the script compares with `cat FILE > /dev/null`).
 *   xfer [MIB]  rank 1 prefetches a MIB dvector owned by rank 0 and writes
 *       it back; baseline: the same bytes sent with rt_send in 4 MiB
 *       messages (the transport's bandwidth), same pair of processes.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dds/dds.h"
#include "core/rt.h"
#include "strads.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *what, int rc)
{
    fprintf(stderr, "dds_bench: %s: %s\n", what, strads_strerror(rc));
    exit(1);
}

/* ---------------------------------------------------------------- access */

typedef struct acc_arg {
    float *w;       /* dvector: same address everywhere */
    int64_t rows, dim, passes, nidx;
} acc_arg;

typedef struct body_ctx {
    float *w;
    const int64_t *idx;
    int64_t dim, nidx;
} body_ctx;

/* The body: what a generated loop body does with a row. noinline so both
 * arrays run the same machine code. */
__attribute__((noinline)) static void body(void *arg, int64_t task, int thread)
{
    (void)thread;
    body_ctx *c = arg;
    int64_t lo = task * 4096, hi = lo + 4096 < c->nidx ? lo + 4096 : c->nidx;
    float *w = c->w;
    int64_t dim = c->dim;
    for (int64_t j = lo; j < hi; j++) {
        float *row = w + c->idx[j] * dim;
        float dot = 0;
        for (int64_t k = 0; k < dim; k++)
            dot += row[k] * 0.5f;
        float g = 0.01f * (1.0f - dot);
        for (int64_t k = 0; k < dim; k++)
            row[k] += g * row[k];
    }
}

/* CPU time of the process (all its threads): on a small shared VM, time
 * spent descheduled would otherwise land on whichever array ran then. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double run_body(float *w, const int64_t *idx, int64_t nidx, int64_t dim)
{
    body_ctx c = { w, idx, dim, nidx };
    double t0 = cpu_now();
    rt_pool_run((nidx + 4095) / 4096, body, &c);
    return cpu_now() - t0;
}

static int nf_access(const void *arg, size_t len)
{
    (void)len;
    const acc_arg *a = arg;
    int me = strads_rank();
    dds_vec *dv;
    if (dds_lookup(a->w, &dv, NULL))
        return STRADS_ENOTFOUND;
    int64_t lo, hi;
    dds_owned_range(dv, me, &lo, &hi);
    int64_t n = hi - lo;
    /* Each node updates its own rows, in a shuffled order; the plain array
     * is laid out like the node's partition. */
    int64_t *idx = malloc((size_t)a->nidx * sizeof *idx), *pidx = malloc((size_t)a->nidx * 8);
    uint64_t s = 0x1234567 + (uint64_t)me;
    for (int64_t j = 0; j < a->nidx; j++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        pidx[j] = (int64_t)((s >> 33) % (uint64_t)n);
        idx[j] = lo + pidx[j];
    }
    /* Page-aligned like the dvector, so rows straddle cache lines alike and
     * the only difference left is where the memory lives. */
    float *plain = aligned_alloc(4096, ((size_t)n * (size_t)a->dim * sizeof *plain + 4095) /
                                           4096 * 4096);
    for (int64_t i = 0; i < n * a->dim; i++)
        plain[i] = 0.001f * (float)(i % 1000);
    memcpy(a->w + lo * a->dim, plain, (size_t)n * (size_t)a->dim * sizeof *plain);
    double best_d = 1e30, best_p = 1e30;
    for (int64_t p = 0; p < a->passes; p++) {
        double td = run_body(a->w, idx, a->nidx, a->dim);
        double tp = run_body(plain, pidx, a->nidx, a->dim);
        if (td < best_d)
            best_d = td;
        if (tp < best_p)
            best_p = tp;
    }
    double t[2] = { best_d, best_p }, all[2 * 64];
    int rc = strads_gather(t, sizeof t, me == 0 ? all : NULL);
    if (!rc && me == 0)
        for (int r = 0; r < strads_size(); r++)
            printf("access node %d: dvector %.4f s, plain %.4f s (best CPU time), ratio plain/dvector %.3f\n", r,
                   all[2 * r], all[2 * r + 1], all[2 * r + 1] / all[2 * r]);
    free(idx);
    free(pidx);
    free(plain);
    return rc;
}

static void mode_access(int argc, char **argv)
{
    acc_arg a = { NULL, argc > 2 ? atoll(argv[2]) : 1 << 19, argc > 3 ? atoll(argv[3]) : 32,
                  argc > 4 ? atoll(argv[4]) : 25, 0 };
    a.nidx = a.rows / strads_size();
    int rc = strads_dvector_create((void **)&a.w, a.rows, (size_t)a.dim * sizeof(float),
                                   STRADS_PART_BLOCK, NULL, 0);
    if (rc)
        die("create", rc);
    printf("access: %lld rows x %lld floats, %lld updates per node and pass, %lld passes, "
           "%d nodes x %d threads\n", (long long)a.rows, (long long)a.dim, (long long)a.nidx,
           (long long)a.passes, strads_size(), strads_threads());
    if ((rc = dds_operator_begin()) || (rc = strads_invoke_all(nf_access, &a, sizeof a)) ||
        (rc = dds_operator_end()))
        die("access", rc);
    strads_free(a.w);
}

/* ------------------------------------------------------------------ load */

typedef struct brec { int32_t a, b; } brec;

static int parse_brec(void *out, const char *line, size_t len)
{
    brec *r = out;
    int32_t x = 0, y = 0;
    size_t i = 0;
    while (i < len && line[i] >= '0' && line[i] <= '9')
        x = x * 10 + (line[i++] - '0');
    if (i == 0 || i >= len || line[i] != ' ')
        return strads_parse_fail("expected two integers");
    size_t j = ++i;
    while (i < len && line[i] >= '0' && line[i] <= '9')
        y = y * 10 + (line[i++] - '0');
    if (i == j || i != len)
        return strads_parse_fail("expected two integers");
    r->a = x;
    r->b = y;
    return 1;
}

static void mode_load(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        die(path, STRADS_EIO);
    fseek(f, 0, SEEK_END);
    double mb = (double)ftell(f) / 1e6;
    fclose(f);
    void *v;
    int64_t n;
    double t0 = now();
    int rc = strads_load_text(&v, &n, path, sizeof(brec), parse_brec, NULL);
    double t = now() - t0;
    if (rc)
        die("load", rc);
    printf("load: %.0f MB, %lld records, %d nodes: %.3f s, %.0f MB/s\n", mb, (long long)n,
           strads_size(), t, mb / t);
    strads_free(v);
}

/* ------------------------------------------------------------------ xfer */

typedef struct xf_arg {
    char *v;
    int64_t bytes;
} xf_arg;

#define XF_MSG (64 + 20) /* the baseline's messages: a type no one else handles */

static int nf_xfer(const void *arg, size_t len)
{
    (void)len;
    const xf_arg *a = arg;
    int me = strads_rank();
    dds_vec *dv;
    if (dds_lookup(a->v, &dv, NULL))
        return STRADS_ENOTFOUND;
    double t[4] = { 0, 0, 0, 0 };
    int rc = 0;
    size_t chunk = 4 << 20;
    /* Baseline: rank 0 sends the bytes to rank 1 with rt_send. */
    rc = strads_barrier();
    double t0 = now();
    if (me == 0) {
        for (int64_t off = 0; off < a->bytes && !rc; off += (int64_t)chunk) {
            rt_packer p;
            rt_pack_begin(&p, XF_MSG, 1);
            msgpack_pack_bin(&p.pk, chunk);
            rc = rt_send(1, p.sb.data, p.sb.size, a->v + off, chunk);
            rt_pack_done(&p);
        }
    } else if (me == 1) {
        for (int64_t off = 0; off < a->bytes && !rc; off += (int64_t)chunk) {
            rt_msg *m;
            rc = rt_recv(XF_MSG, 1, 0, -1, &m);
            if (!rc)
                rt_msg_free(m);
        }
    }
    if (!rc)
        rc = strads_barrier();
    t[0] = now() - t0;
    /* Prefetch: rank 1 pulls the whole vector (owned by rank 0); the first
     * time its pages are fresh (page faults, zeroing), the second time they
     * are the node's cache already, as in every later round of a loop. */
    t0 = now();
    if (me == 1 && !rc)
        rc = dds_prefetch_range(dv, 0, dv->n);
    t[3] = now() - t0;
    t0 = now();
    if (me == 1 && !rc)
        rc = dds_prefetch_range(dv, 0, dv->n);
    t[1] = now() - t0;
    /* Write-back of values: rank 1 pushes it all back. */
    int64_t *idx = malloc((size_t)dv->n * sizeof *idx);
    for (int64_t i = 0; i < dv->n; i++)
        idx[i] = i;
    t0 = now();
    if (me == 1 && !rc)
        rc = dds_writeback(dv, idx, (size_t)dv->n);
    t[2] = now() - t0;
    free(idx);
    double all[4 * 64];
    int e = strads_gather(t, sizeof t, me == 0 ? all : NULL);
    if (!rc && !e && me == 0) {
        double mb = (double)a->bytes / 1e6, base = mb / all[0];
        double pf = mb / all[4 + 1], wb = mb / all[4 + 2], cold = mb / all[4 + 3];
        printf("xfer: %.0f MB; rt_send %.0f MB/s; prefetch %.0f MB/s (ratio %.2f; first, "
               "into fresh pages: %.0f MB/s); write-back %.0f MB/s (ratio %.2f)\n", mb, base, pf,
               pf / base, cold, wb, wb / base);
    }
    return rc ? rc : e;
}

static void mode_xfer(int argc, char **argv)
{
    if (strads_size() != 2) {
        fprintf(stderr, "dds_bench xfer: run with strads-run -n 2\n");
        exit(2);
    }
    int64_t mib = argc > 2 ? atoll(argv[2]) : 256;
    xf_arg a = { NULL, mib << 20 };
    /* Elements of 1 KiB, 2 x MIB: rank 0 owns the first half (block
     * partition), which rank 1 fetches and writes back. */
    int rc = strads_dvector_create((void **)&a.v, 2 * (a.bytes >> 10), 1024, STRADS_PART_BLOCK,
                                   NULL, 0);
    if (rc)
        die("create", rc);
    memset(a.v, 1, (size_t)a.bytes); /* the driver's own half: nothing to push */
    if ((rc = dds_operator_begin()) || (rc = strads_invoke_all(nf_xfer, &a, sizeof a)) ||
        (rc = dds_operator_end()))
        die("xfer", rc);
    strads_free(a.v);
}

static int bench_main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: dds_bench access|load FILE|xfer [args]\n");
        return 2;
    }
    if (!strcmp(argv[1], "access"))
        mode_access(argc, argv);
    else if (!strcmp(argv[1], "load") && argc > 2)
        mode_load(argv[2]);
    else if (!strcmp(argv[1], "xfer"))
        mode_xfer(argc, argv);
    else
        return 2;
    return 0;
}

STRADS_MAIN(bench_main)
