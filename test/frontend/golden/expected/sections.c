#line 1 "sections.c"
/* Clauses with sections and per-thread state: copyin, private, array-section
 * reductions, min/max, accumulate, sync_for options, <= loops, a loop
 * variable declared before the loop, a body without braces, main(void). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1000, D = 4, K = 3 };

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
#line 10 "sections.c"
static unsigned next(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 16) & 0x7fff;
}

#line 52 "<stdout>"
/* sections.c:33: sync_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(double *) pts;
    int64_t strads__lo_pts, strads__n_pts;
    __typeof__(double[3][4]) cent;
    __typeof__(double) *strads__p_scratch;
    int64_t strads__lo_scratch, strads__n_scratch;
    __typeof__(unsigned int) seed, *strads__p_seed;
    __typeof__(double) *strads__p_sums;
    int64_t strads__lo_sums, strads__n_sums;
    __typeof__(long) *strads__p_counts;
    int64_t strads__lo_counts, strads__n_counts;
    __typeof__(double) cost, *strads__p_cost;
    __typeof__(double) worst, *strads__p_worst;
    __typeof__(double) best, *strads__p_best;
    __typeof__(long) words, *strads__p_words;
};
struct strads__tls1 {
    char strads__none;
    __typeof__(double) *scratch;
    int64_t strads__lo_scratch, strads__n_scratch;
    __typeof__(unsigned int) seed;
    __typeof__(double) *sums;
    int64_t strads__lo_sums, strads__n_sums;
    __typeof__(long) *counts;
    int64_t strads__lo_counts, strads__n_counts;
    __typeof__(double) cost;
    __typeof__(double) worst;
    __typeof__(double) best;
    __typeof__(long) words, strads__base_words;
};
static const strads_loop_site strads__site1;
/* sections.c:69: async_for */
struct strads__env2 {
    strads_loop_dyn strads__dyn;
    __typeof__(double *) pts;
    int64_t strads__lo_pts, strads__n_pts;
    __typeof__(long) hits, *strads__p_hits;
};
struct strads__tls2 {
    char strads__none;
    __typeof__(long) hits;
};
static const strads_loop_site strads__site2;
#line 16 "sections.c"
int strads_user_main(void)
{
    double *pts = malloc(N * D * sizeof *pts);
    double cent[K][D];
    for (int i = 0; i < N * D; i++)
        pts[i] = (i * 37 % 101) / 10.0;
    for (int c = 0; c < K; c++)
        for (int d = 0; d < D; d++)
            cent[c][d] = pts[c * 17 * D + d];

    /* k-means assignment step: sums and counts as array-section reductions */
    double *sums = calloc(K * D, sizeof *sums);
    long counts[K] = {0};
    double *scratch = malloc(D * sizeof *scratch);
    double cost = 0, worst = 0, best = 1e300;
    long words = 0;
    unsigned seed = 7;
    



    { char strads__s1[sizeof(struct strads__env1) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env1)] __attribute__((__aligned__(__alignof__(struct strads__env1)))); struct strads__env1 *strads__e1 = (struct strads__env1 *)strads__env_new(strads__s1, sizeof(struct strads__env1)); strads__e1->strads__dyn.minibatch = (int64_t)(100); strads__e1->strads__dyn.threads = (int64_t)(2); strads__e1->strads__dyn.sync.kind = STRADS_SYNC_ABSP; strads__e1->strads__dyn.sync.a = (double)(0.5); strads__e1->strads__dyn.sync.b = (double)(2); strads__e1->strads__dyn.sync.has_b = 1; strads__e1->pts = pts; strads__e1->strads__lo_pts = (int64_t)(0); strads__e1->strads__n_pts = (int64_t)(N*D); __builtin_memcpy(&strads__e1->cent, &cent, sizeof strads__e1->cent); strads__e1->strads__p_scratch = &(scratch)[0]; strads__e1->strads__lo_scratch = (int64_t)(0); strads__e1->strads__n_scratch = (int64_t)(D); strads__e1->seed = seed; strads__e1->strads__p_seed = &seed; strads__e1->strads__p_sums = &(sums)[0]; strads__e1->strads__lo_sums = (int64_t)(0); strads__e1->strads__n_sums = (int64_t)(K*D); strads__e1->strads__p_counts = &(counts)[0]; strads__e1->strads__lo_counts = (int64_t)(0); strads__e1->strads__n_counts = (int64_t)(K); if (strads__e1->strads__lo_counts < 0 || strads__e1->strads__n_counts < 0 || strads__e1->strads__lo_counts + strads__e1->strads__n_counts > 3LL) strads_fatal(STRADS_EINVAL, "sections.c:35:39: section counts[0:K] is past the end of 'counts' (3 elements)"); strads__e1->cost = cost; strads__e1->strads__p_cost = &cost; strads__e1->worst = worst; strads__e1->strads__p_worst = &worst; strads__e1->best = best; strads__e1->strads__p_best = &best; strads__e1->words = words; strads__e1->strads__p_words = &words; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l1 = (0); __auto_type strads__h1 = (N - 1); int64_t strads__l64_1 = (int64_t)strads__l1, strads__r1 = (int64_t)strads__h1, strads__h64_1 = strads__r1 - ((__typeof__(strads__h1))strads__r1 > strads__h1); if ((strads__l1 > 0) != (strads__l64_1 > 0) || (strads__r1 != 0 && (strads__h1 > 0) != (strads__r1 > 0)) || (strads__l1 <= strads__h1) != (strads__l64_1 <= strads__h64_1)) strads_fatal(STRADS_EINVAL, "sections.c:37:18: the loop's bounds as C compares them (i <= N - 1, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_sync_for(&strads__site1, strads__l64_1, strads__h64_1 + 1, strads__e1); strads__env_free(strads__e1, sizeof *strads__e1); } }

























    printf("cost %.6f worst %.6f best %.6f words %ld\n", cost, worst, best, words);
    for (int c = 0; c < K; c++)
        printf("cluster %d: %ld points, mean x %.6f\n", c, counts[c],
               counts[c] ? sums[c * D] / counts[c] : 0.0);

    long j, hits = 0;
    
    { char strads__s2[sizeof(struct strads__env2) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env2)] __attribute__((__aligned__(__alignof__(struct strads__env2)))); struct strads__env2 *strads__e2 = (struct strads__env2 *)strads__env_new(strads__s2, sizeof(struct strads__env2)); strads__e2->pts = pts; strads__e2->strads__lo_pts = (int64_t)(0); strads__e2->strads__n_pts = (int64_t)(N*D); strads__e2->hits = hits; strads__e2->strads__p_hits = &hits; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") long strads__l2 = (10); __auto_type strads__h2 = (N); int64_t strads__l64_2 = (int64_t)strads__l2, strads__r2 = (int64_t)strads__h2, strads__h64_2 = strads__r2; if ((strads__l2 > 0) != (strads__l64_2 > 0) || (strads__r2 != 0 && (strads__h2 > 0) != (strads__r2 > 0)) || (strads__l2 != strads__h2) != (strads__l64_2 != strads__h64_2) || strads__l64_2 > strads__h64_2 || (__typeof__(strads__h2))strads__r2 != strads__h2) strads_fatal(STRADS_EINVAL, "sections.c:70:14: the loop's bounds as C compares them (j != N, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site2, strads__l64_2, strads__h64_2, strads__e2); strads__env_free(strads__e2, sizeof *strads__e2); j = strads__l64_2 < strads__h64_2 ? strads__h64_2 : strads__l64_2; (void)j; } }

    printf("hits %ld j %ld\n", hits, j);
    strads_free(pts);
    strads_free(sums);
    strads_free(scratch);
    return 0;
}
#line 161 "<stdout>"
static void strads__body1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env1 *strads__e = strads__ve;
    struct strads__tls1 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(double *) pts = strads__e->pts;
    (void)pts;
    __typeof__(double[3][4]) cent;
    __builtin_memcpy(&cent, &strads__e->cent, sizeof cent);
    (void)cent;
    __typeof__(strads__t->scratch) scratch = strads__t->scratch - strads__t->strads__lo_scratch;
    __typeof__(strads__t->seed) seed = strads__t->seed;
    __typeof__(strads__t->sums) sums = strads__t->sums - strads__t->strads__lo_sums;
    __typeof__(strads__t->counts) counts = strads__t->counts - strads__t->strads__lo_counts;
    __typeof__(strads__t->cost) cost = strads__t->cost;
    __typeof__(strads__t->worst) worst = strads__t->worst;
    __typeof__(strads__t->best) best = strads__t->best;
    __typeof__(strads__t->words) words = strads__t->words;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") if (i < (0LL) || i > (999LL)) __builtin_unreachable(); _Pragma("GCC diagnostic pop")
#line 37 "sections.c"
                                     {
        int bc = 0;
        double bd = 1e300;
        for (int c = 0; c < K; c++) {
            double dist = 0;
            for (int d = 0; d < D; d++) {
                scratch[d] = pts[i * D + d] - cent[c][d];
                dist += scratch[d] * scratch[d];
            }
            if (dist < bd) {
                bd = dist;
                bc = c;
            }
        }
        for (int d = 0; d < D; d++)
            sums[bc * D + d] += pts[i * D + d];
        counts[bc]++;
        cost += bd;
        if (bd > worst)
            worst = bd;
        if (bd < best)
            best = bd;
        words += 1 + (int)(next(&seed) % 2) * 0;
        if (words % 250 == 0)
            continue;
    }
#line 212 "<stdout>"
    }
    strads__t->seed = seed;
    strads__t->cost = cost;
    strads__t->worst = worst;
    strads__t->best = best;
    strads__t->words = words;
}
STRADS__GLUE static void strads__tls_init1(void *strads__vt, const void *strads__ve)
{
    struct strads__tls1 *t = strads__vt;
    const struct strads__env1 *e = strads__ve;
    t->strads__lo_scratch = e->strads__lo_scratch;
    t->strads__n_scratch = e->strads__n_scratch;
    t->scratch = __builtin_calloc(t->strads__n_scratch > 0 ? (size_t)t->strads__n_scratch : 1, sizeof *t->scratch);
    if (!t->scratch) strads_fatal(STRADS_ENOMEM, "sections.c");
    t->seed = e->seed;
    t->strads__lo_sums = e->strads__lo_sums;
    t->strads__n_sums = e->strads__n_sums;
    t->sums = __builtin_calloc(t->strads__n_sums > 0 ? (size_t)t->strads__n_sums : 1, sizeof *t->sums);
    if (!t->sums) strads_fatal(STRADS_ENOMEM, "sections.c");
    t->strads__lo_counts = e->strads__lo_counts;
    t->strads__n_counts = e->strads__n_counts;
    t->counts = __builtin_calloc(t->strads__n_counts > 0 ? (size_t)t->strads__n_counts : 1, sizeof *t->counts);
    if (!t->counts) strads_fatal(STRADS_ENOMEM, "sections.c");
    t->cost = 0;
    t->worst = e->worst;
    t->best = e->best;
    t->words = t->strads__base_words = e->words;
    (void)t;
    (void)e;
}
STRADS__GLUE static void strads__tls_fold1(void *strads__va, const void *strads__vt)
{
    struct strads__tls1 *a = strads__va;
    const struct strads__tls1 *t = strads__vt;
    for (int64_t k = 0; k < t->strads__n_sums; k++) a->sums[k] += t->sums[k];
    for (int64_t k = 0; k < t->strads__n_counts; k++) a->counts[k] += t->counts[k];
    a->cost += t->cost;
    if (t->worst > a->worst) a->worst = t->worst;
    if (t->best < a->best) a->best = t->best;
    a->words += t->words - t->strads__base_words;
    (void)a;
    (void)t;
}
STRADS__GLUE static void strads__publish1(void *strads__ve, const void *strads__va)
{
    struct strads__env1 *e = strads__ve;
    const struct strads__tls1 *a = strads__va;
    for (int64_t k = 0; k < a->strads__n_sums; k++) e->strads__p_sums[e->strads__lo_sums + k] += a->sums[k];
    for (int64_t k = 0; k < a->strads__n_counts; k++) e->strads__p_counts[e->strads__lo_counts + k] += a->counts[k];
    *e->strads__p_cost += a->cost;
    *e->strads__p_worst = a->worst;
    *e->strads__p_best = a->best;
    *e->strads__p_words = a->words;
    (void)a;
    (void)e;
}
STRADS__GLUE static void strads__tls_free1(void *strads__vt)
{
    struct strads__tls1 *t = strads__vt;
    __builtin_free(t->scratch);
    t->scratch = NULL;
    __builtin_free(t->sums);
    t->sums = NULL;
    __builtin_free(t->counts);
    t->counts = NULL;
    (void)t;
}
static const strads_field strads__tfd1[] = {
    {STRADS_FIELD(struct strads__tls1, seed), STRADS_F_UINT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__tls1, sums), STRADS_F_TLSSEC, NULL, __builtin_offsetof(struct strads__tls1, strads__lo_sums),
     __builtin_offsetof(struct strads__tls1, strads__n_sums), sizeof *((struct strads__tls1 *)0)->sums, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__tls1, counts), STRADS_F_TLSSEC, NULL, __builtin_offsetof(struct strads__tls1, strads__lo_counts),
     __builtin_offsetof(struct strads__tls1, strads__n_counts), sizeof *((struct strads__tls1 *)0)->counts, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__tls1, cost), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__tls1, worst), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__tls1, best), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__tls1, words), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__tls1, strads__base_words), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
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
    {STRADS_FIELD(struct strads__env1, pts), STRADS_F_COPYIN_REAL, NULL, __builtin_offsetof(struct strads__env1, strads__lo_pts),
     __builtin_offsetof(struct strads__env1, strads__n_pts), sizeof *((struct strads__env1 *)0)->pts, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, cent), STRADS_F_BLOB, NULL, 0, 0, 0, STRADS_PICKS_NO},
    {STRADS_FIELD(struct strads__env1, strads__lo_scratch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__n_scratch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, seed), STRADS_F_UINT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__lo_sums), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__n_sums), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__lo_counts), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__n_counts), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, cost), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, worst), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, best), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, words), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_SYNC_FOR,
    .file = "sections.c",
    .line = 33,
    .col = 5,
    .id = UINT64_C(0x4e8baf42b04c0765), /* FNV-1a of "sections.c:33:5" */
    .env_size = sizeof(struct strads__env1),
    .tls_size = sizeof(struct strads__tls1),
    .body = strads__body1,
    .tls_init = strads__tls_init1,
    .tls_fold = strads__tls_fold1,
    .publish = strads__publish1,
    .tls_pack = strads__tls_pack1,
    .tls_unpack = strads__tls_unpack1,
    .tls_free = strads__tls_free1,
    .env_fields = strads__efd1,
    .nenv_fields = (int)(sizeof strads__efd1 / sizeof *strads__efd1),
    .recon_on = 0,
    .calls_out = 0,
    .values_steer = 0,
};
static const strads_loop_site *const strads__reg1
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site1;
static inline __attribute__((__always_inline__)) void strads__loop2(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi);
static void strads__body2(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
#ifdef __OPTIMIZE__
    if (!strads__idx)
        strads__loop2(strads__ve, strads__vt, (const int64_t *)0, strads__lo, strads__hi);
    else
#endif
        strads__loop2(strads__ve, strads__vt, strads__idx, strads__lo, strads__hi);
}
static inline __attribute__((__always_inline__)) void strads__loop2(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env2 *strads__e = strads__ve;
    struct strads__tls2 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(double *) pts = strads__e->pts;
    (void)pts;
    __typeof__(strads__t->hits) hits = strads__t->hits;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
        _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") if (j < (10LL) || j >= (1000LL)) __builtin_unreachable(); _Pragma("GCC diagnostic pop")
#line 71 "sections.c"
        { hits += pts[j * D] > 5.0; }
#line 373 "<stdout>"
    }
    strads__t->hits = hits;
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
STRADS__RECON static void strads__recon2(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env2 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(double *) pts = strads__e->pts;
    (void)pts;
    __typeof__(long) hits = strads__e->hits;
    (void)hits;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long j = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)j;
        strads_recon_iter(strads__rc, (int64_t)j);
        /* sections.c:71 */
        do { ((void)(pts[j * D] > 5.0)); } while (0);
        (void)strads_recon_again(strads__rc);
