#line 1 "helpers.c"
/* C89 habits and helpers: temporaries declared at the top of the function
 * (made private automatically), a void helper writing through a pointer
 * (recorded, not run, by reconnaissance), a static local, a global array,
 * a pointer-free struct by value, an enum, and a per-thread RNG state. */
#include <stdio.h>
#include <stdlib.h>

#define DIM 4
enum mode { PLAIN, SCALED };
struct opts { double scale; int clip; enum mode mode; };

static const double weights[DIM] = {0.5, 0.25, 0.125, 0.0625};
static int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};

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
#line 15 "helpers.c"
static void update(double *row, double g)
{
    for (int k = 0; k < DIM; k++)
        row[k] += g * weights[k];
}

static double score(const double *row)
{
    double s = 0;
    for (int k = 0; k < DIM; k++)
        s += row[k] * table[k];
    return s;
}

#line 70 "<stdout>"
/* helpers.c:42: async_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(double *) rows;
    __typeof__(int) calls;
    __typeof__(struct opts) o;
    __typeof__(unsigned int) seed, *strads__p_seed;
    __typeof__(double) total, *strads__p_total;
};
struct strads__tls1 {
    char strads__none;
    __typeof__(unsigned int) seed;
    __typeof__(double) total;
};
static const strads_loop_site strads__site1;
#line 29 "helpers.c"
int strads_user_main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 200, i;
    double g, s;
    int t;
    unsigned seed = 11;
    static int calls = 3;
    struct opts o = {0.01, 50, SCALED};
    double total = 0;

    double *rows = strads_dv_calloc((size_t)n * DIM, sizeof *rows, (size_t)(DIM) * sizeof *(rows), "helpers.c:38");
    for (i = 0; i < n * DIM; i++)
        rows[i] = (double)(i % 5) / 5;

    { char strads__s1[sizeof(struct strads__env1) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env1)] __attribute__((__aligned__(__alignof__(struct strads__env1)))); struct strads__env1 *strads__e1 = (struct strads__env1 *)strads__env_new(strads__s1, sizeof(struct strads__env1)); (void)s; strads__e1->rows = rows; (void)t; strads__e1->calls = calls; (void)g; strads__e1->o = o; strads__e1->seed = seed; strads__e1->strads__p_seed = &seed; strads__e1->total = total; strads__e1->strads__p_total = &total; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") long strads__l1 = (0); __auto_type strads__h1 = (n); int64_t strads__l64_1 = (int64_t)strads__l1, strads__r1 = (int64_t)strads__h1, strads__h64_1 = strads__r1 + ((__typeof__(strads__h1))strads__r1 < strads__h1); if ((strads__l1 > 0) != (strads__l64_1 > 0) || (strads__r1 != 0 && (strads__h1 > 0) != (strads__r1 > 0)) || (strads__l1 < strads__h1) != (strads__l64_1 < strads__h64_1)) strads_fatal(STRADS_EINVAL, "helpers.c:43:14: the loop's bounds as C compares them (i < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site1, strads__l64_1, strads__h64_1, strads__e1); strads__env_free(strads__e1, sizeof *strads__e1); i = strads__l64_1 < strads__h64_1 ? strads__h64_1 : strads__l64_1; (void)i; } }








    printf("total %.9f rows[7] %.9f i %ld\n", total, rows[7], i);
    strads_free(rows);
    return 0;
}
#line 114 "<stdout>"
static inline __attribute__((__always_inline__)) void strads__loop1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi);
static void strads__body1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
#ifdef __OPTIMIZE__
    if (!strads__idx)
        strads__loop1(strads__ve, strads__vt, (const int64_t *)0, strads__lo, strads__hi);
    else
#endif
        strads__loop1(strads__ve, strads__vt, strads__idx, strads__lo, strads__hi);
}
static inline __attribute__((__always_inline__)) void strads__loop1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env1 *strads__e = strads__ve;
    struct strads__tls1 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(double) s; /* assigned before use */
    (void)s;
    __typeof__(double *) rows = strads__e->rows;
    (void)rows;
    __typeof__(int) t; /* assigned before use */
    (void)t;
    __typeof__(int) calls = strads__e->calls;
    (void)calls;
    __typeof__(double) g; /* assigned before use */
    (void)g;
    __typeof__(struct opts) o = strads__e->o;
    (void)o;
    __typeof__(strads__t->seed) seed = strads__t->seed;
    __typeof__(strads__t->total) total = strads__t->total;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
#line 43 "helpers.c"
                            {
        s = score(&rows[i * DIM]);
        t = table[i % 8] + calls;
        g = o.mode == SCALED ? o.scale * (t - s) : t - s;
        if (g > o.clip)
            g = o.clip;
        update(&rows[i * DIM], g);
        total += g + (double)(rand_r(&seed) % 2) * 0;
    }
