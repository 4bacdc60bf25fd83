#line 1 "bias_fields.c"
/* Matrix factorization as users often write it: the ratings as three
 * arrays of fields (us[j], is[j], rs[j]) and a bias per user and per item
 * beside the factor rows. Reconnaissance recorded two of the three field
 * reads through a registry search each (only one read-only array was
 * settled inline on one node, one input array on several), and the bias
 * updates, dropped, shadowed every later read of the iteration. Integer
 * updates: every serial order prints the same. */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 1x2 2x1 4x1

#define U 700
#define I 90
#define K 8

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
#line 17 "bias_fields.c"
#line 53 "<stdout>"
/* bias_fields.c:41: async_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(int *) us;
    __typeof__(int *) is;
    __typeof__(long *) bu;
    __typeof__(long *) bi;
    __typeof__(long *) P;
    __typeof__(long *) Q;
    __typeof__(int *) rs;
    __typeof__(int) ep;
};
struct strads__tls1 {
    char strads__none;
};
static const strads_loop_site strads__site1;
#line 17 "bias_fields.c"
int strads_user_main(void)
{
    long n = 40000;

    int *us = strads_dv_malloc(n * sizeof *us, sizeof *(us), "bias_fields.c:20");

    int *is = strads_dv_malloc(n * sizeof *is, sizeof *(is), "bias_fields.c:22");

    int *rs = strads_dv_malloc(n * sizeof *rs, sizeof *(rs), "bias_fields.c:24");

    long *P = strads_dv_calloc(U * K, sizeof *P, (size_t)(K) * sizeof *(P), "bias_fields.c:26");

    long *Q = strads_dv_calloc(I * K, sizeof *Q, (size_t)(K) * sizeof *(Q), "bias_fields.c:28");

    long *bu = strads_dv_calloc(U, sizeof *bu, sizeof *(bu), "bias_fields.c:30");

    long *bi = strads_dv_calloc(I, sizeof *bi, sizeof *(bi), "bias_fields.c:32");
    if (!us || !is || !rs || !P || !Q || !bu || !bi) return 1;
    for (long j = 0; j < n; j++) {
        us[j] = (int)((j * 7919 + 3) % U);
        is[j] = (int)((j * j + 11) % I);
        rs[j] = (int)(j % 5) + 1;
    }
    for (int ep = 0; ep < 3; ep++) {

        { char strads__s1[sizeof(struct strads__env1) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env1)] __attribute__((__aligned__(__alignof__(struct strads__env1)))); struct strads__env1 *strads__e1 = (struct strads__env1 *)strads__env_new(strads__s1, sizeof(struct strads__env1)); strads__e1->us = us; strads__e1->is = is; strads__e1->bu = bu; strads__e1->bi = bi; strads__e1->P = P; strads__e1->Q = Q; strads__e1->rs = rs; strads__e1->ep = ep; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") long strads__l1 = (0); __auto_type strads__h1 = (n); int64_t strads__l64_1 = (int64_t)strads__l1, strads__r1 = (int64_t)strads__h1, strads__h64_1 = strads__r1 + ((__typeof__(strads__h1))strads__r1 < strads__h1); if ((strads__l1 > 0) != (strads__l64_1 > 0) || (strads__r1 != 0 && (strads__h1 > 0) != (strads__r1 > 0)) || (strads__l1 < strads__h1) != (strads__l64_1 < strads__h64_1)) strads_fatal(STRADS_EINVAL, "bias_fields.c:42:23: the loop's bounds as C compares them (j < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site1, strads__l64_1, strads__h64_1, strads__e1); strads__env_free(strads__e1, sizeof *strads__e1); } }












        long s = 0;
        for (int u = 0; u < U; u++) s += bu[u] * (u % 7 + 1) + P[u * K + u % K];
        for (int i = 0; i < I; i++) s += bi[i] * (i % 5 + 1) + Q[i * K + i % K];
        printf("epoch %d: %ld\n", ep, s);
    }
    strads_free(us);
    strads_free(is);
    strads_free(rs);
    strads_free(P);
    strads_free(Q);
    strads_free(bu);
    strads_free(bi);
    return 0;
}
#line 123 "<stdout>"
static void strads__body1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env1 *strads__e = strads__ve;
    struct strads__tls1 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(int *) us = strads__e->us;
    (void)us;
    __typeof__(int *) is = strads__e->is;
    (void)is;
    __typeof__(long *) bu = strads__e->bu;
    (void)bu;
    __typeof__(long *) bi = strads__e->bi;
    (void)bi;
    __typeof__(long *) P = strads__e->P;
    (void)P;
    __typeof__(long *) Q = strads__e->Q;
    (void)Q;
    __typeof__(int *) rs = strads__e->rs;
    (void)rs;
    __typeof__(int) ep = strads__e->ep;
    (void)ep;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
#line 42 "bias_fields.c"
                                     {
            int u = us[j], i = is[j];
            long pred = bu[u] + bi[i];
            for (int k = 0; k < K; k++) pred += P[u * K + k] * Q[i * K + k];
            long e = rs[j] - pred % 7;
            bu[u] += rs[j];
            bi[i] += 2 * rs[j] + ep;
            for (int k = 0; k < K; k++) {
                P[u * K + k] += k + 1;
                Q[i * K + k] += rs[j] * (k + 2);
            }
            (void)e;
        }
#line 163 "<stdout>"
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
    __typeof__(int *) us = strads__e->us;
    (void)us;
    __typeof__(int *) is = strads__e->is;
    (void)is;
    __typeof__(long *) bu = strads__e->bu;
    (void)bu;
    __typeof__(long *) bi = strads__e->bi;
    (void)bi;
    __typeof__(long *) P = strads__e->P;
    (void)P;
    __typeof__(long *) Q = strads__e->Q;
    (void)Q;
    __typeof__(int *) rs = strads__e->rs;
    (void)rs;
    __typeof__(int) ep = strads__e->ep;
    (void)ep;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
        /* bias_fields.c:42 */
                                     do {
            int u = STRADS__RD(us[j]), i = STRADS__RD(is[j]);
            long pred = STRADS__RD(bu[u]) + STRADS__RD(bi[i]);
            for (int k = 0; k < K; k++) pred += STRADS__RD(P[u * K + k]) * STRADS__RD(Q[i * K + k]);
            long e = STRADS__RD(rs[j]) - pred % 7;
            (void)__extension__({ __auto_type strads__p4 = &(bu[u]); __typeof__(*strads__p4) strads__v4 = *(__typeof__(*strads__p4) *)strads_recon_rd(strads__rc, strads__p4, sizeof *strads__p4) + (STRADS__RD(rs[j])); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p4, &strads__v4, sizeof strads__v4); strads__v4; });
            (void)__extension__({ __auto_type strads__p5 = &(bi[i]); __typeof__(*strads__p5) strads__v5 = *(__typeof__(*strads__p5) *)strads_recon_rd(strads__rc, strads__p5, sizeof *strads__p5) + (2 * STRADS__RD(rs[j]) + ep); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p5, &strads__v5, sizeof strads__v5); strads__v5; });
            for (int k = 0; k < K; k++) {
                (void)__extension__({ __auto_type strads__p6 = &(P[u * K + k]); __typeof__(*strads__p6) strads__v6 = *(__typeof__(*strads__p6) *)strads_recon_rd(strads__rc, strads__p6, sizeof *strads__p6) + (k + 1); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p6, &strads__v6, sizeof strads__v6); strads__v6; });
                (void)__extension__({ __auto_type strads__p7 = &(Q[i * K + k]); __typeof__(*strads__p7) strads__v7 = *(__typeof__(*strads__p7) *)strads_recon_rd(strads__rc, strads__p7, sizeof *strads__p7) + (STRADS__RD(rs[j]) * (k + 2)); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p7, &strads__v7, sizeof strads__v7); strads__v7; });
            }
            (void)e;
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 219 "<stdout>"
    }
}
STRADS__RECON static void strads__recon1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(int *) us = strads__e->us;
    (void)us;
    __typeof__(int *) is = strads__e->is;
    (void)is;
    __typeof__(long *) bu = strads__e->bu;
    (void)bu;
    __typeof__(long *) bi = strads__e->bi;
    (void)bi;
    __typeof__(long *) P = strads__e->P;
    (void)P;
    __typeof__(long *) Q = strads__e->Q;
    (void)Q;
    __typeof__(int *) rs = strads__e->rs;
    (void)rs;
    __typeof__(int) ep = strads__e->ep;
    (void)ep;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
        strads_recon_iter(strads__rc, (int64_t)j);
        /* bias_fields.c:42 */
                                     do {
            int u = STRADS__RD(us[j]), i = STRADS__RD(is[j]);
            long pred = STRADS__RD(bu[u]) + STRADS__RD(bi[i]);
            for (int k = __extension__({ int64_t strads__l0 = (int64_t)(0), strads__h0 = (int64_t)(K); if (strads__h0 > strads__l0) { strads_recon_rdr(strads__rc, &(P)[(u * K) + strads__l0], (size_t)(strads__h0 - strads__l0) * sizeof *(P)); strads_recon_rdr(strads__rc, &(Q)[(i * K) + strads__l0], (size_t)(strads__h0 - strads__l0) * sizeof *(Q)); } (0); }); k < K; k++) pred += P[u * K + k] * Q[i * K + k];
            long e = STRADS__RD(rs[j]) - pred % 7;
            __extension__({ __auto_type strads__p1 = &(bu[u]); (void)(STRADS__RD(rs[j])); strads_recon_rwd(strads__rc, strads__p1, sizeof *strads__p1, 1); });
            __extension__({ __auto_type strads__p2 = &(bi[i]); (void)(2 * STRADS__RD(rs[j]) + ep); strads_recon_rwd(strads__rc, strads__p2, sizeof *strads__p2, 1); });
            for (int k = __extension__({ int64_t strads__l3 = (int64_t)(0), strads__h3 = (int64_t)(K); if (strads__h3 > strads__l3) { strads_recon_rwr(strads__rc, &(P)[(u * K) + strads__l3], (size_t)(strads__h3 - strads__l3) * sizeof *(P), 1); strads_recon_rwr(strads__rc, &(Q)[(i * K) + strads__l3], (size_t)(strads__h3 - strads__l3) * sizeof *(Q), 1); strads_recon_rdr(strads__rc, &(rs[j]), sizeof (rs[j])); } (0); }); k < K; k++) {
                ((void)sizeof(+(k + 1)));
                ((void)sizeof(+(rs[j] * (k + 2))));
            }
            (void)e;
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx1(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 262 "<stdout>"
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
    {STRADS_FIELD(struct strads__env1, us), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, is), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, bu), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, bi), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, P), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, Q), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, rs), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_NO},
    {STRADS_FIELD(struct strads__env1, ep), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_NO},
};
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "bias_fields.c",
    .line = 41,
    .col = 1,
    .id = UINT64_C(0x99be261b96eeee83), /* FNV-1a of "bias_fields.c:41:1" */
    .env_size = sizeof(struct strads__env1),
    .tls_size = 0,
    .body = strads__body1,
    .recon = strads__recon1,
    .env_fields = strads__efd1,
    .nenv_fields = (int)(sizeof strads__efd1 / sizeof *strads__efd1),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 0,
};
static const strads_loop_site *const strads__reg1
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site1;
#line 69 "bias_fields.c"
#line 306 "<stdout>"
static int strads__main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return strads_user_main();
}
STRADS_MAIN(strads__main)
