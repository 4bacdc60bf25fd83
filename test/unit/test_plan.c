/*
 * The planner: every iteration is planned exactly once, no two cells that run
 * at the same time conflict (checked element by element), groups keep the
 * original order, and the expected method is chosen for each access shape:
 * DSGD strata for SGD-MF emerge from the records alone, connected
 * components where conflicts are sparse, a giant group split among threads
 * with locks.
 */
#include "check.h"
#include "scheduler/sched.h"

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
        int64_t u = (int64_t)(check_rand() % M), v = (int64_t)(check_rand() % N);
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
        for (int k = 0; k < 3; k++) CHECK_OK(sched_rec_add(&r, 7, (int64_t)(check_rand() % 4096), k == 0));
        CHECK_OK(sched_rec_add(&r, 8, (int64_t)(check_rand() % 100), false));
    }
    CHECK_OK(sched_rec_finish(&r));
    sched_dv dvs[1] = {{7, 4096, NULL}};
    /* one giant component: blocks grouped into rounds do better */
    check_plan(&r, dvs, 1, nodes, threads, nodes > 1 ? "groups" : "single", NULL);
    sched_rec_free(&r);
}

/* Few accesses per iteration over a large element space: the conflict
 * graph falls apart into small components, which the planner measures and
 * prefers to block groups (Cyclades); denser data keeps it connected. */
static void sparse_components(int nodes, int threads)
{
    sched_records r;
    sched_rec_init(&r, 0);
    for (int64_t i = 0; i < 20000; i++) {
        CHECK_OK(sched_rec_iter(&r, i));
        CHECK_OK(sched_rec_add(&r, 7, (int64_t)(check_rand() % 1000000), true));
        CHECK_OK(sched_rec_add(&r, 7, (int64_t)(check_rand() % 1000000), true));
        CHECK_OK(sched_rec_add(&r, 8, i, false));
    }
    CHECK_OK(sched_rec_finish(&r));
    sched_dv dvs[1] = {{7, 1000000, NULL}};
    check_plan(&r, dvs, 1, nodes, threads, nodes > 1 ? "components" : "single", "components");
    sched_plan *p;
    CHECK_OK(sched_plan_build(&r, dvs, 1, nodes, threads, &p));
    CHECK_EQ(p->rounds, 1); /* components never conflict: no rounds needed */
    CHECK_EQ(p->subrounds, 1);
    if (nodes > 1) CHECK(p->imbalance < 1.05);
    sched_plan_free(p);
    sched_rec_free(&r);
}

/* One giant group: every iteration writes two random elements of a small
 * array, so the conflict graph is connected and block groups leave most of
 * the work on one thread. The node's threads split it and take locks; the
 * element touched most often is still far below a thread's share. */
static void giant_group(int nodes)
{
    sched_records r;
    sched_rec_init(&r, 0);
    for (int64_t i = 0; i < 8000; i++) {
        CHECK_OK(sched_rec_iter(&r, i));
        CHECK_OK(sched_rec_add(&r, 7, (int64_t)(check_rand() % 2000), true));
        CHECK_OK(sched_rec_add(&r, 7, (int64_t)(check_rand() % 2000), true));
    }
    CHECK_OK(sched_rec_finish(&r));
    sched_dv dvs[1] = {{7, 2000, NULL}};
    check_plan(&r, dvs, 1, nodes, 2, NULL, nodes == 1 ? "locks" : NULL); /* others: the last cell's */
    sched_plan *p;
    CHECK_OK(sched_plan_build(&r, dvs, 1, nodes, 2, &p));
    int any = 0;
    for (int c = 0; c < p->rounds * nodes; c++) any += p->locked[c];
    CHECK(any > 0);
    sched_plan_free(p);
    sched_rec_free(&r);
}

/* The per-array summary the planner starts from: kept while recording,
 * carried by append (moved into an empty target, merged otherwise), rebuilt
 * by sched_rec_summarize, and a loop naming too many arrays is refused. */
