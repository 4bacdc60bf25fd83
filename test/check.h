/*
 * test/check.h - typed assertion macros for the test programs.
 *
 * Each prints both sides and the location on failure and exits non-zero, so
 * ctest counts the test as failed; CHECK_DONE prints how many checks ran, so
 * a test that asserted nothing is visible.
 */
#ifndef STRADS_CHECK_H
#define STRADS_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strads.h"

static long check_count;

#define CHECK_FAIL(...)                                                     \
    do {                                                                    \
        fprintf(stderr, "%s:%d: check failed: ", __FILE__, __LINE__);       \
        fprintf(stderr, __VA_ARGS__);                                       \
        fputc('\n', stderr);                                                \
        exit(1);                                                            \
    } while (0)

#define CHECK(cond)                                                         \
    do {                                                                    \
        check_count++;                                                      \
        if (!(cond)) CHECK_FAIL("%s", #cond);                               \
    } while (0)

#define CHECK_INT(a, op, b)                                                 \
    do {                                                                    \
        check_count++;                                                      \
        long long a_ = (long long)(a), b_ = (long long)(b);                 \
        if (!(a_ op b_))                                                    \
            CHECK_FAIL("%s %s %s (%lld vs %lld)", #a, #op, #b, a_, b_);     \
    } while (0)

#define CHECK_EQ(a, b) CHECK_INT(a, ==, b)

#define CHECK_DBL(a, b, tol)                                                \
    do {                                                                    \
        check_count++;                                                      \
        double a_ = (double)(a), b_ = (double)(b);                          \
        if (!(a_ - b_ <= (tol) && b_ - a_ <= (tol)))                        \
            CHECK_FAIL("%s ~ %s (%.17g vs %.17g, tol %g)", #a, #b, a_, b_,  \
                       (double)(tol));                                      \
    } while (0)

#define CHECK_STR(a, b)                                                     \
    do {                                                                    \
        check_count++;                                                      \
        const char *a_ = (a), *b_ = (b);                                    \
        if (!a_ || !b_ || strcmp(a_, b_) != 0)                              \
            CHECK_FAIL("%s == %s (\"%s\" vs \"%s\")", #a, #b,               \
                       a_ ? a_ : "(null)", b_ ? b_ : "(null)");             \
    } while (0)

#define CHECK_OK(expr)                                                      \
    do {                                                                    \
        check_count++;                                                      \
        int rc_ = (expr);                                                   \
        if (rc_ != 0) CHECK_FAIL("%s returned %d (%s)", #expr, rc_,         \
                                 strads_strerror(rc_));                     \
    } while (0)

/* A fixed xorshift64 sequence: the same draws on every run and machine. */
static uint64_t check_rng = 0x9E3779B97F4A7C15ull;
static inline uint64_t check_rand(void)
{
    check_rng ^= check_rng << 13;
    check_rng ^= check_rng >> 7;
    check_rng ^= check_rng << 17;
    return check_rng;
}

#define CHECK_DONE()                                                        \
    do {                                                                    \
        if (check_count == 0) CHECK_FAIL("no checks ran");                  \
        printf("%ld checks passed\n", check_count);                         \
    } while (0)

#endif
