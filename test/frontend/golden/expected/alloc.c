#line 1 "alloc.c"
/* Every dvector allocation form, and free of each. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

#define M 64
#define KK 8

float (*G)[KK];

#line 13 "<stdout>"
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
#line 11 "alloc.c"
static void init(float *p, long n)
{
    for (long i = 0; i < n; i++)
        p[i] = (float)(i % 13);
}

#line 53 "<stdout>"
/* alloc.c:32: async_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(int *) b;
    __typeof__(float (*)[8]) G;
    __typeof__(double *) a;
    __typeof__(double) total, *strads__p_total;
};
struct strads__tls1 {
    char strads__none;
    __typeof__(double) total;
};
static const strads_loop_site strads__site1;
#line 17 "alloc.c"
int strads_user_main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : M;

    G = strads_dv_calloc(n, sizeof *G, sizeof *(G), "alloc.c:20");

    double *a = strads_dv_aligned_alloc(64, (size_t)n * KK * sizeof *a, (size_t)(KK) * sizeof *(a), "alloc.c:22");
    int *b;

    if (strads_dv_posix_memalign((void **)((void **)&b), 64, (size_t)n * sizeof *b, sizeof *(b), "alloc.c:25") != 0)
        return 1;
    init(&G[0][0], n * KK);
    for (long i = 0; i < n * KK; i++)
        a[i] = i * 0.5;
    double total = 0;

    { char strads__s1[sizeof(struct strads__env1) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env1)] __attribute__((__aligned__(__alignof__(struct strads__env1)))); struct strads__env1 *strads__e1 = (struct strads__env1 *)strads__env_new(strads__s1, sizeof(struct strads__env1)); strads__e1->b = b; strads__e1->G = G; strads__e1->a = a; strads__e1->total = total; strads__e1->strads__p_total = &total; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") long strads__l1 = (0); __auto_type strads__h1 = (n); int64_t strads__l64_1 = (int64_t)strads__l1, strads__r1 = (int64_t)strads__h1, strads__h64_1 = strads__r1 + ((__typeof__(strads__h1))strads__r1 < strads__h1); if ((strads__l1 > 0) != (strads__l64_1 > 0) || (strads__r1 != 0 && (strads__h1 > 0) != (strads__r1 > 0)) || (strads__l1 < strads__h1) != (strads__l64_1 < strads__h64_1)) strads_fatal(STRADS_EINVAL, "alloc.c:33:19: the loop's bounds as C compares them (i < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site1, strads__l64_1, strads__h64_1, strads__e1); strads__env_free(strads__e1, sizeof *strads__e1); } }






    printf("total %.3f b %d\n", total, b[n - 1]);
    strads_free(G);
    strads_free(a);
    strads_free(b);
    return 0;
}
#line 97 "<stdout>"
static void strads__body1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env1 *strads__e = strads__ve;
    struct strads__tls1 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(int *) b = strads__e->b;
    (void)b;
    __typeof__(float (*)[8]) G = strads__e->G;
    (void)G;
    __typeof__(double *) a = strads__e->a;
    (void)a;
    __typeof__(strads__t->total) total = strads__t->total;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
#line 33 "alloc.c"
                                 {
        b[i] = (int)i;
        for (int k = 0; k < KK; k++) {
            G[i][k] += (float)a[i * KK + k];
            total += G[i][k];
        }
    }
#line 122 "<stdout>"
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
STRADS__GLUE static void strads__reconx1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(int *) b = strads__e->b;
    (void)b;
    __typeof__(float (*)[8]) G = strads__e->G;
    (void)G;
    __typeof__(double *) a = strads__e->a;
    (void)a;
    __typeof__(double) total = strads__e->total;
    (void)total;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        /* alloc.c:33 */
                                 do {
        (void)__extension__({ __auto_type strads__p3 = &(b[i]); __typeof__(*strads__p3) strads__v3 = ((int)i); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p3, &strads__v3, sizeof strads__v3); strads__v3; });
        for (int k = 0; k < KK; k++) {
            (void)__extension__({ __auto_type strads__p4 = &(G[i][k]); __typeof__(*strads__p4) strads__v4 = *(__typeof__(*strads__p4) *)strads_recon_rd(strads__rc, strads__p4, sizeof *strads__p4) + ((float)STRADS__RD(a[i * KK + k])); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p4, &strads__v4, sizeof strads__v4); strads__v4; });
            ((void)(STRADS__RD(G[i][k])));
        }
    } while (0);
        (void)strads_recon_again(strads__rc);
