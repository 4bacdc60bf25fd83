/*
 * History: rows read back as of any kept version, equal to a full copy of
 * the table taken at each commit; old versions are refused once dropped;
 * the copies held stay proportional to the rows written in the kept
 * versions, not to the table.
 */
#include <stdio.h>

#include "check.h"
#include "scheduler/policy.h"
#include "strads.h"

enum { ROWS = 500, DIM = 3, KEEP = 4, VERSIONS = 60 };

int main(void)
{
    check_rng = 12345; /* the draws this test was written with */
    static double snap[VERSIONS + 1][ROWS][DIM]; /* the oracle: full copies */
    for (int r = 0; r < ROWS; r++)
        for (int d = 0; d < DIM; d++) snap[0][r][d] = r * 10 + d;
    sched_hist *h;
    CHECK_OK(sched_hist_new(ROWS, sizeof snap[0][0], KEEP, snap[0], &h));
    CHECK_EQ(sched_hist_latest(h), 0);
    size_t written[VERSIONS + 1] = {0};
    for (int v = 1; v <= VERSIONS; v++) {
        memcpy(snap[v], snap[v - 1], sizeof snap[v]);
        int nw = (int)(check_rand() % 20);
        for (int k = 0; k < nw; k++) {
            int r = (int)(check_rand() % ROWS);
            if (k % 2) {
                double row[DIM] = {(double)v, (double)k, -1};
                CHECK_OK(sched_hist_write(h, (size_t)r, row));
                memcpy(snap[v][r], row, sizeof row);
            } else { /* in place, possibly twice in one version */
                void *p;
                CHECK_OK(sched_hist_row_mut(h, (size_t)r, &p));
                ((double *)p)[2] += 1;
                snap[v][r][2] += 1;
            }
        }
        uint64_t ver;
        CHECK_OK(sched_hist_commit(h, &ver));
        CHECK_EQ(ver, (uint64_t)v);
        /* count distinct rows written in v */
        static unsigned char seen[ROWS];
        memset(seen, 0, sizeof seen);
        for (int r = 0; r < ROWS; r++)
            for (int d = 0; d < DIM; d++)
                if (snap[v][r][d] != snap[v - 1][r][d]) seen[r] = 1;
        for (int r = 0; r < ROWS; r++) written[v] += seen[r];
        /* every kept version reads back exactly */
        uint64_t old = sched_hist_oldest(h);
        CHECK_EQ(old, (uint64_t)(v >= KEEP ? v - KEEP + 1 : 0));
        for (uint64_t u = old; u <= (uint64_t)v; u++)
            for (int r = 0; r < ROWS; r++) {
                const void *row;
                CHECK_OK(sched_hist_get(h, (size_t)r, u, &row));
                if (memcmp(row, snap[u][r], sizeof snap[u][r]) != 0)
                    CHECK_FAIL("row %d at version %llu (latest %d) differs", r,
                               (unsigned long long)u, v);
            }
        const void *row;
        if (old > 0) CHECK_EQ(sched_hist_get(h, 0, old - 1, &row), STRADS_ENOTFOUND);
        CHECK_EQ(sched_hist_get(h, 0, (uint64_t)v + 1, &row), STRADS_ENOTFOUND);
        /* memory: exactly the rows changed in the kept versions after the
         * oldest (whose copies fold into the base) */
        size_t expect = 0;
        for (uint64_t u = old + 1; u <= (uint64_t)v; u++) expect += written[u];
        CHECK_EQ(sched_hist_copies(h), expect);
    }
    printf("%zu row copies held for %d kept versions of %d rows\n", sched_hist_copies(h), KEEP,
           ROWS);
    CHECK_INT(sched_hist_copies(h), <, ROWS);
    CHECK_EQ(sched_hist_write(h, ROWS, snap[0][0]), STRADS_EINVAL);
    sched_hist_free(h);

    /* keep = 1: only the latest; zero-initialized base */
    CHECK_OK(sched_hist_new(4, sizeof(int), 1, NULL, &h));
    int x = 7;
    const void *p;
    CHECK_OK(sched_hist_write(h, 2, &x));
    CHECK_OK(sched_hist_get(h, 2, 0, &p)); /* uncommitted writes are invisible */
    CHECK_EQ(*(const int *)p, 0);
    CHECK_OK(sched_hist_commit(h, NULL));
    CHECK_OK(sched_hist_get(h, 2, 1, &p));
    CHECK_EQ(*(const int *)p, 7);
    CHECK_EQ(sched_hist_get(h, 2, 0, &p), STRADS_ENOTFOUND);
    CHECK_EQ(sched_hist_copies(h), 0); /* folded into the base */
    for (int i = 0; i < 10; i++) {
        x = i;
        CHECK_OK(sched_hist_write(h, 2, &x));
        CHECK_OK(sched_hist_commit(h, NULL));
    }
    CHECK_EQ(sched_hist_copies(h), 0);
    CHECK_OK(sched_hist_get(h, 2, 11, &p));
    CHECK_EQ(*(const int *)p, 9);
    sched_hist_free(h);
    CHECK_EQ(sched_hist_new(4, 4, 0, NULL, &h), STRADS_EINVAL);
    CHECK_DONE();
    return 0;
}
