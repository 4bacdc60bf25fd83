/*
 * dds_prog - the distributed data structures exercised by a real job. Each
 * mode is one scenario; ctest starts it under strads-run with 1, 2 and 4
 * processes and looks for "ok MODE size=N".
 *
 *   ops        create with init (block and hash), map, reduce, failures
 *   coherence  driver writes reach the nodes; node writes reach the driver
 *   xfer       prefetch (ranges, lists), write-back of values and of deltas
 *   load       parallel text load; global line numbers of errors across nodes
 *   dmap       dmap / dmultimap get, put, erase, find, batches, foreach,
 *              from_dvector, join
 *   image      checkpoint images across nodes; one corrupt node image
 *   random     random operations against a plain array and plain tables
 *              (block and hash partitions, dmap and dmultimap)
 *   bigload    a >= 1 GiB file loaded across the nodes (label "slow")
 *   foreign    a user function from a shared library is refused
 *
 * The keyed-data, image, random, bigload and foreign modes live in
 * dds_prog_keyed.c; dds_prog.h holds what both files share.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "dds_prog.h"

int N;
char tmpdir[256];

static void cnt_vec(dds_vec *dv, void *arg)
{
    (void)dv;
    ++*(int *)arg;
}

int count_vecs(void)
{
    int n = 0;
    dds_vec_foreach(cnt_vec, &n);
    return n;
}

/* Runs fn on every node as a parallel operator would be run. */
void run_op(strads_node_fn fn, const void *arg, size_t len)
{
    CHECK_OK(dds_operator_begin());
    CHECK_OK(strads_invoke_all(fn, arg, len));
    CHECK_OK(dds_operator_end());
}

/* ------------------------------------------------------------------ ops */

int init_i(void *e, int64_t i, uint64_t seed)
{
    *(int64_t *)e = i * 3 + (int64_t)seed;
    return 0;
}

static int init_fail(void *e, int64_t i, uint64_t seed)
{
    (void)seed;
    *(int64_t *)e = i;
    return i == 5000 ? STRADS_EPARSE : 0;
}

static int map_half(void *out, const void *in, int64_t i)
{
    (void)i;
    *(double *)out = (double)*(const int64_t *)in * 0.5;
    return 0;
}

static int map_fail(void *out, const void *in, int64_t i)
{
    (void)out, (void)in;
    return i == 7 ? STRADS_EINVAL : 0; /* on the driver (rank 0) */
}

void fold_i64(void *acc, const void *e, int64_t i)
{
    (void)i;
    *(int64_t *)acc += *(const int64_t *)e;
}

void comb_i64(void *acc, const void *o)
{
    *(int64_t *)acc += *(const int64_t *)o;
}

static void fold_inv(void *acc, const void *e, int64_t i)
{
    (void)e;
    *(double *)acc += 1.0 / (double)(i + 1);
}

static void comb_f64(void *acc, const void *o)
{
    *(double *)acc += *(const double *)o;
}

