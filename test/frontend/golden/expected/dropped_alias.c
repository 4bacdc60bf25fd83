#line 1 "dropped_alias.c"
/* A dropped store read back through another name: `cnt[u] += 1` goes
 * unrecorded in value (reconnaissance drops it), then a pointer of the
 * body that points into the same array reads the element and its value
 * picks a row to write. The store must stay shadowed so that the read runs
 * the iteration again exactly; recorded plainly, the plan would miss the
 * row and lose updates at two processes. The same through a pointer
 * declared before the loop (two of the env's pointers reach the array:
 * the runtime keeps the shadow). Sums and maxima only: every serial order
 * prints the same. */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 2x1 2x2 4x1

#define NR 500

#line 19 "<stdout>"
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
#line 17 "dropped_alias.c"
#line 53 "<stdout>"
/* dropped_alias.c:29: async_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(int *) who;
    __typeof__(long *) cnt;
    __typeof__(long *) H;
};
struct strads__tls1 {
    char strads__none;
};
static const strads_loop_site strads__site1;
/* dropped_alias.c:40: async_for */
struct strads__env2 {
    strads_loop_dyn strads__dyn;
    __typeof__(long *) cnt;
    __typeof__(long *) H;
    __typeof__(long *) c0;
};
struct strads__tls2 {
    char strads__none;
};
static const strads_loop_site strads__site2;
#line 17 "dropped_alias.c"
int strads_user_main(void)
{
    long m = 20000;

    int *who = strads_dv_malloc(m * sizeof *who, sizeof *(who), "dropped_alias.c:20");

    long *cnt = strads_dv_calloc(NR, sizeof *cnt, sizeof *(cnt), "dropped_alias.c:22");

    long *H = strads_dv_calloc(NR, sizeof *H, sizeof *(H), "dropped_alias.c:24");
    if (!who || !cnt || !H) return 1;
    for (long j = 0; j < m; j++) who[j] = (int)((j * 7919 + 13) % NR);
    for (int ep = 0; ep < 3; ep++) {

        { char strads__s1[sizeof(struct strads__env1) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env1)] __attribute__((__aligned__(__alignof__(struct strads__env1)))); struct strads__env1 *strads__e1 = (struct strads__env1 *)strads__env_new(strads__s1, sizeof(struct strads__env1)); strads__e1->who = who; strads__e1->cnt = cnt; strads__e1->H = H; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") long strads__l1 = (0); __auto_type strads__h1 = (m); int64_t strads__l64_1 = (int64_t)strads__l1, strads__r1 = (int64_t)strads__h1, strads__h64_1 = strads__r1 + ((__typeof__(strads__h1))strads__r1 < strads__h1); if ((strads__l1 > 0) != (strads__l64_1 > 0) || (strads__r1 != 0 && (strads__h1 > 0) != (strads__r1 > 0)) || (strads__l1 < strads__h1) != (strads__l64_1 < strads__h64_1)) strads_fatal(STRADS_EINVAL, "dropped_alias.c:30:23: the loop's bounds as C compares them (j < m, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site1, strads__l64_1, strads__h64_1, strads__e1); strads__env_free(strads__e1, sizeof *strads__e1); } }






        /* the other name declared outside the body: no later text of the
         * iteration names cnt, but the env's two pointers reach it */
        long *c0 = cnt;

        { char strads__s2[sizeof(struct strads__env2) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env2)] __attribute__((__aligned__(__alignof__(struct strads__env2)))); struct strads__env2 *strads__e2 = (struct strads__env2 *)strads__env_new(strads__s2, sizeof(struct strads__env2)); strads__e2->cnt = cnt; strads__e2->H = H; strads__e2->c0 = c0; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") long strads__l2 = (0); __auto_type strads__h2 = (m); int64_t strads__l64_2 = (int64_t)strads__l2, strads__r2 = (int64_t)strads__h2, strads__h64_2 = strads__r2 + ((__typeof__(strads__h2))strads__r2 < strads__h2); if ((strads__l2 > 0) != (strads__l64_2 > 0) || (strads__r2 != 0 && (strads__h2 > 0) != (strads__r2 > 0)) || (strads__l2 < strads__h2) != (strads__l64_2 < strads__h64_2)) strads_fatal(STRADS_EINVAL, "dropped_alias.c:41:23: the loop's bounds as C compares them (j < m, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site2, strads__l64_2, strads__h64_2, strads__e2); strads__env_free(strads__e2, sizeof *strads__e2); } }




        long h = 0, c = 0;
        for (int i = 0; i < NR; i++) h += H[i] * (i % 5 + 1), c += cnt[i];
        printf("epoch %d: %ld %ld\n", ep, h, c);
    }
    strads_free(who);
    strads_free(cnt);
    strads_free(H);
    return 0;
}
#line 115 "<stdout>"
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
    __typeof__(int *) who = strads__e->who;
    (void)who;
    __typeof__(long *) cnt = strads__e->cnt;
    (void)cnt;
    __typeof__(long *) H = strads__e->H;
    (void)H;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
