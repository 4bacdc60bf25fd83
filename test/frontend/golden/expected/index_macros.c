#line 1 "index_macros.c"
/* Subscripts and elements through function-like macros, as C89-style and
 * Rodinia-style programs write them: expanded as the preprocessor does
 * before analysis, so the rows are proved each iteration's own and a store
 * the macro spells is translated. A replacement without parentheses
 * (SQ(1 + 1) is 3), a nested invocation, a macro defined twice and one
 * invoked over two lines (both left as written) must keep their meaning;
 * macros whose own text reads an array (a[b[i]]) or builds an access from
 * their arguments (sqrt(v[j])), refused before, are translated.
 * The plain build's output at every shape. */
#include <stdio.h>
#include <math.h>
#include <stdlib.h>

// CONFIGS: 1x1 1x2 2x1 4x1

#define N 120
#define IDX(i, j) ((i) * N + (j))
#define X(i, j) x[(i) * N + (j)]
#define SQ(a) a * a
#define TWICE(v) v + v
#define LIM(v) ((v) % N)
#undef LIM
#define LIM(v) ((v) % (N - 1))
#define shifted(i) (a[i] + 1)
#define at2(i) a[b[i]]
#define cell(v, j) sqrt(v[j])

#line 30 "<stdout>"
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
#line 28 "index_macros.c"
#line 64 "<stdout>"
/* index_macros.c:46: sync_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(long *) y;
    __typeof__(long *) x;
    __typeof__(int) it;
};
struct strads__tls1 {
    char strads__none;
};
static const strads_loop_site strads__site1;
/* index_macros.c:54: async_for */
struct strads__env2 {
    strads_loop_dyn strads__dyn;
    __typeof__(long *) y;
    __typeof__(long *) x;
};
struct strads__tls2 {
    char strads__none;
};
static const strads_loop_site strads__site2;
/* index_macros.c:60: async_for */
struct strads__env3 {
    strads_loop_dyn strads__dyn;
    __typeof__(long *) c;
    __typeof__(long *) a;
    __typeof__(int *) b;
};
struct strads__tls3 {
    char strads__none;
};
static const strads_loop_site strads__site3;
/* index_macros.c:63: sync_for */
struct strads__env4 {
    strads_loop_dyn strads__dyn;
    __typeof__(long *) c;
    __typeof__(double *) q;
};
struct strads__tls4 {
    char strads__none;
};
static const strads_loop_site strads__site4;
#line 28 "index_macros.c"
int strads_user_main(void)
{

    long *x = strads_dv_malloc(N * N * sizeof *x, (size_t)(N) * sizeof *(x), "index_macros.c:30");

    long *y = strads_dv_malloc(N * N * sizeof *y, (size_t)(N) * sizeof *(y), "index_macros.c:32");

    long *a = strads_dv_malloc(N * sizeof *a, sizeof *(a), "index_macros.c:34");

    int *b = strads_dv_malloc(N * sizeof *b, sizeof *(b), "index_macros.c:36");

    double *q = strads_dv_malloc(N * sizeof *q, sizeof *(q), "index_macros.c:38");

    long *c = strads_dv_calloc(N, sizeof *c, sizeof *(c), "index_macros.c:40");
    if (!x || !y || !a || !b || !q || !c) return 1;
    for (int i = 0; i < N * N; i++) x[i] = i % 7, y[i] = 0;
    for (int i = 0; i < N; i++) a[i] = i * 3 % 11, b[i] = (i * 17 + 5) % N, q[i] = i * i;
    for (int it = 0; it < 3; it++) {

        { char strads__s1[sizeof(struct strads__env1) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env1)] __attribute__((__aligned__(__alignof__(struct strads__env1)))); struct strads__env1 *strads__e1 = (struct strads__env1 *)strads__env_new(strads__s1, sizeof(struct strads__env1)); strads__e1->y = y; strads__e1->x = x; strads__e1->it = it; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l1 = (0); __auto_type strads__h1 = (N); int64_t strads__l64_1 = (int64_t)strads__l1, strads__r1 = (int64_t)strads__h1, strads__h64_1 = strads__r1 + ((__typeof__(strads__h1))strads__r1 < strads__h1); if ((strads__l1 > 0) != (strads__l64_1 > 0) || (strads__r1 != 0 && (strads__h1 > 0) != (strads__r1 > 0)) || (strads__l1 < strads__h1) != (strads__l64_1 < strads__h64_1)) strads_fatal(STRADS_EINVAL, "index_macros.c:47:22: the loop's bounds as C compares them (i < N, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_sync_for(&strads__site1, strads__l64_1, strads__h64_1, strads__e1); strads__env_free(strads__e1, sizeof *strads__e1); } }







        { char strads__s2[sizeof(struct strads__env2) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env2)] __attribute__((__aligned__(__alignof__(struct strads__env2)))); struct strads__env2 *strads__e2 = (struct strads__env2 *)strads__env_new(strads__s2, sizeof(struct strads__env2)); strads__e2->y = y; strads__e2->x = x; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l2 = (0); __auto_type strads__h2 = (N); int64_t strads__l64_2 = (int64_t)strads__l2, strads__r2 = (int64_t)strads__h2, strads__h64_2 = strads__r2 + ((__typeof__(strads__h2))strads__r2 < strads__h2); if ((strads__l2 > 0) != (strads__l64_2 > 0) || (strads__r2 != 0 && (strads__h2 > 0) != (strads__r2 > 0)) || (strads__l2 < strads__h2) != (strads__l64_2 < strads__h64_2)) strads_fatal(STRADS_EINVAL, "index_macros.c:55:22: the loop's bounds as C compares them (i < N, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site2, strads__l64_2, strads__h64_2, strads__e2); strads__env_free(strads__e2, sizeof *strads__e2); } }


        /* macros of the macro-refusal tests' shapes, now expanded: their
         * own text reads an array, or builds an access from arguments */

        { char strads__s3[sizeof(struct strads__env3) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env3)] __attribute__((__aligned__(__alignof__(struct strads__env3)))); struct strads__env3 *strads__e3 = (struct strads__env3 *)strads__env_new(strads__s3, sizeof(struct strads__env3)); strads__e3->c = c; strads__e3->a = a; strads__e3->b = b; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") long strads__l3 = (0); __auto_type strads__h3 = (N); int64_t strads__l64_3 = (int64_t)strads__l3, strads__r3 = (int64_t)strads__h3, strads__h64_3 = strads__r3 + ((__typeof__(strads__h3))strads__r3 < strads__h3); if ((strads__l3 > 0) != (strads__l64_3 > 0) || (strads__r3 != 0 && (strads__h3 > 0) != (strads__r3 > 0)) || (strads__l3 < strads__h3) != (strads__l64_3 < strads__h64_3)) strads_fatal(STRADS_EINVAL, "index_macros.c:61:23: the loop's bounds as C compares them (i < N, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site3, strads__l64_3, strads__h64_3, strads__e3); strads__env_free(strads__e3, sizeof *strads__e3); } }


        { char strads__s4[sizeof(struct strads__env4) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env4)] __attribute__((__aligned__(__alignof__(struct strads__env4)))); struct strads__env4 *strads__e4 = (struct strads__env4 *)strads__env_new(strads__s4, sizeof(struct strads__env4)); strads__e4->c = c; strads__e4->q = q; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l4 = (0); __auto_type strads__h4 = (N); int64_t strads__l64_4 = (int64_t)strads__l4, strads__r4 = (int64_t)strads__h4, strads__h64_4 = strads__r4 + ((__typeof__(strads__h4))strads__r4 < strads__h4); if ((strads__l4 > 0) != (strads__l64_4 > 0) || (strads__r4 != 0 && (strads__h4 > 0) != (strads__r4 > 0)) || (strads__l4 < strads__h4) != (strads__l64_4 < strads__h64_4)) strads_fatal(STRADS_EINVAL, "index_macros.c:64:22: the loop's bounds as C compares them (j < N, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_sync_for(&strads__site4, strads__l64_4, strads__h64_4, strads__e4); strads__env_free(strads__e4, sizeof *strads__e4); } }

    }
    long s = 0;
    for (int i = 0; i < N * N; i++) s += y[i] * (i % 3 + 1) + x[i];
    for (int i = 0; i < N; i++) s += c[i] * (i % 5 + 1);
    printf("%ld\n", s);
    strads_free(x);
    strads_free(y);
    strads_free(a);
    strads_free(b);
    strads_free(q);
    strads_free(c);
    return 0;
}
#line 159 "<stdout>"
static void strads__body1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env1 *strads__e = strads__ve;
    struct strads__tls1 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(long *) y = strads__e->y;
    (void)y;
    __typeof__(long *) x = strads__e->x;
    (void)x;
    __typeof__(int) it = strads__e->it;
    (void)it;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") if (i < (0LL) || i >= (120LL)) __builtin_unreachable(); _Pragma("GCC diagnostic pop")
#line 48 "index_macros.c"
            { for (int j = 0; j < N; j++) {
                y[( ( i ) * N + ( j ) )] = x [ ( i ) * N + ( j ) ] * 2 + 1 + 1 * 1 + 1 + y[( ( i ) * N + ( LIM(IDX(0, j)) ) )] +
                               TWICE(i +
                                     j);
                x [ ( i ) * N + ( j ) ] += 1 + 1 * it;
            } }
#line 183 "<stdout>"
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
    __typeof__(long *) y = strads__e->y;
    (void)y;
    __typeof__(long *) x = strads__e->x;
    (void)x;
    __typeof__(int) it = strads__e->it;
    (void)it;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        /* index_macros.c:48 */
            do { for (int j = 0; j < N; j++) {
                (void)__extension__({ __auto_type strads__p1 = &(y[( ( i ) * N + ( j ) )]); __typeof__(*strads__p1) strads__v1 = (STRADS__RD(x [ ( i ) * N + ( j ) ]) * 2 + 1 + 1 * 1 + 1 + STRADS__RD(y[( ( i ) * N + ( LIM(IDX(0, j)) ) )]) +
                               TWICE(i +
                                     j)); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p1, &strads__v1, sizeof strads__v1); strads__v1; });
                (void)__extension__({ __auto_type strads__p2 = &(x [ ( i ) * N + ( j ) ]); __typeof__(*strads__p2) strads__v2 = *(__typeof__(*strads__p2) *)strads_recon_rd(strads__rc, strads__p2, sizeof *strads__p2) + (1 + 1 * it); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p2, &strads__v2, sizeof strads__v2); strads__v2; });
            }; } while (0);
        (void)strads_recon_again(strads__rc);
#line 222 "<stdout>"
    }
}
STRADS__RECON static void strads__recon1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(long *) y = strads__e->y;
    (void)y;
    __typeof__(long *) x = strads__e->x;
    (void)x;
    __typeof__(int) it = strads__e->it;
    (void)it;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        strads_recon_iter(strads__rc, (int64_t)i);
        /* index_macros.c:48 */
            do { for (int j = __extension__({ int64_t strads__l0 = (int64_t)(0), strads__h0 = (int64_t)(N); if (strads__h0 > strads__l0) { strads_recon_rwr(strads__rc, &(y)[(( i ) * N) + strads__l0], (size_t)(strads__h0 - strads__l0) * sizeof *(y), 0); strads_recon_rwr(strads__rc, &(x)[(( i ) * N) + strads__l0], (size_t)(strads__h0 - strads__l0) * sizeof *(x), 1); } (0); }); j < N; j++) {
                ((void)(STRADS__RD(x [ ( i ) * N + ( j ) ]) * 2 + 1 + 1 * 1 + 1 + STRADS__RD(y[( ( i ) * N + ( LIM(IDX(0, j)) ) )]) +
                               TWICE(i +
                                     j)));
                ((void)sizeof(+(1 + 1 * it)));
            }; } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx1(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 248 "<stdout>"
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
    {STRADS_FIELD(struct strads__env1, y), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, x), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, it), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_array strads__arr1[] = {
    {__builtin_offsetof(struct strads__env1, y), STRADS_T_I64, STRADS_AGG_AVG, NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL},
    {__builtin_offsetof(struct strads__env1, x), STRADS_T_I64, STRADS_AGG_AVG, NULL, STRADS_ARRAY_DISJOINT, 0, 0, 0, 0, 0, 0, 0, NULL},
};
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_SYNC_FOR,
    .file = "index_macros.c",
    .line = 46,
    .col = 1,
    .id = UINT64_C(0x6d904a05bce6fd4d), /* FNV-1a of "index_macros.c:46:1" */
    .env_size = sizeof(struct strads__env1),
    .tls_size = 0,
    .body = strads__body1,
    .recon = strads__recon1,
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
static void strads__body2(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env2 *strads__e = strads__ve;
    struct strads__tls2 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(long *) y = strads__e->y;
    (void)y;
    __typeof__(long *) x = strads__e->x;
    (void)x;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") if (i < (0LL) || i >= (120LL)) __builtin_unreachable(); _Pragma("GCC diagnostic pop")
#line 56 "index_macros.c"
            { for (int j = 0; j < N; j++)
                y[( ( (i * 7) % N ) * N + ( j ) )] += x [ ( i ) * N + ( j ) ] % 5; }
#line 309 "<stdout>"
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
    __typeof__(long *) y = strads__e->y;
    (void)y;
    __typeof__(long *) x = strads__e->x;
    (void)x;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        /* index_macros.c:56 */
            do { for (int j = 0; j < N; j++)
                (void)__extension__({ __auto_type strads__p4 = &(y[( ( (i * 7) % N ) * N + ( j ) )]); __typeof__(*strads__p4) strads__v4 = *(__typeof__(*strads__p4) *)strads_recon_rd(strads__rc, strads__p4, sizeof *strads__p4) + (STRADS__RD(x [ ( i ) * N + ( j ) ]) % 5); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p4, &strads__v4, sizeof strads__v4); strads__v4; }); } while (0);
        (void)strads_recon_again(strads__rc);
