/*
 * Planning from micro-block spans alone (what async_for's span mode keeps
 * on one node instead of access records): for SGD-MF records that touch
 * every row, the plan from spans is the plan from the records, cell for
 * cell, and passes the element-by-element conflict check; iterations that
 * span blocks of an array give no plan (the caller then needs records);
 * slots come largest first and at most two; and on several nodes, the
 * node-level blocks and strata cells from spans are the planner's.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "scheduler/sched.h"

enum { M = 5000, N = 300, FIRST = 100 };

/* SGD-MF records: rating i (array 3) read, W[u] (array 1) and H[v] (array
 * 2) read and written; every row is touched, so the records' ranges are
 * the whole arrays, like the slots of span mode. wide: iteration 7 also
 * writes a far row of W (two blocks). */
static void records(sched_records *r, int64_t n, bool wide)
{
    sched_rec_init(r, FIRST);
    for (int64_t i = 0; i < n; i++) {
        int64_t u = i < M ? i : (int64_t)(check_rand() % M), v = i < N ? i : (int64_t)(check_rand() % N);
        CHECK_OK(sched_rec_iter(r, FIRST + i));
        CHECK_OK(sched_rec_add(r, 3, i, false));
        CHECK_OK(sched_rec_add(r, 1, u, true));
        CHECK_OK(sched_rec_add(r, 2, v, true));
        if (wide && i == 7) CHECK_OK(sched_rec_add(r, 1, u < M / 2 ? M - 1 : 0, true));
    }
    CHECK_OK(sched_rec_finish(r));
}

/* What span mode records: per iteration and slot, lowest and highest micro-block. */
static uint16_t *spans_of(const sched_records *r, const sched__slot *slots, int ns)
{
    uint16_t *span = sched_span_alloc(r->n, ns);
    for (int64_t i = 0; i < r->n; i++) {
        uint16_t *row = span + (size_t)i * 2 * (size_t)ns;
        for (int s = 0; s < ns; s++) row[2 * s] = 0xFFFF, row[2 * s + 1] = 0;
        int64_t cnt;
        const sched_acc *a = sched_rec_accs(r, r->first + i, &cnt);
        for (int64_t q = 0; q < cnt; q++)
            for (int s = 0; s < ns; s++) {
                if (SCHED_ACC_DV(a[q]) != slots[s].id) continue;
                uint16_t m = (uint16_t)(SCHED_ACC_ELEM(a[q]) >> slots[s].shift);
                if (m < row[2 * s]) row[2 * s] = m;
                if (m > row[2 * s + 1]) row[2 * s + 1] = m;
            }
    }
    return span;
}

static void same_plan(int threads, bool with_hist)
{
    sched_records r;
    records(&r, 30000, false);
    sched__slot slots[2];
    CHECK_EQ(sched_span_slots((const uint32_t[]){2, 1}, (const int64_t[]){N, M}, 2, slots), 2);
    CHECK_EQ(slots[0].id, 1); /* the largest first, as the planner orders written arrays */
    uint16_t *span = spans_of(&r, slots, 2);
    sched_plan *ps, *pr;
    /* the histogram span mode counts while recording: the same plan */
    uint32_t *hist = calloc(2 * SCHED__MICRO, sizeof *hist);
    for (int64_t i = 0; i < r.n; i++)
        for (int s = 0; s < 2; s++) hist[s * SCHED__MICRO + span[i * 4 + 2 * s]]++;
    CHECK_OK(sched_plan_build_spans(FIRST, r.n, slots, 2, span, with_hist ? hist : NULL, threads,
                                    NULL, NULL, &ps));
    free(hist);
    CHECK(ps != NULL);
    sched_dv dvs[3] = {{1, M, NULL}, {2, N, NULL}, {3, 30000, NULL}};
    CHECK_OK(sched_plan_build(&r, dvs, 3, 1, threads, &pr));
    CHECK_STR(ps->thread_method, pr->thread_method);
    CHECK_EQ(ps->rounds, pr->rounds);
    CHECK_EQ(ps->subrounds, pr->subrounds);
    CHECK_EQ(ps->n, r.n);
    CHECK(memcmp(ps->order, pr->order, (size_t)r.n * sizeof *ps->order) == 0);
    size_t ncells = (size_t)ps->rounds * (size_t)ps->subrounds * (size_t)threads;
    CHECK(memcmp(ps->cells, pr->cells, ncells * sizeof *ps->cells) == 0);
    char err[256];
    int rc = sched_plan_check(ps, &r, err, sizeof err);
    if (rc) CHECK_FAIL("%s", err);
    sched_plan_free(ps);
    sched_plan_free(pr);
    sched_rec_free(&r);
}

