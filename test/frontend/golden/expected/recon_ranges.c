#line 1 "recon_ranges.c"
/* Inner loops over rows in the shapes reconnaissance records as one range
 * (frontend/recon_loop.c) and in shapes it must not: `k < d` and `k <= d - 1`,
 * p[k] and a flat row p[E + k] (E read from memory, or changed in the loop),
 * `++k` and `k += 1`, a loop that is the body of an if without braces, a
 * conditional access, a loop with a break, a pointer declared inside the
 * loop, an index read from another array, an empty range. The async_for
 * shares rows of H between items, so a row reconnaissance missed would let
 * two nodes update it at once (the 2-process run is in verify mode, which
 * stops at the first access not recorded). Which loops became ranges is
 * pinned by the golden file expected/recon_ranges.c: a range recorded for a
 * conditional access would be a row a sync_for node never touched, averaged
 * in as a zero delta. */
// ARGS: 600 8
// TOL: 0.02
#include <stdio.h>
#include <stdlib.h>

#line 20 "<stdout>"
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
#line 18 "recon_ranges.c"
#line 54 "<stdout>"
/* recon_ranges.c:37: async_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(double *) X;
    __typeof__(int) d;
    __typeof__(double *) W;
    __typeof__(double *) H;
    __typeof__(int) m;
    __typeof__(int *) col;
    __typeof__(int) nnz;
    __typeof__(long) n;
};
struct strads__tls1 {
    char strads__none;
};
static const strads_loop_site strads__site1;
/* recon_ranges.c:86: sync_for */
struct strads__env2 {
    strads_loop_dyn strads__dyn;
    __typeof__(double *) W;
    __typeof__(int) d;
    __typeof__(double *) X;
    __typeof__(double) sum, *strads__p_sum;
};
struct strads__tls2 {
    char strads__none;
    __typeof__(double) sum;
};
static const strads_loop_site strads__site2;
#line 18 "recon_ranges.c"
int strads_user_main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 600;
    int d = argc > 2 ? atoi(argv[2]) : 8, m = 40, nnz = 3;
    
    double *X = strads_dv_malloc((size_t)n * d * sizeof *X, (size_t)(d) * sizeof *(X), "recon_ranges.c:22");
    
    double *W = strads_dv_malloc((size_t)n * d * sizeof *W, (size_t)(d) * sizeof *(W), "recon_ranges.c:24");
    
    double *H = strads_dv_malloc((size_t)m * d * sizeof *H, (size_t)(d) * sizeof *(H), "recon_ranges.c:26");
    
    int *col = strads_dv_malloc((size_t)n * nnz * sizeof *col, (size_t)(nnz) * sizeof *(col), "recon_ranges.c:28");
    for (long i = 0; i < n * d; i++) {
        X[i] = (double)((i * 37) % 17) / 17 - 0.3;
        W[i] = 0.01 * (double)(i % 5);
    }
    for (long i = 0; i < m * d; i++) H[i] = 0.02 * (double)(i % 3);
    for (long i = 0; i < n * nnz; i++) col[i] = (int)((i * 13) % d);
    for (int e = 0; e < 4; e++) {
        
        { char strads__s1[sizeof(struct strads__env1) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env1)] __attribute__((__aligned__(__alignof__(struct strads__env1)))); struct strads__env1 *strads__e1 = (struct strads__env1 *)strads__env_new(strads__s1, sizeof(struct strads__env1)); strads__e1->X = X; strads__e1->d = d; strads__e1->W = W; strads__e1->H = H; strads__e1->m = m; strads__e1->col = col; strads__e1->nnz = nnz; strads__e1->n = n; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") long strads__l1 = (0); __auto_type strads__h1 = (n); int64_t strads__l64_1 = (int64_t)strads__l1, strads__r1 = (int64_t)strads__h1, strads__h64_1 = strads__r1 + ((__typeof__(strads__h1))strads__r1 < strads__h1); if ((strads__l1 > 0) != (strads__l64_1 > 0) || (strads__r1 != 0 && (strads__h1 > 0) != (strads__r1 > 0)) || (strads__l1 < strads__h1) != (strads__l64_1 < strads__h64_1)) strads_fatal(STRADS_EINVAL, "recon_ranges.c:38:23: the loop's bounds as C compares them (i < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site1, strads__l64_1, strads__h64_1, strads__e1); strads__env_free(strads__e1, sizeof *strads__e1); } }














































        double sum = 0;
        
        { char strads__s2[sizeof(struct strads__env2) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env2)] __attribute__((__aligned__(__alignof__(struct strads__env2)))); struct strads__env2 *strads__e2 = (struct strads__env2 *)strads__env_new(strads__s2, sizeof(struct strads__env2)); strads__e2->strads__dyn.minibatch = (int64_t)(100); strads__e2->W = W; strads__e2->d = d; strads__e2->X = X; strads__e2->sum = sum; strads__e2->strads__p_sum = &sum; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") long strads__l2 = (0); __auto_type strads__h2 = (n); int64_t strads__l64_2 = (int64_t)strads__l2, strads__r2 = (int64_t)strads__h2, strads__h64_2 = strads__r2 + ((__typeof__(strads__h2))strads__r2 < strads__h2); if ((strads__l2 > 0) != (strads__l64_2 > 0) || (strads__r2 != 0 && (strads__h2 > 0) != (strads__r2 > 0)) || (strads__l2 < strads__h2) != (strads__l64_2 < strads__h64_2)) strads_fatal(STRADS_EINVAL, "recon_ranges.c:87:23: the loop's bounds as C compares them (i < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_sync_for(&strads__site2, strads__l64_2, strads__h64_2, strads__e2); strads__env_free(strads__e2, sizeof *strads__e2); } }








        double hs = 0;
        for (long i = 0; i < m * d; i++) hs += H[i];
        printf("epoch %d sum %.6f h %.6f\n", e, sum, hs);
    }
    return 0;
}
#line 169 "<stdout>"
static void strads__body1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env1 *strads__e = strads__ve;
    struct strads__tls1 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(double *) X = strads__e->X;
    (void)X;
    __typeof__(int) d = strads__e->d;
    (void)d;
    __typeof__(double *) W = strads__e->W;
    (void)W;
    __typeof__(double *) H = strads__e->H;
    (void)H;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(int *) col = strads__e->col;
    (void)col;
    __typeof__(int) nnz = strads__e->nnz;
    (void)nnz;
    __typeof__(long) n = strads__e->n;
    (void)n;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") if (i < (0LL) || i >= (n)) __builtin_unreachable(); _Pragma("GCC diagnostic pop")
