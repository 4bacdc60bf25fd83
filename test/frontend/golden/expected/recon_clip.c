#line 1 "recon_clip.c"
/* Inner loops that clip or project a row after updating it, as users bound
 * their weights: `h[k] += g * x[k]; if (h[k] > c) h[k] = c;`. A row written
 * outside any condition and again under one, or read back after its store,
 * is recorded as one range when the loop's values go nowhere
 * (frontend/recon_loop.c's late_rows) and nothing after it in the iteration
 * reads the row (recon_later.c: a loop whose values go nowhere, as a
 * projection's norm and rescale, does not count); a row written only under a
 * condition, or a clip that also counts (its values go somewhere), runs
 * element by element. The async_for shares rows of H between items, so a
 * row reconnaissance missed would let two nodes update it at once; the
 * sync_for's records must be exact, or a row a node did not write would be
 * averaged in. Which loops became ranges is pinned by
 * the golden file expected/recon_clip.c; every run prints the plain build's
 * bytes (regress.sh). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#line 21 "<stdout>"
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
#line 19 "recon_clip.c"
#line 55 "<stdout>"
/* recon_clip.c:38: async_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(float *) X;
    __typeof__(int) d;
    __typeof__(float *) W;
    __typeof__(float *) H;
    __typeof__(int) m;
    __typeof__(float *) G;
    __typeof__(long) nclip, *strads__p_nclip;
};
struct strads__tls1 {
    char strads__none;
    __typeof__(long) nclip;
};
static const strads_loop_site strads__site1;
/* recon_clip.c:77: sync_for */
struct strads__env2 {
    strads_loop_dyn strads__dyn;
    __typeof__(float *) W;
    __typeof__(int) d;
    __typeof__(float *) X;
    __typeof__(double) sum, *strads__p_sum;
};
struct strads__tls2 {
    char strads__none;
    __typeof__(double) sum;
};
static const strads_loop_site strads__site2;
#line 19 "recon_clip.c"
int strads_user_main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 600;
    int d = argc > 2 ? atoi(argv[2]) : 8, m = 40;
    
    float *X = strads_dv_malloc((size_t)n * d * sizeof *X, (size_t)(d) * sizeof *(X), "recon_clip.c:23");
    
    float *W = strads_dv_malloc((size_t)n * d * sizeof *W, (size_t)(d) * sizeof *(W), "recon_clip.c:25");
    
    float *H = strads_dv_malloc((size_t)m * d * sizeof *H, (size_t)(d) * sizeof *(H), "recon_clip.c:27");
    
    float *G = strads_dv_malloc((size_t)m * d * sizeof *G, (size_t)(d) * sizeof *(G), "recon_clip.c:29");
    for (long i = 0; i < n * d; i++) {
        X[i] = (float)((i * 37) % 17) / 17 - 0.3f;
        W[i] = 0.01f * (float)(i % 5);
    }
    for (long i = 0; i < m * d; i++) H[i] = G[i] = 0.02f * (float)(i % 3);
    long nclip = 0;
    for (int e = 0; e < 4; e++) {
        
        { char strads__s1[sizeof(struct strads__env1) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env1)] __attribute__((__aligned__(__alignof__(struct strads__env1)))); struct strads__env1 *strads__e1 = (struct strads__env1 *)strads__env_new(strads__s1, sizeof(struct strads__env1)); strads__e1->X = X; strads__e1->d = d; strads__e1->W = W; strads__e1->H = H; strads__e1->m = m; strads__e1->G = G; strads__e1->nclip = nclip; strads__e1->strads__p_nclip = &nclip; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") long strads__l1 = (0); __auto_type strads__h1 = (n); int64_t strads__l64_1 = (int64_t)strads__l1, strads__r1 = (int64_t)strads__h1, strads__h64_1 = strads__r1 + ((__typeof__(strads__h1))strads__r1 < strads__h1); if ((strads__l1 > 0) != (strads__l64_1 > 0) || (strads__r1 != 0 && (strads__h1 > 0) != (strads__r1 > 0)) || (strads__l1 < strads__h1) != (strads__l64_1 < strads__h64_1)) strads_fatal(STRADS_EINVAL, "recon_clip.c:39:23: the loop's bounds as C compares them (i < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site1, strads__l64_1, strads__h64_1, strads__e1); strads__env_free(strads__e1, sizeof *strads__e1); } }




































        double sum = 0;
        
        { char strads__s2[sizeof(struct strads__env2) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env2)] __attribute__((__aligned__(__alignof__(struct strads__env2)))); struct strads__env2 *strads__e2 = (struct strads__env2 *)strads__env_new(strads__s2, sizeof(struct strads__env2)); strads__e2->strads__dyn.minibatch = (int64_t)(100); strads__e2->W = W; strads__e2->d = d; strads__e2->X = X; strads__e2->sum = sum; strads__e2->strads__p_sum = &sum; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") long strads__l2 = (0); __auto_type strads__h2 = (n); int64_t strads__l64_2 = (int64_t)strads__l2, strads__r2 = (int64_t)strads__h2, strads__h64_2 = strads__r2 + ((__typeof__(strads__h2))strads__r2 < strads__h2); if ((strads__l2 > 0) != (strads__l64_2 > 0) || (strads__r2 != 0 && (strads__h2 > 0) != (strads__r2 > 0)) || (strads__l2 < strads__h2) != (strads__l64_2 < strads__h64_2)) strads_fatal(STRADS_EINVAL, "recon_clip.c:78:23: the loop's bounds as C compares them (i < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_sync_for(&strads__site2, strads__l64_2, strads__h64_2, strads__e2); strads__env_free(strads__e2, sizeof *strads__e2); } }










        double hs = 0, gs = 0;
        for (long i = 0; i < m * d; i++) {
            hs += H[i];
            gs += G[i];
        }
        printf("epoch %d sum %.5f h %.5f g %.5f clipped %ld\n", e, sum, hs, gs, nclip);
    }
    return 0;
}
#line 165 "<stdout>"
static void strads__body1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env1 *strads__e = strads__ve;
    struct strads__tls1 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(float *) X = strads__e->X;
    (void)X;
    __typeof__(int) d = strads__e->d;
    (void)d;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(float *) G = strads__e->G;
    (void)G;
    __typeof__(strads__t->nclip) nclip = strads__t->nclip;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
