#line 1 "gemm_nested.c"
/* A row loop inside another loop of the body (darknet's gemm_nn, PolyBench's
 * gemm): its values go nowhere, so an enclosing loop running it again is no
 * read back, and it is recorded as ranges (it ran element by element, 200
 * times the loop's own time). */
#line 7 "<stdout>"
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
#line 5 "gemm_nested.c"
#line 41 "<stdout>"
/* gemm_nested.c:7: sync_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(int) K;
    __typeof__(const float *) A;
    __typeof__(int) lda;
    __typeof__(int) N;
    __typeof__(float *) C;
    __typeof__(int) ldc;
    __typeof__(const float *) B;
    __typeof__(int) ldb;
};
struct strads__tls1 {
    char strads__none;
};
static const strads_loop_site strads__site1;
#line 5 "gemm_nested.c"
void gemm_nn(int M, int N, int K, const float *A, int lda, const float *B, int ldb, float *C, int ldc)
{

    { char strads__s1[sizeof(struct strads__env1) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env1)] __attribute__((__aligned__(__alignof__(struct strads__env1)))); struct strads__env1 *strads__e1 = (struct strads__env1 *)strads__env_new(strads__s1, sizeof(struct strads__env1)); strads__e1->K = K; strads__e1->A = A; if (A && !strads_is_dvector(A)) strads_fatal(STRADS_EINVAL, "gemm_nested.c:7: captured pointer 'A' is not a distributed array; mark its allocation '#pragma strads dvector' or add copyin(A[0:n]) (read-only input)"); strads__e1->lda = lda; strads__e1->N = N; strads__e1->C = C; if (C && !strads_is_dvector(C)) strads_fatal(STRADS_EINVAL, "gemm_nested.c:7: captured pointer 'C' is not a distributed array, and the loop writes through it; mark its allocation '#pragma strads dvector'"); strads__e1->ldc = ldc; strads__e1->B = B; if (B && !strads_is_dvector(B)) strads_fatal(STRADS_EINVAL, "gemm_nested.c:7: captured pointer 'B' is not a distributed array; mark its allocation '#pragma strads dvector' or add copyin(B[0:n]) (read-only input)"); strads__e1->ldb = ldb; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l1 = (0); __auto_type strads__h1 = (M); int64_t strads__l64_1 = (int64_t)strads__l1, strads__r1 = (int64_t)strads__h1, strads__h64_1 = strads__r1 + ((__typeof__(strads__h1))strads__r1 < strads__h1); if ((strads__l1 > 0) != (strads__l64_1 > 0) || (strads__r1 != 0 && (strads__h1 > 0) != (strads__r1 > 0)) || (strads__l1 < strads__h1) != (strads__l64_1 < strads__h64_1)) strads_fatal(STRADS_EINVAL, "gemm_nested.c:8:18: the loop's bounds as C compares them (i < M, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_sync_for(&strads__site1, strads__l64_1, strads__h64_1, strads__e1); strads__env_free(strads__e1, sizeof *strads__e1); } }





}
#line 69 "<stdout>"
static void strads__body1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env1 *strads__e = strads__ve;
    struct strads__tls1 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(int) K = strads__e->K;
    (void)K;
    __typeof__(const float *) A = strads__e->A;
    (void)A;
    __typeof__(int) lda = strads__e->lda;
    (void)lda;
    __typeof__(int) N = strads__e->N;
    (void)N;
    __typeof__(float *) C = strads__e->C;
    (void)C;
    __typeof__(int) ldc = strads__e->ldc;
    (void)ldc;
    __typeof__(const float *) B = strads__e->B;
    (void)B;
    __typeof__(int) ldb = strads__e->ldb;
    (void)ldb;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
#line 9 "gemm_nested.c"
        { for (int k = 0; k < K; k++) {
            float a = A[i * lda + k];
            for (int j = 0; j < N; j++)
                C[i * ldc + j] += a * B[k * ldb + j];
        } }
#line 101 "<stdout>"
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
    __typeof__(int) K = strads__e->K;
    (void)K;
    __typeof__(const float *) A = strads__e->A;
    (void)A;
    __typeof__(int) lda = strads__e->lda;
    (void)lda;
    __typeof__(int) N = strads__e->N;
    (void)N;
    __typeof__(float *) C = strads__e->C;
    (void)C;
    __typeof__(int) ldc = strads__e->ldc;
    (void)ldc;
    __typeof__(const float *) B = strads__e->B;
    (void)B;
    __typeof__(int) ldb = strads__e->ldb;
    (void)ldb;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        /* gemm_nested.c:9 */
        do { for (int k = 0; k < K; k++) {
            float a = STRADS__RD(A[i * lda + k]);
            for (int j = 0; j < N; j++)
                (void)__extension__({ __auto_type strads__p2 = &(C[i * ldc + j]); __typeof__(*strads__p2) strads__v2 = *(__typeof__(*strads__p2) *)strads_recon_rd(strads__rc, strads__p2, sizeof *strads__p2) + (a * STRADS__RD(B[k * ldb + j])); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p2, &strads__v2, sizeof strads__v2); strads__v2; });
        }; } while (0);
        (void)strads_recon_again(strads__rc);