#line 38 "recon_ranges.c"
                                     {
            double *x = &X[i * d], *w = &W[i * d], *h = &H[(i * 7 % m) * d];
            const int *c = &col[i * nnz];
            double s = 0;
            int k;
            for (k = 0; k < d; k++)
                s += x[k] * h[k];
            for (int j = 0; j < nnz; j++)
                s += 0.1 * w[c[j]];
            for (k = 0; k < d; k++)
                if (x[k] > 0)
                    s -= 0.01 * w[k];
            for (k = 0; k < d; k++) {
                if (h[k] > 100)
                    break;
                s += 0.001 * h[k];
            }
            double g = 0.05 * (1.0 - s);
            for (int q = 0; q <= d - 1; ++q)
                h[q] += g * x[q];
            if (i % 2)
                for (k = 0; k < d; k += 1)
                    w[k] = 0.99 * w[k] + 0.01 * h[k];
            for (k = 0; k < 2; k++) {
                double *o = &H[((i + k) % m) * d];
                s += 0.001 * o[0];
            }
            for (k = d; k < 0; k++)
                w[k] = 1;
            for (k = 0; k < d; k++) /* a flat row E + k, E read from memory */
                s += 0.001 * H[(c[0] % m) * d + k];
            for (k = 0; k + 1 < d; k++) /* not k < B */
                s += 0.001 * (X[i * d + k] - X[i * d + k + 1]);
            for (k = 0; k < d; k++) { /* E assigned in the loop before the access */
                long r = (i + k) % n;
                s += 0.0001 * X[r * d + k];
            }
            long u = 0;
            for (k = 0; k < d; k++) {
                u = (i + k) % n;
                s += 0.0001 * X[u * d + k];
            }
            long off = (i + 1) % n * d;
            for (k = 0; k < d; k++) /* E changes in the loop */
                s += 0.0001 * X[off++ + k];
            w[0] += 0.001 * s;
        }
