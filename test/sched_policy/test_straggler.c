/*
 * Controlled stragglers: STRADS_SLOW static, periodic and step patterns give
 * the documented factor at each time; every malformed spec is refused with
 * STRADS_ECONFIG and a message naming the bad token.
 */
#include <stdio.h>

#include "check.h"
#include "scheduler/policy.h"
#include "strads.h"

static void bad(const char *spec, int size, const char *needle)
{
    sched_slow *s = (sched_slow *)1;
    char err[200];
    int rc = sched_slow_parse(spec, size, &s, err, sizeof err);
    if (rc != STRADS_ECONFIG) CHECK_FAIL("\"%s\" accepted (rc %d)", spec, rc);
    CHECK(s == NULL);
    if (!strstr(err, needle)) CHECK_FAIL("\"%s\": message \"%s\" lacks \"%s\"", spec, err, needle);
    CHECK(strstr(err, "STRADS_SLOW") != NULL);
}

int main(void)
{
    sched_slow *s;
    char err[200];
    CHECK_OK(sched_slow_parse("1:2, 3:1.5", 4, &s, err, sizeof err));
    CHECK_DBL(sched_slow_factor(s, 1, 0), 2, 0);
    CHECK_DBL(sched_slow_factor(s, 1, 1e6), 2, 0);
    CHECK_DBL(sched_slow_factor(s, 3, 5), 1.5, 0);
    CHECK_DBL(sched_slow_factor(s, 0, 5), 1, 0);
    CHECK_DBL(sched_slow_factor(s, 2, 5), 1, 0);
    sched_slow_free(s);

    /* periodic: 3x for 10 s, normal for 5 s, repeating; OFF defaults to ON */
    CHECK_OK(sched_slow_parse("2:3@10/5,0:2@4", 0, &s, err, sizeof err));
    CHECK_DBL(sched_slow_factor(s, 2, 0), 3, 0);
    CHECK_DBL(sched_slow_factor(s, 2, 9.99), 3, 0);
    CHECK_DBL(sched_slow_factor(s, 2, 10), 1, 0);
    CHECK_DBL(sched_slow_factor(s, 2, 14.9), 1, 0);
    CHECK_DBL(sched_slow_factor(s, 2, 15), 3, 0);
    CHECK_DBL(sched_slow_factor(s, 2, 26), 1, 0);
    CHECK_DBL(sched_slow_factor(s, 0, 3), 2, 0);
    CHECK_DBL(sched_slow_factor(s, 0, 5), 1, 0);
    CHECK_DBL(sched_slow_factor(s, 0, 8.5), 2, 0);
    CHECK_DBL(sched_slow_factor(s, 0, -1), 2, 0); /* before the start: as at 0 */
    sched_slow_free(s);

    /* steps: 1 until 30 s, 2.5 until 60 s, then 1.2 */
    CHECK_OK(sched_slow_parse("1:1/30=2.5/60=1.2", 2, &s, err, sizeof err));
    CHECK_DBL(sched_slow_factor(s, 1, 0), 1, 0);
    CHECK_DBL(sched_slow_factor(s, 1, 29.9), 1, 0);
    CHECK_DBL(sched_slow_factor(s, 1, 30), 2.5, 0);
    CHECK_DBL(sched_slow_factor(s, 1, 59), 2.5, 0);
    CHECK_DBL(sched_slow_factor(s, 1, 600), 1.2, 0);
    sched_slow_free(s);

    /* nothing set */
    CHECK_OK(sched_slow_parse(NULL, 4, &s, err, sizeof err));
    CHECK_DBL(sched_slow_factor(s, 1, 1), 1, 0);
    sched_slow_free(s);
    CHECK_OK(sched_slow_parse("", 4, &s, err, sizeof err));
    CHECK_DBL(sched_slow_factor(s, 0, 1), 1, 0);
    sched_slow_free(s);
    CHECK_DBL(sched_slow_factor(NULL, 0, 1), 1, 0);

    bad("1", 4, "\"1\"");
    bad("x:2", 4, "bad rank \"x\"");
    bad("-1:2", 4, "bad rank \"-1\"");
    bad("1.5:2", 4, "bad rank \"1.5\"");
    bad("1:", 4, "bad factor \"\"");
    bad("1:fast", 4, "bad factor \"fast\"");
    bad("1:0.5", 4, "bad factor \"0.5\"");
    bad("1:nan", 4, "bad factor \"nan\"");
    bad("1:2x", 4, "bad factor \"2x\"");
    bad("4:2", 4, "rank 4");
    bad("1:2,1:3", 4, "rank 1 is given twice");
    bad("1:2,,2:3", 4, "empty entry");
    bad("1:2,", 4, "empty entry");
    bad("1:2@0", 4, "bad period \"0\"");
    bad("1:2@x/3", 4, "bad period \"x\"");
    bad("1:2@3/-1", 4, "bad off period \"-1\"");
    bad("1:z@3", 4, "bad factor \"z\"");
    bad("1:2/10", 4, "step \"10\"");
    bad("1:2/10=3/5=2", 4, "bad step time \"5\"");
    bad("1:2/0=3", 4, "bad step time \"0\"");
    bad("1:2/10=0.1", 4, "bad factor \"0.1\"");
    bad("1:2/", 4, "step \"\"");
    CHECK_DONE();
    return 0;
}
