/*
 * dds_prog_keyed.c - the dds_prog modes for keyed data (dmap), checkpoint
 * images, the randomized differential test, the 1 GiB load and foreign
 * functions (see dds_prog.c for the list and how ctest runs them).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "dds_prog.h"

long keyed_checks(void)
{
    return check_count;
}

/* ----------------------------------------------------------------- dmap */

static int key_mod(void *key, void *val, const void *elem, int64_t i)
{
    int64_t k = *(const int64_t *)elem % 100;
    memcpy(key, &k, 8);
    memcpy(val, &i, 8);
    return k == 99 ? 0 : 1; /* skip one key */
}

static int join_add(void *out, const void *key, const void *va, const void *vb)
{
    (void)key;
    int64_t a, b;
    memcpy(&a, va, 8);
    memcpy(&b, vb, 8);
    if (b < 0)
        return 0;
    int64_t s = a + b;
    memcpy(out, &s, 8);
    return 1;
}

static int visit_sum(const void *key, const void *val, void *arg)
{
    int64_t *s = arg, k, v;
    memcpy(&k, key, 8);
    memcpy(&v, val, 8);
    s[0] += k;
    s[1] += v;
    s[2]++;
    return 0;
}

/* The keyed cache protocol on every node: prefetch every key, read them
 * locally, update a share of them (mostly keys owned elsewhere) and write
 * those back. */
typedef struct mc_arg {
    uint32_t map;
    int64_t nkeys;
} mc_arg;

static int nf_mapcache(const void *arg, size_t len)
{
    (void)len;
    const mc_arg *a = arg;
    dds_map *m = dds_map_by_id(a->map);
    if (!m)
        return STRADS_ENOTFOUND;
    int me = strads_rank(), nodes = strads_size(), rc = 0;
    int64_t *keys = malloc((size_t)a->nkeys * 8), *mine = malloc((size_t)a->nkeys * 8);
    size_t nm = 0;
    for (int64_t k = 0; k < a->nkeys; k++)
        keys[k] = k * 31 + 1; /* keys 31k+1 are absent */
    rc = dds_map_prefetch(m, keys, (size_t)a->nkeys);
    for (int64_t k = 0; k < a->nkeys && !rc; k++) {
        int64_t *v = dds_map_local(m, &keys[k]);
        if (v) /* absent keys stay absent */
            rc = STRADS_EPROTO;
        keys[k] -= 1;
        v = dds_map_local(m, &keys[k]);
        if (!rc && dds_map_prefetch(m, &keys[k], 1) == 0)
            v = dds_map_local(m, &keys[k]);
        if (!rc && (!v || *v != k))
            rc = STRADS_EPROTO;
    }
    /* Everyone has read before anyone writes (the phase rule). */
    int32_t w = rc;
    int ce = strads_allreduce(&w, 1, STRADS_T_I32, STRADS_OP_MIN);
    if (!rc && (ce || w))
        rc = ce ? ce : STRADS_EREMOTE;
    for (int64_t k = me; k < a->nkeys && !rc; k += nodes) {
        int64_t nv = k + 1000 * (me + 1);
        rc = dds_map_local_put(m, &keys[k], &nv);
        mine[nm++] = keys[k];
    }
    if (!rc)
        rc = dds_map_writeback(m, mine, nm);
    dds_map_cache_drop(m);
    free(keys);
    free(mine);
    return rc;
}