static void mode_ops(void)
{
    const int64_t n = 10007;
    for (int part = 0; part <= 2; part += 2) {
        int64_t *v;
        CHECK_OK(strads_dvector_create((void **)&v, n, 8, part, init_i, 7));
        for (int64_t i = 0; i < n; i++)
            CHECK_EQ(v[i], 3 * i + 7);
        int64_t len;
        size_t elem;
        CHECK_OK(strads_dvector_info(v, &len, &elem));
        CHECK_EQ(len, n);
        CHECK_EQ(elem, 8);
        double *h;
        CHECK_OK(strads_dvector_map((void **)&h, v, sizeof(double), map_half));
        for (int64_t i = 0; i < n; i++)
            CHECK_DBL(h[i], (3 * i + 7) * 0.5, 0);
        int64_t sum = 0;
        CHECK_OK(strads_dvector_reduce(v, fold_i64, comb_i64, &sum, sizeof sum));
        CHECK_EQ(sum, 3 * n * (n - 1) / 2 + 7 * n);
        double s1 = 0, s2 = 0;
        CHECK_OK(strads_dvector_reduce(v, fold_inv, comb_f64, &s1, sizeof s1));
        CHECK_OK(strads_dvector_reduce(v, fold_inv, comb_f64, &s2, sizeof s2));
        CHECK(memcmp(&s1, &s2, sizeof s1) == 0); /* fixed order: same bits */
        double ref = 0;
        for (int64_t i = 0; i < n; i++)
            ref += 1.0 / (double)(i + 1);
        CHECK_DBL(s1, ref, 1e-9);
        strads_free(h);
        strads_free(v);
    }
    int before = count_vecs();
    void *bad = NULL;
    CHECK_EQ(strads_dvector_create(&bad, 10000, 8, STRADS_PART_BLOCK, init_fail, 0),
             N == 1 || 5000 < 10000 / N ? STRADS_EPARSE : STRADS_EREMOTE);
    CHECK(bad == NULL);
    CHECK_EQ(count_vecs(), before);
    int64_t *v;
    CHECK_OK(strads_dvector_create((void **)&v, 100, 8, STRADS_PART_BLOCK, NULL, 0));
    CHECK_EQ(strads_dvector_map(&bad, v, 8, map_fail), STRADS_EINVAL); /* on the driver */
    CHECK_EQ(count_vecs(), before + 1);
    CHECK_EQ(strads_dvector_info(v + 1, NULL, NULL), STRADS_EINVAL);
    CHECK_EQ(strads_dvector_create(&bad, -1, 8, 0, NULL, 0), STRADS_EINVAL);
    strads_free(v);
}

/* ------------------------------------------------------------ coherence */

typedef struct coh_arg {
    int64_t *v;
    int64_t n, add, expect_sum;
} coh_arg;

/* Adds a to every owned element (as a loop body would) and reports the
 * writes like the loop engine does. */
static int nf_bump(const void *arg, size_t len)
{
    (void)len;
    const coh_arg *a = arg;
    dds_vec *dv;
    if (dds_lookup(a->v, &dv, NULL))
        return STRADS_ENOTFOUND;
    int64_t lo, hi;
    dds_owned_range(dv, strads_rank(), &lo, &hi);
    int64_t *idx = malloc((size_t)(hi - lo + 1) * sizeof *idx);
    for (int64_t i = lo; i < hi; i++) {
        a->v[i] += a->add;
        idx[i - lo] = i;
    }
    int rc = dds_writeback(dv, idx, (size_t)(hi - lo));
    free(idx);
    return rc;
}

/* Checks on every node that the owners hold what the driver wrote. */
static int nf_owner_sum(const void *arg, size_t len)
{
    (void)len;
    const coh_arg *a = arg;
    dds_vec *dv;
    if (dds_lookup(a->v, &dv, NULL))
        return STRADS_ENOTFOUND;
    int64_t lo, hi, s = 0;
    dds_owned_range(dv, strads_rank(), &lo, &hi);
    for (int64_t i = lo; i < hi; i++)
        s += a->v[i];
    int rc = strads_allreduce(&s, 1, STRADS_T_I64, STRADS_OP_SUM);
    return rc ? rc : s == a->expect_sum ? 0 : STRADS_EPROTO;
}

