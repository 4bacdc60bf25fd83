/*
 * The folds of whole replicas (engine/loop_sync_deltas.c): the block mask
 * that finds changed elements (rt__changed_mask, rt__same_block) against
 * memcmp, at every block length, both element sizes and any alignment;
 * and rt__fold_replicas and rt__v_add_changed against the element-by-element
 * arithmetic they replace (a change of a scalar whose bytes did not change
 * is 0; an element some replica changed gets the changes in replica order,
 * and for a mean, scaled by how many changed it), for doubles, floats and
 * ints, rows of 1, 3 and 40 scalars, with -0.0, infinities and unchanged
 * writes among the changes.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine/loop.h"

static void masks(void)
{
    char a[64 * 8 + 16], b[64 * 8 + 16];
    for (int it = 0; it < 200000; it++) {
        size_t elem = check_rand() % 2 ? 4 : 8;
        int64_t n = (int64_t)(check_rand() % 65);
        if (n * (int64_t)elem > 512) n = 512 / (int64_t)elem;
        size_t off = check_rand() % 16;
        for (size_t i = 0; i < sizeof a; i++) a[i] = b[i] = (char)(check_rand() % 3);
        for (int k = (int)(check_rand() % 4); k > 0; k--)
            b[off + check_rand() % (sizeof b - off)] ^= (char)(1 << (check_rand() % 8));
        uint64_t want = 0;
        for (int64_t i = 0; i < n; i++)
            want |= (uint64_t)(memcmp(a + off + (size_t)i * elem, b + off + (size_t)i * elem, elem) != 0) << i;
        CHECK_INT(rt__changed_mask(a + off, b + off, elem, n), ==, want);
        CHECK_INT(rt__same_block(a + off, b + off, (size_t)n * elem), ==, want == 0);
    }
}

/* A scalar's value: mostly small integers (exact sums), some specials. */
static double draw(void)
{
    switch (check_rand() % 16) {
    case 0: return INFINITY;
    case 1: return -0.0;
    case 2: return 0.0;
    default: return (double)(int)(check_rand() % 9) - 4;
    }
}