void mode_dmap(void)
{
    strads_dmap *m;
    CHECK_OK(strads_dmap_create(&m, 8, 8, 0));
    enum { K = 5000 };
    int64_t *keys = malloc(K * 8), *vals = malloc(K * 8);
    for (int64_t i = 0; i < K; i++)
        keys[i] = i * 31, vals[i] = i;
    CHECK_OK(strads_dmap_put_batch(m, keys, vals, K));
    int64_t size;
    CHECK_OK(strads_dmap_size(m, &size));
    CHECK_EQ(size, K);
    for (int64_t i = 0; i < K; i += 7) {
        int64_t v;
        CHECK_OK(strads_dmap_get(m, &keys[i], &v));
        CHECK_EQ(v, i);
    }
    int64_t k = 31 * 10, v = -5;
    CHECK_OK(strads_dmap_put(m, &k, &v)); /* overwrite */
    CHECK_OK(strads_dmap_get(m, &k, &v));
    CHECK_EQ(v, -5);
    CHECK_OK(strads_dmap_erase(m, &k));
    CHECK_EQ(strads_dmap_erase(m, &k), STRADS_ENOTFOUND);
    CHECK_EQ(strads_dmap_get(m, &k, &v), STRADS_ENOTFOUND);
    unsigned char *found = malloc(K);
    for (int64_t i = 0; i < K; i++)
        keys[i] = i * 31 + (i % 2); /* odd i: missing keys */
    CHECK_OK(strads_dmap_get_batch(m, keys, vals, found, K));
    for (int64_t i = 0; i < K; i++) {
        CHECK_EQ(found[i], i % 2 == 0 && i != 10);
        if (found[i])
            CHECK_EQ(vals[i], i);
    }
    int64_t s[3] = { 0 };
    CHECK_OK(strads_dmap_foreach(m, visit_sum, s));
    CHECK_EQ(s[2], K - 1);
    CHECK_EQ(s[0], 31 * ((int64_t)K * (K - 1) / 2 - 10));

    /* Node-side prefetch / local access / write-back, keyed. */
    strads_dmap *mc;
    CHECK_OK(strads_dmap_create(&mc, 8, 8, 0));
    for (int64_t i = 0; i < K; i++)
        keys[i] = i * 31, vals[i] = i;
    CHECK_OK(strads_dmap_put_batch(mc, keys, vals, K));
    mc_arg ma = { mc->id, 600 };
    run_op(nf_mapcache, &ma, sizeof ma);
    for (int64_t i = 0; i < K; i++) {
        int64_t v2;
        CHECK_OK(strads_dmap_get(mc, &keys[i], &v2));
        CHECK_EQ(v2, i < 600 ? i + 1000 * (i % N + 1) : i);
    }
    CHECK_OK(strads_dmap_destroy(mc));

    /* dmultimap via from_dvector: key = i % 100, values = indices in order. */
    int64_t *src;
    CHECK_OK(strads_dvector_create((void **)&src, 10000, 8, STRADS_PART_BLOCK, init_i, 0));
    strads_dmap *mm;
    CHECK_OK(strads_dmap_create(&mm, 8, 8, STRADS_DMAP_MULTI));
    CHECK_OK(strads_dmap_from_dvector(mm, src, key_mod));
    CHECK_OK(strads_dmap_size(mm, &size));
    CHECK_EQ(size, 9900);
    int64_t got[200];
    size_t cnt;
    k = 7;
    CHECK_OK(strads_dmap_find(mm, &k, got, 200, &cnt));
    CHECK_EQ(cnt, 100);
    /* elem = 3i, key = 3i % 100 == 7 -> i = 69, 169, ... in index order */
    int64_t prev = -1;
    for (size_t j = 0; j < cnt; j++) {
        CHECK_EQ((3 * got[j]) % 100, 7);
        CHECK_INT(got[j], >, prev);
        prev = got[j];
    }
    k = 99;
    CHECK_OK(strads_dmap_find(mm, &k, got, 200, &cnt));
    CHECK_EQ(cnt, 0);
    k = 7;
    int64_t v7 = 12345;
    CHECK_OK(strads_dmap_put(mm, &k, &v7)); /* multimap put appends */
    CHECK_OK(strads_dmap_find(mm, &k, got, 3, &cnt));
    CHECK_EQ(cnt, 101);
    CHECK_OK(strads_dmap_get(mm, &k, &v));
    CHECK_EQ(v, got[0]);

    /* join: a (key -> 2key) with b (key -> 3key, some negative: skipped). */
    strads_dmap *a, *b, *j;
    CHECK_OK(strads_dmap_create(&a, 8, 8, 0));
    CHECK_OK(strads_dmap_create(&b, 8, 8, 0));
    for (int64_t i = 0; i < 1000; i++) {
        int64_t va = 2 * i, vb = i % 10 == 0 ? -1 : 3 * i, kb = i + 500;
        CHECK_OK(strads_dmap_put(a, &i, &va));
        vb = kb % 10 == 0 ? -1 : 3 * kb;
        CHECK_OK(strads_dmap_put(b, &kb, &vb));
    }
    CHECK_OK(strads_dmap_join(&j, a, b, 8, join_add));
    CHECK_OK(strads_dmap_size(j, &size));
    CHECK_EQ(size, 450); /* keys 500..999 minus multiples of 10 */
    k = 777;
    CHECK_OK(strads_dmap_get(j, &k, &v));
    CHECK_EQ(v, 5 * 777);
    /* multimap x map: every pair. */
    strads_dmap *jm;
    CHECK_OK(strads_dmap_join(&jm, mm, a, 8, join_add));
    k = 7;
    CHECK_OK(strads_dmap_find(jm, &k, got, 200, &cnt));
    CHECK_EQ(cnt, 101);
    CHECK_EQ(got[100], 12345 + 14);
    for (strads_dmap **p = (strads_dmap *[]){ m, mm, a, b, j, jm, NULL }; *p; p++)
        CHECK_OK(strads_dmap_destroy(*p));
    strads_free(src);
    free(keys);
    free(vals);
    free(found);
}

