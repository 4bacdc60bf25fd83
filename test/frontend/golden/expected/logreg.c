#line 1 "logreg.c"
/* Minibatch logistic regression with sync_for: the model is a distributed
 * array whose updates are summed across workers (aggregate(w: sum)), the
 * examples are a read-only distributed array, the loss a reduction. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define D 8

struct example {
    float x[D];
    float y;
};

#line 17 "<stdout>"
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
#line 15 "logreg.c"
static float predict(const float *w, const float *x)
{
    float z = 0;
    for (int k = 0; k < D; k++)
        z += w[k] * x[k];
    return 1.0f / (1.0f + expf(-z));
}

#line 64 "<stdout>"
/* logreg.c:43: sync_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(struct example *) ex;
    __typeof__(float *) w;
    __typeof__(float) lr;
    __typeof__(double) loss, *strads__p_loss;
};
struct strads__tls1 {
    char strads__none;
    __typeof__(double) loss;
};
static const strads_loop_site strads__site1;
#line 23 "logreg.c"
int strads_user_main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 2000;
    unsigned s = 5;

    struct example *ex = strads_dv_malloc((size_t)n * sizeof *ex, sizeof *(ex), "logreg.c:27");

    float *w = strads_dv_calloc(D, sizeof *w, sizeof *(w), "logreg.c:29");
    for (long i = 0; i < n; i++) {
        float t = 0;
        for (int k = 0; k < D; k++) {
            s = s * 1103515245u + 12345u;
            ex[i].x[k] = (float)((s >> 16) & 0x7fff) / 32768.0f - 0.5f;
            t += ex[i].x[k] * (float)(k - 3);
        }
        ex[i].y = t > 0;
    }
    const float lr = 0.1f;
    for (int epoch = 0; epoch < 4; epoch++) {
        double loss = 0;

        { char strads__s1[sizeof(struct strads__env1) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env1)] __attribute__((__aligned__(__alignof__(struct strads__env1)))); struct strads__env1 *strads__e1 = (struct strads__env1 *)strads__env_new(strads__s1, sizeof(struct strads__env1)); strads__e1->strads__dyn.minibatch = (int64_t)(100); strads__e1->ex = ex; strads__e1->w = w; strads__e1->lr = lr; strads__e1->loss = loss; strads__e1->strads__p_loss = &loss; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") long strads__l1 = (0); __auto_type strads__h1 = (n); int64_t strads__l64_1 = (int64_t)strads__l1, strads__r1 = (int64_t)strads__h1, strads__h64_1 = strads__r1 + ((__typeof__(strads__h1))strads__r1 < strads__h1); if ((strads__l1 > 0) != (strads__l64_1 > 0) || (strads__r1 != 0 && (strads__h1 > 0) != (strads__r1 > 0)) || (strads__l1 < strads__h1) != (strads__l64_1 < strads__h64_1)) strads_fatal(STRADS_EINVAL, "logreg.c:44:23: the loop's bounds as C compares them (i < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_sync_for(&strads__site1, strads__l64_1, strads__h64_1, strads__e1); strads__env_free(strads__e1, sizeof *strads__e1); } }






        printf("epoch %d loss %.4f\n", epoch, loss / n);
    }
    strads_free(ex);
    strads_free(w);
    return 0;
}
#line 113 "<stdout>"
static void strads__body1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env1 *strads__e = strads__ve;
    struct strads__tls1 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(struct example *) ex = strads__e->ex;
    (void)ex;
    __typeof__(float *) w = strads__e->w;
    (void)w;
    __typeof__(float) lr = strads__e->lr;
    (void)lr;
    __typeof__(strads__t->loss) loss = strads__t->loss;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
#line 44 "logreg.c"
                                     {
            const struct example *e = &ex[i];
            float p = predict(w, e->x);
            for (int k = 0; k < D; k++)
                w[k] -= lr * (p - e->y) * e->x[k] / 100;
            loss -= e->y ? log(p + 1e-7) : log(1 - p + 1e-7);
        }
#line 138 "<stdout>"
    }
    strads__t->loss = loss;
}
static __typeof__(predict) strads__rh0 STRADS__RECON;
static __typeof__(predict) strads__rhv0 STRADS__RECON;
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
    __typeof__(struct example *) ex = strads__e->ex;
    (void)ex;
    __typeof__(float *) w = strads__e->w;
    (void)w;
    __typeof__(float) lr = strads__e->lr;
    (void)lr;
    __typeof__(double) loss = strads__e->loss;
    (void)loss;
    strads__rct = strads__rc;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        /* logreg.c:44 */
                                     do {
            const struct example *e = &ex[i];
            float p = strads__rh0(w, e->x);
            for (int k = 0; k < D; k++)
                (void)__extension__({ __auto_type strads__p2 = &(w[k]); __typeof__(*strads__p2) strads__v2 = *(__typeof__(*strads__p2) *)strads_recon_rd(strads__rc, strads__p2, sizeof *strads__p2) - (lr * (p - STRADS__RD(e->y)) * STRADS__RD(e->x[k]) / 100); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p2, &strads__v2, sizeof strads__v2); strads__v2; });
            ((void)(STRADS__RD(e->y) ? strads__m_log(p + 1e-7) : strads__m_log(1 - p + 1e-7)));
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 184 "<stdout>"
    }
}
STRADS__RECON static void strads__recon1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(struct example *) ex = strads__e->ex;
    (void)ex;
    __typeof__(float *) w = strads__e->w;
    (void)w;
    __typeof__(float) lr = strads__e->lr;
    (void)lr;
    __typeof__(double) loss = strads__e->loss;
    (void)loss;
    strads__rct = strads__rc;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        strads_recon_iter(strads__rc, (int64_t)i);
        /* logreg.c:44 */
                                     do {
            const struct example *e = &ex[i];
            float p = __extension__({ strads__rin++; __typeof__(strads__rhv0(w, e->x)) strads__c0 = strads__rhv0(w, e->x); strads__rin--; strads__c0; });
            for (int k = __extension__({ int64_t strads__l1 = (int64_t)(0), strads__h1 = (int64_t)(D); if (strads__h1 > strads__l1) { strads_recon_rwr(strads__rc, &(w)[strads__l1], (size_t)(strads__h1 - strads__l1) * sizeof *(w), 1); strads_recon_rdr(strads__rc, &(e->x)[strads__l1], (size_t)(strads__h1 - strads__l1) * sizeof *(e->x)); strads_recon_rdr(strads__rc, &(e->y), sizeof (e->y)); } (0); }); k < D; k++)
                ((void)sizeof(+(lr * (p - e->y) * e->x[k] / 100)));
            ((void)(STRADS__RD(e->y) ? strads__m_log(p + 1e-7) : strads__m_log(1 - p + 1e-7)));
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx1(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 214 "<stdout>"
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
    (void)t;
    (void)e;
}
STRADS__GLUE static void strads__tls_fold1(void *strads__va, const void *strads__vt)
{
    struct strads__tls1 *a = strads__va;
    const struct strads__tls1 *t = strads__vt;
    a->loss += t->loss;
    (void)a;
    (void)t;
}
STRADS__GLUE static void strads__publish1(void *strads__ve, const void *strads__va)
{
    struct strads__env1 *e = strads__ve;
    const struct strads__tls1 *a = strads__va;
    *e->strads__p_loss += a->loss;
    (void)a;
    (void)e;
}
static const strads_field strads__tfd1[] = {
    {STRADS_FIELD(struct strads__tls1, loss), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
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
    {STRADS_FIELD(struct strads__env1, ex), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, w), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, lr), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, loss), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_array strads__arr1[] = {
    {__builtin_offsetof(struct strads__env1, ex), STRADS_T_F32, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY, 0, 0, 0, 0, 0, 0, 0, NULL},
    {__builtin_offsetof(struct strads__env1, w), STRADS_T_F32, STRADS_AGG_SUM, NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL},
};
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_SYNC_FOR,
    .file = "logreg.c",
    .line = 43,
    .col = 1,
    .id = UINT64_C(0x7afc15e2f4e70132), /* FNV-1a of "logreg.c:43:1" */
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
    .arrays = strads__arr1,
    .narrays = 2,
};
static const strads_loop_site *const strads__reg1
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site1;
#line 57 "logreg.c"
#line 301 "<stdout>"
static __typeof__(predict) strads__rh0 STRADS__RECON;
static __typeof__(predict) strads__rhv0 STRADS__RECON;
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
static float strads__rh0(const float *w, const float *x)
{ strads_recon *strads__rc = strads__rct; (void)strads__rc;
    float z = 0;
    if (strads_recon_exact()) { for (int k = 0; k < D; k++)
        z += STRADS__RD(w[k]) * STRADS__RD(x[k]); } else for (int k = __extension__({ int64_t strads__l3 = (int64_t)(0), strads__h3 = (int64_t)(D); if (strads__h3 > strads__l3) { strads_recon_rdr(strads__rc, &(w)[strads__l3], (size_t)(strads__h3 - strads__l3) * sizeof *(w)); strads_recon_rdr(strads__rc, &(x)[strads__l3], (size_t)(strads__h3 - strads__l3) * sizeof *(x)); } (0); }); k < D; k++)
        z += w[k] * x[k];
    return 1.0f / (1.0f + strads__m_expf(-z));
}
static float strads__rhv0(const float *w, const float *x)
{ strads_recon *strads__rc = strads__rct; (void)strads__rc;
    float z = 0;
    for (int k = __extension__({ int64_t strads__l4 = (int64_t)(0), strads__h4 = (int64_t)(D); if (strads__h4 > strads__l4) { strads_recon_rdr_only(strads__rc, &(w)[strads__l4], (size_t)(strads__h4 - strads__l4) * sizeof *(w)); strads_recon_rdr_only(strads__rc, &(x)[strads__l4], (size_t)(strads__h4 - strads__l4) * sizeof *(x)); } (0); }); k < D; k++)
        ((void)sizeof(+(w[k] * x[k])));
    return 1.0f / (1.0f + strads__m_expf(-z));
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
#line 339 "<stdout>"
static int strads__main(int argc, char **argv)
{
    return strads_user_main(argc, (void *)argv);
}
STRADS_MAIN(strads__main)