#line 158 "<stdout>"
    }
    strads__t->seed = seed;
    strads__t->total = total;
}
static __typeof__(score) strads__rh0 STRADS__RECON;
static __typeof__(update) strads__rh1 STRADS__RECON;
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
    __typeof__(double) s; /* assigned before use */
    (void)s;
    __typeof__(double *) rows = strads__e->rows;
    (void)rows;
    __typeof__(int) t; /* assigned before use */
    (void)t;
    __typeof__(int) calls = strads__e->calls;
    (void)calls;
    __typeof__(double) g; /* assigned before use */
    (void)g;
    __typeof__(struct opts) o = strads__e->o;
    (void)o;
    __typeof__(unsigned int) seed = strads__e->seed;
    (void)seed;
    __typeof__(double) total = strads__e->total;
    (void)total;
    strads__rct = strads__rc;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        /* helpers.c:43 */
                            do {
        s = strads__rh0(&rows[i * DIM]);
        t = STRADS__RD(table[i % 8]) + calls;
        g = o.mode == SCALED ? o.scale * (t - s) : t - s;
        if (g > o.clip)
            g = o.clip;
        strads__rh1(&rows[i * DIM], g);
        ((void)(g + (double)(rand_r(&seed) % 2) * 0));
    } while (0);
        (void)strads_recon_again(strads__rc);
#line 215 "<stdout>"
    }
}
STRADS__RECON static void strads__recon1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(double) s; /* assigned before use */
    (void)s;
    __typeof__(double *) rows = strads__e->rows;
    (void)rows;
    __typeof__(int) t; /* assigned before use */
    (void)t;
    __typeof__(int) calls = strads__e->calls;
    (void)calls;
    __typeof__(double) g; /* assigned before use */
    (void)g;
    __typeof__(struct opts) o = strads__e->o;
    (void)o;
    __typeof__(unsigned int) seed = strads__e->seed;
    (void)seed;
    __typeof__(double) total = strads__e->total;
    (void)total;
    strads__rct = strads__rc;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long i = (long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        strads_recon_iter(strads__rc, (int64_t)i);
        /* helpers.c:43 */
                            do {
        s = __extension__({ strads__rin++; __typeof__(strads__rh0(&rows[i * DIM])) strads__c0 = strads__rh0(&rows[i * DIM]); strads__rin--; strads__c0; });
        t = STRADS__RD(table[i % 8]) + calls;
        g = o.mode == SCALED ? o.scale * (t - s) : t - s;
        if (g > o.clip)
            g = o.clip;
        (strads__rin++, strads__rh1(&rows[i * DIM], g), strads__rin--, (void)0);
        ((void)(g + (double)(rand_r(&seed) % 2) * 0));
    } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx1(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 255 "<stdout>"
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
    t->seed = e->seed;
    t->total = 0;
    (void)t;
    (void)e;
}
STRADS__GLUE static void strads__tls_fold1(void *strads__va, const void *strads__vt)
{
    struct strads__tls1 *a = strads__va;
    const struct strads__tls1 *t = strads__vt;
    a->total += t->total;
    (void)a;
    (void)t;
}
STRADS__GLUE static void strads__publish1(void *strads__ve, const void *strads__va)
{
    struct strads__env1 *e = strads__ve;
    const struct strads__tls1 *a = strads__va;
    *e->strads__p_total += a->total;
    (void)a;
    (void)e;
}
static const strads_field strads__tfd1[] = {
    {STRADS_FIELD(struct strads__tls1, seed), STRADS_F_UINT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__tls1, total), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
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
    {0, sizeof(table), STRADS_F_BLOB, (void *)&table, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, rows), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, calls), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_NO},
    {STRADS_FIELD(struct strads__env1, o), STRADS_F_BLOB, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, seed), STRADS_F_UINT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, total), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "helpers.c",
    .line = 42,
    .col = 1,
    .id = UINT64_C(0x6006963017ad67d8), /* FNV-1a of "helpers.c:42:1" */
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
#line 56 "helpers.c"
#line 340 "<stdout>"
static __typeof__(score) strads__rh0 STRADS__RECON;
static __typeof__(update) strads__rh1 STRADS__RECON;
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
static double strads__rh0(const double *row)
{ strads_recon *strads__rc = strads__rct; (void)strads__rc;
    double s = 0;
    if (strads_recon_exact()) { for (int k = 0; k < DIM; k++)
        s += STRADS__RD(row[k]) * STRADS__RD(table[k]); } else for (int k = __extension__({ int64_t strads__l2 = (int64_t)(0), strads__h2 = (int64_t)(DIM); if (strads__h2 > strads__l2) { strads_recon_rdr(strads__rc, &(row)[strads__l2], (size_t)(strads__h2 - strads__l2) * sizeof *(row)); } (0); }); k < DIM; k++)
        s += row[k] * STRADS__RD(table[k]);
    return s;
}
static void strads__rh1(double *row, double g)
{ strads_recon *strads__rc = strads__rct; (void)strads__rc;
    if (strads_recon_exact() || strads__rin) { for (int k = 0; k < DIM; k++)
        (void)__extension__({ __auto_type strads__p4 = &(row[k]); __typeof__(*strads__p4) strads__v4 = *(__typeof__(*strads__p4) *)strads_recon_rd(strads__rc, strads__p4, sizeof *strads__p4) + (g * STRADS__RD(weights[k])); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p4, &strads__v4, sizeof strads__v4); strads__v4; }); } else for (int k = __extension__({ int64_t strads__l3 = (int64_t)(0), strads__h3 = (int64_t)(DIM); if (strads__h3 > strads__l3) { strads_recon_rwr(strads__rc, &(row)[strads__l3], (size_t)(strads__h3 - strads__l3) * sizeof *(row), 1); } (0); }); k < DIM; k++)
        ((void)(g * STRADS__RD(weights[k])));
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
#line 377 "<stdout>"
static int strads__main(int argc, char **argv)
{
    return strads_user_main(argc, (void *)argv);
}
STRADS_MAIN(strads__main)