static void mode_coherence(void)
{
    const int64_t n = 100000; /* several pages per node */
    coh_arg a = { NULL, n, 0, 0 };
    CHECK_OK(strads_dvector_create((void **)&a.v, n, 8, STRADS_PART_BLOCK, init_i, 0));
    int64_t sum = 3 * n * (n - 1) / 2;
    /* Sequential writes between operators, into every node's partition. */
    a.v[n - 1] = -1;
    a.v[0] = -2;
    a.v[n / 2] = 5;
    sum += -1 - 3 * (n - 1) - 2 + 5 - 3 * (n / 2);
    a.expect_sum = sum;
    run_op(nf_owner_sum, &a, sizeof a);
    int64_t r = 0;
    CHECK_OK(strads_dvector_reduce(a.v, fold_i64, comb_i64, &r, sizeof r));
    CHECK_EQ(r, sum);
    /* Node writes come back to the driver. */
    a.add = 1000;
    run_op(nf_bump, &a, sizeof a);
    CHECK_EQ(a.v[n - 1], 999);
    CHECK_EQ(a.v[0], 998);
    for (int64_t i = 1; i < n - 1; i++)
        if (i != n / 2)
            CHECK_EQ(a.v[i], 3 * i + 1000);
    sum += 1000 * n;
    /* Again, many scattered writes in one sequential phase. */
    for (int64_t i = 0; i < n; i += 97) {
        sum += 11;
        a.v[i] += 11;
    }
    a.expect_sum = sum;
    run_op(nf_owner_sum, &a, sizeof a);
    /* A vector written only by the driver, then freed and reallocated. */
    int64_t *w = strads_dv_calloc((size_t)n, 8, 8, "coherence");
    for (int64_t i = 0; i < n; i++)
        w[i] = 2;
    coh_arg b = { w, n, 0, 2 * n };
    run_op(nf_owner_sum, &b, sizeof b);
    strads_free(w);
    /* A fresh vector filled by read(2) straight from a file (no fault for
     * the kernel's writes before the first operator): pushed all the same. */
    char path[300];
    snprintf(path, sizeof path, "%s/raw.bin", tmpdir);
    int64_t *buf = malloc((size_t)n * 8), want = 0;
    for (int64_t i = 0; i < n; i++)
        want += buf[i] = i % 1000;
    FILE *f = fopen(path, "wb");
    CHECK_EQ(fwrite(buf, 8, (size_t)n, f), (size_t)n);
    fclose(f);
    int64_t *rd = strads_dv_malloc((size_t)n * 8, 8, "coherence-read");
    int fd = open(path, O_RDONLY);
    CHECK_EQ(read(fd, rd, (size_t)n * 8), n * 8);
    close(fd);
    coh_arg c = { rd, n, 0, want };
    run_op(nf_owner_sum, &c, sizeof c);
    /* After an operator the tracker catches plain stores as before. */
    rd[n - 1] += 5;
    c.expect_sum += 5;
    run_op(nf_owner_sum, &c, sizeof c);
    /* The runtime copies whole mappings back (an emulated sync_for that
     * restores its arrays): a store into the last page's padding, past the
     * last element, is the tracker's fault too, not the program's end. */
    dds_vec *rdv;
    CHECK_OK(dds_lookup(rd, &rdv, NULL));
    CHECK(rdv->bytes > (size_t)n * 8);
    ((volatile char *)rdv->base)[rdv->bytes - 1] = 0;
    run_op(nf_owner_sum, &c, sizeof c);
    /* A vector operators only read stays write-protected through them (no
     * whole-mapping mprotect per operator); when an operator does write it
     * here after all, the writes go through page by page and the driver
     * still sees every node's, and its own later stores are still caught. */
    run_op(nf_owner_sum, &c, sizeof c);
    for (int round = 0; round < 3; round++) {
        c.add = 7;
        run_op(nf_bump, &c, sizeof c);
        c.expect_sum += 7 * n;
        for (int64_t i = 0; i < n; i++)
            CHECK_EQ(rd[i], buf[i] + 7 * (round + 1) + (i == n - 1 ? 5 : 0) + (i == 0 ? round : 0));
        rd[0] += 1;
        c.expect_sum += 1;
        run_op(nf_owner_sum, &c, sizeof c);
    }
    free(buf);
    strads_free(rd);
    unlink(path);
    strads_free(a.v);
}

/* ----------------------------------------------------------------- xfer */

