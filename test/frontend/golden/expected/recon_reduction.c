#line 1 "recon_reduction.c"
/* Reconnaissance and reduction items (frontend/recon.c): an item the body
 * only updates in whole statements is not updated there (its operands are
 * still evaluated, so that the dvector reads in them are recorded); an item
 * the body also reads keeps every update. */
#include <stdio.h>
#include <stdlib.h>

enum { N = 2000, B = 16 };

#line 12 "<stdout>"
#include <strads.h>
#include <strads_generated.h>
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Warray-parameter"
#elif defined(__clang__) && defined(__has_warning)
#if __has_warning("-Warray-parameter")
#pragma clang diagnostic ignored "-Warray-parameter"
#endif
#endif
/* Reconnaissance records a read and keeps the value readable. */
#define STRADS__RD(...) (*(__typeof__(__VA_ARGS__) *)strads_recon_rdi(strads__rc, &(__VA_ARGS__), sizeof(__VA_ARGS__)))
/* Glue that runs once per site or per call compiles cheaply: at -O2 it cost
 * more than the user's file (bench/stradscc.sh).
 * Reconnaissance runs once per site but over every iteration: at -Os the
 * loops it records as ranges, left with nothing to do, are deleted. */
/* <math.h>'s functions as reconnaissance calls them (recon_lib.c): the
 * same symbols, declared const, so that a call whose value goes nowhere
 * is deleted (errno kept them, even under optimize("no-math-errno")). */