static void summary(void)
{
    sched_records a, b, all;
    sched_rec_init(&a, 0);
    sched_rec_init(&b, 100);
    sched_rec_init(&all, 0);
    for (int64_t i = 0; i < 200; i++) {
        sched_records *r = i < 100 ? &a : &b;
        CHECK_OK(sched_rec_iter(r, i));
        CHECK_OK(sched_rec_add(r, 5, 1000 + i, i == 150)); /* written only in b */
        CHECK_OK(sched_rec_add(r, 9, 7, false));
    }
    CHECK_OK(sched_rec_finish(&a));
    CHECK_OK(sched_rec_finish(&b));
    CHECK_OK(sched_rec_append(&all, &a));
    CHECK_EQ(a.n, 0); /* moved */
    CHECK_OK(sched_rec_append(&all, &b));
    CHECK_EQ(all.n, 200);
    CHECK_EQ(all.narrays, 2);
    CHECK_EQ(all.arrays[0].id, 5);
    CHECK(all.arrays[0].written);
    CHECK_EQ(all.arrays[0].lo, 1000);
    CHECK_EQ(all.arrays[0].hi, 1200);
    CHECK(!all.arrays[1].written);
    sched_arr_sum keep = all.arrays[0];
    sched_rec_summarize(&all);
    CHECK_EQ(all.narrays, 2);
    CHECK(memcmp(&keep, &all.arrays[0], sizeof keep) == 0);
    sched_rec_free(&a);
    sched_rec_free(&b);
    sched_rec_free(&all);

    /* records as they arrive from another node: raw CSR, checked */
    sched_records raw;
    sched_rec_init(&raw, 10);
    int64_t off[4] = {0, 2, 2, 3}, bad[4] = {0, 2, 1, 3};
    sched_acc acc[3] = {SCHED_ACC(4, 7, 1), SCHED_ACC(6, 1, 0), SCHED_ACC(4, 9, 0)};
    CHECK_EQ(sched_rec_append_raw(&raw, 11, 3, off, acc, 3), STRADS_EINVAL); /* a gap */
    CHECK_EQ(sched_rec_append_raw(&raw, 10, 3, bad, acc, 3), STRADS_EPROTO);
    CHECK_EQ(sched_rec_append_raw(&raw, 10, 3, off, acc, 2), STRADS_EPROTO); /* short */
    CHECK_EQ(raw.n, 0);
    CHECK_OK(sched_rec_append_raw(&raw, 10, 3, off, acc, 3));
    CHECK_OK(sched_rec_append_raw(&raw, 13, 3, off, acc, 3));
    CHECK_EQ(raw.n, 6);
    CHECK_EQ(raw.off[4], 5);
    CHECK_EQ(raw.off[6], 6);
    CHECK_EQ(raw.narrays, 2);
    CHECK(raw.arrays[0].written && raw.arrays[0].lo == 7 && raw.arrays[0].hi == 10);
    CHECK(!raw.arrays[1].written);
    sched_rec_free(&raw);

    sched_records many;
    sched_rec_init(&many, 0);
    CHECK_OK(sched_rec_iter(&many, 0));
    for (uint32_t dv = 0; dv <= SCHED_MAX_ARRAYS; dv++) CHECK_OK(sched_rec_add(&many, dv, 0, true));
    CHECK_OK(sched_rec_finish(&many));
    CHECK(many.too_many_arrays);
    sched_plan *p;
    CHECK_EQ(sched_plan_build(&many, NULL, 0, 2, 2, &p), STRADS_EINVAL);
    sched_rec_free(&many);
}

/* Reconnaissance re-run on some iterations (engine/recon_records.c): their records
 * replace the old ones in place, longer or shorter, and the summary forgets
 * what only the replaced records named. */