#line 149 "<stdout>"
    }
}
STRADS__RECON static void strads__recon1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(int) K = strads__e->K;
    (void)K;
    __typeof__(const float *) A = strads__e->A;
    (void)A;
    __typeof__(int) lda = strads__e->lda;
    (void)lda;
    __typeof__(int) N = strads__e->N;
    (void)N;
    __typeof__(float *) C = strads__e->C;
    (void)C;
    __typeof__(int) ldc = strads__e->ldc;
    (void)ldc;
    __typeof__(const float *) B = strads__e->B;
    (void)B;
    __typeof__(int) ldb = strads__e->ldb;
    (void)ldb;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        strads_recon_iter(strads__rc, (int64_t)i);
        /* gemm_nested.c:9 */
        do { for (int k = __extension__({ int64_t strads__l1 = (int64_t)(0), strads__h1 = (int64_t)(K); if (strads__h1 > strads__l1) { strads_recon_rdr(strads__rc, &(A)[(i * lda) + strads__l1], (size_t)(strads__h1 - strads__l1) * sizeof *(A)); } (0); }); k < K; k++) {
            float a = A[i * lda + k];
            for (int j = __extension__({ int64_t strads__l0 = (int64_t)(0), strads__h0 = (int64_t)(N); if (strads__h0 > strads__l0) { strads_recon_rw_range(strads__rc, &(C)[(i * ldc) + strads__l0], (size_t)(strads__h0 - strads__l0) * sizeof *(C), 1); strads_recon_rdr_only(strads__rc, &(B)[(k * ldb) + strads__l0], (size_t)(strads__h0 - strads__l0) * sizeof *(B)); } (0); }); j < N; j++)
                ((void)sizeof(+(a * B[k * ldb + j])));
        }; } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx1(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 184 "<stdout>"
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
    {STRADS_FIELD(struct strads__env1, K), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, A), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_NO},
    {STRADS_FIELD(struct strads__env1, lda), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, N), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, C), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, ldc), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, B), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_NO},
    {STRADS_FIELD(struct strads__env1, ldb), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_array strads__arr1[] = {
    {__builtin_offsetof(struct strads__env1, A), STRADS_T_F32, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY, 0, 0, 0, 0, 0, 0, 0, NULL},
    {__builtin_offsetof(struct strads__env1, C), STRADS_T_F32, STRADS_AGG_AVG, NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL},
    {__builtin_offsetof(struct strads__env1, B), STRADS_T_F32, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY, 0, 0, 0, 0, 0, 0, 0, NULL},
};
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_SYNC_FOR,
    .file = "gemm_nested.c",
    .line = 7,
    .col = 1,
    .id = UINT64_C(0x42ea36637943a3fc), /* FNV-1a of "gemm_nested.c:7:1" */
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
    .narrays = 3,
};
static const strads_loop_site *const strads__reg1
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site1;
#line 15 "gemm_nested.c"