#line 244 "<stdout>"
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
    __typeof__(double *) X = strads__e->X;
    (void)X;
    __typeof__(int) d = strads__e->d;
    (void)d;
    __typeof__(double *) W = strads__e->W;
    (void)W;
    __typeof__(double *) H = strads__e->H;
    (void)H;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(int *) col = strads__e->col;
    (void)col;
    __typeof__(int) nnz = strads__e->nnz;
    (void)nnz;
    __typeof__(long) n = strads__e->n;
    (void)n;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        /* recon_ranges.c:38 */
                                     do {
            double *x = &X[i * d], *w = &W[i * d], *h = &H[(__extension__({ __auto_type strads__da15 = (i * 7); __auto_type strads__db15 = (m); __typeof__(strads__da15 % strads__db15) strads__x15 = strads__da15, strads__y15 = strads__db15; strads__y15 == 0 ? (__typeof__(strads__x15))0 : (__typeof__(strads__x15))-1 < (__typeof__(strads__x15))1 && strads__y15 == (__typeof__(strads__x15))-1 ? (__typeof__(strads__x15))0 : strads__x15 % strads__y15; })) * d];
            const int *c = &col[i * nnz];
            double s = 0;
            int k;
            for (k = 0; k < d; k++)
                s += STRADS__RD(x[k]) * STRADS__RD(h[k]);
            for (int j = 0; j < nnz; j++)
                s += 0.1 * STRADS__RD(w[STRADS__RD(c[j])]);
            for (k = 0; k < d; k++)
                if (STRADS__RD(x[k]) > 0)
                    s -= 0.01 * STRADS__RD(w[k]);
            for (k = 0; k < d; k++) {
                if (STRADS__RD(h[k]) > 100)
                    break;
                s += 0.001 * STRADS__RD(h[k]);
            }
            double g = 0.05 * (1.0 - s);
            for (int q = 0; q <= d - 1; ++q)
                (void)__extension__({ __auto_type strads__p16 = &(h[q]); __typeof__(*strads__p16) strads__v16 = *(__typeof__(*strads__p16) *)strads_recon_rd(strads__rc, strads__p16, sizeof *strads__p16) + (g * STRADS__RD(x[q])); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p16, &strads__v16, sizeof strads__v16); strads__v16; });
            if (i % 2)
                for (k = 0; k < d; k += 1)
                    (void)__extension__({ __auto_type strads__p17 = &(w[k]); __typeof__(*strads__p17) strads__v17 = (0.99 * STRADS__RD(w[k]) + 0.01 * STRADS__RD(h[k])); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p17, &strads__v17, sizeof strads__v17); strads__v17; });
            for (k = 0; k < 2; k++) {
                double *o = &H[(__extension__({ __auto_type strads__da18 = ((i + k)); __auto_type strads__db18 = (m); __typeof__(strads__da18 % strads__db18) strads__x18 = strads__da18, strads__y18 = strads__db18; strads__y18 == 0 ? (__typeof__(strads__x18))0 : (__typeof__(strads__x18))-1 < (__typeof__(strads__x18))1 && strads__y18 == (__typeof__(strads__x18))-1 ? (__typeof__(strads__x18))0 : strads__x18 % strads__y18; })) * d];
                s += 0.001 * STRADS__RD(o[0]);
            }
            for (k = d; k < 0; k++)
                (void)__extension__({ __auto_type strads__p19 = &(w[k]); __typeof__(*strads__p19) strads__v19 = (1); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p19, &strads__v19, sizeof strads__v19); strads__v19; });
            for (k = 0; k < d; k++) /* a flat row E + k, E read from memory */
                s += 0.001 * STRADS__RD(H[(__extension__({ __auto_type strads__da20 = (STRADS__RD(c[0])); __auto_type strads__db20 = (m); __typeof__(strads__da20 % strads__db20) strads__x20 = strads__da20, strads__y20 = strads__db20; strads__y20 == 0 ? (__typeof__(strads__x20))0 : (__typeof__(strads__x20))-1 < (__typeof__(strads__x20))1 && strads__y20 == (__typeof__(strads__x20))-1 ? (__typeof__(strads__x20))0 : strads__x20 % strads__y20; })) * d + k]);
            for (k = 0; k + 1 < d; k++) /* not k < B */
                s += 0.001 * (STRADS__RD(X[i * d + k]) - STRADS__RD(X[i * d + k + 1]));
            for (k = 0; k < d; k++) { /* E assigned in the loop before the access */
                long r = __extension__({ __auto_type strads__da21 = ((i + k)); __auto_type strads__db21 = (n); __typeof__(strads__da21 % strads__db21) strads__x21 = strads__da21, strads__y21 = strads__db21; strads__y21 == 0 ? (__typeof__(strads__x21))0 : (__typeof__(strads__x21))-1 < (__typeof__(strads__x21))1 && strads__y21 == (__typeof__(strads__x21))-1 ? (__typeof__(strads__x21))0 : strads__x21 % strads__y21; });
                s += 0.0001 * STRADS__RD(X[r * d + k]);
            }
            long u = 0;
            for (k = 0; k < d; k++) {
                u = __extension__({ __auto_type strads__da22 = ((i + k)); __auto_type strads__db22 = (n); __typeof__(strads__da22 % strads__db22) strads__x22 = strads__da22, strads__y22 = strads__db22; strads__y22 == 0 ? (__typeof__(strads__x22))0 : (__typeof__(strads__x22))-1 < (__typeof__(strads__x22))1 && strads__y22 == (__typeof__(strads__x22))-1 ? (__typeof__(strads__x22))0 : strads__x22 % strads__y22; });
                s += 0.0001 * STRADS__RD(X[u * d + k]);
            }
            long off = __extension__({ __auto_type strads__da23 = ((i + 1)); __auto_type strads__db23 = (n); __typeof__(strads__da23 % strads__db23) strads__x23 = strads__da23, strads__y23 = strads__db23; strads__y23 == 0 ? (__typeof__(strads__x23))0 : (__typeof__(strads__x23))-1 < (__typeof__(strads__x23))1 && strads__y23 == (__typeof__(strads__x23))-1 ? (__typeof__(strads__x23))0 : strads__x23 % strads__y23; }) * d;
            for (k = 0; k < d; k++) /* E changes in the loop */
                s += 0.0001 * __extension__({ __auto_type strads__p24 = &(X[off++ + k]); *(__typeof__(*strads__p24) *)strads_recon_rdi(strads__rc, strads__p24, sizeof *strads__p24); });
            (void)__extension__({ __auto_type strads__p25 = &(w[0]); __typeof__(*strads__p25) strads__v25 = *(__typeof__(*strads__p25) *)strads_recon_rd(strads__rc, strads__p25, sizeof *strads__p25) + (0.001 * s); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p25, &strads__v25, sizeof strads__v25); strads__v25; });
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 334 "<stdout>"
    }
}
STRADS__RECON static void strads__recon1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(double *) X = strads__e->X;
    (void)X;
    __typeof__(int) d = strads__e->d;
    (void)d;
    __typeof__(double *) W = strads__e->W;
    (void)W;
    __typeof__(double *) H = strads__e->H;
    (void)H;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(int *) col = strads__e->col;
    (void)col;
    __typeof__(int) nnz = strads__e->nnz;
    (void)nnz;
    __typeof__(long) n = strads__e->n;
    (void)n;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        strads_recon_iter(strads__rc, (int64_t)i);
        /* recon_ranges.c:38 */
                                     do {
            double *x = &X[i * d], *w = &W[i * d], *h = &H[(__extension__({ __auto_type strads__da0 = (i * 7); __auto_type strads__db0 = (m); __typeof__(strads__da0 % strads__db0) strads__x0 = strads__da0, strads__y0 = strads__db0; strads__y0 == 0 ? (__typeof__(strads__x0))0 : (__typeof__(strads__x0))-1 < (__typeof__(strads__x0))1 && strads__y0 == (__typeof__(strads__x0))-1 ? (__typeof__(strads__x0))0 : strads__x0 % strads__y0; })) * d];
            const int *c = &col[i * nnz];
            double s = 0;
            int k;
            for (k = __extension__({ int64_t strads__l1 = (int64_t)(0), strads__h1 = (int64_t)(d); if (strads__h1 > strads__l1) { strads_recon_rdr_only(strads__rc, &(x)[strads__l1], (size_t)(strads__h1 - strads__l1) * sizeof *(x)); strads_recon_rdr_only(strads__rc, &(h)[strads__l1], (size_t)(strads__h1 - strads__l1) * sizeof *(h)); } (0); }); k < d; k++)
                ((void)sizeof(+(x[k] * h[k])));
            for (int j = __extension__({ int64_t strads__l2 = (int64_t)(0), strads__h2 = (int64_t)(nnz); if (strads__h2 > strads__l2) { strads_recon_rdr(strads__rc, &(c)[strads__l2], (size_t)(strads__h2 - strads__l2) * sizeof *(c)); } (0); }); j < nnz; j++)
                ((void)(0.1 * STRADS__RD(w[c[j]])));
            for (k = __extension__({ int64_t strads__l3 = (int64_t)(0), strads__h3 = (int64_t)(d); if (strads__h3 > strads__l3) { strads_recon_rdr_only(strads__rc, &(w)[strads__l3], (size_t)(strads__h3 - strads__l3) * sizeof *(w)); } (0); }); k < d; k++)
                { (void)(x[k] > 0); ((void)sizeof(+(0.01 * w[k]))); };
            for (k = 0; k < d; k++) {
                if (STRADS__RD(h[k]) > 100)
                    break;
                ((void)(0.001 * STRADS__RD(h[k])));
            }
            double g = 0.05 * (1.0 - s);
            for (int q = __extension__({ int64_t strads__l4 = (int64_t)(0), strads__h4 = (int64_t)((d - 1) + 1); if (strads__h4 > strads__l4) { strads_recon_rwr(strads__rc, &(h)[strads__l4], (size_t)(strads__h4 - strads__l4) * sizeof *(h), 1); strads_recon_rdr_only(strads__rc, &(x)[strads__l4], (size_t)(strads__h4 - strads__l4) * sizeof *(x)); } (0); }); q <= d - 1; ++q)
                ((void)sizeof(+(g * x[q])));
            if (i % 2)
                for (k = 0; k < d; k += 1)
                    (void)__extension__({ __auto_type strads__p5 = &(w[k]); __typeof__(*strads__p5) strads__v5 = (0.99 * STRADS__RD(w[k]) + 0.01 * STRADS__RD(h[k])); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p5, &strads__v5, sizeof strads__v5); strads__v5; });
            for (k = 0; k < 2; k++) {
                double *o = &H[(__extension__({ __auto_type strads__da6 = ((i + k)); __auto_type strads__db6 = (m); __typeof__(strads__da6 % strads__db6) strads__x6 = strads__da6, strads__y6 = strads__db6; strads__y6 == 0 ? (__typeof__(strads__x6))0 : (__typeof__(strads__x6))-1 < (__typeof__(strads__x6))1 && strads__y6 == (__typeof__(strads__x6))-1 ? (__typeof__(strads__x6))0 : strads__x6 % strads__y6; })) * d];
                ((void)(0.001 * STRADS__RD(o[0])));
            }
            for (k = __extension__({ int64_t strads__l7 = (int64_t)(d), strads__h7 = (int64_t)(0); if (strads__h7 > strads__l7) { strads_recon_rwr(strads__rc, &(w)[strads__l7], (size_t)(strads__h7 - strads__l7) * sizeof *(w), 0); } (d); }); k < 0; k++)
                ((void)sizeof(+(1)));
            for (k = __extension__({ int64_t strads__l8 = (int64_t)(0), strads__h8 = (int64_t)(d); if (strads__h8 > strads__l8) { strads_recon_rdr_only(strads__rc, &(H)[((__extension__({ __auto_type strads__da9 = (STRADS__RD(c[0])); __auto_type strads__db9 = (m); __typeof__(strads__da9 % strads__db9) strads__x9 = strads__da9, strads__y9 = strads__db9; strads__y9 == 0 ? (__typeof__(strads__x9))0 : (__typeof__(strads__x9))-1 < (__typeof__(strads__x9))1 && strads__y9 == (__typeof__(strads__x9))-1 ? (__typeof__(strads__x9))0 : strads__x9 % strads__y9; })) * d) + strads__l8], (size_t)(strads__h8 - strads__l8) * sizeof *(H)); } (0); }); k < d; k++) /* a flat row E + k, E read from memory */
                ((void)sizeof(+(0.001 * H[(c[0] % m) * d + k])));
            for (k = 0; k + 1 < d; k++) /* not k < B */
                ((void)(0.001 * (STRADS__RD(X[i * d + k]) - STRADS__RD(X[i * d + k + 1]))));
            for (k = 0; k < d; k++) { /* E assigned in the loop before the access */
                long r = __extension__({ __auto_type strads__da10 = ((i + k)); __auto_type strads__db10 = (n); __typeof__(strads__da10 % strads__db10) strads__x10 = strads__da10, strads__y10 = strads__db10; strads__y10 == 0 ? (__typeof__(strads__x10))0 : (__typeof__(strads__x10))-1 < (__typeof__(strads__x10))1 && strads__y10 == (__typeof__(strads__x10))-1 ? (__typeof__(strads__x10))0 : strads__x10 % strads__y10; });
                ((void)(0.0001 * STRADS__RD(X[r * d + k])));
            }
            long u = 0;
            for (k = 0; k < d; k++) {
                u = __extension__({ __auto_type strads__da11 = ((i + k)); __auto_type strads__db11 = (n); __typeof__(strads__da11 % strads__db11) strads__x11 = strads__da11, strads__y11 = strads__db11; strads__y11 == 0 ? (__typeof__(strads__x11))0 : (__typeof__(strads__x11))-1 < (__typeof__(strads__x11))1 && strads__y11 == (__typeof__(strads__x11))-1 ? (__typeof__(strads__x11))0 : strads__x11 % strads__y11; });
                ((void)(0.0001 * STRADS__RD(X[u * d + k])));
            }
            long off = __extension__({ __auto_type strads__da12 = ((i + 1)); __auto_type strads__db12 = (n); __typeof__(strads__da12 % strads__db12) strads__x12 = strads__da12, strads__y12 = strads__db12; strads__y12 == 0 ? (__typeof__(strads__x12))0 : (__typeof__(strads__x12))-1 < (__typeof__(strads__x12))1 && strads__y12 == (__typeof__(strads__x12))-1 ? (__typeof__(strads__x12))0 : strads__x12 % strads__y12; }) * d;
            for (k = 0; k < d; k++) /* E changes in the loop */
                ((void)(0.0001 * __extension__({ __auto_type strads__p13 = &(X[off++ + k]); *(__typeof__(*strads__p13) *)strads_recon_rdi(strads__rc, strads__p13, sizeof *strads__p13); })));
            __extension__({ __auto_type strads__p14 = &(w[0]); (void)sizeof(+(0.001 * s)); strads_recon_rwr(strads__rc, strads__p14, sizeof *strads__p14, 1); });
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx1(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 410 "<stdout>"
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
    {STRADS_FIELD(struct strads__env1, X), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, d), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, W), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, H), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, m), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, col), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, nnz), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, n), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "recon_ranges.c",
    .line = 37,
    .col = 9,
    .id = UINT64_C(0xec5e372a543df7fb), /* FNV-1a of "recon_ranges.c:37:9" */
    .env_size = sizeof(struct strads__env1),
    .tls_size = 0,
    .body = strads__body1,
    .recon = strads__recon1,
    .env_fields = strads__efd1,
    .nenv_fields = (int)(sizeof strads__efd1 / sizeof *strads__efd1),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 51,
    .values_others = 51,
};
static const strads_loop_site *const strads__reg1
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site1;
static void strads__body2(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env2 *strads__e = strads__ve;
    struct strads__tls2 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(double *) W = strads__e->W;
    (void)W;
    __typeof__(int) d = strads__e->d;
    (void)d;
    __typeof__(double *) X = strads__e->X;
    (void)X;
    __typeof__(strads__t->sum) sum = strads__t->sum;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
#line 87 "recon_ranges.c"
                                     {
            double *w = &W[i * d];
            const double *x = &X[i * d];
            for (int k = 0; k < d; k++)
                if (x[k] > 0.3)
                    w[k] += 0.01 * x[k];
            for (int k = 0; k < d; k++)
                sum += w[k] + 0.1 * X[i * d + k];
        }
#line 480 "<stdout>"
    }
    strads__t->sum = sum;
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
    __typeof__(double *) W = strads__e->W;
    (void)W;
    __typeof__(int) d = strads__e->d;
    (void)d;
    __typeof__(double *) X = strads__e->X;
    (void)X;
    __typeof__(double) sum = strads__e->sum;
    (void)sum;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        /* recon_ranges.c:87 */
                                     do {
            double *w = &W[i * d];
            const double *x = &X[i * d];
            for (int k = 0; k < d; k++)
                if (STRADS__RD(x[k]) > 0.3)
                    (void)__extension__({ __auto_type strads__p29 = &(w[k]); __typeof__(*strads__p29) strads__v29 = *(__typeof__(*strads__p29) *)strads_recon_rd(strads__rc, strads__p29, sizeof *strads__p29) + (0.01 * STRADS__RD(x[k])); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p29, &strads__v29, sizeof strads__v29); strads__v29; });
            for (int k = 0; k < d; k++)
                ((void)(STRADS__RD(w[k]) + 0.1 * STRADS__RD(X[i * d + k])));
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 525 "<stdout>"
    }
}
STRADS__RECON static void strads__recon2(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env2 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(double *) W = strads__e->W;
    (void)W;
    __typeof__(int) d = strads__e->d;
    (void)d;
    __typeof__(double *) X = strads__e->X;
    (void)X;
    __typeof__(double) sum = strads__e->sum;
    (void)sum;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        strads_recon_iter(strads__rc, (int64_t)i);
        /* recon_ranges.c:87 */
                                     do {
            double *w = &W[i * d];
            const double *x = &X[i * d];
            for (int k = __extension__({ int64_t strads__l27 = (int64_t)(0), strads__h27 = (int64_t)(d); if (strads__h27 > strads__l27) { strads_recon_rdr(strads__rc, &(x)[strads__l27], (size_t)(strads__h27 - strads__l27) * sizeof *(x)); } (0); }); k < d; k++)
                if (x[k] > 0.3)
                    (void)__extension__({ __auto_type strads__p26 = &(w[k]); __typeof__(*strads__p26) strads__v26 = *(__typeof__(*strads__p26) *)strads_recon_rd(strads__rc, strads__p26, sizeof *strads__p26) + (0.01 * x[k]); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p26, &strads__v26, sizeof strads__v26); strads__v26; });
            for (int k = __extension__({ int64_t strads__l28 = (int64_t)(0), strads__h28 = (int64_t)(d); if (strads__h28 > strads__l28) { strads_recon_rdr_only(strads__rc, &(w)[strads__l28], (size_t)(strads__h28 - strads__l28) * sizeof *(w)); strads_recon_rdr_only(strads__rc, &(X)[(i * d) + strads__l28], (size_t)(strads__h28 - strads__l28) * sizeof *(X)); } (0); }); k < d; k++)
                ((void)(w[k] + 0.1 * X[i * d + k]));
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx2(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 556 "<stdout>"
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
    t->sum = 0;
    (void)t;
    (void)e;
}
STRADS__GLUE static void strads__tls_fold2(void *strads__va, const void *strads__vt)
{
    struct strads__tls2 *a = strads__va;
    const struct strads__tls2 *t = strads__vt;
    a->sum += t->sum;
    (void)a;
    (void)t;
}
STRADS__GLUE static void strads__publish2(void *strads__ve, const void *strads__va)
{
    struct strads__env2 *e = strads__ve;
    const struct strads__tls2 *a = strads__va;
    *e->strads__p_sum += a->sum;
    (void)a;
    (void)e;
}
static const strads_field strads__tfd2[] = {
    {STRADS_FIELD(struct strads__tls2, sum), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
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
    {STRADS_FIELD(struct strads__env2, W), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, d), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, X), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, sum), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_array strads__arr2[] = {
    {__builtin_offsetof(struct strads__env2, W), STRADS_T_F64, STRADS_AGG_AVG, NULL, STRADS_ARRAY_OWN | STRADS_ARRAY_SPAN, 8, __builtin_offsetof(struct strads__env2, d), sizeof(((struct strads__env2 *)0)->d), 0, 0, 0, 8, NULL},
    {__builtin_offsetof(struct strads__env2, X), STRADS_T_F64, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY | STRADS_ARRAY_SPAN, 0, __builtin_offsetof(struct strads__env2, d), sizeof(((struct strads__env2 *)0)->d), 0, 0, 0, 8, NULL},
};
static const strads_loop_site strads__site2 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_SYNC_FOR,
    .file = "recon_ranges.c",
    .line = 86,
    .col = 9,
    .id = UINT64_C(0x14ed0e540832a57b), /* FNV-1a of "recon_ranges.c:86:9" */
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
    .narrays = 2,
};
static const strads_loop_site *const strads__reg2
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site2;
#line 102 "recon_ranges.c"
#line 643 "<stdout>"
static int strads__main(int argc, char **argv)
{
    return strads_user_main(argc, (void *)argv);
}
STRADS_MAIN(strads__main)