static void splice(void)
{
    sched_records r, part;
    sched_rec_init(&r, 50);
    for (int64_t i = 50; i < 60; i++) {
        CHECK_OK(sched_rec_iter(&r, i));
        CHECK_OK(sched_rec_add(&r, 3, i, false));
        CHECK_OK(sched_rec_add(&r, 1, 0, true)); /* what a zero read from elsewhere gives */
    }
    CHECK_OK(sched_rec_finish(&r));
    sched_rec_init(&part, 53);
    for (int64_t i = 53; i < 56; i++) {
        CHECK_OK(sched_rec_iter(&part, i));
        CHECK_OK(sched_rec_add(&part, 3, i, false));
        for (int64_t e = 0; e < i - 52; e++) CHECK_OK(sched_rec_add(&part, 2, 100 + i + e, true));
    }
    CHECK_OK(sched_rec_finish(&part));
    part.first = 58; /* runs past the end */
    CHECK_EQ(sched_rec_splice(&r, &part), STRADS_EINVAL);
    part.first = 53;
    CHECK_OK(sched_rec_splice(&r, &part));
    CHECK_EQ(r.n, 10);
    CHECK_EQ(r.nacc, 7 * 2 + (2 + 3 + 4));
    for (int64_t k = 0; k < r.n; k++) {
        int64_t i = r.first + k, len = i >= 53 && i < 56 ? 1 + i - 52 : 2;
        CHECK_EQ(r.off[k + 1] - r.off[k], len);
        CHECK_EQ(r.acc[r.off[k]], SCHED_ACC(3, i, 0));
        if (i >= 53 && i < 56) CHECK_EQ(r.acc[r.off[k] + 1], SCHED_ACC(2, 100 + i, 1));
        else CHECK_EQ(r.acc[r.off[k] + 1], SCHED_ACC(1, 0, 1));
    }
    CHECK_EQ(r.narrays, 3);
    sched_rec_free(&part);
    /* every iteration replaced: array 1 is named no more */
    sched_rec_init(&part, 50);
    for (int64_t i = 50; i < 60; i++) {
        CHECK_OK(sched_rec_iter(&part, i));
        CHECK_OK(sched_rec_add(&part, 3, i, false));
    }
    CHECK_OK(sched_rec_finish(&part));
    CHECK_OK(sched_rec_splice(&r, &part));
    CHECK_EQ(r.nacc, 10);
    CHECK_EQ(r.off[10], 10);
    CHECK_EQ(r.narrays, 1);
    CHECK(!r.arrays[0].written);
    sched_rec_free(&part);
    sched_rec_free(&r);
}

/* A parallel for that runs the tasks last to first: chunks must not depend
 * on each other, or the plan would differ from the sequential one. */
static int par_calls;
static void backwards(void *ctx, int64_t ntasks, sched_task_fn fn, void *arg)
{
    (void)ctx;
    par_calls++;
    for (int64_t t = ntasks; t-- > 0;) fn(arg, t);
}

static void parallel_same_plan(int nodes, int threads)
{
    sched_records r;
    sched_rec_init(&r, 0);
    for (int64_t i = 0; i < 300000; i++) {
        CHECK_OK(sched_rec_iter(&r, i));
        CHECK_OK(sched_rec_add(&r, 1, (int64_t)(check_rand() % 5000), true));
        CHECK_OK(sched_rec_add(&r, 2, (int64_t)(check_rand() % 700), true));
    }
    CHECK_OK(sched_rec_finish(&r));
    sched_plan *a, *b;
    CHECK_OK(sched_plan_build(&r, NULL, 0, nodes, threads, &a));
    par_calls = 0;
    CHECK_OK(sched_plan_build_par(&r, NULL, 0, nodes, threads, backwards, NULL, &b));
    CHECK(par_calls > 0);
    CHECK_STR(a->thread_method, b->thread_method);
    CHECK_EQ(a->rounds, b->rounds);
    CHECK_EQ(a->subrounds, b->subrounds);
    CHECK_EQ(a->groups, b->groups);
    CHECK(memcmp(a->order, b->order, (size_t)a->n * sizeof *a->order) == 0);
    size_t ncells = (size_t)a->rounds * (size_t)nodes * (size_t)a->subrounds * (size_t)threads;
    CHECK(memcmp(a->cells, b->cells, ncells * sizeof *a->cells) == 0);
    sched_plan_free(a);
    sched_plan_free(b);
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
    /* the residual is one block for everyone: strata or groups, either way
     * no two iterations run at once */
    check_plan(&r, NULL, 0, 2, 2, NULL, NULL);
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
    sched_plan p = {1, 2, 1, 1, 4, order, cells, "x", "x", 2, 1.0, NULL};
    char err[256];
    CHECK_EQ(sched_plan_check(&p, &r, err, sizeof err), STRADS_ESTATE);
    CHECK(strstr(err, "element 0") != NULL);
    /* the same cells under locks are ordered by them */
    uint8_t locked[1] = {1};
    p.locked = locked;
    CHECK_OK(sched_plan_check(&p, &r, err, sizeof err));
    sched_rec_free(&r);
}

int main(void)
{
    check_rng = 0x2545F4914F6CDD1Dull; /* the draws this test was written with */
    int shapes[][2] = {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {4, 2}, {4, 4}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        sgdmf(shapes[i][0], shapes[i][1]);
        random_access(shapes[i][0], shapes[i][1]);
        sparse_components(shapes[i][0], shapes[i][1]);
    }
    summary();
    splice();
    parallel_same_plan(1, 2);
    parallel_same_plan(2, 2);
    giant_group(1);
    giant_group(2);
    read_only();
    all_conflict();
    disjoint_rows();
    checker_catches_conflicts();
    CHECK_DONE();
    return 0;
}