#line 30 "dropped_alias.c"
                                     {
            int u = who[j];
            long *c = cnt + u;
            cnt[u] += 1;
            long *h = &H[(*c * 37 + u) % NR], v = (j * 7919) % 100003;
            if (v > *h) *h = v;
        }
#line 149 "<stdout>"
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
STRADS__GLUE static void strads__reconx1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(int *) who = strads__e->who;
    (void)who;
    __typeof__(long *) cnt = strads__e->cnt;
    (void)cnt;
    __typeof__(long *) H = strads__e->H;
    (void)H;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
        /* dropped_alias.c:30 */
                                     do {
            int u = STRADS__RD(who[j]);
            long *c = cnt + u;
            (void)__extension__({ __auto_type strads__p2 = &(cnt[u]); __typeof__(*strads__p2) strads__v2 = *(__typeof__(*strads__p2) *)strads_recon_rd(strads__rc, strads__p2, sizeof *strads__p2) + (1); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p2, &strads__v2, sizeof strads__v2); strads__v2; });
            long *h = &H[(STRADS__RD(*c) * 37 + u) % NR], v = (j * 7919) % 100003;
            if (v > STRADS__RD(*h)) (void)__extension__({ __auto_type strads__p3 = &(*h); __typeof__(*strads__p3) strads__v3 = (v); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p3, &strads__v3, sizeof strads__v3); strads__v3; });
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 189 "<stdout>"
    }
}
STRADS__RECON static void strads__recon1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(int *) who = strads__e->who;
    (void)who;
    __typeof__(long *) cnt = strads__e->cnt;
    (void)cnt;
    __typeof__(long *) H = strads__e->H;
    (void)H;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
        strads_recon_iter(strads__rc, (int64_t)j);
        /* dropped_alias.c:30 */
                                     do {
            int u = STRADS__RD(who[j]);
            long *c = cnt + u;
            __extension__({ __auto_type strads__p0 = &(cnt[u]); (void)sizeof(+(1)); strads_recon_rwr(strads__rc, strads__p0, sizeof *strads__p0, 1); });
            long *h = &H[(STRADS__RD(*c) * 37 + u) % NR], v = (j * 7919) % 100003;
            if (v > STRADS__RD(*h)) __extension__({ __auto_type strads__p1 = &(*h); (void)sizeof(+(v)); strads_recon_rwr(strads__rc, strads__p1, sizeof *strads__p1, 0); });
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx1(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 216 "<stdout>"
    }
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
static const strads_field strads__efd1[] = {
    {STRADS_FIELD(struct strads__env1, strads__dyn.minibatch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__dyn.threads), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__dyn.sync.kind), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__dyn.sync.a), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__dyn.sync.b), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__dyn.sync.has_b), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, who), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, cnt), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, H), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "dropped_alias.c",
    .line = 29,
    .col = 1,
    .id = UINT64_C(0xf23c6b075075acd3), /* FNV-1a of "dropped_alias.c:29:1" */
    .env_size = sizeof(struct strads__env1),
    .tls_size = 0,
    .body = strads__body1,
    .recon = strads__recon1,
    .env_fields = strads__efd1,
    .nenv_fields = (int)(sizeof strads__efd1 / sizeof *strads__efd1),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 34,
    .values_others = 34,
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
    __typeof__(long *) cnt = strads__e->cnt;
    (void)cnt;
    __typeof__(long *) H = strads__e->H;
    (void)H;
    __typeof__(long *) c0 = strads__e->c0;
    (void)c0;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
