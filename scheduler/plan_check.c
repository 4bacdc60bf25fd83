/*
 * scheduler/plan_check.c - the instrumented check that a plan never runs
 * two conflicting iterations at once (tests and STRADS_VERIFY_PLAN=1).
 *
 * Independent of how the plan was made: it collects, round by round, every
 * element each cell touches and looks for an element written by one cell
 * and touched by another that may run at the same time.
 */
#include <stdio.h>
#include <stdlib.h>

#include "scheduler/sched.h"
#include "strads.h"

typedef struct touch {
    uint64_t key;
    int node, sub, thread, write;
} touch;

static int cmp_touch(const void *a, const void *b)
{
    const touch *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key;
}

/* Two cells of one round run at the same time unless they are on the same
 * node and either the same thread or different sub-rounds, or the node
 * runs the round with locks (which order the conflicting iterations). */
static bool concurrent(const sched_plan *p, int r, const touch *a, const touch *b)
{
    if (a->node != b->node) return true;
    if (p->locked && p->locked[(size_t)r * (size_t)p->nodes + (size_t)a->node]) return false;
    return a->sub == b->sub && a->thread != b->thread;
}

int sched_plan_check(const sched_plan *p, const sched_records *rec, char *err, size_t errlen)
{
    for (int r = 0; r < p->rounds; r++) {
        size_t cap = 1024, nt = 0;
        touch *t = malloc(cap * sizeof *t);
        if (!t) return STRADS_ENOMEM;
        for (int node = 0; node < p->nodes; node++)
            for (int s = 0; s < p->subrounds; s++)
                for (int th = 0; th < p->threads; th++) {
                    const sched_cell *c = sched_cell_at(p, r, node, s, th);
                    for (int64_t i = c->start; i < c->start + c->len; i++) {
                        int64_t cnt;
                        const sched_acc *a = sched_rec_accs(rec, p->order[i], &cnt);
                        for (int64_t j = 0; j < cnt; j++) {
                            if (nt == cap) {
                                cap *= 2;
                                touch *n2 = realloc(t, cap * sizeof *t);
                                if (!n2) {
                                    free(t);
                                    return STRADS_ENOMEM;
                                }
                                t = n2;
                            }
                            t[nt++] = (touch){SCHED_ACC_KEY(a[j]), node, s, th, SCHED_ACC_WRITE(a[j])};
                        }
                    }
                }
        qsort(t, nt, sizeof *t, cmp_touch);
        for (size_t i = 0; i < nt;) {
            size_t j = i;
            while (j < nt && t[j].key == t[i].key) j++;
            for (size_t x = i; x < j; x++)
                for (size_t y = x + 1; y < j; y++)
                    if ((t[x].write || t[y].write) && concurrent(p, r, &t[x], &t[y])) {
                        snprintf(err, errlen,
                                 "round %d: array %u element %lld touched by node %d thread %d "
                                 "and node %d thread %d at once",
                                 r, SCHED_ACC_DV(t[x].key), (long long)SCHED_ACC_ELEM(t[x].key),
                                 t[x].node, t[x].thread, t[y].node, t[y].thread);
                        free(t);
                        return STRADS_ESTATE;
                    }
            i = j;
        }
        free(t);
    }
    return 0;
}