#line 342 "<stdout>"
    }
}
STRADS__RECON static void strads__recon2(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env2 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(long *) y = strads__e->y;
    (void)y;
    __typeof__(long *) x = strads__e->x;
    (void)x;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        strads_recon_iter(strads__rc, (int64_t)i);
        /* index_macros.c:56 */
            do { for (int j = __extension__({ int64_t strads__l3 = (int64_t)(0), strads__h3 = (int64_t)(N); if (strads__h3 > strads__l3) { strads_recon_rw_range(strads__rc, &(y)[(( (i * 7) % N ) * N) + strads__l3], (size_t)(strads__h3 - strads__l3) * sizeof *(y), 1); strads_recon_rdr_only(strads__rc, &(x)[(( i ) * N) + strads__l3], (size_t)(strads__h3 - strads__l3) * sizeof *(x)); } (0); }); j < N; j++)
                ((void)sizeof(+(x [ ( i ) * N + ( j ) ] % 5))); } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx2(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 362 "<stdout>"
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
    {STRADS_FIELD(struct strads__env2, y), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, x), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_NO},
};
static const strads_loop_site strads__site2 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "index_macros.c",
    .line = 54,
    .col = 1,
    .id = UINT64_C(0x794b4a0ee1208522), /* FNV-1a of "index_macros.c:54:1" */
    .env_size = sizeof(struct strads__env2),
    .tls_size = 0,
    .body = strads__body2,
    .recon = strads__recon2,
    .env_fields = strads__efd2,
    .nenv_fields = (int)(sizeof strads__efd2 / sizeof *strads__efd2),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 0,
};
static const strads_loop_site *const strads__reg2
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site2;
static inline __attribute__((__always_inline__)) void strads__loop3(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi);
static void strads__body3(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
#ifdef __OPTIMIZE__
    if (!strads__idx)
        strads__loop3(strads__ve, strads__vt, (const int64_t *)0, strads__lo, strads__hi);
    else
#endif
        strads__loop3(strads__ve, strads__vt, strads__idx, strads__lo, strads__hi);
}
static inline __attribute__((__always_inline__)) void strads__loop3(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env3 *strads__e = strads__ve;
    struct strads__tls3 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(long *) c = strads__e->c;
    (void)c;
    __typeof__(long *) a = strads__e->a;
    (void)a;
    __typeof__(int *) b = strads__e->b;
    (void)b;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") if (i < (0LL) || i >= (120LL)) __builtin_unreachable(); _Pragma("GCC diagnostic pop")
#line 62 "index_macros.c"
            { c[i] += ( a [ i ] + 1 ) + a [ b [ i ] ]; }
#line 427 "<stdout>"
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
STRADS__GLUE static void strads__reconx3(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env3 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(long *) c = strads__e->c;
    (void)c;
    __typeof__(long *) a = strads__e->a;
    (void)a;
    __typeof__(int *) b = strads__e->b;
    (void)b;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        /* index_macros.c:62 */
            do { (void)__extension__({ __auto_type strads__p6 = &(c[i]); __typeof__(*strads__p6) strads__v6 = *(__typeof__(*strads__p6) *)strads_recon_rd(strads__rc, strads__p6, sizeof *strads__p6) + (( STRADS__RD(a [ i ]) + 1 ) + STRADS__RD(a [ STRADS__RD(b [ i ]) ])); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p6, &strads__v6, sizeof strads__v6); strads__v6; }); } while (0);
        (void)strads_recon_again(strads__rc);
#line 461 "<stdout>"
    }
}
STRADS__RECON static void strads__recon3(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env3 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(long *) c = strads__e->c;
    (void)c;
    __typeof__(long *) a = strads__e->a;
    (void)a;
    __typeof__(int *) b = strads__e->b;
    (void)b;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        strads_recon_iter(strads__rc, (int64_t)i);
        /* index_macros.c:62 */
            do { __extension__({ __auto_type strads__p5 = &(c[i]); (void)(( STRADS__RD(a [ i ]) + 1 ) + STRADS__RD(a [ STRADS__RD(b [ i ]) ])); strads_recon_rwd(strads__rc, strads__p5, sizeof *strads__p5, 1); }); } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx3(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 482 "<stdout>"
    }
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
static const strads_field strads__efd3[] = {
    {STRADS_FIELD(struct strads__env3, strads__dyn.minibatch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env3, strads__dyn.threads), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env3, strads__dyn.sync.kind), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env3, strads__dyn.sync.a), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env3, strads__dyn.sync.b), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env3, strads__dyn.sync.has_b), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env3, c), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env3, a), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_NO},
    {STRADS_FIELD(struct strads__env3, b), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site3 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "index_macros.c",
    .line = 60,
    .col = 1,
    .id = UINT64_C(0x8b18d3f66731efed), /* FNV-1a of "index_macros.c:60:1" */
    .env_size = sizeof(struct strads__env3),
    .tls_size = 0,
    .body = strads__body3,
    .recon = strads__recon3,
    .env_fields = strads__efd3,
    .nenv_fields = (int)(sizeof strads__efd3 / sizeof *strads__efd3),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 0,
};
static const strads_loop_site *const strads__reg3
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site3;
static inline __attribute__((__always_inline__)) void strads__loop4(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi);
static void strads__body4(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
#ifdef __OPTIMIZE__
    if (!strads__idx)
        strads__loop4(strads__ve, strads__vt, (const int64_t *)0, strads__lo, strads__hi);
    else
#endif
        strads__loop4(strads__ve, strads__vt, strads__idx, strads__lo, strads__hi);
}
static inline __attribute__((__always_inline__)) void strads__loop4(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env4 *strads__e = strads__ve;
    struct strads__tls4 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(long *) c = strads__e->c;
    (void)c;
    __typeof__(double *) q = strads__e->q;
    (void)q;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int j = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
        _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") if (j < (0LL) || j >= (120LL)) __builtin_unreachable(); _Pragma("GCC diagnostic pop")
#line 65 "index_macros.c"
            { c[j] += (long)sqrt ( q [ j ] ); }
#line 546 "<stdout>"
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
STRADS__GLUE static void strads__reconx4(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env4 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(long *) c = strads__e->c;
    (void)c;
    __typeof__(double *) q = strads__e->q;
    (void)q;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int j = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
        /* index_macros.c:65 */
            do { (void)__extension__({ __auto_type strads__p8 = &(c[j]); __typeof__(*strads__p8) strads__v8 = *(__typeof__(*strads__p8) *)strads_recon_rd(strads__rc, strads__p8, sizeof *strads__p8) + ((long)strads__m_sqrt(STRADS__RD(q [ j ]))); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p8, &strads__v8, sizeof strads__v8); strads__v8; }); } while (0);
        (void)strads_recon_again(strads__rc);
#line 578 "<stdout>"
    }
}
STRADS__RECON static void strads__recon4(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env4 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(long *) c = strads__e->c;
    (void)c;
    __typeof__(double *) q = strads__e->q;
    (void)q;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int j = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
        strads_recon_iter(strads__rc, (int64_t)j);
        /* index_macros.c:65 */
            do { __extension__({ __auto_type strads__p7 = &(c[j]); (void)((long)strads__m_sqrt(STRADS__RD(q [ j ]))); strads_recon_rwd(strads__rc, strads__p7, sizeof *strads__p7, 1); }); } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx4(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 597 "<stdout>"
    }
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
static const strads_field strads__efd4[] = {
    {STRADS_FIELD(struct strads__env4, strads__dyn.minibatch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env4, strads__dyn.threads), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env4, strads__dyn.sync.kind), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env4, strads__dyn.sync.a), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env4, strads__dyn.sync.b), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env4, strads__dyn.sync.has_b), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env4, c), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env4, q), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_NO},
};
static const strads_loop_array strads__arr4[] = {
    {__builtin_offsetof(struct strads__env4, c), STRADS_T_I64, STRADS_AGG_AVG, NULL, STRADS_ARRAY_OWN | STRADS_ARRAY_SPAN, 8, 0, 0, 1, 0, 0, 8, NULL},
    {__builtin_offsetof(struct strads__env4, q), STRADS_T_F64, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY | STRADS_ARRAY_OWN | STRADS_ARRAY_SPAN, 8, 0, 0, 1, 0, 0, 8, NULL},
};
static const strads_loop_site strads__site4 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_SYNC_FOR,
    .file = "index_macros.c",
    .line = 63,
    .col = 1,
    .id = UINT64_C(0xa47242f6755f8738), /* FNV-1a of "index_macros.c:63:1" */
    .env_size = sizeof(struct strads__env4),
    .tls_size = 0,
    .body = strads__body4,
    .recon = strads__recon4,
    .env_fields = strads__efd4,
    .nenv_fields = (int)(sizeof strads__efd4 / sizeof *strads__efd4),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 0,
    .arrays = strads__arr4,
    .narrays = 2,
};
static const strads_loop_site *const strads__reg4
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site4;
#line 79 "index_macros.c"
#line 641 "<stdout>"
static int strads__main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return strads_user_main();
}
STRADS_MAIN(strads__main)
