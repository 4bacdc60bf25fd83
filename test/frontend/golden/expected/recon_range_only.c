#line 1 "recon_range_only.c"
/* Ranged loops whose values go nowhere (frontend/recon_loop.c's `only`):
 * their ranges skip the check against the iteration's dropped writes. The
 * first loop of each body below is one, after a dropped store to the same
 * bytes through another name; the others must keep the check, since a
 * value they compute outlives them: an outer variable that picks the next
 * write's element, a call of the file's own function, a store to a local
 * array (a call of <math.h>'s fabsf stores nothing: the loop stays one).
 * Then rows a loop
 * reads and the next loop updates (shared by several iterations, so that a
 * write recorded by neither loop would race), recorded once by the first
 * (frontend/recon_pair.c), and two bodies where they must not be: the row
 * pointer moves between the loops, or the update may not run. Last, a loop
 * whose index read in the loop picks an element (not one whose values go
 * nowhere), and a body that reads errno (its logf stays). Which loops
 * call what is pinned by the golden file expected/recon_range_only.c; the
 * output must be the plain build's. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#define K 6

#line 25 "<stdout>"
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
#line 23 "recon_range_only.c"
static float shrink(float x) { return x * 0.9f; }

#line 66 "<stdout>"
/* recon_range_only.c:42: async_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(int) m;
    __typeof__(float *) W;
    __typeof__(float *) H;
};
struct strads__tls1 {
    char strads__none;
};
static const strads_loop_site strads__site1;
/* recon_range_only.c:52: async_for */
struct strads__env2 {
    strads_loop_dyn strads__dyn;
    __typeof__(int) m;
    __typeof__(float *) W;
    __typeof__(float *) H;
    __typeof__(int *) pick;
};
struct strads__tls2 {
    char strads__none;
};
static const strads_loop_site strads__site2;
/* recon_range_only.c:64: async_for */
struct strads__env3 {
    strads_loop_dyn strads__dyn;
    __typeof__(float *) W;
};
struct strads__tls3 {
    char strads__none;
};
static const strads_loop_site strads__site3;
/* recon_range_only.c:70: async_for */
struct strads__env4 {
    strads_loop_dyn strads__dyn;
    __typeof__(float *) W;
};
struct strads__tls4 {
    char strads__none;
};
static const strads_loop_site strads__site4;
/* recon_range_only.c:76: async_for */
struct strads__env5 {
    strads_loop_dyn strads__dyn;
    __typeof__(float *) W;
};
struct strads__tls5 {
    char strads__none;
};
static const strads_loop_site strads__site5;
/* recon_range_only.c:87: async_for */
struct strads__env6 {
    strads_loop_dyn strads__dyn;
    __typeof__(float *) W;
    __typeof__(float *) H;
    __typeof__(int) m;
    __typeof__(long) pos, *strads__p_pos;
};
struct strads__tls6 {
    char strads__none;
    __typeof__(long) pos;
};
static const strads_loop_site strads__site6;
/* recon_range_only.c:97: async_for */
struct strads__env7 {
    strads_loop_dyn strads__dyn;
    __typeof__(float *) W;
    __typeof__(float *) H;
    __typeof__(int) m;
    __typeof__(long) pos, *strads__p_pos;
};
struct strads__tls7 {
    char strads__none;
    __typeof__(long) pos;
};
static const strads_loop_site strads__site7;
/* recon_range_only.c:108: async_for */
struct strads__env8 {
    strads_loop_dyn strads__dyn;
    __typeof__(float *) W;
    __typeof__(float *) H;
    __typeof__(int) m;
    __typeof__(long) pos, *strads__p_pos;
};
struct strads__tls8 {
    char strads__none;
    __typeof__(long) pos;
};
static const strads_loop_site strads__site8;
/* recon_range_only.c:120: async_for */
struct strads__env9 {
    strads_loop_dyn strads__dyn;
    __typeof__(int *) IDX;
    __typeof__(int) m;
    __typeof__(float *) W;
    __typeof__(float *) H;
};
struct strads__tls9 {
    char strads__none;
};
static const strads_loop_site strads__site9;
/* recon_range_only.c:128: async_for */
struct strads__env10 {
    strads_loop_dyn strads__dyn;
    __typeof__(float *) W;
};
struct strads__tls10 {
    char strads__none;
};
static const strads_loop_site strads__site10;
#line 25 "recon_range_only.c"
int strads_user_main(void)
{
    int n = 400, m = 50;

    float *W = strads_dv_malloc((size_t)n * K * sizeof *W, (size_t)(K) * sizeof *(W), "recon_range_only.c:28");

    float *H = strads_dv_malloc((size_t)m * K * sizeof *H, (size_t)(K) * sizeof *(H), "recon_range_only.c:30");

    int *pick = strads_dv_calloc((size_t)n, sizeof *pick, sizeof *(pick), "recon_range_only.c:32");

    int *IDX = strads_dv_calloc((size_t)n * K, sizeof *IDX, (size_t)(K) * sizeof *(IDX), "recon_range_only.c:34");
    for (int i = 0; i < n * K; i++)
        W[i] = (float)(i % 7) * 0.25f;
    for (int i = 0; i < m * K; i++)
        H[i] = 0;
    long pos = 0;
    for (int e = 0; e < 3; e++) {

        { char strads__s1[sizeof(struct strads__env1) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env1)] __attribute__((__aligned__(__alignof__(struct strads__env1)))); struct strads__env1 *strads__e1 = (struct strads__env1 *)strads__env_new(strads__s1, sizeof(struct strads__env1)); strads__e1->m = m; strads__e1->W = W; strads__e1->H = H; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l1 = (0); __auto_type strads__h1 = (n); int64_t strads__l64_1 = (int64_t)strads__l1, strads__r1 = (int64_t)strads__h1, strads__h64_1 = strads__r1 + ((__typeof__(strads__h1))strads__r1 < strads__h1); if ((strads__l1 > 0) != (strads__l64_1 > 0) || (strads__r1 != 0 && (strads__h1 > 0) != (strads__r1 > 0)) || (strads__l1 < strads__h1) != (strads__l64_1 < strads__h64_1)) strads_fatal(STRADS_EINVAL, "recon_range_only.c:43:22: the loop's bounds as C compares them (u < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site1, strads__l64_1, strads__h64_1, strads__e1); strads__env_free(strads__e1, sizeof *strads__e1); } }









        { char strads__s2[sizeof(struct strads__env2) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env2)] __attribute__((__aligned__(__alignof__(struct strads__env2)))); struct strads__env2 *strads__e2 = (struct strads__env2 *)strads__env_new(strads__s2, sizeof(struct strads__env2)); strads__e2->m = m; strads__e2->W = W; strads__e2->H = H; strads__e2->pick = pick; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l2 = (0); __auto_type strads__h2 = (n); int64_t strads__l64_2 = (int64_t)strads__l2, strads__r2 = (int64_t)strads__h2, strads__h64_2 = strads__r2 + ((__typeof__(strads__h2))strads__r2 < strads__h2); if ((strads__l2 > 0) != (strads__l64_2 > 0) || (strads__r2 != 0 && (strads__h2 > 0) != (strads__r2 > 0)) || (strads__l2 < strads__h2) != (strads__l64_2 < strads__h64_2)) strads_fatal(STRADS_EINVAL, "recon_range_only.c:53:22: the loop's bounds as C compares them (u < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site2, strads__l64_2, strads__h64_2, strads__e2); strads__env_free(strads__e2, sizeof *strads__e2); } }











        { char strads__s3[sizeof(struct strads__env3) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env3)] __attribute__((__aligned__(__alignof__(struct strads__env3)))); struct strads__env3 *strads__e3 = (struct strads__env3 *)strads__env_new(strads__s3, sizeof(struct strads__env3)); strads__e3->W = W; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l3 = (0); __auto_type strads__h3 = (n); int64_t strads__l64_3 = (int64_t)strads__l3, strads__r3 = (int64_t)strads__h3, strads__h64_3 = strads__r3 + ((__typeof__(strads__h3))strads__r3 < strads__h3); if ((strads__l3 > 0) != (strads__l64_3 > 0) || (strads__r3 != 0 && (strads__h3 > 0) != (strads__r3 > 0)) || (strads__l3 < strads__h3) != (strads__l64_3 < strads__h64_3)) strads_fatal(STRADS_EINVAL, "recon_range_only.c:65:22: the loop's bounds as C compares them (u < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site3, strads__l64_3, strads__h64_3, strads__e3); strads__env_free(strads__e3, sizeof *strads__e3); } }





        { char strads__s4[sizeof(struct strads__env4) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env4)] __attribute__((__aligned__(__alignof__(struct strads__env4)))); struct strads__env4 *strads__e4 = (struct strads__env4 *)strads__env_new(strads__s4, sizeof(struct strads__env4)); strads__e4->W = W; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l4 = (0); __auto_type strads__h4 = (n); int64_t strads__l64_4 = (int64_t)strads__l4, strads__r4 = (int64_t)strads__h4, strads__h64_4 = strads__r4 + ((__typeof__(strads__h4))strads__r4 < strads__h4); if ((strads__l4 > 0) != (strads__l64_4 > 0) || (strads__r4 != 0 && (strads__h4 > 0) != (strads__r4 > 0)) || (strads__l4 < strads__h4) != (strads__l64_4 < strads__h64_4)) strads_fatal(STRADS_EINVAL, "recon_range_only.c:71:22: the loop's bounds as C compares them (u < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site4, strads__l64_4, strads__h64_4, strads__e4); strads__env_free(strads__e4, sizeof *strads__e4); } }





        { char strads__s5[sizeof(struct strads__env5) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env5)] __attribute__((__aligned__(__alignof__(struct strads__env5)))); struct strads__env5 *strads__e5 = (struct strads__env5 *)strads__env_new(strads__s5, sizeof(struct strads__env5)); strads__e5->W = W; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l5 = (0); __auto_type strads__h5 = (n); int64_t strads__l64_5 = (int64_t)strads__l5, strads__r5 = (int64_t)strads__h5, strads__h64_5 = strads__r5 + ((__typeof__(strads__h5))strads__r5 < strads__h5); if ((strads__l5 > 0) != (strads__l64_5 > 0) || (strads__r5 != 0 && (strads__h5 > 0) != (strads__r5 > 0)) || (strads__l5 < strads__h5) != (strads__l64_5 < strads__h64_5)) strads_fatal(STRADS_EINVAL, "recon_range_only.c:77:22: the loop's bounds as C compares them (u < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site5, strads__l64_5, strads__h64_5, strads__e5); strads__env_free(strads__e5, sizeof *strads__e5); } }










        { char strads__s6[sizeof(struct strads__env6) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env6)] __attribute__((__aligned__(__alignof__(struct strads__env6)))); struct strads__env6 *strads__e6 = (struct strads__env6 *)strads__env_new(strads__s6, sizeof(struct strads__env6)); strads__e6->W = W; strads__e6->H = H; strads__e6->m = m; strads__e6->pos = pos; strads__e6->strads__p_pos = &pos; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l6 = (0); __auto_type strads__h6 = (n); int64_t strads__l64_6 = (int64_t)strads__l6, strads__r6 = (int64_t)strads__h6, strads__h64_6 = strads__r6 + ((__typeof__(strads__h6))strads__r6 < strads__h6); if ((strads__l6 > 0) != (strads__l64_6 > 0) || (strads__r6 != 0 && (strads__h6 > 0) != (strads__r6 > 0)) || (strads__l6 < strads__h6) != (strads__l64_6 < strads__h64_6)) strads_fatal(STRADS_EINVAL, "recon_range_only.c:88:22: the loop's bounds as C compares them (u < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site6, strads__l64_6, strads__h64_6, strads__e6); strads__env_free(strads__e6, sizeof *strads__e6); } }









        { char strads__s7[sizeof(struct strads__env7) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env7)] __attribute__((__aligned__(__alignof__(struct strads__env7)))); struct strads__env7 *strads__e7 = (struct strads__env7 *)strads__env_new(strads__s7, sizeof(struct strads__env7)); strads__e7->W = W; strads__e7->H = H; strads__e7->m = m; strads__e7->pos = pos; strads__e7->strads__p_pos = &pos; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l7 = (0); __auto_type strads__h7 = (n); int64_t strads__l64_7 = (int64_t)strads__l7, strads__r7 = (int64_t)strads__h7, strads__h64_7 = strads__r7 + ((__typeof__(strads__h7))strads__r7 < strads__h7); if ((strads__l7 > 0) != (strads__l64_7 > 0) || (strads__r7 != 0 && (strads__h7 > 0) != (strads__r7 > 0)) || (strads__l7 < strads__h7) != (strads__l64_7 < strads__h64_7)) strads_fatal(STRADS_EINVAL, "recon_range_only.c:98:22: the loop's bounds as C compares them (u < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site7, strads__l64_7, strads__h64_7, strads__e7); strads__env_free(strads__e7, sizeof *strads__e7); } }










        { char strads__s8[sizeof(struct strads__env8) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env8)] __attribute__((__aligned__(__alignof__(struct strads__env8)))); struct strads__env8 *strads__e8 = (struct strads__env8 *)strads__env_new(strads__s8, sizeof(struct strads__env8)); strads__e8->W = W; strads__e8->H = H; strads__e8->m = m; strads__e8->pos = pos; strads__e8->strads__p_pos = &pos; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l8 = (0); __auto_type strads__h8 = (n); int64_t strads__l64_8 = (int64_t)strads__l8, strads__r8 = (int64_t)strads__h8, strads__h64_8 = strads__r8 + ((__typeof__(strads__h8))strads__r8 < strads__h8); if ((strads__l8 > 0) != (strads__l64_8 > 0) || (strads__r8 != 0 && (strads__h8 > 0) != (strads__r8 > 0)) || (strads__l8 < strads__h8) != (strads__l64_8 < strads__h64_8)) strads_fatal(STRADS_EINVAL, "recon_range_only.c:109:22: the loop's bounds as C compares them (u < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site8, strads__l64_8, strads__h64_8, strads__e8); strads__env_free(strads__e8, sizeof *strads__e8); } }











        { char strads__s9[sizeof(struct strads__env9) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env9)] __attribute__((__aligned__(__alignof__(struct strads__env9)))); struct strads__env9 *strads__e9 = (struct strads__env9 *)strads__env_new(strads__s9, sizeof(struct strads__env9)); strads__e9->IDX = IDX; strads__e9->m = m; strads__e9->W = W; strads__e9->H = H; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l9 = (0); __auto_type strads__h9 = (n); int64_t strads__l64_9 = (int64_t)strads__l9, strads__r9 = (int64_t)strads__h9, strads__h64_9 = strads__r9 + ((__typeof__(strads__h9))strads__r9 < strads__h9); if ((strads__l9 > 0) != (strads__l64_9 > 0) || (strads__r9 != 0 && (strads__h9 > 0) != (strads__r9 > 0)) || (strads__l9 < strads__h9) != (strads__l64_9 < strads__h64_9)) strads_fatal(STRADS_EINVAL, "recon_range_only.c:121:22: the loop's bounds as C compares them (u < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site9, strads__l64_9, strads__h64_9, strads__e9); strads__env_free(strads__e9, sizeof *strads__e9); } }







        { char strads__s10[sizeof(struct strads__env10) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env10)] __attribute__((__aligned__(__alignof__(struct strads__env10)))); struct strads__env10 *strads__e10 = (struct strads__env10 *)strads__env_new(strads__s10, sizeof(struct strads__env10)); strads__e10->W = W; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") int strads__l10 = (0); __auto_type strads__h10 = (n); int64_t strads__l64_10 = (int64_t)strads__l10, strads__r10 = (int64_t)strads__h10, strads__h64_10 = strads__r10 + ((__typeof__(strads__h10))strads__r10 < strads__h10); if ((strads__l10 > 0) != (strads__l64_10 > 0) || (strads__r10 != 0 && (strads__h10 > 0) != (strads__r10 > 0)) || (strads__l10 < strads__h10) != (strads__l64_10 < strads__h64_10)) strads_fatal(STRADS_EINVAL, "recon_range_only.c:129:22: the loop's bounds as C compares them (u < n, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_async_for(&strads__site10, strads__l64_10, strads__h64_10, strads__e10); strads__env_free(strads__e10, sizeof *strads__e10); } }






    }
    double sw = 0, sh = 0;
    long sp = 0;
    for (int i = 0; i < n * K; i++)
        sw += W[i];
    for (int i = 0; i < m * K; i++)
        sh += H[i];
    for (int u = 0; u < n; u++)
        sp += (long)pick[u] * (u % 5 + 1);
    printf("%.4f %.4f %ld %ld\n", sw, sh, sp, pos);
    return 0;
}
#line 301 "<stdout>"
static void strads__body1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env1 *strads__e = strads__ve;
    struct strads__tls1 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
#line 43 "recon_range_only.c"
                                    {
            int r = u * 7 % m;
            float *w = &W[u * K], *h = &H[r * K];
            H[r * K] = 1.0f; /* dropped: its text is not read again */
            for (int k = 0; k < K; k++) { /* only: the values end in w */
                float t = h[k];
                w[k] += 0.5f * t;
            }
        }
#line 327 "<stdout>"
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
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        /* recon_range_only.c:43 */
                                    do {
            int r = __extension__({ __auto_type strads__da3 = (u * 7); __auto_type strads__db3 = (m); __typeof__(strads__da3 % strads__db3) strads__x3 = strads__da3, strads__y3 = strads__db3; strads__y3 == 0 ? (__typeof__(strads__x3))0 : (__typeof__(strads__x3))-1 < (__typeof__(strads__x3))1 && strads__y3 == (__typeof__(strads__x3))-1 ? (__typeof__(strads__x3))0 : strads__x3 % strads__y3; });
            float *w = &W[u * K], *h = &H[r * K];
            (void)__extension__({ __auto_type strads__p4 = &(H[r * K]); __typeof__(*strads__p4) strads__v4 = (1.0f); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p4, &strads__v4, sizeof strads__v4); strads__v4; }); /* dropped: its text is not read again */
            for (int k = 0; k < K; k++) { /* only: the values end in w */
                float t = STRADS__RD(h[k]);
                (void)__extension__({ __auto_type strads__p5 = &(w[k]); __typeof__(*strads__p5) strads__v5 = *(__typeof__(*strads__p5) *)strads_recon_rd(strads__rc, strads__p5, sizeof *strads__p5) + (0.5f * t); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p5, &strads__v5, sizeof strads__v5); strads__v5; });
            }
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 369 "<stdout>"
    }
}
STRADS__RECON static void strads__recon1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        strads_recon_iter(strads__rc, (int64_t)u);
        /* recon_range_only.c:43 */
                                    do {
            int r = __extension__({ __auto_type strads__da0 = (u * 7); __auto_type strads__db0 = (m); __typeof__(strads__da0 % strads__db0) strads__x0 = strads__da0, strads__y0 = strads__db0; strads__y0 == 0 ? (__typeof__(strads__x0))0 : (__typeof__(strads__x0))-1 < (__typeof__(strads__x0))1 && strads__y0 == (__typeof__(strads__x0))-1 ? (__typeof__(strads__x0))0 : strads__x0 % strads__y0; });
            float *w = &W[u * K], *h = &H[r * K];
            __extension__({ __auto_type strads__p1 = &(H[r * K]); (void)sizeof(+(1.0f)); strads_recon_rwr(strads__rc, strads__p1, sizeof *strads__p1, 0); }); /* dropped: its text is not read again */
            for (int k = __extension__({ int64_t strads__l2 = (int64_t)(0), strads__h2 = (int64_t)(K); if (strads__h2 > strads__l2) { strads_recon_rw_range(strads__rc, &(w)[strads__l2], (size_t)(strads__h2 - strads__l2) * sizeof *(w), 1); strads_recon_rdr_only(strads__rc, &(h)[strads__l2], (size_t)(strads__h2 - strads__l2) * sizeof *(h)); } (0); }); k < K; k++) { /* only: the values end in w */
                float t = h[k];
                ((void)sizeof(+(0.5f * t)));
            }
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx1(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 398 "<stdout>"
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
    {STRADS_FIELD(struct strads__env1, W), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, H), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "recon_range_only.c",
    .line = 42,
    .col = 1,
    .id = UINT64_C(0xefd942c3ae95ec29), /* FNV-1a of "recon_range_only.c:42:1" */
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
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int *) pick = strads__e->pick;
    (void)pick;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
#line 53 "recon_range_only.c"
                                    {
            int r = u * 3 % m;
            float *w = &W[u * K], *h = &H[r * K];
            H[r * K] = 2.0f;
            float s = 0;
            for (int k = 0; k < K; k++) { /* s outlives the loop */
                s += h[k];
                w[k] += 0.1f;
            }
            pick[u] = s > 1.5f ? r : -1;
        }
#line 465 "<stdout>"
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
STRADS__GLUE static void strads__reconx2(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env2 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int *) pick = strads__e->pick;
    (void)pick;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        /* recon_range_only.c:53 */
                                    do {
            int r = __extension__({ __auto_type strads__da10 = (u * 3); __auto_type strads__db10 = (m); __typeof__(strads__da10 % strads__db10) strads__x10 = strads__da10, strads__y10 = strads__db10; strads__y10 == 0 ? (__typeof__(strads__x10))0 : (__typeof__(strads__x10))-1 < (__typeof__(strads__x10))1 && strads__y10 == (__typeof__(strads__x10))-1 ? (__typeof__(strads__x10))0 : strads__x10 % strads__y10; });
            float *w = &W[u * K], *h = &H[r * K];
            (void)__extension__({ __auto_type strads__p11 = &(H[r * K]); __typeof__(*strads__p11) strads__v11 = (2.0f); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p11, &strads__v11, sizeof strads__v11); strads__v11; });
            float s = 0;
            for (int k = 0; k < K; k++) { /* s outlives the loop */
                s += STRADS__RD(h[k]);
                (void)__extension__({ __auto_type strads__p12 = &(w[k]); __typeof__(*strads__p12) strads__v12 = *(__typeof__(*strads__p12) *)strads_recon_rd(strads__rc, strads__p12, sizeof *strads__p12) + (0.1f); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p12, &strads__v12, sizeof strads__v12); strads__v12; });
            }
            (void)__extension__({ __auto_type strads__p13 = &(pick[u]); __typeof__(*strads__p13) strads__v13 = (s > 1.5f ? r : -1); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p13, &strads__v13, sizeof strads__v13); strads__v13; });
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 511 "<stdout>"
    }
}
STRADS__RECON static void strads__recon2(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env2 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int *) pick = strads__e->pick;
    (void)pick;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        strads_recon_iter(strads__rc, (int64_t)u);
        /* recon_range_only.c:53 */
                                    do {
            int r = __extension__({ __auto_type strads__da6 = (u * 3); __auto_type strads__db6 = (m); __typeof__(strads__da6 % strads__db6) strads__x6 = strads__da6, strads__y6 = strads__db6; strads__y6 == 0 ? (__typeof__(strads__x6))0 : (__typeof__(strads__x6))-1 < (__typeof__(strads__x6))1 && strads__y6 == (__typeof__(strads__x6))-1 ? (__typeof__(strads__x6))0 : strads__x6 % strads__y6; });
            float *w = &W[u * K], *h = &H[r * K];
            __extension__({ __auto_type strads__p7 = &(H[r * K]); (void)sizeof(+(2.0f)); strads_recon_rwr(strads__rc, strads__p7, sizeof *strads__p7, 0); });
            float s = 0;
            for (int k = __extension__({ int64_t strads__l8 = (int64_t)(0), strads__h8 = (int64_t)(K); if (strads__h8 > strads__l8) { strads_recon_rwr(strads__rc, &(w)[strads__l8], (size_t)(strads__h8 - strads__l8) * sizeof *(w), 1); strads_recon_rdr(strads__rc, &(h)[strads__l8], (size_t)(strads__h8 - strads__l8) * sizeof *(h)); } (0); }); k < K; k++) { /* s outlives the loop */
                s += h[k];
                ((void)sizeof(+(0.1f)));
            }
            __extension__({ __auto_type strads__p9 = &(pick[u]); (void)sizeof(+(s > 1.5f ? r : -1)); strads_recon_rwd(strads__rc, strads__p9, sizeof *strads__p9, 0); });
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx2(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 544 "<stdout>"
    }
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
static const strads_field strads__efd2[] = {
    {STRADS_FIELD(struct strads__env2, strads__dyn.minibatch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, strads__dyn.threads), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, strads__dyn.sync.kind), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, strads__dyn.sync.a), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, strads__dyn.sync.b), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, strads__dyn.sync.has_b), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, m), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, W), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, H), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env2, pick), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site2 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "recon_range_only.c",
    .line = 52,
    .col = 1,
    .id = UINT64_C(0xc705d8ccb4e070f0), /* FNV-1a of "recon_range_only.c:52:1" */
    .env_size = sizeof(struct strads__env2),
    .tls_size = 0,
    .body = strads__body2,
    .recon = strads__recon2,
    .env_fields = strads__efd2,
    .nenv_fields = (int)(sizeof strads__efd2 / sizeof *strads__efd2),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 0,
};
static const strads_loop_site *const strads__reg2
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site2;
static void strads__body3(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env3 *strads__e = strads__ve;
    struct strads__tls3 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
#line 65 "recon_range_only.c"
                                    {
            float *w = &W[u * K];
            for (int k = 0; k < K; k++) /* fabsf: no store, still one */
                w[k] = fabsf(w[k] - 1.0f) * 0.9f;
        }
#line 600 "<stdout>"
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
STRADS__GLUE static void strads__reconx3(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env3 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        /* recon_range_only.c:65 */
                                    do {
            float *w = &W[u * K];
            for (int k = 0; k < K; k++) /* fabsf: no store, still one */
                (void)__extension__({ __auto_type strads__p15 = &(w[k]); __typeof__(*strads__p15) strads__v15 = (strads__m_fabsf(STRADS__RD(w[k]) - 1.0f) * 0.9f); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p15, &strads__v15, sizeof strads__v15); strads__v15; });
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 634 "<stdout>"
    }
}
STRADS__RECON static void strads__recon3(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env3 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        strads_recon_iter(strads__rc, (int64_t)u);
        /* recon_range_only.c:65 */
                                    do {
            float *w = &W[u * K];
            for (int k = __extension__({ int64_t strads__l14 = (int64_t)(0), strads__h14 = (int64_t)(K); if (strads__h14 > strads__l14) { strads_recon_rw_range(strads__rc, &(w)[strads__l14], (size_t)(strads__h14 - strads__l14) * sizeof *(w), 1); } (0); }); k < K; k++) /* fabsf: no store, still one */
                ((void)(strads__m_fabsf(w[k] - 1.0f) * 0.9f));
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx3(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 655 "<stdout>"
    }
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
static const strads_field strads__efd3[] = {
    {STRADS_FIELD(struct strads__env3, strads__dyn.minibatch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env3, strads__dyn.threads), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env3, strads__dyn.sync.kind), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env3, strads__dyn.sync.a), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env3, strads__dyn.sync.b), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env3, strads__dyn.sync.has_b), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env3, W), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site3 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "recon_range_only.c",
    .line = 64,
    .col = 1,
    .id = UINT64_C(0x0d61ccb458e0dec9), /* FNV-1a of "recon_range_only.c:64:1" */
    .env_size = sizeof(struct strads__env3),
    .tls_size = 0,
    .body = strads__body3,
    .recon = strads__recon3,
    .env_fields = strads__efd3,
    .nenv_fields = (int)(sizeof strads__efd3 / sizeof *strads__efd3),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 0,
};
static const strads_loop_site *const strads__reg3
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site3;
static void strads__body4(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env4 *strads__e = strads__ve;
    struct strads__tls4 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
#line 71 "recon_range_only.c"
                                    {
            float *w = &W[u * K];
            for (int k = 0; k < K; k++) /* a call of the file's own function */
                w[k] = shrink(w[k]);
        }
#line 708 "<stdout>"
    }
}
static __typeof__(shrink) strads__rh0 STRADS__RECON;
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
STRADS__GLUE static void strads__reconx4(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env4 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    strads__rct = strads__rc;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        /* recon_range_only.c:71 */
                                    do {
            float *w = &W[u * K];
            for (int k = 0; k < K; k++) /* a call of the file's own function */
                (void)__extension__({ __auto_type strads__p18 = &(w[k]); __typeof__(*strads__p18) strads__v18 = (strads__rh0(STRADS__RD(w[k]))); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p18, &strads__v18, sizeof strads__v18); strads__v18; });
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 744 "<stdout>"
    }
}
STRADS__RECON static void strads__recon4(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env4 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    strads__rct = strads__rc;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        strads_recon_iter(strads__rc, (int64_t)u);
        /* recon_range_only.c:71 */
                                    do {
            float *w = &W[u * K];
            for (int k = __extension__({ int64_t strads__l17 = (int64_t)(0), strads__h17 = (int64_t)(K); if (strads__h17 > strads__l17) { strads_recon_rwr(strads__rc, &(w)[strads__l17], (size_t)(strads__h17 - strads__l17) * sizeof *(w), 1); } (0); }); k < K; k++) /* a call of the file's own function */
                ((void)(__extension__({ strads__rin++; __typeof__(strads__rh0(w[k])) strads__c16 = strads__rh0(w[k]); strads__rin--; strads__c16; })));
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx4(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 766 "<stdout>"
    }
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
static const strads_field strads__efd4[] = {
    {STRADS_FIELD(struct strads__env4, strads__dyn.minibatch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env4, strads__dyn.threads), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env4, strads__dyn.sync.kind), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env4, strads__dyn.sync.a), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env4, strads__dyn.sync.b), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env4, strads__dyn.sync.has_b), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env4, W), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site4 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "recon_range_only.c",
    .line = 70,
    .col = 1,
    .id = UINT64_C(0x9fe62abd3876df68), /* FNV-1a of "recon_range_only.c:70:1" */
    .env_size = sizeof(struct strads__env4),
    .tls_size = 0,
    .body = strads__body4,
    .recon = strads__recon4,
    .env_fields = strads__efd4,
    .nenv_fields = (int)(sizeof strads__efd4 / sizeof *strads__efd4),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 0,
};
static const strads_loop_site *const strads__reg4
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site4;
static void strads__body5(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env5 *strads__e = strads__ve;
    struct strads__tls5 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
#line 77 "recon_range_only.c"
                                    {
            float *w = &W[u * K];
            float tmp[K];
            for (int k = 0; k < K; k++) { /* a store to a local array */
                float v = w[k];
                tmp[k] = v;
                w[k] = v + 0.01f;
            }
            (void)tmp;
        }
#line 824 "<stdout>"
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
STRADS__GLUE static void strads__reconx5(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env5 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        /* recon_range_only.c:77 */
                                    do {
            float *w = &W[u * K];
            float tmp[K];
            for (int k = 0; k < K; k++) { /* a store to a local array */
                float v = STRADS__RD(w[k]);
                tmp[k] = v;
                (void)__extension__({ __auto_type strads__p20 = &(w[k]); __typeof__(*strads__p20) strads__v20 = (v + 0.01f); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p20, &strads__v20, sizeof strads__v20); strads__v20; });
            }
            (void)tmp;
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 863 "<stdout>"
    }
}
STRADS__RECON static void strads__recon5(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env5 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        strads_recon_iter(strads__rc, (int64_t)u);
        /* recon_range_only.c:77 */
                                    do {
            float *w = &W[u * K];
            float tmp[K];
            for (int k = __extension__({ int64_t strads__l19 = (int64_t)(0), strads__h19 = (int64_t)(K); if (strads__h19 > strads__l19) { strads_recon_rwr(strads__rc, &(w)[strads__l19], (size_t)(strads__h19 - strads__l19) * sizeof *(w), 1); } (0); }); k < K; k++) { /* a store to a local array */
                float v = w[k];
                ((void)&(tmp[k]), (void)sizeof(+(v)));
                ((void)sizeof(+(v + 0.01f)));
            }
            (void)tmp;
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx5(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 889 "<stdout>"
    }
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
static const strads_field strads__efd5[] = {
    {STRADS_FIELD(struct strads__env5, strads__dyn.minibatch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env5, strads__dyn.threads), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env5, strads__dyn.sync.kind), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env5, strads__dyn.sync.a), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env5, strads__dyn.sync.b), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env5, strads__dyn.sync.has_b), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env5, W), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site5 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "recon_range_only.c",
    .line = 76,
    .col = 1,
    .id = UINT64_C(0xb20508bd42f41a5a), /* FNV-1a of "recon_range_only.c:76:1" */
    .env_size = sizeof(struct strads__env5),
    .tls_size = 0,
    .body = strads__body5,
    .recon = strads__recon5,
    .env_fields = strads__efd5,
    .nenv_fields = (int)(sizeof strads__efd5 / sizeof *strads__efd5),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 0,
};
static const strads_loop_site *const strads__reg5
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site5;
static void strads__body6(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env6 *strads__e = strads__ve;
    struct strads__tls6 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(strads__t->pos) pos = strads__t->pos;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
#line 88 "recon_range_only.c"
                                    { /* paired: the first loop records w read and written */
            float *w = &W[u % 100 * K], *h = &H[u * 11 % m * K];
            float g = 0;
            for (int k = 0; k < K; k++)
                g += w[k] * h[k];
            pos += g >= 0;
            for (int k = 0; k < K; k++)
                w[k] += h[k];
        }
#line 951 "<stdout>"
    }
    strads__t->pos = pos;
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
STRADS__GLUE static void strads__reconx6(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env6 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(long) pos = strads__e->pos;
    (void)pos;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        /* recon_range_only.c:88 */
                                    do { /* paired: the first loop records w read and written */
            float *w = &W[u % 100 * K], *h = &H[__extension__({ __auto_type strads__da24 = (u * 11); __auto_type strads__db24 = (m); __typeof__(strads__da24 % strads__db24) strads__x24 = strads__da24, strads__y24 = strads__db24; strads__y24 == 0 ? (__typeof__(strads__x24))0 : (__typeof__(strads__x24))-1 < (__typeof__(strads__x24))1 && strads__y24 == (__typeof__(strads__x24))-1 ? (__typeof__(strads__x24))0 : strads__x24 % strads__y24; }) * K];
            float g = 0;
            for (int k = 0; k < K; k++)
                g += STRADS__RD(w[k]) * STRADS__RD(h[k]);
            ((void)(g >= 0));
            for (int k = 0; k < K; k++)
                (void)__extension__({ __auto_type strads__p25 = &(w[k]); __typeof__(*strads__p25) strads__v25 = *(__typeof__(*strads__p25) *)strads_recon_rd(strads__rc, strads__p25, sizeof *strads__p25) + (STRADS__RD(h[k])); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p25, &strads__v25, sizeof strads__v25); strads__v25; });
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 996 "<stdout>"
    }
}
STRADS__RECON static void strads__recon6(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env6 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(long) pos = strads__e->pos;
    (void)pos;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        strads_recon_iter(strads__rc, (int64_t)u);
        /* recon_range_only.c:88 */
                                    do { /* paired: the first loop records w read and written */
            float *w = &W[u % 100 * K], *h = &H[__extension__({ __auto_type strads__da21 = (u * 11); __auto_type strads__db21 = (m); __typeof__(strads__da21 % strads__db21) strads__x21 = strads__da21, strads__y21 = strads__db21; strads__y21 == 0 ? (__typeof__(strads__x21))0 : (__typeof__(strads__x21))-1 < (__typeof__(strads__x21))1 && strads__y21 == (__typeof__(strads__x21))-1 ? (__typeof__(strads__x21))0 : strads__x21 % strads__y21; }) * K];
            float g = 0;
            for (int k = __extension__({ int64_t strads__l22 = (int64_t)(0), strads__h22 = (int64_t)(K); if (strads__h22 > strads__l22) { strads_recon_rdr_rw(strads__rc, &(w)[strads__l22], (size_t)(strads__h22 - strads__l22) * sizeof *(w)); strads_recon_rdr_only(strads__rc, &(h)[strads__l22], (size_t)(strads__h22 - strads__l22) * sizeof *(h)); } (0); }); k < K; k++)
                ((void)sizeof(+(w[k] * h[k])));
            ((void)(g >= 0));
            for (int k = __extension__({ int64_t strads__l23 = (int64_t)(0), strads__h23 = (int64_t)(K); if (strads__h23 > strads__l23) { } (0); }); k < K; k++)
                ((void)sizeof(+(h[k])));
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx6(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 1027 "<stdout>"
    }
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
STRADS__GLUE static void strads__tls_init6(void *strads__vt, const void *strads__ve)
{
    struct strads__tls6 *t = strads__vt;
    const struct strads__env6 *e = strads__ve;
    t->pos = 0;
    (void)t;
    (void)e;
}
STRADS__GLUE static void strads__tls_fold6(void *strads__va, const void *strads__vt)
{
    struct strads__tls6 *a = strads__va;
    const struct strads__tls6 *t = strads__vt;
    a->pos += t->pos;
    (void)a;
    (void)t;
}
STRADS__GLUE static void strads__publish6(void *strads__ve, const void *strads__va)
{
    struct strads__env6 *e = strads__ve;
    const struct strads__tls6 *a = strads__va;
    *e->strads__p_pos += a->pos;
    (void)a;
    (void)e;
}
static const strads_field strads__tfd6[] = {
    {STRADS_FIELD(struct strads__tls6, pos), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
#define STRADS__NTFD6 ((int)(sizeof strads__tfd6 / sizeof *strads__tfd6))
STRADS__GLUE static int strads__tls_pack6(struct msgpack_packer *pk, const void *t)
{
    return strads_fields_pack(pk, t, strads__tfd6, STRADS__NTFD6);
}
STRADS__GLUE static int strads__tls_unpack6(const struct msgpack_object *o, void *t)
{
    return strads_fields_unpack(o, t, strads__tfd6, STRADS__NTFD6);
}
static const strads_field strads__efd6[] = {
    {STRADS_FIELD(struct strads__env6, strads__dyn.minibatch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env6, strads__dyn.threads), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env6, strads__dyn.sync.kind), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env6, strads__dyn.sync.a), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env6, strads__dyn.sync.b), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env6, strads__dyn.sync.has_b), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env6, W), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env6, H), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env6, m), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env6, pos), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site6 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "recon_range_only.c",
    .line = 87,
    .col = 1,
    .id = UINT64_C(0xc429e0290aafa3d2), /* FNV-1a of "recon_range_only.c:87:1" */
    .env_size = sizeof(struct strads__env6),
    .tls_size = sizeof(struct strads__tls6),
    .body = strads__body6,
    .recon = strads__recon6,
    .tls_init = strads__tls_init6,
    .tls_fold = strads__tls_fold6,
    .publish = strads__publish6,
    .tls_pack = strads__tls_pack6,
    .tls_unpack = strads__tls_unpack6,
    .env_fields = strads__efd6,
    .nenv_fields = (int)(sizeof strads__efd6 / sizeof *strads__efd6),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 0,
};
static const strads_loop_site *const strads__reg6
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site6;
static void strads__body7(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env7 *strads__e = strads__ve;
    struct strads__tls7 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(strads__t->pos) pos = strads__t->pos;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
#line 98 "recon_range_only.c"
                                    { /* not paired: w moves to another row between */
            float *w = &W[u % 100 * K], *h = &H[u * 13 % m * K];
            float g = 0;
            for (int k = 0; k < K; k++)
                g += w[k] * h[k];
            w = &W[(u + 1) % 100 * K];
            pos += g >= 0;
            for (int k = 0; k < K; k++)
                w[k] += h[k];
        }
#line 1134 "<stdout>"
    }
    strads__t->pos = pos;
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
STRADS__GLUE static void strads__reconx7(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env7 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(long) pos = strads__e->pos;
    (void)pos;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        /* recon_range_only.c:98 */
                                    do { /* not paired: w moves to another row between */
            float *w = &W[u % 100 * K], *h = &H[__extension__({ __auto_type strads__da29 = (u * 13); __auto_type strads__db29 = (m); __typeof__(strads__da29 % strads__db29) strads__x29 = strads__da29, strads__y29 = strads__db29; strads__y29 == 0 ? (__typeof__(strads__x29))0 : (__typeof__(strads__x29))-1 < (__typeof__(strads__x29))1 && strads__y29 == (__typeof__(strads__x29))-1 ? (__typeof__(strads__x29))0 : strads__x29 % strads__y29; }) * K];
            float g = 0;
            for (int k = 0; k < K; k++)
                g += STRADS__RD(w[k]) * STRADS__RD(h[k]);
            w = &W[(u + 1) % 100 * K];
            ((void)(g >= 0));
            for (int k = 0; k < K; k++)
                (void)__extension__({ __auto_type strads__p30 = &(w[k]); __typeof__(*strads__p30) strads__v30 = *(__typeof__(*strads__p30) *)strads_recon_rd(strads__rc, strads__p30, sizeof *strads__p30) + (STRADS__RD(h[k])); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p30, &strads__v30, sizeof strads__v30); strads__v30; });
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 1180 "<stdout>"
    }
}
STRADS__RECON static void strads__recon7(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env7 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(long) pos = strads__e->pos;
    (void)pos;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        strads_recon_iter(strads__rc, (int64_t)u);
        /* recon_range_only.c:98 */
                                    do { /* not paired: w moves to another row between */
            float *w = &W[u % 100 * K], *h = &H[__extension__({ __auto_type strads__da26 = (u * 13); __auto_type strads__db26 = (m); __typeof__(strads__da26 % strads__db26) strads__x26 = strads__da26, strads__y26 = strads__db26; strads__y26 == 0 ? (__typeof__(strads__x26))0 : (__typeof__(strads__x26))-1 < (__typeof__(strads__x26))1 && strads__y26 == (__typeof__(strads__x26))-1 ? (__typeof__(strads__x26))0 : strads__x26 % strads__y26; }) * K];
            float g = 0;
            for (int k = __extension__({ int64_t strads__l27 = (int64_t)(0), strads__h27 = (int64_t)(K); if (strads__h27 > strads__l27) { strads_recon_rdr_only(strads__rc, &(w)[strads__l27], (size_t)(strads__h27 - strads__l27) * sizeof *(w)); strads_recon_rdr_only(strads__rc, &(h)[strads__l27], (size_t)(strads__h27 - strads__l27) * sizeof *(h)); } (0); }); k < K; k++)
                ((void)sizeof(+(w[k] * h[k])));
            w = &W[(u + 1) % 100 * K];
            ((void)(g >= 0));
            for (int k = __extension__({ int64_t strads__l28 = (int64_t)(0), strads__h28 = (int64_t)(K); if (strads__h28 > strads__l28) { strads_recon_rw_range(strads__rc, &(w)[strads__l28], (size_t)(strads__h28 - strads__l28) * sizeof *(w), 1); strads_recon_rdr_only(strads__rc, &(h)[strads__l28], (size_t)(strads__h28 - strads__l28) * sizeof *(h)); } (0); }); k < K; k++)
                ((void)sizeof(+(h[k])));
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx7(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 1212 "<stdout>"
    }
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
STRADS__GLUE static void strads__tls_init7(void *strads__vt, const void *strads__ve)
{
    struct strads__tls7 *t = strads__vt;
    const struct strads__env7 *e = strads__ve;
    t->pos = 0;
    (void)t;
    (void)e;
}
STRADS__GLUE static void strads__tls_fold7(void *strads__va, const void *strads__vt)
{
    struct strads__tls7 *a = strads__va;
    const struct strads__tls7 *t = strads__vt;
    a->pos += t->pos;
    (void)a;
    (void)t;
}
STRADS__GLUE static void strads__publish7(void *strads__ve, const void *strads__va)
{
    struct strads__env7 *e = strads__ve;
    const struct strads__tls7 *a = strads__va;
    *e->strads__p_pos += a->pos;
    (void)a;
    (void)e;
}
static const strads_field strads__tfd7[] = {
    {STRADS_FIELD(struct strads__tls7, pos), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
#define STRADS__NTFD7 ((int)(sizeof strads__tfd7 / sizeof *strads__tfd7))
STRADS__GLUE static int strads__tls_pack7(struct msgpack_packer *pk, const void *t)
{
    return strads_fields_pack(pk, t, strads__tfd7, STRADS__NTFD7);
}
STRADS__GLUE static int strads__tls_unpack7(const struct msgpack_object *o, void *t)
{
    return strads_fields_unpack(o, t, strads__tfd7, STRADS__NTFD7);
}
static const strads_field strads__efd7[] = {
    {STRADS_FIELD(struct strads__env7, strads__dyn.minibatch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env7, strads__dyn.threads), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env7, strads__dyn.sync.kind), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env7, strads__dyn.sync.a), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env7, strads__dyn.sync.b), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env7, strads__dyn.sync.has_b), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env7, W), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env7, H), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env7, m), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env7, pos), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site7 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "recon_range_only.c",
    .line = 97,
    .col = 1,
    .id = UINT64_C(0x466aec31e15c3df7), /* FNV-1a of "recon_range_only.c:97:1" */
    .env_size = sizeof(struct strads__env7),
    .tls_size = sizeof(struct strads__tls7),
    .body = strads__body7,
    .recon = strads__recon7,
    .tls_init = strads__tls_init7,
    .tls_fold = strads__tls_fold7,
    .publish = strads__publish7,
    .tls_pack = strads__tls_pack7,
    .tls_unpack = strads__tls_unpack7,
    .env_fields = strads__efd7,
    .nenv_fields = (int)(sizeof strads__efd7 / sizeof *strads__efd7),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 0,
};
static const strads_loop_site *const strads__reg7
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site7;
static void strads__body8(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env8 *strads__e = strads__ve;
    struct strads__tls8 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(strads__t->pos) pos = strads__t->pos;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
#line 109 "recon_range_only.c"
                                    { /* not paired: the update may not run */
            float *w = &W[u % 100 * K], *h = &H[u * 17 % m * K];
            float g = 0;
            for (int k = 0; k < K; k++)
                g += w[k] * h[k];
            pos += g >= 0;
            if (u % 3 == 0)
                continue;
            for (int k = 0; k < K; k++)
                w[k] += h[k];
        }
#line 1320 "<stdout>"
    }
    strads__t->pos = pos;
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
STRADS__GLUE static void strads__reconx8(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env8 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(long) pos = strads__e->pos;
    (void)pos;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        /* recon_range_only.c:109 */
                                    do { /* not paired: the update may not run */
            float *w = &W[u % 100 * K], *h = &H[__extension__({ __auto_type strads__da34 = (u * 17); __auto_type strads__db34 = (m); __typeof__(strads__da34 % strads__db34) strads__x34 = strads__da34, strads__y34 = strads__db34; strads__y34 == 0 ? (__typeof__(strads__x34))0 : (__typeof__(strads__x34))-1 < (__typeof__(strads__x34))1 && strads__y34 == (__typeof__(strads__x34))-1 ? (__typeof__(strads__x34))0 : strads__x34 % strads__y34; }) * K];
            float g = 0;
            for (int k = 0; k < K; k++)
                g += STRADS__RD(w[k]) * STRADS__RD(h[k]);
            ((void)(g >= 0));
            if (u % 3 == 0)
                continue;
            for (int k = 0; k < K; k++)
                (void)__extension__({ __auto_type strads__p35 = &(w[k]); __typeof__(*strads__p35) strads__v35 = *(__typeof__(*strads__p35) *)strads_recon_rd(strads__rc, strads__p35, sizeof *strads__p35) + (STRADS__RD(h[k])); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p35, &strads__v35, sizeof strads__v35); strads__v35; });
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 1367 "<stdout>"
    }
}
STRADS__RECON static void strads__recon8(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env8 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(long) pos = strads__e->pos;
    (void)pos;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        strads_recon_iter(strads__rc, (int64_t)u);
        /* recon_range_only.c:109 */
                                    do { /* not paired: the update may not run */
            float *w = &W[u % 100 * K], *h = &H[__extension__({ __auto_type strads__da31 = (u * 17); __auto_type strads__db31 = (m); __typeof__(strads__da31 % strads__db31) strads__x31 = strads__da31, strads__y31 = strads__db31; strads__y31 == 0 ? (__typeof__(strads__x31))0 : (__typeof__(strads__x31))-1 < (__typeof__(strads__x31))1 && strads__y31 == (__typeof__(strads__x31))-1 ? (__typeof__(strads__x31))0 : strads__x31 % strads__y31; }) * K];
            float g = 0;
            for (int k = __extension__({ int64_t strads__l32 = (int64_t)(0), strads__h32 = (int64_t)(K); if (strads__h32 > strads__l32) { strads_recon_rdr_only(strads__rc, &(w)[strads__l32], (size_t)(strads__h32 - strads__l32) * sizeof *(w)); strads_recon_rdr_only(strads__rc, &(h)[strads__l32], (size_t)(strads__h32 - strads__l32) * sizeof *(h)); } (0); }); k < K; k++)
                ((void)sizeof(+(w[k] * h[k])));
            ((void)(g >= 0));
            if (u % 3 == 0)
                continue;
            for (int k = __extension__({ int64_t strads__l33 = (int64_t)(0), strads__h33 = (int64_t)(K); if (strads__h33 > strads__l33) { strads_recon_rw_range(strads__rc, &(w)[strads__l33], (size_t)(strads__h33 - strads__l33) * sizeof *(w), 1); strads_recon_rdr_only(strads__rc, &(h)[strads__l33], (size_t)(strads__h33 - strads__l33) * sizeof *(h)); } (0); }); k < K; k++)
                ((void)sizeof(+(h[k])));
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx8(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 1400 "<stdout>"
    }
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
STRADS__GLUE static void strads__tls_init8(void *strads__vt, const void *strads__ve)
{
    struct strads__tls8 *t = strads__vt;
    const struct strads__env8 *e = strads__ve;
    t->pos = 0;
    (void)t;
    (void)e;
}
STRADS__GLUE static void strads__tls_fold8(void *strads__va, const void *strads__vt)
{
    struct strads__tls8 *a = strads__va;
    const struct strads__tls8 *t = strads__vt;
    a->pos += t->pos;
    (void)a;
    (void)t;
}
STRADS__GLUE static void strads__publish8(void *strads__ve, const void *strads__va)
{
    struct strads__env8 *e = strads__ve;
    const struct strads__tls8 *a = strads__va;
    *e->strads__p_pos += a->pos;
    (void)a;
    (void)e;
}
static const strads_field strads__tfd8[] = {
    {STRADS_FIELD(struct strads__tls8, pos), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
#define STRADS__NTFD8 ((int)(sizeof strads__tfd8 / sizeof *strads__tfd8))
STRADS__GLUE static int strads__tls_pack8(struct msgpack_packer *pk, const void *t)
{
    return strads_fields_pack(pk, t, strads__tfd8, STRADS__NTFD8);
}
STRADS__GLUE static int strads__tls_unpack8(const struct msgpack_object *o, void *t)
{
    return strads_fields_unpack(o, t, strads__tfd8, STRADS__NTFD8);
}
static const strads_field strads__efd8[] = {
    {STRADS_FIELD(struct strads__env8, strads__dyn.minibatch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env8, strads__dyn.threads), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env8, strads__dyn.sync.kind), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env8, strads__dyn.sync.a), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env8, strads__dyn.sync.b), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env8, strads__dyn.sync.has_b), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env8, W), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env8, H), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env8, m), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env8, pos), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site8 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "recon_range_only.c",
    .line = 108,
    .col = 1,
    .id = UINT64_C(0x51dc5264e64a6e94), /* FNV-1a of "recon_range_only.c:108:1" */
    .env_size = sizeof(struct strads__env8),
    .tls_size = sizeof(struct strads__tls8),
    .body = strads__body8,
    .recon = strads__recon8,
    .tls_init = strads__tls_init8,
    .tls_fold = strads__tls_fold8,
    .publish = strads__publish8,
    .tls_pack = strads__tls_pack8,
    .tls_unpack = strads__tls_unpack8,
    .env_fields = strads__efd8,
    .nenv_fields = (int)(sizeof strads__efd8 / sizeof *strads__efd8),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 0,
};
static const strads_loop_site *const strads__reg8
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site8;
static void strads__body9(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env9 *strads__e = strads__ve;
    struct strads__tls9 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(int *) IDX = strads__e->IDX;
    (void)IDX;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
#line 121 "recon_range_only.c"
                                    { /* not only: an index read in the loop picks H's element */
            int *idx = &IDX[u * K];
            IDX[u * K] = (u * 5 + 1) % m; /* dropped: read back through idx */
            float *w = &W[u * K];
            for (int k = 0; k < K; k++)
                w[k] += 0.001f * H[idx[k] * K];
        }
#line 1505 "<stdout>"
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
STRADS__GLUE static void strads__reconx9(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env9 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(int *) IDX = strads__e->IDX;
    (void)IDX;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        /* recon_range_only.c:121 */
                                    do { /* not only: an index read in the loop picks H's element */
            int *idx = &IDX[u * K];
            (void)__extension__({ __auto_type strads__p40 = &(IDX[u * K]); __typeof__(*strads__p40) strads__v40 = (__extension__({ __auto_type strads__da39 = ((u * 5 + 1)); __auto_type strads__db39 = (m); __typeof__(strads__da39 % strads__db39) strads__x39 = strads__da39, strads__y39 = strads__db39; strads__y39 == 0 ? (__typeof__(strads__x39))0 : (__typeof__(strads__x39))-1 < (__typeof__(strads__x39))1 && strads__y39 == (__typeof__(strads__x39))-1 ? (__typeof__(strads__x39))0 : strads__x39 % strads__y39; })); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p40, &strads__v40, sizeof strads__v40); strads__v40; }); /* dropped: read back through idx */
            float *w = &W[u * K];
            for (int k = 0; k < K; k++)
                (void)__extension__({ __auto_type strads__p41 = &(w[k]); __typeof__(*strads__p41) strads__v41 = *(__typeof__(*strads__p41) *)strads_recon_rd(strads__rc, strads__p41, sizeof *strads__p41) + (0.001f * STRADS__RD(H[STRADS__RD(idx[k]) * K])); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p41, &strads__v41, sizeof strads__v41); strads__v41; });
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 1547 "<stdout>"
    }
}
STRADS__RECON static void strads__recon9(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env9 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(int *) IDX = strads__e->IDX;
    (void)IDX;
    __typeof__(int) m = strads__e->m;
    (void)m;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    __typeof__(float *) H = strads__e->H;
    (void)H;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        strads_recon_iter(strads__rc, (int64_t)u);
        /* recon_range_only.c:121 */
                                    do { /* not only: an index read in the loop picks H's element */
            int *idx = &IDX[u * K];
            __extension__({ __auto_type strads__p37 = &(IDX[u * K]); (void)(__extension__({ __auto_type strads__da36 = ((u * 5 + 1)); __auto_type strads__db36 = (m); __typeof__(strads__da36 % strads__db36) strads__x36 = strads__da36, strads__y36 = strads__db36; strads__y36 == 0 ? (__typeof__(strads__x36))0 : (__typeof__(strads__x36))-1 < (__typeof__(strads__x36))1 && strads__y36 == (__typeof__(strads__x36))-1 ? (__typeof__(strads__x36))0 : strads__x36 % strads__y36; })); strads_recon_rwr(strads__rc, strads__p37, sizeof *strads__p37, 0); }); /* dropped: read back through idx */
            float *w = &W[u * K];
            for (int k = __extension__({ int64_t strads__l38 = (int64_t)(0), strads__h38 = (int64_t)(K); if (strads__h38 > strads__l38) { strads_recon_rwr(strads__rc, &(w)[strads__l38], (size_t)(strads__h38 - strads__l38) * sizeof *(w), 1); strads_recon_rdr(strads__rc, &(idx)[strads__l38], (size_t)(strads__h38 - strads__l38) * sizeof *(idx)); } (0); }); k < K; k++)
                ((void)(0.001f * STRADS__RD(H[idx[k] * K])));
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx9(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 1576 "<stdout>"
    }
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
static const strads_field strads__efd9[] = {
    {STRADS_FIELD(struct strads__env9, strads__dyn.minibatch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env9, strads__dyn.threads), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env9, strads__dyn.sync.kind), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env9, strads__dyn.sync.a), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env9, strads__dyn.sync.b), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env9, strads__dyn.sync.has_b), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env9, IDX), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env9, m), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env9, W), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env9, H), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_NO},
};
static const strads_loop_site strads__site9 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "recon_range_only.c",
    .line = 120,
    .col = 1,
    .id = UINT64_C(0xec08ea7656bbf33a), /* FNV-1a of "recon_range_only.c:120:1" */
    .env_size = sizeof(struct strads__env9),
    .tls_size = 0,
    .body = strads__body9,
    .recon = strads__recon9,
    .env_fields = strads__efd9,
    .nenv_fields = (int)(sizeof strads__efd9 / sizeof *strads__efd9),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 126,
    .values_others = 126,
};
static const strads_loop_site *const strads__reg9
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site9;
static inline __attribute__((__always_inline__)) void strads__loop10(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi);
static void strads__body10(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
#ifdef __OPTIMIZE__
    if (!strads__idx)
        strads__loop10(strads__ve, strads__vt, (const int64_t *)0, strads__lo, strads__hi);
    else
#endif
        strads__loop10(strads__ve, strads__vt, strads__idx, strads__lo, strads__hi);
}
static inline __attribute__((__always_inline__)) void strads__loop10(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env10 *strads__e = strads__ve;
    struct strads__tls10 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
#line 129 "recon_range_only.c"
                                    { /* a body that reads errno keeps its math calls */
            float *w = &W[u * K];
            errno = 0;
            (void)logf(w[0] - 1000.0f);
            if (errno == EDOM)
                w[1] += 0.01f;
        }
#line 1645 "<stdout>"
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
STRADS__GLUE static void strads__reconx10(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env10 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        /* recon_range_only.c:129 */
                                    do { /* a body that reads errno keeps its math calls */
            float *w = &W[u * K];
            errno = 0;
            (void)logf(STRADS__RD(w[0]) - 1000.0f);
            if (errno == EDOM)
                (void)__extension__({ __auto_type strads__p43 = &(w[1]); __typeof__(*strads__p43) strads__v43 = *(__typeof__(*strads__p43) *)strads_recon_rd(strads__rc, strads__p43, sizeof *strads__p43) + (0.01f); strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p43, &strads__v43, sizeof strads__v43); strads__v43; });
        } while (0);
        (void)strads_recon_again(strads__rc);
#line 1681 "<stdout>"
    }
}
STRADS__RECON static void strads__recon10(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env10 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(float *) W = strads__e->W;
    (void)W;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int u = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)u;
        strads_recon_iter(strads__rc, (int64_t)u);
        /* recon_range_only.c:129 */
                                    do { /* a body that reads errno keeps its math calls */
            float *w = &W[u * K];
            errno = 0;
            (void)logf(STRADS__RD(w[0]) - 1000.0f);
            if (errno == EDOM)
                __extension__({ __auto_type strads__p42 = &(w[1]); (void)sizeof(+(0.01f)); strads_recon_rwr(strads__rc, strads__p42, sizeof *strads__p42, 1); });
        } while (0);
        if (strads_recon_again(strads__rc))
            strads__reconx10(strads__ve, strads__rc, strads__idx, strads__k, strads__k + 1);