#line 39 "recon_clip.c"
                                     {
            float *x = &X[i * d], *w = &W[i * d], *h = &H[(i * 7 % m) * d];
            float *g2 = &G[(i * 3 % m) * d];
            float s = 0;
            for (int k = 0; k < d; k++)
                s += x[k] * h[k];
            float g = 0.2f * (1.0f - s);
            for (int k = 0; k < d; k++) { /* ranged: read back after the store */
                w[k] = 0.9f * w[k] + 0.1f * h[k];
                float t = w[k] * w[k];
                if (t > 0.01f)
                    w[k] *= 0.5f;
            }
            float nw = 0; /* a projection: the loops above stay ranged */
            for (int k = 0; k < d; k++)
                nw += w[k] * w[k];
            if (nw > 0.0004f)
                for (int k = 0; k < d; k++)
                    w[k] *= 0.02f / sqrtf(nw);
            for (int k = 0; k < d; k++) { /* ranged: clipped after the update */
                h[k] += g * x[k];
                if (h[k] > 0.15f)
                    h[k] = 0.15f;
                else if (h[k] < -0.15f)
                    h[k] = -0.15f;
            }
            for (int k = 0; k < d; k++) /* g2 not ranged: written only under a condition */
                if (x[k] > 0.4f)
                    g2[k] = 0.5f * g2[k] + 0.01f * g;
            for (int k = 0; k < d; k++) { /* g2 not ranged: the clip is counted */
                g2[k] -= 0.001f * g;
                if (g2[k] < 0) {
                    g2[k] = 0;
                    nclip++;
                }
            }
        }