#define STRADS__M1(T, f) extern T strads__m_##f(T) __asm__(#f) __attribute__((__const__, __nothrow__, __unused__));
#define STRADS__M2(T, f) extern T strads__m_##f(T, T) __asm__(#f) __attribute__((__const__, __nothrow__, __unused__));
#define STRADS__MF(n) STRADS__M1(double, n) STRADS__M1(float, n##f)
STRADS__MF(sqrt) STRADS__MF(exp) STRADS__MF(log) STRADS__MF(fabs) STRADS__MF(tanh) STRADS__MF(sin)
STRADS__MF(cos) STRADS__MF(exp2) STRADS__MF(log2) STRADS__MF(log1p) STRADS__MF(expm1) STRADS__MF(cbrt)
STRADS__M2(double, pow) STRADS__M2(float, powf) STRADS__M2(double, fmax) STRADS__M2(float, fmaxf)
STRADS__M2(double, fmin) STRADS__M2(float, fminf)
#if defined(__GNUC__) && !defined(__clang__)
#define STRADS__GLUE __attribute__((__cold__, __optimize__("O0")))
#define STRADS__RECON __attribute__((__cold__, __optimize__("Os", "no-math-errno")))
#else
#define STRADS__GLUE __attribute__((__cold__))
#define STRADS__RECON __attribute__((__cold__))
#endif
#line 10 "recon_reduction.c"
#line 46 "<stdout>"
/* recon_reduction.c:22: sync_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(int *) idx;
    __typeof__(double *) w;
    __typeof__(long) *strads__p_hist;
    int64_t strads__lo_hist, strads__n_hist;
    __typeof__(double) total, *strads__p_total;
};
struct strads__tls1 {
    char strads__none;
    __typeof__(long) *hist;
    int64_t strads__lo_hist, strads__n_hist;
    __typeof__(double) total;
};
static const strads_loop_site strads__site1;
/* recon_reduction.c:32: sync_for */
struct strads__env2 {
    strads_loop_dyn strads__dyn;
    __typeof__(int *) idx;
    __typeof__(double *) w;
    __typeof__(long) *strads__p_seen;
    int64_t strads__lo_seen, strads__n_seen;
};
struct strads__tls2 {
    char strads__none;
    __typeof__(long) *seen;
    int64_t strads__lo_seen, strads__n_seen;
};
static const strads_loop_site strads__site2;
#line 10 "recon_reduction.c"
int strads_user_main(void)
{

    int *idx = strads_dv_malloc(N * sizeof *idx, sizeof *(idx), "recon_reduction.c:12");

    double *w = strads_dv_calloc(N, sizeof *w, sizeof *(w), "recon_reduction.c:14");
    for (int i = 0; i < N; i++)
        idx[i] = (i * 7) % B;

    /* update-only: hist's subscript reads idx, total's operand reads w */
    long hist[B] = {0};
    double total = 0;

    { char strads__s1[sizeof(struct strads__env1) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env1)] __attribute__((__aligned__(__alignof__(struct strads__env1)))); struct strads__env1 *strads__e1 = (struct strads__env1 *)strads__env_new(strads__s1, sizeof(struct strads__env1)); strads__e1->idx = idx; strads__e1->w = w; strads__e1->strads__p_hist = &(hist)[0]; strads__e1->strads__lo_hist = (int64_t)(0); strads__e1->strads__n_hist = (int64_t)(B); if (strads__e1->strads__lo_hist < 0 || strads__e1->strads__n_hist < 0 || strads__e1->strads__lo_hist + strads__e1->strads__n_hist > 16LL) strads_fatal(STRADS_EINVAL, "recon_reduction.c:22:38: section hist[0:B] is past the end of 'hist' (16 elements)"); strads__e1->total = total; strads__e1->strads__p_total = &total; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l1 = (0); __auto_type strads__h1 = (N); int64_t strads__l64_1 = (int64_t)strads__l1, strads__r1 = (int64_t)strads__h1, strads__h64_1 = strads__r1 + ((__typeof__(strads__h1))strads__r1 < strads__h1); if ((strads__l1 > 0) != (strads__l64_1 > 0) || (strads__r1 != 0 && (strads__h1 > 0) != (strads__r1 > 0)) || (strads__l1 < strads__h1) != (strads__l64_1 < strads__h64_1)) strads_fatal(STRADS_EINVAL, "recon_reduction.c:23:18: the loop's bounds as C compares them (i < N, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_sync_for(&strads__site1, strads__l64_1, strads__h64_1, strads__e1); strads__env_free(strads__e1, sizeof *strads__e1); } }




    /* read in the body: seen decides which w the iteration writes (each
     * thread reads its own partial count, so w depends on the threads and
     * nodes; one process of one thread is the plain build) */
    long seen[B] = {0};

    { char strads__s2[sizeof(struct strads__env2) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env2)] __attribute__((__aligned__(__alignof__(struct strads__env2)))); struct strads__env2 *strads__e2 = (struct strads__env2 *)strads__env_new(strads__s2, sizeof(struct strads__env2)); strads__e2->idx = idx; strads__e2->w = w; strads__e2->strads__p_seen = &(seen)[0]; strads__e2->strads__lo_seen = (int64_t)(0); strads__e2->strads__n_seen = (int64_t)(B); if (strads__e2->strads__lo_seen < 0 || strads__e2->strads__n_seen < 0 || strads__e2->strads__lo_seen + strads__e2->strads__n_seen > 16LL) strads_fatal(STRADS_EINVAL, "recon_reduction.c:32:38: section seen[0:B] is past the end of 'seen' (16 elements)"); { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l2 = (0); __auto_type strads__h2 = (N); int64_t strads__l64_2 = (int64_t)strads__l2, strads__r2 = (int64_t)strads__h2, strads__h64_2 = strads__r2 + ((__typeof__(strads__h2))strads__r2 < strads__h2); if ((strads__l2 > 0) != (strads__l64_2 > 0) || (strads__r2 != 0 && (strads__h2 > 0) != (strads__r2 > 0)) || (strads__l2 < strads__h2) != (strads__l64_2 < strads__h64_2)) strads_fatal(STRADS_EINVAL, "recon_reduction.c:33:18: the loop's bounds as C compares them (i < N, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_sync_for(&strads__site2, strads__l64_2, strads__h64_2, strads__e2); strads__env_free(strads__e2, sizeof *strads__e2); } }




    double s = 0;
    for (int i = 0; i < N; i++)
        s += w[i];
    printf("hist %ld %ld total %.1f seen %ld w %.1f\n", hist[0], hist[B - 1], total, seen[3], s);
    strads_free(idx);
    strads_free(w);
    return 0;
}
#line 114 "<stdout>"
static inline __attribute__((__always_inline__)) void strads__loop1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi);
static void strads__body1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
#ifdef __OPTIMIZE__
    if (!strads__idx)
        strads__loop1(strads__ve, strads__vt, (const int64_t *)0, strads__lo, strads__hi);
    else
#endif
        strads__loop1(strads__ve, strads__vt, strads__idx, strads__lo, strads__hi);
}
static inline __attribute__((__always_inline__)) void strads__loop1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env1 *strads__e = strads__ve;
    struct strads__tls1 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(int *) idx = strads__e->idx;
    (void)idx;
    __typeof__(double *) w = strads__e->w;
    (void)w;
    __typeof__(strads__t->hist) hist = strads__t->hist - strads__t->strads__lo_hist;
    __typeof__(strads__t->total) total = strads__t->total;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") if (i < (0LL) || i >= (2000LL)) __builtin_unreachable(); _Pragma("GCC diagnostic pop")
#line 23 "recon_reduction.c"
                                {
        hist[idx[i]] += 1;
        total += w[i] + 1;
    }
#line 146 "<stdout>"
    }
    strads__t->total = total;
}
#if defined(assert) && !defined(NDEBUG)
#pragma push_macro("assert")
#undef assert
#define assert(e) ((e) ? (void)0 : strads_recon_assert(#e, __FILE__, __LINE__, __func__))
#define STRADS__ASSERT_PUSHED
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wreturn-type"
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#if defined(__clang__)
#pragma GCC diagnostic ignored "-Wsometimes-uninitialized"
#else
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#endif
STRADS__RECON static void strads__recon1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(int *) idx = strads__e->idx;
    (void)idx;
    __typeof__(double *) w = strads__e->w;
    (void)w;
    __typeof__(long) *strads__b_hist = __builtin_calloc(strads__e->strads__n_hist > 0 ? (size_t)strads__e->strads__n_hist : 1, sizeof(long));
    if (!strads__b_hist) strads_fatal(STRADS_ENOMEM, "recon_reduction.c");
    __typeof__(long) *hist = strads__b_hist - strads__e->strads__lo_hist;
    (void)hist;
    __typeof__(double) total = strads__e->total;
    (void)total;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        strads_recon_iter(strads__rc, (int64_t)i);
        /* recon_reduction.c:23 */
                                do {
        ((void)(STRADS__RD(idx[i])), (void)(1));
        ((void)(STRADS__RD(w[i]) + 1));
    } while (0);
        (void)strads_recon_again(strads__rc);
