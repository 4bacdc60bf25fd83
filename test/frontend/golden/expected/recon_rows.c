#line 1 "recon_rows.c"
/* Rows that are expressions, recorded as one range per inner loop
 * (frontend/recon_loop.c): a 2-D array's row W[u][k], a struct's array
 * member R[u].v[k] and x->v[k], a pointer expression (F + u * D)[k], a row
 * picked through memory H[pick[u]][k] in a loop that stores nothing or
 * stores only doubles (which cannot change the int that picks it), and the
 * shapes that must stay element by element: a row picked through memory in
 * a loop that also stores into a local array or into ints (the store may
 * change what picks the row), a row H[k][k] that moves with k, and W[u][k]
 * under a condition. The async_for shares rows of H between items, so a row
 * reconnaissance missed would let two nodes update it at once (the
 * 2-process run is in verify mode); expected/recon_rows.c pins which loops
 * became ranges. */
// ARGS: 500
// TOL: 0.02
#include <stdio.h>
#include <stdlib.h>

#define D 8

struct row { double v[D]; int tag; };

#line 24 "<stdout>"
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
#line 22 "recon_rows.c"
#line 58 "<stdout>"
/* recon_rows.c:49: async_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(long) m;
    __typeof__(struct row *) R;
    __typeof__(double (*)[8]) W;
    __typeof__(double (*)[8]) H;
    __typeof__(double *) F;
    __typeof__(int *) pick;
    __typeof__(int (*)[8]) C;
    __typeof__(long) n;
};
struct strads__tls1 {
    char strads__none;
};
static const strads_loop_site strads__site1;
#line 22 "recon_rows.c"
int strads_user_main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 500, m = 30;
    
    double (*W)[D] = strads_dv_malloc((size_t)n * sizeof *W, sizeof *(W), "recon_rows.c:25");
    
    double (*H)[D] = strads_dv_malloc((size_t)m * sizeof *H, sizeof *(H), "recon_rows.c:27");
    
    struct row *R = strads_dv_malloc((size_t)n * sizeof *R, sizeof *(R), "recon_rows.c:29");
    
    double *F = strads_dv_malloc((size_t)n * D * sizeof *F, (size_t)(D) * sizeof *(F), "recon_rows.c:31");
    
    int *pick = strads_dv_malloc((size_t)n * sizeof *pick, sizeof *(pick), "recon_rows.c:33");
    
    int (*C)[D] = strads_dv_calloc((size_t)m, sizeof *C, sizeof *(C), "recon_rows.c:35");
    for (long u = 0; u < n; u++) {
        for (int k = 0; k < D; k++) {
            W[u][k] = 0.01 * (double)((u + k) % 7);
            R[u].v[k] = 0.02 * (double)((u * 3 + k) % 5);
            F[u * D + k] = 0.03 * (double)((u + 2 * k) % 4);
        }
        R[u].tag = (int)(u % 3);
        pick[u] = (int)((u * 11) % m);
    }
    for (long i = 0; i < m; i++)
        for (int k = 0; k < D; k++) H[i][k] = 0.05 * (double)((i + k) % 3);
    for (int e = 0; e < 3; e++) {
        
        { char strads__s1[sizeof(struct strads__env1) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env1)] __attribute__((__aligned__(__alignof__(struct strads__env1)))); struct strads__env1 *strads__e1 = (struct strads__env1 *)strads__env_new(strads__s1, sizeof(struct strads__env1)); strads__e1->m = m; strads__e1->R = R; strads__e1->W = W; strads__e1->H = H; strads__e1->F = F; strads__e1->pick = pick; strads__e1->C = C; strads__e1->n = n; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") long strads__l1 = (0); __auto_type strads__h1 = (n); int64_t strads__l64_1 = (int64_t)strads__l1, strads__r1 = (int64_t)strads__h1, strads__h64_1 = strads__r1 + ((__typeof__(strads__h1))strads__r1 < strads__h1); if ((strads__l1 > 0) != (strads__l64_1 > 0) || (strads__r1 != 0 && (strads__h1 > 0) != (strads__r1 > 0)) || (strads__l1 < strads__h1) != (strads__l64_1 < strads__h64_1)) strads_fatal(STRADS_EINVAL, "recon_rows.c:50:23: the loop's bounds as C compares them (u < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site1, strads__l64_1, strads__h64_1, strads__e1); strads__env_free(strads__e1, sizeof *strads__e1); } }

































        double sum = 0;
        for (long u = 0; u < n; u++)
            for (int k = 0; k < D; k++) sum += W[u][k] + R[u].v[k] + F[u * D + k];
        for (long i = 0; i < m; i++)
            for (int k = 0; k < D; k++) sum += H[i][k] + 1e-3 * C[i][k];
        printf("epoch %d sum %.6f\n", e, sum);
    }
    strads_free(W);
    strads_free(H);
    strads_free(R);
    strads_free(F);
    strads_free(pick);
    strads_free(C);
    return 0;
}
#line 153 "<stdout>"
static void strads__body1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env1 *strads__e = strads__ve;
    struct strads__tls1 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(long) m = strads__e->m;
    (void)m;
    __typeof__(struct row *) R = strads__e->R;
    (void)R;
    __typeof__(double (*)[8]) W = strads__e->W;
    (void)W;
    __typeof__(double (*)[8]) H = strads__e->H;
    (void)H;
    __typeof__(double *) F = strads__e->F;
    (void)F;
    __typeof__(int *) pick = strads__e->pick;
    (void)pick;
    __typeof__(int (*)[8]) C = strads__e->C;
    (void)C;
    __typeof__(long) n = strads__e->n;
    (void)n;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long u = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") if (u < (0LL) || u >= (n)) __builtin_unreachable(); _Pragma("GCC diagnostic pop")
#line 50 "recon_rows.c"
                                     {
            long i = u * 7 % m;
            struct row *x = &R[u];
            double s = 0, t[2] = {0, 0};
            for (int k = 0; k < D; k++) /* 2-D rows */
                s += W[u][k] * H[i][k];
            for (int k = 0; k < D; k++) /* struct members, by value and through x */
                s += R[u].v[k] + 0.5 * x->v[k];
            for (int k = 0; k < D; k++) /* a pointer expression */
                s += (F + u * D)[k];
            for (int k = 0; k < D; k++) /* a row through memory, nothing stored */
                s += 0.1 * H[pick[u]][k];
            for (int k = 0; k < D; k++) { /* through memory, a store: exact */
                t[k & 1] += H[pick[u]][k];
                s += 0.01 * t[0];
            }
            for (int k = 0; k < D; k++) /* the row moves with k: exact */
                s += 0.001 * H[k][k];
            for (int k = 0; k < D; k++) /* a conditional read: ranged */
                if (x->tag == 1)
                    s += 0.001 * W[u][k];
            double g = 0.05 * (1 - s);
            for (int k = 0; k < D; k++) /* through int memory, int stores: exact */
                C[pick[u]][k] += k + 1;
            for (int k = 0; k < D; k++) {
                double wk = W[u][k];
                W[u][k] += g * H[i][k];
                H[i][k] += g * wk;
                R[u].v[k] *= 0.99;
                x->v[k] += 0.001;
                (F + u * D)[k] += 0.01 * g;
                W[pick[u] % n][k] += 0.0001 * g; /* through int memory: ranged */
            }
        }