#line 1704 "<stdout>"
    }
}
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
static const strads_field strads__efd10[] = {
    {STRADS_FIELD(struct strads__env10, strads__dyn.minibatch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env10, strads__dyn.threads), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env10, strads__dyn.sync.kind), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env10, strads__dyn.sync.a), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env10, strads__dyn.sync.b), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env10, strads__dyn.sync.has_b), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env10, W), STRADS_F_PTR, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_site strads__site10 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "recon_range_only.c",
    .line = 128,
    .col = 1,
    .id = UINT64_C(0x3264a2767ee2e562), /* FNV-1a of "recon_range_only.c:128:1" */
    .env_size = sizeof(struct strads__env10),
    .tls_size = 0,
    .body = strads__body10,
    .recon = strads__recon10,
    .env_fields = strads__efd10,
    .nenv_fields = (int)(sizeof strads__efd10 / sizeof *strads__efd10),
    .recon_on = 1,
    .calls_out = 0,
    .values_steer = 0,
};
static const strads_loop_site *const strads__reg10
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site10;
#line 148 "recon_range_only.c"
#line 1741 "<stdout>"
static __typeof__(shrink) strads__rh0 STRADS__RECON;
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
static float strads__rh0(float x) { strads_recon *strads__rc = strads__rct; (void)strads__rc; return x * 0.9f; }
#ifdef STRADS__ASSERT_PUSHED
#pragma GCC diagnostic pop
#pragma pop_macro("assert")
#undef STRADS__ASSERT_PUSHED
#endif
#line 1764 "<stdout>"
static int strads__main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return strads_user_main();
}
STRADS_MAIN(strads__main)