#line 189 "<stdout>"
    }
    __builtin_free(strads__b_hist);
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
STRADS__GLUE static void strads__tls_init1(void *strads__vt, const void *strads__ve)
{
    struct strads__tls1 *t = strads__vt;
    const struct strads__env1 *e = strads__ve;
    t->strads__lo_hist = e->strads__lo_hist;
    t->strads__n_hist = e->strads__n_hist;
    t->hist = __builtin_calloc(t->strads__n_hist > 0 ? (size_t)t->strads__n_hist : 1, sizeof *t->hist);
    if (!t->hist) strads_fatal(STRADS_ENOMEM, "recon_reduction.c");
    t->total = 0;
    (void)t;
    (void)e;
}
STRADS__GLUE static void strads__tls_fold1(void *strads__va, const void *strads__vt)
{
    struct strads__tls1 *a = strads__va;
    const struct strads__tls1 *t = strads__vt;
    for (int64_t k = 0; k < t->strads__n_hist; k++) a->hist[k] += t->hist[k];
    a->total += t->total;
    (void)a;
    (void)t;
}
STRADS__GLUE static void strads__publish1(void *strads__ve, const void *strads__va)
{
    struct strads__env1 *e = strads__ve;
    const struct strads__tls1 *a = strads__va;
    for (int64_t k = 0; k < a->strads__n_hist; k++) e->strads__p_hist[e->strads__lo_hist + k] += a->hist[k];
    *e->strads__p_total += a->total;
    (void)a;
    (void)e;
}
STRADS__GLUE static void strads__tls_free1(void *strads__vt)
{
    struct strads__tls1 *t = strads__vt;
    __builtin_free(t->hist);
    t->hist = NULL;
    (void)t;
}
static const strads_field strads__tfd1[] = {
    {STRADS_FIELD(struct strads__tls1, hist), STRADS_F_TLSSEC, NULL, __builtin_offsetof(struct strads__tls1, strads__lo_hist),
     __builtin_offsetof(struct strads__tls1, strads__n_hist), sizeof *((struct strads__tls1 *)0)->hist, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__tls1, total), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
#define STRADS__NTFD1 ((int)(sizeof strads__tfd1 / sizeof *strads__tfd1))
STRADS__GLUE static int strads__tls_pack1(struct msgpack_packer *pk, const void *t)
{
    return strads_fields_pack(pk, t, strads__tfd1, STRADS__NTFD1);
}
STRADS__GLUE static int strads__tls_unpack1(const struct msgpack_object *o, void *t)
{
    return strads_fields_unpack(o, t, strads__tfd1, STRADS__NTFD1);
}
static const strads_field strads__efd1[] = {
    {STRADS_FIELD(struct strads__env1, strads__dyn.minibatch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__dyn.threads), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__dyn.sync.kind), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__dyn.sync.a), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__dyn.sync.b), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__dyn.sync.has_b), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, idx), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, w), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_NO},
    {STRADS_FIELD(struct strads__env1, strads__lo_hist), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__n_hist), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, total), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_array strads__arr1[] = {
    {__builtin_offsetof(struct strads__env1, idx), STRADS_T_I32, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY | STRADS_ARRAY_OWN | STRADS_ARRAY_SPAN, 4, 0, 0, 1, 0, 0, 4, NULL},
    {__builtin_offsetof(struct strads__env1, w), STRADS_T_F64, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY | STRADS_ARRAY_OWN | STRADS_ARRAY_SPAN, 8, 0, 0, 1, 0, 0, 8, NULL},
};
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_SYNC_FOR,
    .file = "recon_reduction.c",
    .line = 22,
    .col = 1,
    .id = UINT64_C(0x99555c530224966a), /* FNV-1a of "recon_reduction.c:22:1" */
    .env_size = sizeof(struct strads__env1),
    .tls_size = sizeof(struct strads__tls1),
    .body = strads__body1,
    .recon = strads__recon1,
    .tls_init = strads__tls_init1,
    .tls_fold = strads__tls_fold1,
    .publish = strads__publish1,
    .tls_pack = strads__tls_pack1,
    .tls_unpack = strads__tls_unpack1,
    .tls_free = strads__tls_free1,
    .env_fields = strads__efd1,
    .nenv_fields = (int)(sizeof strads__efd1 / sizeof *strads__efd1),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 0,
    .arrays = strads__arr1,
    .narrays = 2,
};
static const strads_loop_site *const strads__reg1
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site1;
static inline __attribute__((__always_inline__)) void strads__loop2(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi);
static void strads__body2(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
#ifdef __OPTIMIZE__
    if (!strads__idx)
        strads__loop2(strads__ve, strads__vt, (const int64_t *)0, strads__lo, strads__hi);
    else
#endif
        strads__loop2(strads__ve, strads__vt, strads__idx, strads__lo, strads__hi);
}
static inline __attribute__((__always_inline__)) void strads__loop2(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env2 *strads__e = strads__ve;
    struct strads__tls2 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(int *) idx = strads__e->idx;
    (void)idx;
    __typeof__(double *) w = strads__e->w;
    (void)w;
    __typeof__(strads__t->seen) seen = strads__t->seen - strads__t->strads__lo_seen;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") if (i < (0LL) || i >= (2000LL)) __builtin_unreachable(); _Pragma("GCC diagnostic pop")
#line 33 "recon_reduction.c"
                                {
        if (seen[idx[i]] == 0)
            w[i] += 1;
        seen[idx[i]]++;
    }
#line 324 "<stdout>"
    }
}
#if defined(assert) && !defined(NDEBUG)
#pragma push_macro("assert")
#undef assert
#define assert(e) ((e) ? (void)0 : strads_recon_assert(#e, __FILE__, __LINE__, __func__))
#define STRADS__ASSERT_PUSHED
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wreturn-type"
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#if defined(__clang__)
#pragma GCC diagnostic ignored "-Wsometimes-uninitialized"
#else
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#endif
STRADS__GLUE static void strads__reconx2(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env2 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(int *) idx = strads__e->idx;
    (void)idx;
    __typeof__(double *) w = strads__e->w;
    (void)w;
    __typeof__(long) *strads__b_seen = __builtin_calloc(strads__e->strads__n_seen > 0 ? (size_t)strads__e->strads__n_seen : 1, sizeof(long));
    if (!strads__b_seen) strads_fatal(STRADS_ENOMEM, "recon_reduction.c");
    __typeof__(long) *seen = strads__b_seen - strads__e->strads__lo_seen;
    (void)seen;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        /* recon_reduction.c:33 */
                                do {
        if (seen[STRADS__RD(idx[i])] == 0)
            (void)__extension__({ __auto_type strads__p1 = &(w[i]); __typeof__(*strads__p1) strads__v1 = *(__typeof__(*strads__p1) *)strads_recon_rd(strads__rc, strads__p1, sizeof *strads__p1) + (1); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p1, &strads__v1, sizeof strads__v1); strads__v1; });
        seen[STRADS__RD(idx[i])]++;
    } while (0);
        (void)strads_recon_again(strads__rc);