/* ---------------------------------------------------------------- image */

void mode_image(void)
{
    char prefix[300], path[400];
    snprintf(prefix, sizeof prefix, "%s/ck", tmpdir);
    int64_t *v;
    const int64_t n = 50000;
    CHECK_OK(strads_dvector_create((void **)&v, n, 8, STRADS_PART_HASH, init_i, 1));
    CHECK_OK(strads_image_write_dvector(v, prefix));
    for (int64_t i = 0; i < n; i++)
        v[i] = 0;
    int64_t sum = 0;
    CHECK_OK(strads_dvector_reduce(v, fold_i64, comb_i64, &sum, sizeof sum));
    CHECK_EQ(sum, 0);
    CHECK_OK(strads_image_read_dvector(v, prefix));
    for (int64_t i = 0; i < n; i++)
        CHECK_EQ(v[i], 3 * i + 1);
    /* Corrupt the last node's image: nobody loads. */
    for (int64_t i = 0; i < n; i++)
        v[i] = 1;
    snprintf(path, sizeof path, "%s.%d-of-%d.img", prefix, N - 1, N);
    int fd = open(path, O_RDWR);
    CHECK(fd >= 0);
    CHECK_EQ(pwrite(fd, "X", 1, 130), 1);
    close(fd);
    int rc = strads_image_read_dvector(v, prefix);
    CHECK(rc == STRADS_ECORRUPT || rc == STRADS_EREMOTE);
    sum = 0;
    CHECK_OK(strads_dvector_reduce(v, fold_i64, comb_i64, &sum, sizeof sum));
    CHECK_EQ(sum, n);
    strads_free(v);

    strads_dmap *m;
    CHECK_OK(strads_dmap_create(&m, 8, 8, STRADS_DMAP_MULTI));
    for (int64_t k = 0; k < 2000; k++) {
        int64_t val = k * 2;
        CHECK_OK(strads_dmap_put(m, &k, &val));
        CHECK_OK(strads_dmap_put(m, &k, &k));
    }
    CHECK_OK(strads_image_write_dmap(m, prefix));
    for (int64_t k = 0; k < 2000; k += 2)
        CHECK_OK(strads_dmap_erase(m, &k));
    CHECK_OK(strads_image_read_dmap(m, prefix));
    int64_t size;
    CHECK_OK(strads_dmap_size(m, &size));
    CHECK_EQ(size, 4000);
    int64_t k = 10, got[4];
    size_t cnt;
    CHECK_OK(strads_dmap_find(m, &k, got, 4, &cnt));
    CHECK_EQ(cnt, 2);
    CHECK_EQ(got[0], 20);
    CHECK_EQ(got[1], 10);
    CHECK_OK(strads_dmap_destroy(m));
}

/* --------------------------------------------------------------- random */

enum { RN = 6000, RKEYS = 512 };

typedef struct rnd_arg {
    int64_t *v;
    uint64_t round;
    int64_t nidx;
    int64_t idx[64];
} rnd_arg;

/* Owners add round-dependent values to some of their elements (reported as
 * written), then every node prefetches idx[] and checks them against the
 * same arithmetic applied to the values it saw before. */