#line 41 "dropped_alias.c"
                                     {
            cnt[(j * 13) % NR] = j % 7;
            long *h = &H[(c0[(j * 13) % NR] * 71 + j) % NR], v = (j * 31) % 100003;
            if (v > *h) *h = v;
        }
#line 286 "<stdout>"
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
    __typeof__(long *) cnt = strads__e->cnt;
    (void)cnt;
    __typeof__(long *) H = strads__e->H;
    (void)H;
    __typeof__(long *) c0 = strads__e->c0;
    (void)c0;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
        /* dropped_alias.c:41 */
                                     do {
            (void)__extension__({ __auto_type strads__p6 = &(cnt[(j * 13) % NR]); __typeof__(*strads__p6) strads__v6 = (j % 7); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p6, &strads__v6, sizeof strads__v6); strads__v6; });
            long *h = &H[(STRADS__RD(c0[(j * 13) % NR]) * 71 + j) % NR], v = (j * 31) % 100003;
            if (v > STRADS__RD(*h)) (void)__extension__({ __auto_type strads__p7 = &(*h); __typeof__(*strads__p7) strads__v7 = (v); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p7, &strads__v7, sizeof strads__v7); strads__v7; });
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 324 "<stdout>"
    }
}
STRADS__RECON static void strads__recon2(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env2 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(long *) cnt = strads__e->cnt;
    (void)cnt;
    __typeof__(long *) H = strads__e->H;
    (void)H;
    __typeof__(long *) c0 = strads__e->c0;
    (void)c0;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
        strads_recon_iter(strads__rc, (int64_t)j);
        /* dropped_alias.c:41 */
                                     do {
            __extension__({ __auto_type strads__p4 = &(cnt[(j * 13) % NR]); (void)sizeof(+(j % 7)); strads_recon_rwd(strads__rc, strads__p4, sizeof *strads__p4, 0); });
            long *h = &H[(STRADS__RD(c0[(j * 13) % NR]) * 71 + j) % NR], v = (j * 31) % 100003;
            if (v > STRADS__RD(*h)) __extension__({ __auto_type strads__p5 = &(*h); (void)sizeof(+(v)); strads_recon_rwr(strads__rc, strads__p5, sizeof *strads__p5, 0); });
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx2(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 349 "<stdout>"
    }
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
static const strads_field strads__efd2[] = {
    {STRADS_FIELD(struct strads__env2, strads__dyn.minibatch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, strads__dyn.threads), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, strads__dyn.sync.kind), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, strads__dyn.sync.a), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, strads__dyn.sync.b), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, strads__dyn.sync.has_b), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, cnt), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, H), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, c0), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site2 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "dropped_alias.c",
    .line = 40,
    .col = 1,
    .id = UINT64_C(0x9fccf3f7bb837b6e), /* FNV-1a of "dropped_alias.c:40:1" */
    .env_size = sizeof(struct strads__env2),
    .tls_size = 0,
    .body = strads__body2,
    .recon = strads__recon2,
    .env_fields = strads__efd2,
    .nenv_fields = (int)(sizeof strads__efd2 / sizeof *strads__efd2),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 44,
    .values_others = 44,
};
static const strads_loop_site *const strads__reg2
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site2;
#line 55 "dropped_alias.c"
#line 389 "<stdout>"
static int strads__main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return strads_user_main();
}
STRADS_MAIN(strads__main)
