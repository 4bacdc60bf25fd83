#line 1 "basic.c"
#include <stdio.h>
#include <stdlib.h>

#define K 4
typedef float real;

int dim = K;
static double lr = 0.1;

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
/* The recorder of this thread's reconnaissance, for the helpers' copies. */
static __thread strads_recon *strads__rct;
/* Set while a helper's copy runs where its caller may read back what it
 * writes: its written loops then run element by element. */
static __thread int strads__rin __attribute__((__unused__));
#line 10 "basic.c"
static double dot(const real *a, const real *b)
{
    double s = 0;
    for (int k = 0; k < dim; k++)
        s += a[k] * b[k];
    return s;
}

#line 59 "<stdout>"
/* basic.c:27: async_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(int) dim;
    __typeof__(real *) w;
    __typeof__(int) n;
    __typeof__(double) lr;
    __typeof__(double) loss, *strads__p_loss;
    __typeof__(long) cnt, *strads__p_cnt;
};
struct strads__tls1 {
    char strads__none;
    __typeof__(double) loss;
    __typeof__(long) cnt;
};
static const strads_loop_site strads__site1;
#line 18 "basic.c"
int strads_user_main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    
    real *w = strads_dv_malloc((size_t)n * dim * sizeof *w, (size_t)(dim) * sizeof *(w), "basic.c:21");
    for (int i = 0; i < n * dim; i++)
        w[i] = (real)(i % 7) * 0.1f;
    double loss = 0;
    long cnt = 0;
    
    { char strads__s1[sizeof(struct strads__env1) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env1)] __attribute__((__aligned__(__alignof__(struct strads__env1)))); struct strads__env1 *strads__e1 = (struct strads__env1 *)strads__env_new(strads__s1, sizeof(struct strads__env1)); strads__e1->dim = dim; strads__e1->w = w; strads__e1->n = n; strads__e1->lr = lr; strads__e1->loss = loss; strads__e1->strads__p_loss = &loss; strads__e1->cnt = cnt; strads__e1->strads__p_cnt = &cnt; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l1 = (0); __auto_type strads__h1 = (n); int64_t strads__l64_1 = (int64_t)strads__l1, strads__r1 = (int64_t)strads__h1, strads__h64_1 = strads__r1 + ((__typeof__(strads__h1))strads__r1 < strads__h1); if ((strads__l1 > 0) != (strads__l64_1 > 0) || (strads__r1 != 0 && (strads__h1 > 0) != (strads__r1 > 0)) || (strads__l1 < strads__h1) != (strads__l64_1 < strads__h64_1)) strads_fatal(STRADS_EINVAL, "basic.c:28:18: the loop's bounds as C compares them (i < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site1, strads__l64_1, strads__h64_1, strads__e1); strads__env_free(strads__e1, sizeof *strads__e1); } }








    printf("loss %.6f cnt %ld\n", loss, cnt);
    strads_free(w);
    return 0;
}
#line 100 "<stdout>"
static void strads__body1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env1 *strads__e = strads__ve;
    struct strads__tls1 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(real *) w = strads__e->w;
    (void)w;
    __typeof__(int) n = strads__e->n;
    (void)n;
    __typeof__(strads__t->loss) loss = strads__t->loss;
    __typeof__(strads__t->cnt) cnt = strads__t->cnt;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") if (i < (0LL) || i >= (n)) __builtin_unreachable(); _Pragma("GCC diagnostic pop")
#line 28 "basic.c"
                                {
        if (i % 3 == 0)
            continue;
        double d = dot(&w[i * dim], &w[((i + 1) % n) * dim]);
        for (int k = 0; k < dim; k++)
            w[i * dim + k] += (real)(lr * d);
        loss += d;
        cnt++;
    }
#line 127 "<stdout>"
    }
    strads__t->loss = loss;
    strads__t->cnt = cnt;
}
static __typeof__(dot) strads__rh0 STRADS__RECON;
static __typeof__(dot) strads__rhv0 STRADS__RECON;
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
    __typeof__(real *) w = strads__e->w;
    (void)w;
    __typeof__(int) n = strads__e->n;
    (void)n;
    __typeof__(double) loss = strads__e->loss;
    (void)loss;
    __typeof__(long) cnt = strads__e->cnt;
    (void)cnt;
    strads__rct = strads__rc;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        /* basic.c:28 */
                                do {
        if (i % 3 == 0)
            continue;
        double d = strads__rh0(&w[i * dim], &w[(__extension__({ __auto_type strads__da3 = ((i + 1)); __auto_type strads__db3 = (n); __typeof__(strads__da3 % strads__db3) strads__x3 = strads__da3, strads__y3 = strads__db3; strads__y3 == 0 ? (__typeof__(strads__x3))0 : (__typeof__(strads__x3))-1 < (__typeof__(strads__x3))1 && strads__y3 == (__typeof__(strads__x3))-1 ? (__typeof__(strads__x3))0 : strads__x3 % strads__y3; })) * dim]);
        for (int k = 0; k < dim; k++)
            (void)__extension__({ __auto_type strads__p4 = &(w[i * dim + k]); __typeof__(*strads__p4) strads__v4 = *(__typeof__(*strads__p4) *)strads_recon_rd(strads__rc, strads__p4, sizeof *strads__p4) + ((real)(lr * d)); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p4, &strads__v4, sizeof strads__v4); strads__v4; });
        ((void)(d));
        ((void)0);
    } while (0);
        (void)strads_recon_again(strads__rc);