static int nf_rnd(const void *arg, size_t len)
{
    (void)len;
    const rnd_arg *a = arg;
    dds_vec *dv;
    if (dds_lookup(a->v, &dv, NULL))
        return STRADS_ENOTFOUND;
    int me = strads_rank();
    int64_t *w = malloc(RN * sizeof *w);
    size_t k = 0;
    for (int64_t i = 0; i < RN; i++) /* block or hash: ask the partition */
        if (dds_owner(dv, i) == me && (uint64_t)(i * 7) % 5 == a->round % 5) {
            a->v[i] += (int64_t)a->round;
            w[k++] = i;
        }
    int rc = dds_writeback(dv, w, k);
    free(w);
    if (!rc)
        rc = strads_barrier();
    if (!rc)
        rc = dds_prefetch(dv, a->idx, (size_t)a->nidx);
    int64_t s = 0;
    for (int64_t j = 0; j < a->nidx; j++)
        s += a->v[a->idx[j]] * (j + 1);
    int64_t *all = calloc((size_t)strads_size(), sizeof *all);
    if (!rc)
        rc = strads_gather(&s, sizeof s, me == 0 ? all : NULL);
    for (int r = 1; r < strads_size() && !rc && me == 0; r++)
        if (all[r] != all[0])
            rc = STRADS_EPROTO; /* every node saw the same values */
    free(all);
    return rc;
}

static uint64_t rs = 0x9e3779b97f4a7c15ULL;
static uint64_t rnd(void)
{
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return rs;
}

enum { RMV = 8 }; /* values per multimap key kept by the model */

static void random_run(int part)
{
    static int64_t model[RN];
    static int64_t mval[RKEYS];
    static char mhas[RKEYS];
    static int64_t mmv[RKEYS][RMV];
    static int mmn[RKEYS];
    memset(mhas, 0, sizeof mhas);
    memset(mmn, 0, sizeof mmn);
    rnd_arg a;
    memset(&a, 0, sizeof a);
    CHECK_OK(strads_dvector_create((void **)&a.v, RN, 8, part, init_i, 5));
    for (int64_t i = 0; i < RN; i++)
        model[i] = 3 * i + 5;
    strads_dmap *m, *mm;
    CHECK_OK(strads_dmap_create(&m, 8, 8, 0));
    CHECK_OK(strads_dmap_create(&mm, 8, 8, STRADS_DMAP_MULTI));
    dds_vec *dv;
    CHECK_OK(dds_lookup(a.v, &dv, NULL));
    for (int step = 0; step < 300; step++) {
        int op = (int)(rnd() % 7);
        if (op == 0) { /* sequential writes */
            int cnt = (int)(rnd() % 50);
            for (int c = 0; c < cnt; c++) {
                int64_t i = (int64_t)(rnd() % RN), x = (int64_t)(rnd() % 1000);
                a.v[i] = x;
                model[i] = x;
            }
        } else if (op == 1) { /* a parallel operator */
            a.round = (uint64_t)step;
            a.nidx = 64;
            for (int j = 0; j < 64; j++)
                a.idx[j] = (int64_t)(rnd() % RN);
            run_op(nf_rnd, &a, sizeof a);
            for (int64_t i = 0; i < RN; i++)
                if ((uint64_t)(i * 7) % 5 == a.round % 5)
                    model[i] += (int64_t)a.round;
        } else if (op == 2) {
            int64_t s = 0, ms = 0;
            CHECK_OK(strads_dvector_reduce(a.v, fold_i64, comb_i64, &s, sizeof s));
            for (int64_t i = 0; i < RN; i++)
                ms += model[i];
            CHECK_EQ(s, ms);
        } else if (op == 3) { /* dmap put / erase */
            int64_t k = (int64_t)(rnd() % RKEYS), x = (int64_t)rnd();
            if (rnd() % 3) {
                CHECK_OK(strads_dmap_put(m, &k, &x));
                mval[k] = x;
                mhas[k] = 1;
            } else {
                CHECK_EQ(strads_dmap_erase(m, &k), mhas[k] ? 0 : STRADS_ENOTFOUND);
                mhas[k] = 0;
            }
        } else if (op == 4) { /* dmap get */
            int64_t k = (int64_t)(rnd() % RKEYS), x;
            int rc = strads_dmap_get(m, &k, &x);
            CHECK_EQ(rc, mhas[k] ? 0 : STRADS_ENOTFOUND);
            if (!rc)
                CHECK_EQ(x, mval[k]);
        } else if (op == 5) { /* dmultimap insert / erase / find-range */
            int64_t k = (int64_t)(rnd() % 64), x = (int64_t)rnd(), got[RMV + 1];
            int what = (int)(rnd() % 4);
            if (what < 2 && mmn[k] < RMV) {
                CHECK_OK(strads_dmap_put(mm, &k, &x));
                mmv[k][mmn[k]++] = x;
            } else if (what == 2) {
                CHECK_EQ(strads_dmap_erase(mm, &k), mmn[k] ? 0 : STRADS_ENOTFOUND);
                mmn[k] = 0;
            }
            size_t cnt;
            CHECK_OK(strads_dmap_find(mm, &k, got, RMV + 1, &cnt));
            CHECK_EQ(cnt, mmn[k]);
            for (size_t j = 0; j < cnt; j++)
                CHECK_EQ(got[j], mmv[k][j]); /* insertion order */
        } else { /* driver reads */
            for (int c = 0; c < 20; c++) {
                int64_t i = (int64_t)(rnd() % RN);
                CHECK_EQ(a.v[i], model[i]);
            }
        }
    }
    for (int64_t i = 0; i < RN; i++)
        CHECK_EQ(a.v[i], model[i]);
    int64_t size, ms = 0;
    CHECK_OK(strads_dmap_size(m, &size));
    for (int k = 0; k < RKEYS; k++)
        ms += mhas[k];
    CHECK_EQ(size, ms);
    int64_t msize = 0;
    CHECK_OK(strads_dmap_size(mm, &size));
    for (int k = 0; k < RKEYS; k++)
        msize += mmn[k];
    CHECK_EQ(size, msize);
    CHECK_OK(strads_dmap_destroy(m));
    CHECK_OK(strads_dmap_destroy(mm));
    strads_free(a.v);
}

