/*
 * scheduler/sched.h - from reconnaissance access records to a plan that runs
 * a serializable loop in parallel.
 *
 * Records say, for every iteration, which elements of which distributed
 * arrays it reads and writes. The planner cuts the iterations into task
 * groups that do not conflict (no element written by one group is read or
 * written by another), arranges the groups in rounds, and places them first
 * on nodes, then on the threads of each node, by the same method applied
 * twice. Iterations inside one group keep their original order and run on
 * one thread, so the whole run equals the sequential loop run in the order
 * (round, node, sub-round, thread, position) - serializable by construction.
 *
 * Pure code: no network, no threads; the engine in runtime/ drives it.
 */
#ifndef STRADS_SCHED_H
#define STRADS_SCHED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One access, packed: distributed array id (12 bits), write flag, element. */
typedef uint64_t sched_acc;
#define SCHED_DV_BITS 12
#define SCHED_ELEM_BITS 51
#define SCHED_ACC(dv, elem, w) \
    (((uint64_t)(dv) << 52) | ((uint64_t)((w) ? 1 : 0) << 51) | (uint64_t)(elem))
#define SCHED_ACC_DV(a) ((uint32_t)((a) >> 52))
#define SCHED_ACC_WRITE(a) ((int)(((a) >> 51) & 1))
#define SCHED_ACC_ELEM(a) ((int64_t)((a) & ((UINT64_C(1) << 51) - 1)))
#define SCHED_ACC_KEY(a) ((a) & ~(UINT64_C(1) << 51)) /* (dv, elem) without the flag */

/* The accesses of iterations first .. first+n-1, in CSR form. */
typedef struct sched_records {
    int64_t first, n;
    int64_t *off;        /* n+1 offsets into acc */
    int64_t off_cap;
    sched_acc *acc;
    size_t nacc, cap;
    /* recording state */
    int64_t cur;         /* iteration being recorded, -1 before the first */
    size_t cur_start;    /* index in acc where the current iteration began */
} sched_records;

void sched_rec_init(sched_records *r, int64_t first);
void sched_rec_free(sched_records *r);
/* Starts iteration i (must be first + number of iterations so far). */
int sched_rec_iter(sched_records *r, int64_t i);
/* Adds an access to the current iteration; repeated (dv, elem) pairs of one
 * iteration are merged (a write wins). */
int sched_rec_add(sched_records *r, uint32_t dv, int64_t elem, bool write);
/* Closes the last iteration. */
int sched_rec_finish(sched_records *r);
/* Appends all of src's iterations (which must follow r's) to r. */
int sched_rec_append(sched_records *r, const sched_records *src);

/* What the planner knows of a distributed array: element count and, for
 * node-level blocks, which node owns which range (nodes+1 bounds). */
typedef struct sched_dv {
    uint32_t id;
    int64_t n;
    const int64_t *bounds; /* may be NULL: uniform blocks */
} sched_dv;

/* A cell of the plan: iterations order[start .. start+len). */
typedef struct sched_cell {
    int64_t start, len;
} sched_cell;

typedef struct sched_plan {
    int nodes, threads;
    int rounds, subrounds;
    int64_t n;           /* iterations planned */
    int64_t *order;      /* absolute iteration indices */
    sched_cell *cells;   /* [rounds][nodes][subrounds][threads] */
    const char *node_method, *thread_method;
    int64_t groups;      /* task groups at node level */
    double imbalance;    /* max/mean work of a node over the rounds */
} sched_plan;

static inline sched_cell *sched_cell_at(const sched_plan *p, int round, int node, int sub,
                                        int thread)
{
    return &p->cells[(((size_t)round * (size_t)p->nodes + (size_t)node) * (size_t)p->subrounds +
                      (size_t)sub) *
                         (size_t)p->threads +
                     (size_t)thread];
}

/* Builds the plan for all iterations of rec. dvs describes every array the
 * records name (ids not found are treated as uniform of their max element).
 * Returns 0 or STRADS_ENOMEM / STRADS_EINVAL. */
int sched_plan_build(const sched_records *rec, const sched_dv *dvs, int ndv, int nodes,
                     int threads, sched_plan **out);
void sched_plan_free(sched_plan *p);

/* Checks that no two cells that may run at the same time conflict (used by
 * tests and STRADS_VERIFY_PLAN=1). Returns 0 or STRADS_ESTATE with a message
 * in err naming the element. */
int sched_plan_check(const sched_plan *p, const sched_records *rec, char *err, size_t errlen);

#endif