#line 215 "<stdout>"
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
    __typeof__(long) m = strads__e->m;
    (void)m;
    __typeof__(struct row *) R = strads__e->R;
    (void)R;
    __typeof__(double (*)[8]) W = strads__e->W;
    (void)W;
    __typeof__(double (*)[8]) H = strads__e->H;
    (void)H;
    __typeof__(double *) F = strads__e->F;
    (void)F;
    __typeof__(int *) pick = strads__e->pick;
    (void)pick;
    __typeof__(int (*)[8]) C = strads__e->C;
    (void)C;
    __typeof__(long) n = strads__e->n;
    (void)n;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long u = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        /* recon_rows.c:50 */
                                     do {
            long i = __extension__({ __auto_type strads__da9 = (u * 7); __auto_type strads__db9 = (m); __typeof__(strads__da9 % strads__db9) strads__x9 = strads__da9, strads__y9 = strads__db9; strads__y9 == 0 ? (__typeof__(strads__x9))0 : (__typeof__(strads__x9))-1 < (__typeof__(strads__x9))1 && strads__y9 == (__typeof__(strads__x9))-1 ? (__typeof__(strads__x9))0 : strads__x9 % strads__y9; });
            struct row *x = &R[u];
            double s = 0, t[2] = {0, 0};
            for (int k = 0; k < D; k++) /* 2-D rows */
                s += STRADS__RD(W[u][k]) * STRADS__RD(H[i][k]);
            for (int k = 0; k < D; k++) /* struct members, by value and through x */
                s += STRADS__RD(R[u].v[k]) + 0.5 * STRADS__RD(x->v[k]);
            for (int k = 0; k < D; k++) /* a pointer expression */
                s += STRADS__RD((F + u * D)[k]);
            for (int k = 0; k < D; k++) /* a row through memory, nothing stored */
                s += 0.1 * STRADS__RD(H[STRADS__RD(pick[u])][k]);
            for (int k = 0; k < D; k++) { /* through memory, a store: exact */
                t[k & 1] += STRADS__RD(H[STRADS__RD(pick[u])][k]);
                s += 0.01 * t[0];
            }
            for (int k = 0; k < D; k++) /* the row moves with k: exact */
                s += 0.001 * STRADS__RD(H[k][k]);
            for (int k = 0; k < D; k++) /* a conditional read: ranged */
                if (STRADS__RD(x->tag) == 1)
                    s += 0.001 * STRADS__RD(W[u][k]);
            double g = 0.05 * (1 - s);
            for (int k = 0; k < D; k++) /* through int memory, int stores: exact */
                (void)__extension__({ __auto_type strads__p10 = &(C[STRADS__RD(pick[u])][k]); __typeof__(*strads__p10) strads__v10 = *(__typeof__(*strads__p10) *)strads_recon_rd(strads__rc, strads__p10, sizeof *strads__p10) + (k + 1); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p10, &strads__v10, sizeof strads__v10); strads__v10; });
            for (int k = 0; k < D; k++) {
                double wk = STRADS__RD(W[u][k]);
                (void)__extension__({ __auto_type strads__p11 = &(W[u][k]); __typeof__(*strads__p11) strads__v11 = *(__typeof__(*strads__p11) *)strads_recon_rd(strads__rc, strads__p11, sizeof *strads__p11) + (g * STRADS__RD(H[i][k])); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p11, &strads__v11, sizeof strads__v11); strads__v11; });
                (void)__extension__({ __auto_type strads__p12 = &(H[i][k]); __typeof__(*strads__p12) strads__v12 = *(__typeof__(*strads__p12) *)strads_recon_rd(strads__rc, strads__p12, sizeof *strads__p12) + (g * wk); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p12, &strads__v12, sizeof strads__v12); strads__v12; });
                (void)__extension__({ __auto_type strads__p13 = &(R[u].v[k]); __typeof__(*strads__p13) strads__v13 = *(__typeof__(*strads__p13) *)strads_recon_rd(strads__rc, strads__p13, sizeof *strads__p13) * (0.99); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p13, &strads__v13, sizeof strads__v13); strads__v13; });
                (void)__extension__({ __auto_type strads__p14 = &(x->v[k]); __typeof__(*strads__p14) strads__v14 = *(__typeof__(*strads__p14) *)strads_recon_rd(strads__rc, strads__p14, sizeof *strads__p14) + (0.001); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p14, &strads__v14, sizeof strads__v14); strads__v14; });
                (void)__extension__({ __auto_type strads__p15 = &((F + u * D)[k]); __typeof__(*strads__p15) strads__v15 = *(__typeof__(*strads__p15) *)strads_recon_rd(strads__rc, strads__p15, sizeof *strads__p15) + (0.01 * g); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p15, &strads__v15, sizeof strads__v15); strads__v15; });
                (void)__extension__({ __auto_type strads__p17 = &(W[__extension__({ __auto_type strads__da16 = (STRADS__RD(pick[u])); __auto_type strads__db16 = (n); __typeof__(strads__da16 % strads__db16) strads__x16 = strads__da16, strads__y16 = strads__db16; strads__y16 == 0 ? (__typeof__(strads__x16))0 : (__typeof__(strads__x16))-1 < (__typeof__(strads__x16))1 && strads__y16 == (__typeof__(strads__x16))-1 ? (__typeof__(strads__x16))0 : strads__x16 % strads__y16; })][k]); __typeof__(*strads__p17) strads__v17 = *(__typeof__(*strads__p17) *)strads_recon_rd(strads__rc, strads__p17, sizeof *strads__p17) + (0.0001 * g); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p17, &strads__v17, sizeof strads__v17); strads__v17; }); /* through int memory: ranged */
            }
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 292 "<stdout>"
    }
}
STRADS__RECON static void strads__recon1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(long) m = strads__e->m;
    (void)m;
    __typeof__(struct row *) R = strads__e->R;
    (void)R;
    __typeof__(double (*)[8]) W = strads__e->W;
    (void)W;
    __typeof__(double (*)[8]) H = strads__e->H;
    (void)H;
    __typeof__(double *) F = strads__e->F;
    (void)F;
    __typeof__(int *) pick = strads__e->pick;
    (void)pick;
    __typeof__(int (*)[8]) C = strads__e->C;
    (void)C;
    __typeof__(long) n = strads__e->n;
    (void)n;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long u = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        strads_recon_iter(strads__rc, (int64_t)u);
        /* recon_rows.c:50 */
                                     do {
            long i = __extension__({ __auto_type strads__da0 = (u * 7); __auto_type strads__db0 = (m); __typeof__(strads__da0 % strads__db0) strads__x0 = strads__da0, strads__y0 = strads__db0; strads__y0 == 0 ? (__typeof__(strads__x0))0 : (__typeof__(strads__x0))-1 < (__typeof__(strads__x0))1 && strads__y0 == (__typeof__(strads__x0))-1 ? (__typeof__(strads__x0))0 : strads__x0 % strads__y0; });
            struct row *x = &R[u];
            double s = 0, t[2] = {0, 0};
            for (int k = __extension__({ int64_t strads__l1 = (int64_t)(0), strads__h1 = (int64_t)(D); if (strads__h1 > strads__l1) { strads_recon_rdr_only(strads__rc, &(W[u])[strads__l1], (size_t)(strads__h1 - strads__l1) * sizeof *(W[u])); strads_recon_rdr_only(strads__rc, &(H[i])[strads__l1], (size_t)(strads__h1 - strads__l1) * sizeof *(H[i])); } (0); }); k < D; k++) /* 2-D rows */
                ((void)sizeof(+(W[u][k] * H[i][k])));
            for (int k = __extension__({ int64_t strads__l2 = (int64_t)(0), strads__h2 = (int64_t)(D); if (strads__h2 > strads__l2) { strads_recon_rdr_only(strads__rc, &(R[u].v)[strads__l2], (size_t)(strads__h2 - strads__l2) * sizeof *(R[u].v)); strads_recon_rdr_only(strads__rc, &(x->v)[strads__l2], (size_t)(strads__h2 - strads__l2) * sizeof *(x->v)); } (0); }); k < D; k++) /* struct members, by value and through x */
                ((void)sizeof(+(R[u].v[k] + 0.5 * x->v[k])));
            for (int k = __extension__({ int64_t strads__l3 = (int64_t)(0), strads__h3 = (int64_t)(D); if (strads__h3 > strads__l3) { strads_recon_rdr_only(strads__rc, &(F + u * D)[strads__l3], (size_t)(strads__h3 - strads__l3) * sizeof *(F + u * D)); } (0); }); k < D; k++) /* a pointer expression */
                ((void)sizeof(+((F + u * D)[k])));
            for (int k = __extension__({ int64_t strads__l4 = (int64_t)(0), strads__h4 = (int64_t)(D); if (strads__h4 > strads__l4) { strads_recon_rdr_only(strads__rc, &(H[STRADS__RD(pick[u])])[strads__l4], (size_t)(strads__h4 - strads__l4) * sizeof *(H[pick[u]])); } (0); }); k < D; k++) /* a row through memory, nothing stored */
                ((void)sizeof(+(0.1 * H[pick[u]][k])));
            for (int k = 0; k < D; k++) { /* through memory, a store: exact */
                ((void)&(t[k & 1]), (void)(STRADS__RD(H[STRADS__RD(pick[u])][k])));
                ((void)sizeof(+(0.01 * t[0])));
            }
            for (int k = 0; k < D; k++) /* the row moves with k: exact */
                ((void)(0.001 * STRADS__RD(H[k][k])));
            for (int k = __extension__({ int64_t strads__l5 = (int64_t)(0), strads__h5 = (int64_t)(D); if (strads__h5 > strads__l5) { strads_recon_rdr(strads__rc, &(W[u])[strads__l5], (size_t)(strads__h5 - strads__l5) * sizeof *(W[u])); strads_recon_rdr(strads__rc, &(x->tag), sizeof (x->tag)); } (0); }); k < D; k++) /* a conditional read: ranged */
                { (void)(x->tag == 1); ((void)sizeof(+(0.001 * W[u][k]))); };
            double g = 0.05 * (1 - s);
            for (int k = 0; k < D; k++) /* through int memory, int stores: exact */
                (void)__extension__({ __auto_type strads__p6 = &(C[STRADS__RD(pick[u])][k]); __typeof__(*strads__p6) strads__v6 = *(__typeof__(*strads__p6) *)strads_recon_rd(strads__rc, strads__p6, sizeof *strads__p6) + (k + 1); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p6, &strads__v6, sizeof strads__v6); strads__v6; });
            for (int k = __extension__({ int64_t strads__l7 = (int64_t)(0), strads__h7 = (int64_t)(D); if (strads__h7 > strads__l7) { strads_recon_rw_range(strads__rc, &(W[u])[strads__l7], (size_t)(strads__h7 - strads__l7) * sizeof *(W[u]), 1); strads_recon_rw_range(strads__rc, &(H[i])[strads__l7], (size_t)(strads__h7 - strads__l7) * sizeof *(H[i]), 1); strads_recon_rw_range(strads__rc, &(R[u].v)[strads__l7], (size_t)(strads__h7 - strads__l7) * sizeof *(R[u].v), 1); strads_recon_rw_range(strads__rc, &(x->v)[strads__l7], (size_t)(strads__h7 - strads__l7) * sizeof *(x->v), 1); strads_recon_rw_range(strads__rc, &(F + u * D)[strads__l7], (size_t)(strads__h7 - strads__l7) * sizeof *(F + u * D), 1); strads_recon_rw_range(strads__rc, &(W[__extension__({ __auto_type strads__da8 = (STRADS__RD(pick[u])); __auto_type strads__db8 = (n); __typeof__(strads__da8 % strads__db8) strads__x8 = strads__da8, strads__y8 = strads__db8; strads__y8 == 0 ? (__typeof__(strads__x8))0 : (__typeof__(strads__x8))-1 < (__typeof__(strads__x8))1 && strads__y8 == (__typeof__(strads__x8))-1 ? (__typeof__(strads__x8))0 : strads__x8 % strads__y8; })])[strads__l7], (size_t)(strads__h7 - strads__l7) * sizeof *(W[pick[u] % n]), 1); } (0); }); k < D; k++) {
                double wk = W[u][k];
                ((void)sizeof(+(g * H[i][k])));
                ((void)sizeof(+(g * wk)));
                ((void)sizeof(+(0.99)));
                ((void)sizeof(+(0.001)));
                ((void)sizeof(+(0.01 * g)));
                ((void)sizeof(+(0.0001 * g))); /* through int memory: ranged */
            }
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx1(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 355 "<stdout>"
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
    {STRADS_FIELD(struct strads__env1, m), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, R), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, W), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, H), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, F), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, pick), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, C), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, n), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "recon_rows.c",
    .line = 49,
    .col = 9,
    .id = UINT64_C(0x4e0a7d033d31bf3b), /* FNV-1a of "recon_rows.c:49:9" */
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
#line 99 "recon_rows.c"
#line 399 "<stdout>"
static int strads__main(int argc, char **argv)
{
    return strads_user_main(argc, (void *)argv);
}
STRADS_MAIN(strads__main)