#line 226 "<stdout>"
    }
    strads__t->nclip = nclip;
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
    __typeof__(float *) X = strads__e->X;
    (void)X;
    __typeof__(int) d = strads__e->d;
    (void)d;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(float *) G = strads__e->G;
    (void)G;
    __typeof__(long) nclip = strads__e->nclip;
    (void)nclip;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        /* recon_clip.c:39 */
                                     do {
            float *x = &X[i * d], *w = &W[i * d], *h = &H[(__extension__({ __auto_type strads__da11 = (i * 7); __auto_type strads__db11 = (m); __typeof__(strads__da11 % strads__db11) strads__x11 = strads__da11, strads__y11 = strads__db11; strads__y11 == 0 ? (__typeof__(strads__x11))0 : (__typeof__(strads__x11))-1 < (__typeof__(strads__x11))1 && strads__y11 == (__typeof__(strads__x11))-1 ? (__typeof__(strads__x11))0 : strads__x11 % strads__y11; })) * d];
            float *g2 = &G[(__extension__({ __auto_type strads__da12 = (i * 3); __auto_type strads__db12 = (m); __typeof__(strads__da12 % strads__db12) strads__x12 = strads__da12, strads__y12 = strads__db12; strads__y12 == 0 ? (__typeof__(strads__x12))0 : (__typeof__(strads__x12))-1 < (__typeof__(strads__x12))1 && strads__y12 == (__typeof__(strads__x12))-1 ? (__typeof__(strads__x12))0 : strads__x12 % strads__y12; })) * d];
            float s = 0;
            for (int k = 0; k < d; k++)
                s += STRADS__RD(x[k]) * STRADS__RD(h[k]);
            float g = 0.2f * (1.0f - s);
            for (int k = 0; k < d; k++) { /* ranged: read back after the store */
                (void)__extension__({ __auto_type strads__p13 = &(w[k]); __typeof__(*strads__p13) strads__v13 = (0.9f * STRADS__RD(w[k]) + 0.1f * STRADS__RD(h[k])); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p13, &strads__v13, sizeof strads__v13); strads__v13; });
                float t = STRADS__RD(w[k]) * STRADS__RD(w[k]);
                if (t > 0.01f)
                    (void)__extension__({ __auto_type strads__p14 = &(w[k]); __typeof__(*strads__p14) strads__v14 = *(__typeof__(*strads__p14) *)strads_recon_rd(strads__rc, strads__p14, sizeof *strads__p14) * (0.5f); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p14, &strads__v14, sizeof strads__v14); strads__v14; });
            }
            float nw = 0; /* a projection: the loops above stay ranged */
            for (int k = 0; k < d; k++)
                nw += STRADS__RD(w[k]) * STRADS__RD(w[k]);
            if (nw > 0.0004f)
                for (int k = 0; k < d; k++)
                    (void)__extension__({ __auto_type strads__p15 = &(w[k]); __typeof__(*strads__p15) strads__v15 = *(__typeof__(*strads__p15) *)strads_recon_rd(strads__rc, strads__p15, sizeof *strads__p15) * (0.02f / strads__m_sqrtf(nw)); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p15, &strads__v15, sizeof strads__v15); strads__v15; });
            for (int k = 0; k < d; k++) { /* ranged: clipped after the update */
                (void)__extension__({ __auto_type strads__p16 = &(h[k]); __typeof__(*strads__p16) strads__v16 = *(__typeof__(*strads__p16) *)strads_recon_rd(strads__rc, strads__p16, sizeof *strads__p16) + (g * STRADS__RD(x[k])); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p16, &strads__v16, sizeof strads__v16); strads__v16; });
                if (STRADS__RD(h[k]) > 0.15f) { strads_recon_rw(strads__rc, (const void *)&(h[k]), sizeof(h[k]), 1); (void)__extension__({ __auto_type strads__p17 = &(h[k]); __typeof__(*strads__p17) strads__v17 = (0.15f); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p17, &strads__v17, sizeof strads__v17); strads__v17; }); } else { strads_recon_rw(strads__rc, (const void *)&(h[k]), sizeof(h[k]), 1); if (STRADS__RD(h[k]) < -0.15f) { (void)__extension__({ __auto_type strads__p18 = &(h[k]); __typeof__(*strads__p18) strads__v18 = (-0.15f); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p18, &strads__v18, sizeof strads__v18); strads__v18; }); } else { strads_recon_rw(strads__rc, (const void *)&(h[k]), sizeof(h[k]), 1); ; }; };
            }
            for (int k = 0; k < d; k++) /* g2 not ranged: written only under a condition */
                if (STRADS__RD(x[k]) > 0.4f) { (void)__extension__({ __auto_type strads__p19 = &(g2[k]); __typeof__(*strads__p19) strads__v19 = (0.5f * STRADS__RD(g2[k]) + 0.01f * g); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p19, &strads__v19, sizeof strads__v19); strads__v19; }); } else { strads_recon_rw(strads__rc, (const void *)&(g2[k]), sizeof(g2[k]), 1); ; };
            for (int k = 0; k < d; k++) { /* g2 not ranged: the clip is counted */
                (void)__extension__({ __auto_type strads__p20 = &(g2[k]); __typeof__(*strads__p20) strads__v20 = *(__typeof__(*strads__p20) *)strads_recon_rd(strads__rc, strads__p20, sizeof *strads__p20) - (0.001f * g); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p20, &strads__v20, sizeof strads__v20); strads__v20; });
                if (STRADS__RD(g2[k]) < 0) { {
                    (void)__extension__({ __auto_type strads__p21 = &(g2[k]); __typeof__(*strads__p21) strads__v21 = (0); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p21, &strads__v21, sizeof strads__v21); strads__v21; });
                    ((void)0);
                }; } else { strads_recon_rw(strads__rc, (const void *)&(g2[k]), sizeof(g2[k]), 1); ; }
            }
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 301 "<stdout>"
    }
}
STRADS__RECON static void strads__recon1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(float *) X = strads__e->X;
    (void)X;
    __typeof__(int) d = strads__e->d;
    (void)d;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(float *) G = strads__e->G;
    (void)G;
    __typeof__(long) nclip = strads__e->nclip;
    (void)nclip;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        strads_recon_iter(strads__rc, (int64_t)i);
        /* recon_clip.c:39 */
                                     do {
            float *x = &X[i * d], *w = &W[i * d], *h = &H[(__extension__({ __auto_type strads__da0 = (i * 7); __auto_type strads__db0 = (m); __typeof__(strads__da0 % strads__db0) strads__x0 = strads__da0, strads__y0 = strads__db0; strads__y0 == 0 ? (__typeof__(strads__x0))0 : (__typeof__(strads__x0))-1 < (__typeof__(strads__x0))1 && strads__y0 == (__typeof__(strads__x0))-1 ? (__typeof__(strads__x0))0 : strads__x0 % strads__y0; })) * d];
            float *g2 = &G[(__extension__({ __auto_type strads__da1 = (i * 3); __auto_type strads__db1 = (m); __typeof__(strads__da1 % strads__db1) strads__x1 = strads__da1, strads__y1 = strads__db1; strads__y1 == 0 ? (__typeof__(strads__x1))0 : (__typeof__(strads__x1))-1 < (__typeof__(strads__x1))1 && strads__y1 == (__typeof__(strads__x1))-1 ? (__typeof__(strads__x1))0 : strads__x1 % strads__y1; })) * d];
            float s = 0;
            for (int k = __extension__({ int64_t strads__l2 = (int64_t)(0), strads__h2 = (int64_t)(d); if (strads__h2 > strads__l2) { strads_recon_rdr_only(strads__rc, &(x)[strads__l2], (size_t)(strads__h2 - strads__l2) * sizeof *(x)); strads_recon_rdr_only(strads__rc, &(h)[strads__l2], (size_t)(strads__h2 - strads__l2) * sizeof *(h)); } (0); }); k < d; k++)
                ((void)sizeof(+(x[k] * h[k])));
            float g = 0.2f * (1.0f - s);
            for (int k = __extension__({ int64_t strads__l3 = (int64_t)(0), strads__h3 = (int64_t)(d); if (strads__h3 > strads__l3) { strads_recon_rwr(strads__rc, &(w)[strads__l3], (size_t)(strads__h3 - strads__l3) * sizeof *(w), 1); strads_recon_rdr_only(strads__rc, &(h)[strads__l3], (size_t)(strads__h3 - strads__l3) * sizeof *(h)); } (0); }); k < d; k++) { /* ranged: read back after the store */
                ((void)sizeof(+(0.9f * w[k] + 0.1f * h[k])));
                float t = w[k] * w[k];
                { ((void)sizeof(+(0.5f))); };
            }
            float nw = 0; /* a projection: the loops above stay ranged */
            for (int k = __extension__({ int64_t strads__l4 = (int64_t)(0), strads__h4 = (int64_t)(d); if (strads__h4 > strads__l4) { strads_recon_rdr_only(strads__rc, &(w)[strads__l4], (size_t)(strads__h4 - strads__l4) * sizeof *(w)); } (0); }); k < d; k++)
                ((void)sizeof(+(w[k] * w[k])));
            { for (int k = __extension__({ int64_t strads__l5 = (int64_t)(0), strads__h5 = (int64_t)(d); if (strads__h5 > strads__l5) { strads_recon_rwr(strads__rc, &(w)[strads__l5], (size_t)(strads__h5 - strads__l5) * sizeof *(w), 1); } (0); }); k < d; k++)
                    ((void)(0.02f / strads__m_sqrtf(nw))); };
            for (int k = __extension__({ int64_t strads__l6 = (int64_t)(0), strads__h6 = (int64_t)(d); if (strads__h6 > strads__l6) { strads_recon_rwr(strads__rc, &(h)[strads__l6], (size_t)(strads__h6 - strads__l6) * sizeof *(h), 1); strads_recon_rdr_only(strads__rc, &(x)[strads__l6], (size_t)(strads__h6 - strads__l6) * sizeof *(x)); } (0); }); k < d; k++) { /* ranged: clipped after the update */
                ((void)sizeof(+(g * x[k])));
                { (void)(h[k] > 0.15f); ((void)sizeof(+(0.15f))); { (void)(h[k] < -0.15f); ((void)sizeof(+(-0.15f))); }; };
            }
            for (int k = __extension__({ int64_t strads__l8 = (int64_t)(0), strads__h8 = (int64_t)(d); if (strads__h8 > strads__l8) { strads_recon_rdr(strads__rc, &(x)[strads__l8], (size_t)(strads__h8 - strads__l8) * sizeof *(x)); } (0); }); k < d; k++) /* g2 not ranged: written only under a condition */
                { (void)(x[k] > 0.4f); __extension__({ __auto_type strads__p7 = &(g2[k]); (void)(0.5f * STRADS__RD(g2[k]) + 0.01f * g); strads_recon_rwr(strads__rc, strads__p7, sizeof *strads__p7, 1); }); };
            for (int k = 0; k < d; k++) { /* g2 not ranged: the clip is counted */
                __extension__({ __auto_type strads__p9 = &(g2[k]); (void)sizeof(+(0.001f * g)); strads_recon_rwr(strads__rc, strads__p9, sizeof *strads__p9, 1); });
                { (void)(STRADS__RD(g2[k]) < 0); {
                    __extension__({ __auto_type strads__p10 = &(g2[k]); (void)sizeof(+(0)); strads_recon_rwr(strads__rc, strads__p10, sizeof *strads__p10, 1); });
                    ((void)0);
                }; }
            }
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx1(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 360 "<stdout>"
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
    t->nclip = 0;
    (void)t;
    (void)e;
}
STRADS__GLUE static void strads__tls_fold1(void *strads__va, const void *strads__vt)
{
    struct strads__tls1 *a = strads__va;
    const struct strads__tls1 *t = strads__vt;
    a->nclip += t->nclip;
    (void)a;
    (void)t;
}
STRADS__GLUE static void strads__publish1(void *strads__ve, const void *strads__va)
{
    struct strads__env1 *e = strads__ve;
    const struct strads__tls1 *a = strads__va;
    *e->strads__p_nclip += a->nclip;
    (void)a;
    (void)e;
}
static const strads_field strads__tfd1[] = {
    {STRADS_FIELD(struct strads__tls1, nclip), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
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
    {STRADS_FIELD(struct strads__env1, X), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, d), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, W), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, H), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, m), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, G), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, nclip), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "recon_clip.c",
    .line = 38,
    .col = 9,
    .id = UINT64_C(0x66b8e4d6bb18977a), /* FNV-1a of "recon_clip.c:38:9" */
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
static void strads__body2(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env2 *strads__e = strads__ve;
    struct strads__tls2 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(int) d = strads__e->d;
    (void)d;
    __typeof__(float *) X = strads__e->X;
    (void)X;
    __typeof__(strads__t->sum) sum = strads__t->sum;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
#line 78 "recon_clip.c"
                                     {
            float *w = &W[i * d];
            const float *x = &X[i * d];
            for (int k = 0; k < d; k++)
                sum += w[k] + 0.1f * X[i * d + k];
            for (int k = 0; k < d; k++) { /* ranged: exact, every element written */
                w[k] += 0.01f * x[k];
                if (w[k] > 0.05f)
                    w[k] = 0.05f;
            }
        }
#line 471 "<stdout>"
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
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(int) d = strads__e->d;
    (void)d;
    __typeof__(float *) X = strads__e->X;
    (void)X;
    __typeof__(double) sum = strads__e->sum;
    (void)sum;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        /* recon_clip.c:78 */
                                     do {
            float *w = &W[i * d];
            const float *x = &X[i * d];
            for (int k = 0; k < d; k++)
                ((void)(STRADS__RD(w[k]) + 0.1f * STRADS__RD(X[i * d + k])));
            for (int k = 0; k < d; k++) { /* ranged: exact, every element written */
                (void)__extension__({ __auto_type strads__p24 = &(w[k]); __typeof__(*strads__p24) strads__v24 = *(__typeof__(*strads__p24) *)strads_recon_rd(strads__rc, strads__p24, sizeof *strads__p24) + (0.01f * STRADS__RD(x[k])); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p24, &strads__v24, sizeof strads__v24); strads__v24; });
                if (STRADS__RD(w[k]) > 0.05f)
                    (void)__extension__({ __auto_type strads__p25 = &(w[k]); __typeof__(*strads__p25) strads__v25 = (0.05f); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p25, &strads__v25, sizeof strads__v25); strads__v25; });
            }
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 518 "<stdout>"
    }
}
STRADS__RECON static void strads__recon2(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env2 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(int) d = strads__e->d;
    (void)d;
    __typeof__(float *) X = strads__e->X;
    (void)X;
    __typeof__(double) sum = strads__e->sum;
    (void)sum;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        strads_recon_iter(strads__rc, (int64_t)i);
        /* recon_clip.c:78 */
                                     do {
            float *w = &W[i * d];
            const float *x = &X[i * d];
            for (int k = __extension__({ int64_t strads__l22 = (int64_t)(0), strads__h22 = (int64_t)(d); if (strads__h22 > strads__l22) { strads_recon_rdr_rw(strads__rc, &(w)[strads__l22], (size_t)(strads__h22 - strads__l22) * sizeof *(w)); strads_recon_rdr_only(strads__rc, &(X)[(i * d) + strads__l22], (size_t)(strads__h22 - strads__l22) * sizeof *(X)); } (0); }); k < d; k++)
                ((void)(w[k] + 0.1f * X[i * d + k]));
            for (int k = __extension__({ int64_t strads__l23 = (int64_t)(0), strads__h23 = (int64_t)(d); if (strads__h23 > strads__l23) { strads_recon_rdr_only(strads__rc, &(x)[strads__l23], (size_t)(strads__h23 - strads__l23) * sizeof *(x)); } (0); }); k < d; k++) { /* ranged: exact, every element written */
                ((void)sizeof(+(0.01f * x[k])));
                if (w[k] > 0.05f)
                    ((void)sizeof(+(0.05f)));
            }
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx2(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 551 "<stdout>"
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
    {__builtin_offsetof(struct strads__env2, W), STRADS_T_F32, STRADS_AGG_AVG, NULL, STRADS_ARRAY_OWN | STRADS_ARRAY_SPAN, 4, __builtin_offsetof(struct strads__env2, d), sizeof(((struct strads__env2 *)0)->d), 0, 0, 0, 4, NULL},
    {__builtin_offsetof(struct strads__env2, X), STRADS_T_F32, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY | STRADS_ARRAY_SPAN, 0, __builtin_offsetof(struct strads__env2, d), sizeof(((struct strads__env2 *)0)->d), 0, 0, 0, 4, NULL},
};
static const strads_loop_site strads__site2 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_SYNC_FOR,
    .file = "recon_clip.c",
    .line = 77,
    .col = 9,
    .id = UINT64_C(0xe0f125b5efa24ecb), /* FNV-1a of "recon_clip.c:77:9" */
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
#line 98 "recon_clip.c"
#line 638 "<stdout>"
static int strads__main(int argc, char **argv)
{
    return strads_user_main(argc, (void *)argv);
}
STRADS_MAIN(strads__main)