typedef struct xfer_arg {
    double *v;
    int64_t n;
} xfer_arg;

/* A failure on one node must not leave the others in a collective: every
 * node passes every step's barrier and learns the worst status. */
#define XSTEP(what)                                                          \
    do {                                                                     \
        if (rc)                                                              \
            fprintf(stderr, "rank %d: xfer step failed: %s: %s\n", me, what, \
                    strads_strerror(rc));                                    \
        int32_t w_ = rc;                                                     \
        int ce_ = strads_allreduce(&w_, 1, STRADS_T_I32, STRADS_OP_MIN);     \
        if (ce_ || w_)                                                       \
            return rc ? rc : ce_ ? ce_ : STRADS_EREMOTE;                     \
    } while (0)

static int nf_xfer(const void *arg, size_t len)
{
    (void)len;
    const xfer_arg *a = arg;
    int me = strads_rank(), nodes = strads_size();
    dds_vec *dv;
    if (dds_lookup(a->v, &dv, NULL))
        return STRADS_ENOTFOUND;
    double *v = a->v;
    int64_t n = a->n;
    /* 1. Prefetch everything: the node's mapping mirrors the whole vector. */
    int rc = dds_prefetch_range(dv, 0, n);
    for (int64_t i = 0; i < n && !rc; i++)
        if (v[i] != (double)i)
            rc = STRADS_EPROTO;
    XSTEP("prefetch of everything");
    /* 2. Write-back of values: node me writes elements i % nodes == me that
     * it does not own; owners check after a barrier. */
    int64_t *idx = malloc((size_t)n * sizeof *idx);
    size_t k = 0;
    for (int64_t i = 0; i < n && !rc; i++)
        if (i % nodes == me && dds_owner(dv, i) != me) {
            v[i] = 1e6 + (double)i;
            idx[k++] = i;
        }
    if (!rc)
        rc = dds_writeback(dv, idx, k);
    XSTEP("values written back");
    int64_t lo, hi;
    dds_owned_range(dv, me, &lo, &hi);
    for (int64_t i = lo; i < hi && !rc; i++) {
        double want = i % nodes == me ? (double)i : 1e6 + (double)i;
        if (v[i] != want)
            rc = STRADS_EPROTO;
    }
    XSTEP("owners hold the written values");
    /* 3. Prefetch of a scattered list with duplicates. */
    for (size_t j = 0; j < 5000; j++)
        idx[j] = (int64_t)((j * 7919 + 13) % (size_t)n);
    if (me != 0) /* poison a worker's cache (the driver's must stay coherent) */
        for (int64_t i = 0; i < n; i++)
            if (dds_owner(dv, i) != me)
                v[i] = -7;
    if (!rc)
        rc = dds_prefetch(dv, idx, 5000);
    for (size_t j = 0; j < 5000 && !rc; j++) {
        int64_t i = idx[j];
        double want = dds_owner(dv, i) == (int)(i % nodes) ? (double)i : 1e6 + (double)i;
        if (v[i] != want)
            rc = STRADS_EPROTO;
    }
    XSTEP("prefetch of a list");
    /* 4. Deltas: rows [0, 100) updated by every node, combined at owners. */
    for (int64_t i = 0; i < 100; i++)
        idx[i] = i;
    dds_snap *s = NULL;
    if (!rc)
        rc = dds_prefetch(dv, idx, 100);
    if (!rc)
        rc = dds_snapshot(dv, idx, 100, &s);
    for (int64_t i = 0; i < 100 && !rc; i++)
        v[i] += me + 1;
    dds_agg sum = { DDS_AGG_SUM, STRADS_T_F64, NULL, false };
    int e = dds_writeback_deltas(dv, s, &sum); /* collective: always called */
    rc = rc ? rc : e;
    dds_snap_free(s);
    XSTEP("sum of deltas");
    /* Rows [100, 200): average. */
    for (int64_t i = 0; i < 100; i++)
        idx[i] = 100 + i;
    s = NULL;
    if (!rc)
        rc = dds_prefetch(dv, idx, 100);
    if (!rc)
        rc = dds_snapshot(dv, idx, 100, &s);
    for (int64_t i = 100; i < 200 && !rc; i++)
        v[i] += 2 * (me + 1);
    dds_agg avg = { DDS_AGG_AVG, STRADS_T_F64, NULL, false };
    e = dds_writeback_deltas(dv, s, &avg);
    rc = rc ? rc : e;
    dds_snap_free(s);
    free(idx);
    XSTEP("mean of deltas");
    return rc;
}