void mode_random(void)
{
    random_run(STRADS_PART_BLOCK);
    random_run(STRADS_PART_HASH);
}

/* -------------------------------------------------------------- bigload */

typedef struct brec { int32_t a, b; } brec;

/* Hand-rolled: the benchmark measures the loader, not strtol. */
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

static void fold_b(void *acc, const void *e, int64_t i)
{
    (void)i;
    const brec *r = e;
    ((int64_t *)acc)[0] += r->a;
    ((int64_t *)acc)[1] += r->b;
}

static void comb_b(void *acc, const void *o)
{
    ((int64_t *)acc)[0] += ((const int64_t *)o)[0];
    ((int64_t *)acc)[1] += ((const int64_t *)o)[1];
}

void mode_bigload(const char *mib_arg)
{
    size_t mib = mib_arg ? (size_t)atol(mib_arg) : 1100;
    char path[300];
    snprintf(path, sizeof path, "%s/big.txt", tmpdir);
    /* One 1 MiB block of lines "a b\n", repeated: quick to write. */
    size_t blk = 1 << 20;
    char *b = malloc(blk + 64);
    size_t len = 0;
    int64_t lines = 0, sa = 0, sb = 0;
    while (len < blk - 24) {
        int32_t x = (int32_t)(lines * 7919 % 100000000), y = (int32_t)(lines % 1000003);
        len += (size_t)sprintf(b + len, "%d %d\n", x, y);
        sa += x;
        sb += y;
        lines++;
    }
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    CHECK(fd >= 0);
    for (size_t k = 0; k < mib; k++)
        CHECK_EQ(write(fd, b, len), (ssize_t)len);
    close(fd);
    free(b);
    brec *v;
    int64_t n;
    strads_load_error err;
    CHECK_OK(strads_load_text((void **)&v, &n, path, sizeof(brec), parse_brec, &err));
    CHECK_EQ(n, lines * (int64_t)mib);
    int64_t acc[2] = { 0, 0 };
    CHECK_OK(strads_dvector_reduce(v, fold_b, comb_b, acc, sizeof acc));
    CHECK_EQ(acc[0], sa * (int64_t)mib);
    CHECK_EQ(acc[1], sb * (int64_t)mib);
    CHECK_EQ(v[n - 1].b, (int32_t)((lines - 1) % 1000003));
    printf("bigload: %zu MiB, %lld records on %d nodes\n", (size_t)(len * mib) >> 20,
           (long long)n, N);
    strads_free(v);
    unlink(path);
}

void mode_foreign(void)
{
    void *v;
    /* strlen lives in libc: it cannot be named in another process. */
    CHECK_EQ(strads_load_text(&v, NULL, "/dev/null", 8, (strads_parse_fn)(void *)strlen, NULL),
             STRADS_ENOFUNC);
    CHECK_EQ(strads_dvector_create(&v, 10, 8, 0, (strads_init_fn)(void *)abs, 0),
             STRADS_ENOFUNC);
}