#line 407 "<stdout>"
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
    t->hits = 0;
    (void)t;
    (void)e;
}
STRADS__GLUE static void strads__tls_fold2(void *strads__va, const void *strads__vt)
{
    struct strads__tls2 *a = strads__va;
    const struct strads__tls2 *t = strads__vt;
    a->hits += t->hits;
    (void)a;
    (void)t;
}
STRADS__GLUE static void strads__publish2(void *strads__ve, const void *strads__va)
{
    struct strads__env2 *e = strads__ve;
    const struct strads__tls2 *a = strads__va;
    *e->strads__p_hits += a->hits;
    (void)a;
    (void)e;
}
static const strads_field strads__tfd2[] = {
    {STRADS_FIELD(struct strads__tls2, hits), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
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
    {STRADS_FIELD(struct strads__env2, pts), STRADS_F_COPYIN_REAL, NULL, __builtin_offsetof(struct strads__env2, strads__lo_pts),
     __builtin_offsetof(struct strads__env2, strads__n_pts), sizeof *((struct strads__env2 *)0)->pts, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, hits), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site2 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "sections.c",
    .line = 69,
    .col = 5,
    .id = UINT64_C(0x0c95ed18ee1e658a), /* FNV-1a of "sections.c:69:5" */
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
};
static const strads_loop_site *const strads__reg2
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site2;
#line 78 "sections.c"
#line 487 "<stdout>"
static int strads__main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return strads_user_main();
}
STRADS_MAIN(strads__main)