static double base_after_values(int64_t i, int nodes, const int64_t *bounds)
{
    int owner = 0;
    while (owner + 1 < nodes && bounds[owner + 1] <= i)
        owner++;
    return (i % nodes == owner) ? (double)i : 1e6 + (double)i;
}

static int init_d(void *e, int64_t i, uint64_t seed)
{
    (void)seed;
    *(double *)e = (double)i;
    return 0;
}

static void mode_xfer(void)
{
    xfer_arg a = { NULL, 200003 };
    CHECK_OK(strads_dvector_create((void **)&a.v, a.n, 8, STRADS_PART_BLOCK, init_d, 0));
    run_op(nf_xfer, &a, sizeof a);
    dds_vec *dv;
    CHECK_OK(dds_lookup(a.v, &dv, NULL));
    /* The driver's copy after the operator: values, sums and means. */
    for (int64_t i = 0; i < a.n; i++) {
        double want = base_after_values(i, N, dv->bounds);
        if (i < 100)
            want += (double)N * (N + 1) / 2;
        else if (i < 200)
            want += (double)(N + 1); /* mean of 2*(r+1) */
        CHECK_DBL(a.v[i], want, 1e-9);
    }
    strads_free(a.v);
}

/* ----------------------------------------------------------------- load */

typedef struct lrec { int64_t id; double x; } lrec;

static int parse_lrec(void *out, const char *line, size_t len)
{
    (void)len;
    lrec *r = out;
    if (line[0] == '#')
        return 0;
    char *end;
    r->id = strtoll(line, &end, 10);
    if (end == line || *end != ' ')
        return strads_parse_fail("expected an integer then a space");
    char *s = end + 1;
    r->x = strtod(s, &end);
    if (end == s || *end)
        return strads_parse_fail("field 2: expected a number");
    return 1;
}

/* Writes lines "i i*0.5" (with a comment every 1000 lines); lines in bad[]
 * (1-based) get a malformed second field. Returns the byte offsets of the
 * bad lines in offs. */
static void write_lines(const char *path, int64_t lines, const int64_t *bad, int nbad,
                        int64_t *offs)
{
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    int64_t id = 0;
    for (int64_t ln = 1; ln <= lines; ln++) {
        long off = ftell(f);
        int isbad = 0;
        for (int b = 0; b < nbad; b++)
            if (bad[b] == ln) {
                isbad = 1;
                offs[b] = off;
            }
        if (ln % 1000 == 0)
            fprintf(f, "# comment %lld\n", (long long)ln);
        else if (isbad)
            fprintf(f, "%lld 1.5x\n", (long long)id++);
        else {
            fprintf(f, "%lld %.1f\n", (long long)id, (double)id * 0.5);
            id++;
        }
    }
    fclose(f);
}

