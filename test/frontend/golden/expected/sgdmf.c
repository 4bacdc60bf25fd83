#line 1 "sgdmf.c"
/*
 * sgdmf.c - SGD matrix factorization, the strads vertical slice.
 *
 * A sequential C program, annotated: built with plain `cc` the pragmas are
 * ignored and it runs as before; built with `stradscc` and started with
 * `strads-run -n N`, the rating loop runs on N processes (async_for: the
 * runtime finds a conflict-free order, so the result equals the sequential
 * loop in some order) and the RMSE loop is data-parallel (sync_for).
 *
 *   sgdmf [users items ratings rank epochs seed]
 *
 * The ratings are generated from a seed, Netflix-shaped: a hidden low-rank
 * model plus noise, popular items rated far more often than rare ones,
 * ratings clipped to 1..5. Every tenth rating is held out as the test set.
 * W (users x rank) and H (items x rank) are flat arrays; row(rank) makes one
 * row the unit of distribution. Prints the test RMSE after each epoch.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct rating {
    int32_t u, i;
    float r;
};

/* xorshift64*: the same stream on every platform, so runs are comparable. */
static uint64_t rng_state;

#line 33 "<stdout>"
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
#line 31 "sgdmf.c"
static double uniform(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

static long arg(int argc, char **argv, int i, long dflt)
{
    return argc > i ? strtol(argv[i], NULL, 10) : dflt;
}

#line 80 "<stdout>"
/* sgdmf.c:104: async_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(struct rating *) train;
    __typeof__(float *) W;
    __typeof__(int) rank;
    __typeof__(float *) H;
    __typeof__(float) lr;
    __typeof__(float) lambda;
};
struct strads__tls1 {
    char strads__none;
};
static const strads_loop_site strads__site1;
/* sgdmf.c:119: sync_for */
struct strads__env2 {
    strads_loop_dyn strads__dyn;
    __typeof__(struct rating *) test;
    __typeof__(int) rank;
    __typeof__(float *) W;
    __typeof__(float *) H;
    __typeof__(double) se, *strads__p_se;
};
struct strads__tls2 {
    char strads__none;
    __typeof__(double) se;
};
static const strads_loop_site strads__site2;
#line 44 "sgdmf.c"
int strads_user_main(int argc, char **argv)
{
    long users = arg(argc, argv, 1, 2000), items = arg(argc, argv, 2, 500);
    long nratings = arg(argc, argv, 3, 100000);
    int rank = (int)arg(argc, argv, 4, 8), epochs = (int)arg(argc, argv, 5, 10);
    rng_state = (uint64_t)arg(argc, argv, 6, 42) * 0x9E3779B97F4A7C15ULL + 1;
    if (users < 1 || items < 1 || nratings < 10 || rank < 1 || epochs < 0) {
        fprintf(stderr, "usage: sgdmf [users items ratings rank epochs seed]\n");
        return 2;
    }

    /* The hidden model the ratings come from (sequential, driver only). */
    float *tu = malloc((size_t)users * rank * sizeof *tu);
    float *ti = malloc((size_t)items * rank * sizeof *ti);
    if (!tu || !ti)
        return 1;
    for (long k = 0; k < users * rank; k++)
        tu[k] = (float)(uniform() * 2 - 1);
    for (long k = 0; k < items * rank; k++)
        ti[k] = (float)(uniform() * 2 - 1);

    long ntest = nratings / 10, ntrain = nratings - ntest;

    struct rating *train = strads_dv_malloc((size_t)ntrain * sizeof *train, sizeof *(train), "sgdmf.c:66");

    struct rating *test = strads_dv_malloc((size_t)ntest * sizeof *test, sizeof *(test), "sgdmf.c:68");
    if (!train || !test)
        return 1;
    for (long j = 0, a = 0, b = 0; j < nratings; j++) {
        int32_t u = (int32_t)(uniform() * users);
        double p = uniform();
        int32_t i = (int32_t)(p * p * p * items); /* popular items first */
        double r = 3;
        for (int k = 0; k < rank; k++)
            r += tu[(long)u * rank + k] * ti[(long)i * rank + k];
        r += (uniform() - 0.5) * 0.5;
        r = r < 1 ? 1 : r > 5 ? 5 : r;
        struct rating x = {u, i, (float)r};
        if (j % 10 == 9)
            test[b++] = x;
        else
            train[a++] = x;
    }
    strads_free(tu);
    strads_free(ti);


    float *W = strads_dv_malloc((size_t)users * rank * sizeof *W, (size_t)(rank) * sizeof *(W), "sgdmf.c:90");

    float *H = strads_dv_malloc((size_t)items * rank * sizeof *H, (size_t)(rank) * sizeof *(H), "sgdmf.c:92");
    if (!W || !H)
        return 1;
    for (long k = 0; k < users * rank; k++)
        W[k] = (float)(uniform() * 0.2);
    for (long k = 0; k < items * rank; k++)
        H[k] = (float)(uniform() * 0.2);

    float lr = 0.02f;
    const float lambda = 0.05f;
    for (int epoch = 1; epoch <= epochs; epoch++) {

        { char strads__s1[sizeof(struct strads__env1) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env1)] __attribute__((__aligned__(__alignof__(struct strads__env1)))); struct strads__env1 *strads__e1 = (struct strads__env1 *)strads__env_new(strads__s1, sizeof(struct strads__env1)); strads__e1->train = train; strads__e1->W = W; strads__e1->rank = rank; strads__e1->H = H; strads__e1->lr = lr; strads__e1->lambda = lambda; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") long strads__l1 = (0); __auto_type strads__h1 = (ntrain); int64_t strads__l64_1 = (int64_t)strads__l1, strads__r1 = (int64_t)strads__h1, strads__h64_1 = strads__r1 + ((__typeof__(strads__h1))strads__r1 < strads__h1); if ((strads__l1 > 0) != (strads__l64_1 > 0) || (strads__r1 != 0 && (strads__h1 > 0) != (strads__r1 > 0)) || (strads__l1 < strads__h1) != (strads__l64_1 < strads__h64_1)) strads_fatal(STRADS_EINVAL, "sgdmf.c:105:23: the loop's bounds as C compares them (j < ntrain, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site1, strads__l64_1, strads__h64_1, strads__e1); strads__env_free(strads__e1, sizeof *strads__e1); } }












        double se = 0;

        { char strads__s2[sizeof(struct strads__env2) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env2)] __attribute__((__aligned__(__alignof__(struct strads__env2)))); struct strads__env2 *strads__e2 = (struct strads__env2 *)strads__env_new(strads__s2, sizeof(struct strads__env2)); strads__e2->test = test; strads__e2->rank = rank; strads__e2->W = W; strads__e2->H = H; strads__e2->se = se; strads__e2->strads__p_se = &se; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") long strads__l2 = (0); __auto_type strads__h2 = (ntest); int64_t strads__l64_2 = (int64_t)strads__l2, strads__r2 = (int64_t)strads__h2, strads__h64_2 = strads__r2 + ((__typeof__(strads__h2))strads__r2 < strads__h2); if ((strads__l2 > 0) != (strads__l64_2 > 0) || (strads__r2 != 0 && (strads__h2 > 0) != (strads__r2 > 0)) || (strads__l2 < strads__h2) != (strads__l64_2 < strads__h64_2)) strads_fatal(STRADS_EINVAL, "sgdmf.c:120:23: the loop's bounds as C compares them (j < ntest, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_sync_for(&strads__site2, strads__l64_2, strads__h64_2, strads__e2); strads__env_free(strads__e2, sizeof *strads__e2); } }






        printf("epoch %d test_rmse %.6f\n", epoch, sqrt(se / (double)ntest));
        lr *= 0.9f;
    }
    strads_free(W);
    strads_free(H);
    strads_free(train);
    strads_free(test);
    return 0;
}
#line 202 "<stdout>"
static void strads__body1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env1 *strads__e = strads__ve;
    struct strads__tls1 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(struct rating *) train = strads__e->train;
    (void)train;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(int) rank = strads__e->rank;
    (void)rank;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(float) lr = strads__e->lr;
    (void)lr;
    __typeof__(float) lambda = strads__e->lambda;
    (void)lambda;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
#line 105 "sgdmf.c"
                                          {
            const struct rating *x = &train[j];
            float *w = &W[(long)x->u * rank], *h = &H[(long)x->i * rank];
            float e = x->r - 3;
            for (int k = 0; k < rank; k++)
                e -= w[k] * h[k];
            for (int k = 0; k < rank; k++) {
                float wk = w[k];
                w[k] += lr * (e * h[k] - lambda * wk);
                h[k] += lr * (e * wk - lambda * h[k]);
            }
        }
#line 237 "<stdout>"
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
    __typeof__(struct rating *) train = strads__e->train;
    (void)train;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(int) rank = strads__e->rank;
    (void)rank;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(float) lr = strads__e->lr;
    (void)lr;
    __typeof__(float) lambda = strads__e->lambda;
    (void)lambda;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
        /* sgdmf.c:105 */
                                          do {
            const struct rating *x = &train[j];
            float *w = &W[(long)STRADS__RD(x->u) * rank], *h = &H[(long)STRADS__RD(x->i) * rank];
            float e = STRADS__RD(x->r) - 3;
            for (int k = 0; k < rank; k++)
                e -= STRADS__RD(w[k]) * STRADS__RD(h[k]);
            for (int k = 0; k < rank; k++) {
                float wk = STRADS__RD(w[k]);
                (void)__extension__({ __auto_type strads__p2 = &(w[k]); __typeof__(*strads__p2) strads__v2 = *(__typeof__(*strads__p2) *)strads_recon_rd(strads__rc, strads__p2, sizeof *strads__p2) + (lr * (e * STRADS__RD(h[k]) - lambda * wk)); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p2, &strads__v2, sizeof strads__v2); strads__v2; });
                (void)__extension__({ __auto_type strads__p3 = &(h[k]); __typeof__(*strads__p3) strads__v3 = *(__typeof__(*strads__p3) *)strads_recon_rd(strads__rc, strads__p3, sizeof *strads__p3) + (lr * (e * wk - lambda * STRADS__RD(h[k]))); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p3, &strads__v3, sizeof strads__v3); strads__v3; });
            }
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 288 "<stdout>"
    }
}
STRADS__RECON static void strads__recon1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(struct rating *) train = strads__e->train;
    (void)train;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(int) rank = strads__e->rank;
    (void)rank;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(float) lr = strads__e->lr;
    (void)lr;
    __typeof__(float) lambda = strads__e->lambda;
    (void)lambda;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
        strads_recon_iter(strads__rc, (int64_t)j);
        /* sgdmf.c:105 */
                                          do {
            const struct rating *x = &train[j];
            float *w = &W[(long)STRADS__RD(x->u) * rank], *h = &H[(long)STRADS__RD(x->i) * rank];
            float e = STRADS__RD(x->r) - 3;
            for (int k = __extension__({ int64_t strads__l0 = (int64_t)(0), strads__h0 = (int64_t)(rank); if (strads__h0 > strads__l0) { strads_recon_rdr_rw(strads__rc, &(w)[strads__l0], (size_t)(strads__h0 - strads__l0) * sizeof *(w)); strads_recon_rdr_rw(strads__rc, &(h)[strads__l0], (size_t)(strads__h0 - strads__l0) * sizeof *(h)); } (0); }); k < rank; k++)
                ((void)sizeof(+(w[k] * h[k])));
            for (int k = __extension__({ int64_t strads__l1 = (int64_t)(0), strads__h1 = (int64_t)(rank); if (strads__h1 > strads__l1) { } (0); }); k < rank; k++) {
                float wk = w[k];
                ((void)sizeof(+(lr * (e * h[k] - lambda * wk))));
                ((void)sizeof(+(lr * (e * wk - lambda * h[k]))));
            }
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx1(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 326 "<stdout>"
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
    {STRADS_FIELD(struct strads__env1, train), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, W), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, rank), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, H), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, lr), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, lambda), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "sgdmf.c",
    .line = 104,
    .col = 1,
    .id = UINT64_C(0xf8e008397ef5199f), /* FNV-1a of "sgdmf.c:104:1" */
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
static void strads__body2(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env2 *strads__e = strads__ve;
    struct strads__tls2 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(struct rating *) test = strads__e->test;
    (void)test;
    __typeof__(int) rank = strads__e->rank;
    (void)rank;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(strads__t->se) se = strads__t->se;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
#line 120 "sgdmf.c"
                                         {
            const struct rating *x = &test[j];
            double p = 3;
            for (int k = 0; k < rank; k++)
                p += W[(long)x->u * rank + k] * H[(long)x->i * rank + k];
            se += (p - x->r) * (p - x->r);
        }
#line 393 "<stdout>"
    }
    strads__t->se = se;
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
    __typeof__(struct rating *) test = strads__e->test;
    (void)test;
    __typeof__(int) rank = strads__e->rank;
    (void)rank;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(double) se = strads__e->se;
    (void)se;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
        /* sgdmf.c:120 */
                                         do {
            const struct rating *x = &test[j];
            double p = 3;
            for (int k = 0; k < rank; k++)
                p += STRADS__RD(W[(long)STRADS__RD(x->u) * rank + k]) * STRADS__RD(H[(long)STRADS__RD(x->i) * rank + k]);
            ((void)((p - STRADS__RD(x->r)) * (p - STRADS__RD(x->r))));
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 438 "<stdout>"
    }
}
STRADS__RECON static void strads__recon2(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env2 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(struct rating *) test = strads__e->test;
    (void)test;
    __typeof__(int) rank = strads__e->rank;
    (void)rank;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(double) se = strads__e->se;
    (void)se;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
        strads_recon_iter(strads__rc, (int64_t)j);
        /* sgdmf.c:120 */
                                         do {
            const struct rating *x = &test[j];
            double p = 3;
            for (int k = __extension__({ int64_t strads__l4 = (int64_t)(0), strads__h4 = (int64_t)(rank); if (strads__h4 > strads__l4) { strads_recon_rdr_only(strads__rc, &(W)[((long)STRADS__RD(x->u) * rank) + strads__l4], (size_t)(strads__h4 - strads__l4) * sizeof *(W)); strads_recon_rdr_only(strads__rc, &(H)[((long)STRADS__RD(x->i) * rank) + strads__l4], (size_t)(strads__h4 - strads__l4) * sizeof *(H)); } (0); }); k < rank; k++)
                ((void)sizeof(+(W[(long)x->u * rank + k] * H[(long)x->i * rank + k])));
            ((void)((p - STRADS__RD(x->r)) * (p - STRADS__RD(x->r))));
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx2(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 469 "<stdout>"
    }
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
    t->se = 0;
    (void)t;
    (void)e;
}
STRADS__GLUE static void strads__tls_fold2(void *strads__va, const void *strads__vt)
{
    struct strads__tls2 *a = strads__va;
    const struct strads__tls2 *t = strads__vt;
    a->se += t->se;
    (void)a;
    (void)t;
}
STRADS__GLUE static void strads__publish2(void *strads__ve, const void *strads__va)
{
    struct strads__env2 *e = strads__ve;
    const struct strads__tls2 *a = strads__va;
    *e->strads__p_se += a->se;
    (void)a;
    (void)e;
}
static const strads_field strads__tfd2[] = {
    {STRADS_FIELD(struct strads__tls2, se), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
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
    {STRADS_FIELD(struct strads__env2, test), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, rank), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, W), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_NO},
    {STRADS_FIELD(struct strads__env2, H), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_NO},
    {STRADS_FIELD(struct strads__env2, se), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_array strads__arr2[] = {
    {__builtin_offsetof(struct strads__env2, test), STRADS_T_I32, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY, 0, 0, 0, 0, 0, 0, 0, NULL},
    {__builtin_offsetof(struct strads__env2, W), STRADS_T_F32, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY, 0, 0, 0, 0, 0, 0, 0, NULL},
    {__builtin_offsetof(struct strads__env2, H), STRADS_T_F32, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY, 0, 0, 0, 0, 0, 0, 0, NULL},
};
static const strads_loop_site strads__site2 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_SYNC_FOR,
    .file = "sgdmf.c",
    .line = 119,
    .col = 1,
    .id = UINT64_C(0x825b454259516cfd), /* FNV-1a of "sgdmf.c:119:1" */
    .env_size = sizeof(struct strads__env2),
    .tls_size = sizeof(struct strads__tls2),
    .body = strads__body2,
    .recon = strads__recon2,
    .tls_init = strads__tls_init2,
    .tls_fold = strads__tls_fold2,
    .publish = strads__publish2,
    .tls_pack = strads__tls_pack2,
    .tls_unpack = strads__tls_unpack2,
    .env_fields = strads__efd2,
    .nenv_fields = (int)(sizeof strads__efd2 / sizeof *strads__efd2),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 0,
    .arrays = strads__arr2,
    .narrays = 3,
};
static const strads_loop_site *const strads__reg2
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site2;
#line 136 "sgdmf.c"
#line 558 "<stdout>"
static int strads__main(int argc, char **argv)
{
    return strads_user_main(argc, (void *)argv);
}
STRADS_MAIN(strads__main)