/* rt__fold_replicas and rt__v_add_changed against the plain loops. */
static void folds(strads_type t, size_t nsc)
{
    size_t sz = rt__type_size(t), elem = nsc * sz;
    int64_t n = 1 + (int64_t)(check_rand() % 150);
    int nrep = 1 + (int)(check_rand() % 4);
    size_t bytes = (size_t)n * elem;
    char *start = malloc(bytes), *base = malloc(bytes), *want = malloc(bytes), *was = malloc(elem + 16);
    char *rep[4];
    for (size_t i = 0; i < (size_t)n * nsc; i++) {
        double v = draw();
        if (t == STRADS_T_F64) memcpy(start + i * 8, &v, 8);
        if (t == STRADS_T_F32) { float f = (float)v; memcpy(start + i * 4, &f, 4); }
        if (t == STRADS_T_I32) { int32_t x = isfinite(v) ? (int32_t)v : 7; memcpy(start + i * 4, &x, 4); }
    }
    for (int r = 0; r < nrep; r++) {
        rep[r] = malloc(bytes);
        memcpy(rep[r], start, bytes);
        for (int64_t e = 0; e < n; e++)
            if (check_rand() % 5 == 0) { /* a write, perhaps of the same value */
                size_t k = check_rand() % nsc;
                double v = draw();
                char *p = rep[r] + (size_t)e * elem + k * sz;
                if (t == STRADS_T_F64) memcpy(p, &v, 8);
                if (t == STRADS_T_F32) { float f = (float)v; memcpy(p, &f, 4); }
                if (t == STRADS_T_I32 && isfinite(v)) { int32_t x = (int32_t)v; memcpy(p, &x, 4); }
            }
    }
    for (int avg = 0; avg < 2; avg++) {
        memcpy(base, start, bytes);
        memcpy(want, start, bytes);
        for (int64_t e = 0; e < n; e++) { /* the reference, a scalar at a time */
            char *row = want + (size_t)e * elem, *s = start + (size_t)e * elem;
            int cnt = 0;
            char before[400];
            for (int r = 0; r < nrep; r++) {
                char d[400], *y = rep[r] + (size_t)e * elem;
                memcpy(d, s, elem);
                rt__v_delta(t, d, y, nsc); /* d = y - s, 0 where the bytes are the same */
                if (rt__zero_bytes(d, elem)) continue;
                if (!cnt) memcpy(before, row, elem);
                /* each changed scalar: y itself first (the row still at s), then + d */
                for (size_t k = 0; k < nsc; k++) {
                    if (rt__zero_bytes(d + k * sz, sz)) continue;
                    if (!cnt && !memcmp(row + k * sz, s + k * sz, sz)) memcpy(row + k * sz, y + k * sz, sz);
                    else rt__v_add(t, row + k * sz, d + k * sz, 1);
                }
                cnt++;
            }
            bool scalars = nsc > 1; /* rows: a mean per scalar */
            if (avg && cnt > 1 && !scalars) rt__v_scale_from(t, row, before, nsc, 1.0 / cnt);
            if (avg && scalars) { /* a mean per scalar: over the replicas that changed it */
                memcpy(row, s, elem);
                for (size_t k = 0; k < nsc; k++) {
                    int c = 0;
                    for (int r = 0; r < nrep; r++) {
                        char d[8];
                        memcpy(d, s + k * sz, sz);
                        rt__v_delta(t, d, rep[r] + (size_t)e * elem + k * sz, 1);
                        if (rt__zero_bytes(d, sz)) continue;
                        if (!c++) memcpy(row + k * sz, rep[r] + (size_t)e * elem + k * sz, sz);
                        else rt__v_add(t, row + k * sz, d, 1);
                    }
                    if (c > 1) rt__v_scale_from(t, row + k * sz, s + k * sz, 1, 1.0 / c);
                }
            }
        }
        rt__fold_replicas(t, avg, base, start, (const char *const *)rep, nrep, nsc, 0, n, was);
        CHECK(memcmp(base, want, bytes) == 0);
    }
    /* v_add_changed: one replica against its start, counts per element;
     * then every replica, counted per scalar, and their mean */
    int32_t *cnt = calloc((size_t)n, sizeof *cnt), *cs = calloc((size_t)n * nsc, sizeof *cs);
    memcpy(base, start, bytes);
    rt__v_add_changed(t, base, rep[0], start, (size_t)n, nsc, cnt, NULL);
    memcpy(want, start, bytes);
    rt__fold_replicas(t, false, want, start, (const char *const *)rep, 1, nsc, 0, n, was);
    CHECK(memcmp(base, want, bytes) == 0);
    if (nsc > 1 && t != STRADS_T_I32) {
        int32_t *c2 = calloc((size_t)n, sizeof *c2);
        memcpy(base, start, bytes);
        for (int r = 0; r < nrep; r++) rt__v_add_changed(t, base, rep[r], start, (size_t)n, nsc, c2, cs);
        for (int64_t e = 0; e < n; e++)
            rt__v_mean_from(t, base + (size_t)e * elem, start + (size_t)e * elem, nsc, cs + (size_t)e * nsc);
        memcpy(want, start, bytes);
        rt__fold_replicas(t, true, want, start, (const char *const *)rep, nrep, nsc, 0, n, was);
        CHECK(memcmp(base, want, bytes) == 0);
        for (size_t k = 0; k < (size_t)n * nsc; k++) CHECK_INT(cs[k], ==, 0); /* zeroed */
        free(c2);
    }
    free(cs);
    for (int64_t e = 0; e < n; e++) { /* counted: the change is not all zero bytes */
        char d[400];
        memcpy(d, start + (size_t)e * elem, elem);
        rt__v_delta(t, d, rep[0] + (size_t)e * elem, nsc);
        CHECK_INT(cnt[e], ==, !rt__zero_bytes(d, elem));
    }
    for (int r = 0; r < nrep; r++) free(rep[r]);
    free(cnt);
    free(start);
    free(base);
    free(want);
    free(was);
}

/* One worker's value over a much larger start comes out as written, not
 * as start + (value - start) (0.001f over 1e8f came out 0), and -0.0 over
 * 1.0 as -0.0: by every fold of the threads. */
static void exact_first(void)
{
    float start[2] = {1e8f, 1.0f}, rep0[2] = {0.001f, -0.0f}, base[2], was[2];
    const char *rep[1] = {(const char *)rep0};
    memcpy(base, start, sizeof base);
    rt__fold_replicas(STRADS_T_F32, true, (char *)base, (const char *)start, rep, 1, 2, 0, 1, was);
    CHECK(memcmp(base, rep0, sizeof base) == 0);
    int32_t cnt[1] = {0}, cs[2] = {0, 0};
    memcpy(base, start, sizeof base);
    rt__v_add_changed(STRADS_T_F32, (char *)base, (const char *)rep0, (const char *)start, 1, 2, cnt, cs);
    CHECK(memcmp(base, rep0, sizeof base) == 0);
    float d[2] = {rep0[0] - start[0], rep0[1] - start[1]};
    memcpy(base, start, sizeof base);
    rt__v_put(STRADS_T_F32, base, rep0, start, d, 2, true, NULL);
    CHECK(memcmp(base, rep0, sizeof base) == 0);
    /* a second worker adds its change */
    float rep1[2] = {3e8f, 1.0f}, d1[2] = {rep1[0] - start[0], 0.0f};
    rt__v_put(STRADS_T_F32, base, rep1, start, d1, 2, false, NULL);
    CHECK(base[0] == 0.001f + 2e8f && memcmp(&base[1], &rep0[1], sizeof base[1]) == 0);
}

int main(void)
{
    masks();
    exact_first();
    static const strads_type types[] = {STRADS_T_F64, STRADS_T_F32, STRADS_T_I32};
    static const size_t rows[] = {1, 3, 40};
    for (int it = 0; it < 300; it++)
        for (int k = 0; k < 3; k++)
            for (int j = 0; j < 3; j++) folds(types[k], rows[j]);
    CHECK_DONE();
    return 0;
}
