/*
 * The planner: every iteration is planned exactly once, no two cells that run
 * at the same time conflict (checked element by element), groups keep the
 * original order, and the expected method is chosen for each access shape:
 * DSGD strata for SGD-MF emerge from the records alone.
 */
#include "check.h"
#include "scheduler/sched.h"

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void check_plan(const sched_records *rec, const sched_dv *dvs, int ndv, int nodes,
                       int threads, const char *node_method, const char *thread_method)
{
    sched_plan *p;
    CHECK_OK(sched_plan_build(rec, dvs, ndv, nodes, threads, &p));
    CHECK_EQ(p->n, rec->n);
    if (node_method) CHECK_STR(p->node_method, node_method);
    if (thread_method && threads > 1) CHECK_STR(p->thread_method, thread_method);
    /* each iteration exactly once */
    char *seen = calloc((size_t)rec->n + 1, 1);
    int64_t total = 0;
    for (int r = 0; r < p->rounds; r++)
        for (int n = 0; n < nodes; n++)
            for (int s = 0; s < p->subrounds; s++)
                for (int t = 0; t < threads; t++) {
                    sched_cell *c = sched_cell_at(p, r, n, s, t);
                    int64_t prev = -1;
                    for (int64_t i = c->start; i < c->start + c->len; i++) {
                        int64_t it = p->order[i] - rec->first;
                        CHECK(it >= 0 && it < rec->n);
                        CHECK(!seen[it]);
                        seen[it] = 1;
                        CHECK(it > prev); /* original order within a cell */
                        prev = it;
                        total++;
                    }
                }
    CHECK_EQ(total, rec->n);
    free(seen);
    char err[256];
    int rc = sched_plan_check(p, rec, err, sizeof err);
    if (rc) CHECK_FAIL("%s", err);
    sched_plan_free(p);
}

static void sgdmf(int nodes, int threads)
{
    sched_records r;
    sched_rec_init(&r, 100);
    int64_t M = 500, N = 300;
    for (int64_t i = 0; i < 20000; i++) {
        int64_t u = (int64_t)(rnd() % M), v = (int64_t)(rnd() % N);
        CHECK_OK(sched_rec_iter(&r, 100 + i));
        CHECK_OK(sched_rec_add(&r, 3, i, false)); /* the rating itself: read only */
        for (int k = 0; k < 8; k++) {               /* W[u][k], H[v][k] for every k */
            CHECK_OK(sched_rec_add(&r, 1, u, false));
            CHECK_OK(sched_rec_add(&r, 2, v, false));
            CHECK_OK(sched_rec_add(&r, 1, u, true));
            CHECK_OK(sched_rec_add(&r, 2, v, true));
        }
    }
    CHECK_OK(sched_rec_finish(&r));
    CHECK_EQ(r.nacc, 3 * 20000); /* merged per iteration */
    int64_t wb[5], hb[5];
    for (int k = 0; k <= nodes; k++) wb[k] = M * k / nodes, hb[k] = N * k / nodes;
    sched_dv dvs[3] = {{1, M, wb}, {2, N, hb}, {3, 20000, NULL}};
    check_plan(&r, dvs, 3, nodes, threads, nodes > 1 ? "strata" : "single", "strata");
    sched_plan *p;
    CHECK_OK(sched_plan_build(&r, dvs, 3, nodes, threads, &p));
    CHECK_EQ(p->rounds, nodes);
    CHECK_EQ(p->subrounds, threads);
    if (nodes > 1) CHECK(p->imbalance < 1.3); /* uniform data: balanced strata */
    sched_plan_free(p);
    sched_rec_free(&r);
}

static void random_access(int nodes, int threads)
{
    sched_records r;
    sched_rec_init(&r, 0);
    for (int64_t i = 0; i < 5000; i++) {
        CHECK_OK(sched_rec_iter(&r, i));
        for (int k = 0; k < 3; k++) CHECK_OK(sched_rec_add(&r, 7, (int64_t)(rnd() % 4096), k == 0));
        CHECK_OK(sched_rec_add(&r, 8, (int64_t)(rnd() % 100), false));
    }
    CHECK_OK(sched_rec_finish(&r));
    sched_dv dvs[1] = {{7, 4096, NULL}};
    check_plan(&r, dvs, 1, nodes, threads, NULL, NULL);
    sched_rec_free(&r);
}

static void read_only(void)
{
    sched_records r;
    sched_rec_init(&r, 0);
    for (int64_t i = 0; i < 1000; i++) {
        CHECK_OK(sched_rec_iter(&r, i));
        CHECK_OK(sched_rec_add(&r, 1, i % 17, false));
    }
    CHECK_OK(sched_rec_finish(&r));
    check_plan(&r, NULL, 0, 4, 2, "independent", "independent");
    sched_rec_free(&r);
}

static void all_conflict(void)
{
    /* Lasso with a shared residual: everything conflicts with everything. */
    sched_records r;
    sched_rec_init(&r, 0);
    for (int64_t j = 0; j < 300; j++) {
        CHECK_OK(sched_rec_iter(&r, j));
        CHECK_OK(sched_rec_add(&r, 1, j, true));
        for (int64_t e = 0; e < 50; e++) CHECK_OK(sched_rec_add(&r, 2, e, true));
    }
    CHECK_OK(sched_rec_finish(&r));
    check_plan(&r, NULL, 0, 2, 2, "groups", NULL);
    sched_rec_free(&r);
}

static void disjoint_rows(void)
{
    /* each iteration updates its own row: one array, one block each */
    sched_records r;
    sched_rec_init(&r, 0);
    for (int64_t i = 0; i < 4000; i++) {
        CHECK_OK(sched_rec_iter(&r, i));
        CHECK_OK(sched_rec_add(&r, 1, i, true));
    }
    CHECK_OK(sched_rec_finish(&r));
    sched_dv dvs[1] = {{1, 4000, NULL}};
    check_plan(&r, dvs, 1, 4, 2, "blocks", "blocks");
    sched_rec_free(&r);
}

static void checker_catches_conflicts(void)
{
    sched_records r;
    sched_rec_init(&r, 0);
    for (int64_t i = 0; i < 4; i++) {
        CHECK_OK(sched_rec_iter(&r, i));
        CHECK_OK(sched_rec_add(&r, 1, 0, true));
    }
    CHECK_OK(sched_rec_finish(&r));
    /* a forged plan running iterations 0 and 1 on two threads at once */
    int64_t order[4] = {0, 1, 2, 3};
    sched_cell cells[2] = {{0, 2}, {2, 2}};
    sched_plan p = {1, 2, 1, 1, 4, order, cells, "x", "x", 2, 1.0};
    char err[256];
    CHECK_EQ(sched_plan_check(&p, &r, err, sizeof err), STRADS_ESTATE);
    CHECK(strstr(err, "element 0") != NULL);
    sched_rec_free(&r);
}

int main(void)
{
    int shapes[][2] = {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {4, 2}, {4, 4}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        sgdmf(shapes[i][0], shapes[i][1]);
        random_access(shapes[i][0], shapes[i][1]);
    }
    read_only();
    all_conflict();
    disjoint_rows();
    checker_catches_conflicts();
    CHECK_DONE();
    return 0;
}
