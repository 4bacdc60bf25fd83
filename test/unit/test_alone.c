/*
 * Whether a loop's calls run alone on the driver (engine/loop_alone.c),
 * driven with made-up timings: a first call that finishes in time rents,
 * renting ends in a shared trial and the faster way stays; and a range new
 * to a site starts where the site's latest range is (rt_alone_inherit),
 * its times scaled by the iterations, with no records of its own yet (an
 * elimination's j = k + 1 .. n is a new range at every call: each had
 * been probed, planned and shared anew).
 */
#include <stdlib.h>

#include "check.h"
#include "engine/loop.h"

static const strads_loop_site site = {.abi = STRADS_ABI_VERSION, .kind = STRADS_SYNC_FOR,
                                      .file = "test_alone.c", .line = 1, .id = 42};

static void call(rt_alone *a, double took, bool planned)
{
    rt_call_how how = rt_alone_next(a, true);
    rt_alone_after(a, "sync_for", &site, 2, how, took, how == RT_CALL_SHARED ? 0 : 1, planned);
}

int main(void)
{
    setenv("STRADS_TRY_ALONE", "1", 1); /* the suite shares every call */
    rt_alone a = {0};
    CHECK_INT(rt_alone_next(&a, true), ==, RT_CALL_PROBE);
    CHECK_INT(rt_alone_next(&a, false), ==, RT_CALL_SHARED); /* not the same: never alone */
    call(&a, 0.001, false);                                   /* finished in time: rent */
    CHECK_INT(rt_alone_next(&a, true), ==, RT_CALL_ALONE);
    int calls = 0;
    while (rt_alone_next(&a, true) == RT_CALL_ALONE && calls < 1000) call(&a, 0.001, false), calls++;
    CHECK(calls > 1 && calls < 1000); /* the rent runs out: a shared trial */
    call(&a, 0.050, true);             /* planned: not yet a measure */
    CHECK_INT(rt_alone_next(&a, true), ==, RT_CALL_SHARED);
    call(&a, 0.010, false); /* ten times the call alone: alone stays */
    CHECK_INT(rt_alone_next(&a, true), ==, RT_CALL_ALONE);

    /* a new range twice as long: alone at once, its times doubled, its
     * records not yet made */
    rt_alone b;
    rt_alone_inherit(&b, &a, 2.0);
    CHECK_INT(rt_alone_next(&b, true), ==, RT_CALL_ALONE);
    CHECK(b.fast_s > 0.0019 && b.fast_s < 0.0021);
    CHECK_INT(b.shared_ever, ==, 0);
    /* ... that grew past a short call alone: shared again */
    call(&b, 2 * RT_LONG_ALONE_S, false);
    CHECK_INT(rt_alone_next(&b, true), ==, RT_CALL_SHARED);

    /* a site whose first call did not finish in time: shared; a new range
     * of it is shared at once, and a slow shared call (records and plan at
     * every range) against the probe's estimate is timed alone */
    rt_alone c = {0};
    call(&c, RT_SHORT_CALL_S, false);
    c.est_s = 0.03; /* as the probe's rate said; 0.5 of it ran */
    CHECK_INT(rt_alone_next(&c, true), ==, RT_CALL_SHARED);
    call(&c, 1.0, true);
    rt_alone d;
    rt_alone_inherit(&d, &c, 0.9);
    CHECK_INT(rt_alone_next(&d, true), ==, RT_CALL_SHARED);
    call(&d, 0.9, true);
    CHECK_INT(rt_alone_next(&d, true), ==, RT_CALL_ALONE); /* timed */
    call(&d, 0.03, false);
    CHECK_INT(rt_alone_next(&d, true), ==, RT_CALL_ALONE); /* and kept */

    /* a first shared call projected to cost more than a call alone: the
     * calls are rented until they have taken that (long calls included),
     * then a shared trial; kept alone after it, a call grown past a short
     * one alone is shared again, as without a price */
    rt_alone e = {0};
    call(&e, 0.010, false);
    CHECK(rt_alone_rent_first(&e, "async_for", &site, 0.5));
    CHECK(!rt_alone_rent_first(&e, "async_for", &site, 0.5)); /* once */
    calls = 0;
    while (rt_alone_next(&e, true) == RT_CALL_ALONE && calls < 1000) call(&e, 0.2, false), calls++;
    /* long calls (over RT_LONG_ALONE_S) kept alone: 0.01 + 5 x 0.2 s against
     * the price, or four calls and a short call's limit (0.82 s) */
    CHECK_INT(calls, ==, 5);
    call(&e, 0.6, true);
    call(&e, 0.3, false); /* slower than alone: alone stays */
    CHECK_INT(rt_alone_next(&e, true), ==, RT_CALL_ALONE);
    call(&e, 2 * RT_LONG_ALONE_S + 0.5, false);
    CHECK_INT(rt_alone_next(&e, true), ==, RT_CALL_SHARED);
    /* cheaper than a call alone: shared now */
    rt_alone f = {0};
    call(&f, 0.010, false);
    CHECK(!rt_alone_rent_first(&f, "async_for", &site, 0.005));

    /* shared for good on a probe's estimate: every 16th shared call under
     * RT_LONG_ALONE_S, one runs alone, and the faster way stays */
    rt_alone g = {0};
    /* the probe ran a fifth in 16 ms: a cold estimate of 0.08 s, above the
     * shared calls */
    rt_alone_after(&g, "sync_for", &site, 2, RT_CALL_PROBE, 0.016, 0.2, false);
    for (calls = 0; calls < 15; calls++) call(&g, 0.05, calls == 0);
    CHECK_INT(rt_alone_next(&g, true), ==, RT_CALL_SHARED);
    call(&g, 0.05, false); /* the 16th */
    CHECK_INT(rt_alone_next(&g, true), ==, RT_CALL_ALONE);
    call(&g, 0.02, false); /* faster alone: alone stays */
    CHECK_INT(rt_alone_next(&g, true), ==, RT_CALL_ALONE);
    CHECK_DONE();
    return 0;
}