#line 364 "<stdout>"
    }
    __builtin_free(strads__b_seen);
}
STRADS__RECON static void strads__recon2(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env2 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(int *) idx = strads__e->idx;
    (void)idx;
    __typeof__(double *) w = strads__e->w;
    (void)w;
    __typeof__(long) *strads__b_seen = __builtin_calloc(strads__e->strads__n_seen > 0 ? (size_t)strads__e->strads__n_seen : 1, sizeof(long));
    if (!strads__b_seen) strads_fatal(STRADS_ENOMEM, "recon_reduction.c");
    __typeof__(long) *seen = strads__b_seen - strads__e->strads__lo_seen;
    (void)seen;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        strads_recon_iter(strads__rc, (int64_t)i);
        /* recon_reduction.c:33 */
                                do {
        if (seen[STRADS__RD(idx[i])] == 0)
            __extension__({ __auto_type strads__p0 = &(w[i]); (void)sizeof(+(1)); strads_recon_rwd(strads__rc, strads__p0, sizeof *strads__p0, 1); });
        seen[STRADS__RD(idx[i])]++;
    } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx2(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 392 "<stdout>"
    }
    __builtin_free(strads__b_seen);
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
STRADS__GLUE static void strads__tls_init2(void *strads__vt, const void *strads__ve)
{
    struct strads__tls2 *t = strads__vt;
    const struct strads__env2 *e = strads__ve;
    t->strads__lo_seen = e->strads__lo_seen;
    t->strads__n_seen = e->strads__n_seen;
    t->seen = __builtin_calloc(t->strads__n_seen > 0 ? (size_t)t->strads__n_seen : 1, sizeof *t->seen);
    if (!t->seen) strads_fatal(STRADS_ENOMEM, "recon_reduction.c");
    (void)t;
    (void)e;
}
STRADS__GLUE static void strads__tls_fold2(void *strads__va, const void *strads__vt)
{
    struct strads__tls2 *a = strads__va;
    const struct strads__tls2 *t = strads__vt;
    for (int64_t k = 0; k < t->strads__n_seen; k++) a->seen[k] += t->seen[k];
    (void)a;
    (void)t;
}
STRADS__GLUE static void strads__publish2(void *strads__ve, const void *strads__va)
{
    struct strads__env2 *e = strads__ve;
    const struct strads__tls2 *a = strads__va;
    for (int64_t k = 0; k < a->strads__n_seen; k++) e->strads__p_seen[e->strads__lo_seen + k] += a->seen[k];
    (void)a;
    (void)e;
}
STRADS__GLUE static void strads__tls_free2(void *strads__vt)
{
    struct strads__tls2 *t = strads__vt;
    __builtin_free(t->seen);
    t->seen = NULL;
    (void)t;
}
static const strads_field strads__tfd2[] = {
    {STRADS_FIELD(struct strads__tls2, seen), STRADS_F_TLSSEC, NULL, __builtin_offsetof(struct strads__tls2, strads__lo_seen),
     __builtin_offsetof(struct strads__tls2, strads__n_seen), sizeof *((struct strads__tls2 *)0)->seen, STRADS_PICKS_DEFAULT},
};
#define STRADS__NTFD2 ((int)(sizeof strads__tfd2 / sizeof *strads__tfd2))
STRADS__GLUE static int strads__tls_pack2(struct msgpack_packer *pk, const void *t)
{
    return strads_fields_pack(pk, t, strads__tfd2, STRADS__NTFD2);
}
STRADS__GLUE static int strads__tls_unpack2(const struct msgpack_object *o, void *t)
{
    return strads_fields_unpack(o, t, strads__tfd2, STRADS__NTFD2);
}
static const strads_field strads__efd2[] = {
    {STRADS_FIELD(struct strads__env2, strads__dyn.minibatch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, strads__dyn.threads), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, strads__dyn.sync.kind), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, strads__dyn.sync.a), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, strads__dyn.sync.b), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, strads__dyn.sync.has_b), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, idx), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, w), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, strads__lo_seen), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, strads__n_seen), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_array strads__arr2[] = {
    {__builtin_offsetof(struct strads__env2, idx), STRADS_T_I32, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY | STRADS_ARRAY_OWN | STRADS_ARRAY_SPAN, 4, 0, 0, 1, 0, 0, 4, NULL},
    {__builtin_offsetof(struct strads__env2, w), STRADS_T_F64, STRADS_AGG_AVG, NULL, STRADS_ARRAY_OWN | STRADS_ARRAY_SPAN, 8, 0, 0, 1, 0, 0, 8, NULL},
};
static const strads_loop_site strads__site2 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_SYNC_FOR,
    .file = "recon_reduction.c",
    .line = 32,
    .col = 1,
    .id = UINT64_C(0x069afe4a2261065b), /* FNV-1a of "recon_reduction.c:32:1" */
    .env_size = sizeof(struct strads__env2),
    .tls_size = sizeof(struct strads__tls2),
    .body = strads__body2,
    .recon = strads__recon2,
    .tls_init = strads__tls_init2,
    .tls_fold = strads__tls_fold2,
    .publish = strads__publish2,
    .tls_pack = strads__tls_pack2,
    .tls_unpack = strads__tls_unpack2,
    .tls_free = strads__tls_free2,
    .env_fields = strads__efd2,
    .nenv_fields = (int)(sizeof strads__efd2 / sizeof *strads__efd2),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 0,
    .arrays = strads__arr2,
    .narrays = 2,
};
static const strads_loop_site *const strads__reg2
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site2;
#line 46 "recon_reduction.c"
#line 492 "<stdout>"
static int strads__main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return strads_user_main();
}
STRADS_MAIN(strads__main)