#line 176 "<stdout>"
    }
}
STRADS__RECON static void strads__recon1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(real *) w = strads__e->w;
    (void)w;
    __typeof__(int) n = strads__e->n;
    (void)n;
    __typeof__(double) loss = strads__e->loss;
    (void)loss;
    __typeof__(long) cnt = strads__e->cnt;
    (void)cnt;
    strads__rct = strads__rc;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        strads_recon_iter(strads__rc, (int64_t)i);
        /* basic.c:28 */
                                do {
        if (i % 3 == 0)
            continue;
        double d = __extension__({ strads__rin++; __typeof__(strads__rhv0(&w[i * dim], &w[(__extension__({ __auto_type strads__da0 = ((i + 1)); __auto_type strads__db0 = (n); __typeof__(strads__da0 % strads__db0) strads__x0 = strads__da0, strads__y0 = strads__db0; strads__y0 == 0 ? (__typeof__(strads__x0))0 : (__typeof__(strads__x0))-1 < (__typeof__(strads__x0))1 && strads__y0 == (__typeof__(strads__x0))-1 ? (__typeof__(strads__x0))0 : strads__x0 % strads__y0; })) * dim])) strads__c1 = strads__rhv0(&w[i * dim], &w[(__extension__({ __auto_type strads__da0 = ((i + 1)); __auto_type strads__db0 = (n); __typeof__(strads__da0 % strads__db0) strads__x0 = strads__da0, strads__y0 = strads__db0; strads__y0 == 0 ? (__typeof__(strads__x0))0 : (__typeof__(strads__x0))-1 < (__typeof__(strads__x0))1 && strads__y0 == (__typeof__(strads__x0))-1 ? (__typeof__(strads__x0))0 : strads__x0 % strads__y0; })) * dim]); strads__rin--; strads__c1; });
        for (int k = __extension__({ int64_t strads__l2 = (int64_t)(0), strads__h2 = (int64_t)(dim); if (strads__h2 > strads__l2) { strads_recon_rw_range(strads__rc, &(w)[(i * dim) + strads__l2], (size_t)(strads__h2 - strads__l2) * sizeof *(w), 1); } (0); }); k < dim; k++)
            ((void)sizeof(+((real)(lr * d))));
        ((void)(d));
        ((void)0);
    } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx1(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 208 "<stdout>"
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
    t->loss = 0;
    t->cnt = 0;
    (void)t;
    (void)e;
}
STRADS__GLUE static void strads__tls_fold1(void *strads__va, const void *strads__vt)
{
    struct strads__tls1 *a = strads__va;
    const struct strads__tls1 *t = strads__vt;
    a->loss += t->loss;
    a->cnt += t->cnt;
    (void)a;
    (void)t;
}
STRADS__GLUE static void strads__publish1(void *strads__ve, const void *strads__va)
{
    struct strads__env1 *e = strads__ve;
    const struct strads__tls1 *a = strads__va;
    *e->strads__p_loss += a->loss;
    *e->strads__p_cnt += a->cnt;
    (void)a;
    (void)e;
}
static const strads_field strads__tfd1[] = {
    {STRADS_FIELD(struct strads__tls1, loss), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__tls1, cnt), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
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
    {STRADS_FIELD(struct strads__env1, dim), STRADS_F_INT, (void *)&dim, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, w), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, n), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, lr), STRADS_F_FLT, (void *)&lr, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, loss), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, cnt), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "basic.c",
    .line = 27,
    .col = 5,
    .id = UINT64_C(0x9dff8130fe555d48), /* FNV-1a of "basic.c:27:5" */
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
#line 41 "basic.c"
#line 295 "<stdout>"
static __typeof__(dot) strads__rh0 STRADS__RECON;
static __typeof__(dot) strads__rhv0 STRADS__RECON;
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
static double strads__rh0(const real *a, const real *b)
{ strads_recon *strads__rc = strads__rct; (void)strads__rc;
    double s = 0;
    if (strads_recon_exact()) { for (int k = 0; k < dim; k++)
        s += STRADS__RD(a[k]) * STRADS__RD(b[k]); } else for (int k = __extension__({ int64_t strads__l5 = (int64_t)(0), strads__h5 = (int64_t)(dim); if (strads__h5 > strads__l5) { strads_recon_rdr(strads__rc, &(a)[strads__l5], (size_t)(strads__h5 - strads__l5) * sizeof *(a)); strads_recon_rdr(strads__rc, &(b)[strads__l5], (size_t)(strads__h5 - strads__l5) * sizeof *(b)); } (0); }); k < dim; k++)
        s += a[k] * b[k];
    return s;
}
static double strads__rhv0(const real *a, const real *b)
{ strads_recon *strads__rc = strads__rct; (void)strads__rc;
    double s = 0;
    for (int k = __extension__({ int64_t strads__l6 = (int64_t)(0), strads__h6 = (int64_t)(dim); if (strads__h6 > strads__l6) { strads_recon_rdr_only(strads__rc, &(a)[strads__l6], (size_t)(strads__h6 - strads__l6) * sizeof *(a)); strads_recon_rdr_only(strads__rc, &(b)[strads__l6], (size_t)(strads__h6 - strads__l6) * sizeof *(b)); } (0); }); k < dim; k++)
        ((void)sizeof(+(a[k] * b[k])));
    return s;
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
#line 333 "<stdout>"
static int strads__main(int argc, char **argv)
{
    return strads_user_main(argc, (void *)argv);
}
STRADS_MAIN(strads__main)