static void spans_blocks(void)
{
    sched_records r;
    records(&r, 30000, true);
    sched__slot slots[2];
    CHECK_EQ(sched_span_slots((const uint32_t[]){1, 2}, (const int64_t[]){M, N}, 2, slots), 2);
    uint16_t *span = spans_of(&r, slots, 2);
    sched_plan *p = (sched_plan *)&p; /* must come back NULL */
    CHECK_OK(sched_plan_build_spans(FIRST, r.n, slots, 2, span, NULL, 2, NULL, NULL, &p));
    CHECK(p == NULL);
    sched_rec_free(&r);
}

static void slot_limits(void)
{
    sched__slot slots[3];
    CHECK_EQ(sched_span_slots((const uint32_t[]){1, 2, 3}, (const int64_t[]){9, 9, 9}, 3, slots),
             STRADS_EINVAL);
    CHECK_EQ(sched_span_slots((const uint32_t[]){1}, (const int64_t[]){0}, 1, slots), STRADS_EINVAL);
    CHECK_EQ(sched_span_slots((const uint32_t[]){4}, (const int64_t[]){1 << 20}, 1, slots), 1);
    CHECK(((int64_t)(1 << 20) - 1) >> slots[0].shift < SCHED__MICRO); /* at most 4096 micro-blocks */
    CHECK_EQ(slots[0].nmb, SCHED__MICRO);
}

/* Several nodes planning from spans (engine/loop_async_plan_spans_nodes.c): the
 * node-level blocks from the summed histogram and each iteration's strata
 * cell give every (round, node) cell the iterations, in order, that the
 * planner gives it from the records, with W cut along its owners. */
static void same_node_cells(int nodes)
{
    sched_records r;
    records(&r, 30000, false);
    sched__slot slots[2];
    CHECK_EQ(sched_span_slots((const uint32_t[]){2, 1}, (const int64_t[]){N, M}, 2, slots), 2);
    int64_t bounds[9];
    for (int q = 0; q <= nodes; q++) bounds[q] = (int64_t)M * q / nodes;
    slots[0].bounds = bounds; /* W, the largest: along its owners */
    uint16_t *span = sched_span_alloc(r.n, 2);
    uint16_t *sp = spans_of(&r, slots, 2);
    memcpy(span, sp, (size_t)r.n * 4 * sizeof *span);
    free(sp);
    uint32_t *hist = calloc(2 * SCHED__MICRO, sizeof *hist);
    for (int64_t i = 0; i < r.n; i++)
        for (int s = 0; s < 2; s++) hist[s * SCHED__MICRO + span[i * 4 + 2 * s]]++;
    uint16_t *blk = malloc(2 * SCHED__MICRO * sizeof *blk);
    CHECK_OK(sched_span_node_blocks(slots, 2, hist, nodes, blk));
    sched_dv dvs[3] = {{1, M, bounds}, {2, N, NULL}, {3, 30000, NULL}};
    sched_plan *pr;
    CHECK_OK(sched_plan_build(&r, dvs, 3, nodes, 1, &pr));
    CHECK_STR(pr->node_method, "strata");
    CHECK_EQ(pr->rounds, nodes);
    /* the cells from spans, iterations in order: a counting sort */
    int64_t *start = calloc((size_t)(nodes * nodes + 1), sizeof *start);
    int *key = malloc((size_t)r.n * sizeof *key);
    for (int64_t i = 0; i < r.n; i++) {
        int a, round;
        CHECK(sched_span_strata_cell(blk, span + i * 4, i, r.n, nodes, &a, &round));
        key[i] = round * nodes + a;
        start[key[i] + 1]++;
    }
    for (int k = 0; k < nodes * nodes; k++) start[k + 1] += start[k];
    int64_t *order = malloc((size_t)r.n * sizeof *order);
    for (int64_t i = 0; i < r.n; i++) order[start[key[i]]++] = FIRST + i;
    int64_t at = 0;
    for (int round = 0; round < nodes; round++)
        for (int node = 0; node < nodes; node++) {
            const sched_cell *c = sched_cell_at(pr, round, node, 0, 0);
            CHECK_EQ(c->start, at);
            CHECK(memcmp(pr->order + c->start, order + at, (size_t)c->len * sizeof *order) == 0);
            at += c->len;
        }
    CHECK_EQ(at, r.n);
    free(order);
    free(key);
    free(start);
    sched_plan_free(pr);
    free(blk);
    free(hist);
    free(span);
    sched_rec_free(&r);
}

int main(void)
{
    check_rng = 0x9E3779B97F4A7C15ull; /* the draws this test was written with */
    same_node_cells(2);
    same_node_cells(4);
    same_plan(2, false);
    same_plan(3, false);
    same_plan(2, true);
    spans_blocks();
    slot_limits();
    CHECK_DONE();
    return 0;
}