#line 165 "<stdout>"
    }
}
STRADS__RECON static void strads__recon1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(int *) b = strads__e->b;
    (void)b;
    __typeof__(float (*)[8]) G = strads__e->G;
    (void)G;
    __typeof__(double *) a = strads__e->a;
    (void)a;
    __typeof__(double) total = strads__e->total;
    (void)total;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        strads_recon_iter(strads__rc, (int64_t)i);
        /* alloc.c:33 */
                                 do {
        __extension__({ __auto_type strads__p0 = &(b[i]); (void)sizeof(+((int)i)); strads_recon_rwd(strads__rc, strads__p0, sizeof *strads__p0, 0); });
        for (int k = __extension__({ int64_t strads__l2 = (int64_t)(0), strads__h2 = (int64_t)(KK); if (strads__h2 > strads__l2) { strads_recon_rdr(strads__rc, &(a)[(i * KK) + strads__l2], (size_t)(strads__h2 - strads__l2) * sizeof *(a)); } (0); }); k < KK; k++) {
            (void)__extension__({ __auto_type strads__p1 = &(G[i][k]); __typeof__(*strads__p1) strads__v1 = *(__typeof__(*strads__p1) *)strads_recon_rd(strads__rc, strads__p1, sizeof *strads__p1) + ((float)a[i * KK + k]); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p1, &strads__v1, sizeof strads__v1); strads__v1; });
            ((void)(STRADS__RD(G[i][k])));
        }
    } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx1(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 194 "<stdout>"
    }
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
    t->total = 0;
    (void)t;
    (void)e;
}
STRADS__GLUE static void strads__tls_fold1(void *strads__va, const void *strads__vt)
{
    struct strads__tls1 *a = strads__va;
    const struct strads__tls1 *t = strads__vt;
    a->total += t->total;
    (void)a;
    (void)t;
}
STRADS__GLUE static void strads__publish1(void *strads__ve, const void *strads__va)
{
    struct strads__env1 *e = strads__ve;
    const struct strads__tls1 *a = strads__va;
    *e->strads__p_total += a->total;
    (void)a;
    (void)e;
}
static const strads_field strads__tfd1[] = {
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
    {STRADS_FIELD(struct strads__env1, b), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, G), STRADS_F_PTR, (void *)&G, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, a), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_NO},
    {STRADS_FIELD(struct strads__env1, total), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "alloc.c",
    .line = 32,
    .col = 1,
    .id = UINT64_C(0xc8a05ea4460c9827), /* FNV-1a of "alloc.c:32:1" */
    .env_size = sizeof(struct strads__env1),
    .tls_size = sizeof(struct strads__tls1),
    .body = strads__body1,
    .recon = strads__recon1,
    .tls_init = strads__tls_init1,
    .tls_fold = strads__tls_fold1,
    .publish = strads__publish1,
    .tls_pack = strads__tls_pack1,
    .tls_unpack = strads__tls_unpack1,
    .env_fields = strads__efd1,
    .nenv_fields = (int)(sizeof strads__efd1 / sizeof *strads__efd1),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 0,
};
static const strads_loop_site *const strads__reg1
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site1;
#line 46 "alloc.c"
#line 275 "<stdout>"
static int strads__main(int argc, char **argv)
{
    return strads_user_main(argc, (void *)argv);
}
STRADS_MAIN(strads__main)