static void mode_load(void)
{
    char path[300];
    snprintf(path, sizeof path, "%s/ok.txt", tmpdir);
    const int64_t lines = 20000;
    write_lines(path, lines, NULL, 0, NULL);
    lrec *v;
    int64_t n;
    strads_load_error err;
    CHECK_OK(strads_load_text((void **)&v, &n, path, sizeof(lrec), parse_lrec, &err));
    CHECK_EQ(n, lines - lines / 1000);
    for (int64_t i = 0; i < n; i++) {
        CHECK_EQ(v[i].id, i);
        CHECK_DBL(v[i].x, (double)i * 0.5, 0);
    }
    dds_vec *dv;
    CHECK_OK(dds_lookup(v, &dv, NULL));
    CHECK_EQ(dv->part, DDS_PART_RANGE);
    CHECK_EQ(dv->bounds[N], n);
    int64_t sum = 0;
    CHECK_OK(strads_dvector_reduce(v, fold_i64, comb_i64, &sum, sizeof sum));
    CHECK_EQ(sum, n * (n - 1) / 2);
    strads_free(v);

    /* Errors: the first bad line of the file wins, with its global number,
     * wherever the node boundaries fall. */
    int before = count_vecs();
    int64_t bad[2] = { 17777, 3001 }, offs[2] = {-1, -1};
    write_lines(path, lines, bad + 0, 1, offs);
    v = NULL;
    CHECK_EQ(strads_load_text((void **)&v, &n, path, sizeof(lrec), parse_lrec, &err),
             STRADS_EPARSE);
    CHECK_EQ(err.line, 17777);
    CHECK_EQ(err.offset, offs[0]);
    CHECK(strstr(err.msg, "field 2") != NULL);
    CHECK(v == NULL);
    CHECK_EQ(count_vecs(), before);
    write_lines(path, lines, bad, 2, offs);
    CHECK_EQ(strads_load_text((void **)&v, &n, path, sizeof(lrec), parse_lrec, &err),
             STRADS_EPARSE);
    CHECK_EQ(err.line, 3001);
    CHECK_EQ(err.offset, offs[1]);
    CHECK_EQ(count_vecs(), before);
    /* Binary garbage in the middle, and an empty file. */
    int fd = open(path, O_WRONLY);
    CHECK_EQ(pwrite(fd, "\0\1\2\3", 4, 150000), 4);
    close(fd);
    CHECK_EQ(strads_load_text((void **)&v, &n, path, sizeof(lrec), parse_lrec, &err),
             STRADS_EPARSE);
    CHECK_INT(err.line, <=, 3001);
    CHECK_EQ(count_vecs(), before);
    fd = open(path, O_WRONLY | O_TRUNC);
    close(fd);
    CHECK_EQ(strads_load_text((void **)&v, &n, path, sizeof(lrec), parse_lrec, &err),
             STRADS_EPARSE);
    CHECK(strstr(err.msg, "empty") != NULL);
    CHECK_EQ(count_vecs(), before);
    unlink(path);
}

static int prog_main(int argc, char **argv)
{
    N = strads_size();
    if (argc < 2) {
        fprintf(stderr, "usage: dds_prog MODE [ARG]\n");
        return 2;
    }
    const char *base = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    snprintf(tmpdir, sizeof tmpdir, "%s/dds_prog_XXXXXX", base);
    CHECK(mkdtemp(tmpdir) != NULL);
    const char *mode = argv[1];
    if (!strcmp(mode, "ops"))
        mode_ops();
    else if (!strcmp(mode, "coherence"))
        mode_coherence();
    else if (!strcmp(mode, "xfer"))
        mode_xfer();
    else if (!strcmp(mode, "load"))
        mode_load();
    else if (!strcmp(mode, "dmap"))
        mode_dmap();
    else if (!strcmp(mode, "image"))
        mode_image();
    else if (!strcmp(mode, "random"))
        mode_random();
    else if (!strcmp(mode, "bigload"))
        mode_bigload(argc > 2 ? argv[2] : NULL);
    else if (!strcmp(mode, "foreign"))
        mode_foreign();
    else {
        fprintf(stderr, "dds_prog: unknown mode %s\n", mode);
        return 2;
    }
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    CHECK_EQ(system(cmd), 0);
    printf("ok %s size=%d (%ld checks)\n", mode, N, check_count + keyed_checks());
    return 0;
}

STRADS_MAIN(prog_main)
