#line 1 "row_fn.c"
/* SGD-MF with a row function and a dot helper, as users factor it:
 * `float *w = row(W, u)` (row returns M + r * K) and `e = r - dot(w, h)`.
 * Pinned here: reconnaissance calls dot's value-free copy (strads__rhv),
 * the rows reached through row() counting as the loop's arrays
 * (recon_vfree.c), so the dot product is not computed there; and the
 * decaying rate keeps the plan (keyed.c follows it into the rows row()
 * returns: no picks on lr). */
#include <stdio.h>
#include <stdlib.h>

#define K 16

#line 15 "<stdout>"
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
#line 13 "row_fn.c"
static float *row(float *M, long r) { return M + r * K; }

static float dot(const float *a, const float *b)
{
    float s = 0;
    for (int k = 0; k < K; k++)
        s += a[k] * b[k];
    return s;
}

#line 64 "<stdout>"
/* row_fn.c:41: async_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(float *) W;
    __typeof__(int *) ru;
    int64_t strads__lo_ru, strads__n_ru;
    __typeof__(float *) H;
    __typeof__(int *) ri;
    int64_t strads__lo_ri, strads__n_ri;
    __typeof__(float *) rv;
    int64_t strads__lo_rv, strads__n_rv;
    __typeof__(float) lr;
};
struct strads__tls1 {
    char strads__none;
};
static const strads_loop_site strads__site1;
#line 23 "row_fn.c"
int strads_user_main(void)
{
    long users = 300, items = 200, n = 5000;
    int *ru = malloc(n * sizeof *ru), *ri = malloc(n * sizeof *ri);
    float *rv = malloc(n * sizeof *rv);
    for (long j = 0; j < n; j++) {
        ru[j] = (int)((j * 7919) % users);
        ri[j] = (int)((j * 104729) % items);
        rv[j] = (float)(1 + j % 5);
    }
    
    float *W = strads_dv_malloc(users * K * sizeof *W, (size_t)(K) * sizeof *(W), "row_fn.c:33");
    
    float *H = strads_dv_malloc(items * K * sizeof *H, (size_t)(K) * sizeof *(H), "row_fn.c:35");
    for (long x = 0; x < users * K; x++) W[x] = 0.1f;
    for (long x = 0; x < items * K; x++) H[x] = 0.1f;
    float lr = 0.01f;
    for (int e = 0; e < 3; e++) {
        
        { char strads__s1[sizeof(struct strads__env1) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env1)] __attribute__((__aligned__(__alignof__(struct strads__env1)))); struct strads__env1 *strads__e1 = (struct strads__env1 *)strads__env_new(strads__s1, sizeof(struct strads__env1)); strads__e1->W = W; strads__e1->ru = ru; strads__e1->strads__lo_ru = (int64_t)(0); strads__e1->strads__n_ru = (int64_t)(n); strads__e1->H = H; strads__e1->ri = ri; strads__e1->strads__lo_ri = (int64_t)(0); strads__e1->strads__n_ri = (int64_t)(n); strads__e1->rv = rv; strads__e1->strads__lo_rv = (int64_t)(0); strads__e1->strads__n_rv = (int64_t)(n); strads__e1->lr = lr; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") long strads__l1 = (0); __auto_type strads__h1 = (n); int64_t strads__l64_1 = (int64_t)strads__l1, strads__r1 = (int64_t)strads__h1, strads__h64_1 = strads__r1 + ((__typeof__(strads__h1))strads__r1 < strads__h1); if ((strads__l1 > 0) != (strads__l64_1 > 0) || (strads__r1 != 0 && (strads__h1 > 0) != (strads__r1 > 0)) || (strads__l1 < strads__h1) != (strads__l64_1 < strads__h64_1)) strads_fatal(STRADS_EINVAL, "row_fn.c:42:23: the loop's bounds as C compares them (j < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site1, strads__l64_1, strads__h64_1, strads__e1); strads__env_free(strads__e1, sizeof *strads__e1); } }








        lr *= 0.9f;
    }
    double s = 0;
    for (long x = 0; x < users * K; x++) s += W[x];
    printf("%.4f\n", s);
    return 0;
}
#line 118 "<stdout>"
static void strads__body1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env1 *strads__e = strads__ve;
    struct strads__tls1 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(int *) ru = strads__e->ru;
    (void)ru;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int *) ri = strads__e->ri;
    (void)ri;
    __typeof__(float *) rv = strads__e->rv;
    (void)rv;
    __typeof__(float) lr = strads__e->lr;
    (void)lr;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
#line 42 "row_fn.c"
                                     {
            float *w = row(W, ru[j]), *h = row(H, ri[j]);
            float err = rv[j] - dot(w, h);
            for (int k = 0; k < K; k++) {
                float wk = w[k];
                w[k] += lr * (err * h[k] - 0.02f * wk);
                h[k] += lr * (err * wk - 0.02f * h[k]);
            }
        }
#line 150 "<stdout>"
    }
}
static __typeof__(row) strads__rh0 STRADS__RECON;
static __typeof__(dot) strads__rh1 STRADS__RECON;
static __typeof__(dot) strads__rhv1 STRADS__RECON;
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
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(int *) ru = strads__e->ru;
    (void)ru;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int *) ri = strads__e->ri;
    (void)ri;
    __typeof__(float *) rv = strads__e->rv;
    (void)rv;
    __typeof__(float) lr = strads__e->lr;
    (void)lr;
    strads__rct = strads__rc;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
        /* row_fn.c:42 */
                                     do {
            float *w = strads__rh0(W, ru[j]), *h = strads__rh0(H, ri[j]);
            float err = rv[j] - strads__rh1(w, h);
            for (int k = 0; k < K; k++) {
                float wk = STRADS__RD(w[k]);
                (void)__extension__({ __auto_type strads__p4 = &(w[k]); __typeof__(*strads__p4) strads__v4 = *(__typeof__(*strads__p4) *)strads_recon_rd(strads__rc, strads__p4, sizeof *strads__p4) + (lr * (err * STRADS__RD(h[k]) - 0.02f * wk)); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p4, &strads__v4, sizeof strads__v4); strads__v4; });
                (void)__extension__({ __auto_type strads__p5 = &(h[k]); __typeof__(*strads__p5) strads__v5 = *(__typeof__(*strads__p5) *)strads_recon_rd(strads__rc, strads__p5, sizeof *strads__p5) + (lr * (err * wk - 0.02f * STRADS__RD(h[k]))); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p5, &strads__v5, sizeof strads__v5); strads__v5; });
            }
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 202 "<stdout>"
    }
}
STRADS__RECON static void strads__recon1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(int *) ru = strads__e->ru;
    (void)ru;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int *) ri = strads__e->ri;
    (void)ri;
    __typeof__(float *) rv = strads__e->rv;
    (void)rv;
    __typeof__(float) lr = strads__e->lr;
    (void)lr;
    strads__rct = strads__rc;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
        strads_recon_iter(strads__rc, (int64_t)j);
        /* row_fn.c:42 */
                                     do {
            float *w = __extension__({ strads__rin++; __typeof__(strads__rh0(W, ru[j])) strads__c0 = strads__rh0(W, ru[j]); strads__rin--; strads__c0; }), *h = __extension__({ strads__rin++; __typeof__(strads__rh0(H, ri[j])) strads__c1 = strads__rh0(H, ri[j]); strads__rin--; strads__c1; });
            float err = rv[j] - __extension__({ strads__rin++; __typeof__(strads__rhv1(w, h)) strads__c2 = strads__rhv1(w, h); strads__rin--; strads__c2; });
            for (int k = __extension__({ int64_t strads__l3 = (int64_t)(0), strads__h3 = (int64_t)(K); if (strads__h3 > strads__l3) { strads_recon_rw_range(strads__rc, &(w)[strads__l3], (size_t)(strads__h3 - strads__l3) * sizeof *(w), 1); strads_recon_rw_range(strads__rc, &(h)[strads__l3], (size_t)(strads__h3 - strads__l3) * sizeof *(h), 1); } (0); }); k < K; k++) {
                float wk = w[k];
                ((void)sizeof(+(lr * (err * h[k] - 0.02f * wk))));
                ((void)sizeof(+(lr * (err * wk - 0.02f * h[k]))));
            }
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx1(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 238 "<stdout>"
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
    {STRADS_FIELD(struct strads__env1, W), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, ru), STRADS_F_COPYIN, NULL, __builtin_offsetof(struct strads__env1, strads__lo_ru),
     __builtin_offsetof(struct strads__env1, strads__n_ru), sizeof *((struct strads__env1 *)0)->ru, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, H), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, ri), STRADS_F_COPYIN, NULL, __builtin_offsetof(struct strads__env1, strads__lo_ri),
     __builtin_offsetof(struct strads__env1, strads__n_ri), sizeof *((struct strads__env1 *)0)->ri, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, rv), STRADS_F_COPYIN_REAL, NULL, __builtin_offsetof(struct strads__env1, strads__lo_rv),
     __builtin_offsetof(struct strads__env1, strads__n_rv), sizeof *((struct strads__env1 *)0)->rv, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, lr), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "row_fn.c",
    .line = 41,
    .col = 9,
    .id = UINT64_C(0x8c198ea7fc460ebb), /* FNV-1a of "row_fn.c:41:9" */
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
#line 58 "row_fn.c"
#line 283 "<stdout>"
static __typeof__(row) strads__rh0 STRADS__RECON;
static __typeof__(dot) strads__rh1 STRADS__RECON;
static __typeof__(dot) strads__rhv1 STRADS__RECON;
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
static float *strads__rh0(float *M, long r) { strads_recon *strads__rc = strads__rct; (void)strads__rc; return M + r * K; }
static float strads__rh1(const float *a, const float *b)
{ strads_recon *strads__rc = strads__rct; (void)strads__rc;
    float s = 0;
    if (strads_recon_exact()) { for (int k = 0; k < K; k++)
        s += STRADS__RD(a[k]) * STRADS__RD(b[k]); } else for (int k = __extension__({ int64_t strads__l6 = (int64_t)(0), strads__h6 = (int64_t)(K); if (strads__h6 > strads__l6) { strads_recon_rdr(strads__rc, &(a)[strads__l6], (size_t)(strads__h6 - strads__l6) * sizeof *(a)); strads_recon_rdr(strads__rc, &(b)[strads__l6], (size_t)(strads__h6 - strads__l6) * sizeof *(b)); } (0); }); k < K; k++)
        s += a[k] * b[k];
    return s;
}
static float strads__rhv1(const float *a, const float *b)
{ strads_recon *strads__rc = strads__rct; (void)strads__rc;
    float s = 0;
    for (int k = __extension__({ int64_t strads__l7 = (int64_t)(0), strads__h7 = (int64_t)(K); if (strads__h7 > strads__l7) { strads_recon_rdr_only(strads__rc, &(a)[strads__l7], (size_t)(strads__h7 - strads__l7) * sizeof *(a)); strads_recon_rdr_only(strads__rc, &(b)[strads__l7], (size_t)(strads__h7 - strads__l7) * sizeof *(b)); } (0); }); k < K; k++)
        ((void)sizeof(+(a[k] * b[k])));
    return s;
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
#line 323 "<stdout>"
static int strads__main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return strads_user_main();
}
STRADS_MAIN(strads__main)
