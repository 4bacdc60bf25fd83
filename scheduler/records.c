/*
 * scheduler/records.c - the access records that reconnaissance produces:
 * for each iteration, the (array, element, read/write) triples it touches,
 * stored compactly in CSR form.
 *
 * A body often touches one element many times (W[i][k] for every k), so
 * repeated elements of one iteration are merged while recording; only the
 * last few accesses are searched once an iteration is wide, which bounds
 * the cost and at worst leaves harmless duplicates.
 */
#include <stdlib.h>
#include <string.h>

#include "scheduler/sched.h"
#include "strads.h"

#define DEDUP_FULL 64 /* below this many accesses, search all of the iteration */
#define DEDUP_TAIL 8  /* above, only the most recent ones */

void sched_rec_init(sched_records *r, int64_t first)
{
    memset(r, 0, sizeof *r);
    r->first = first;
    r->cur = -1;
}

void sched_rec_free(sched_records *r)
{
    free(r->off);
    free(r->acc);
    memset(r, 0, sizeof *r);
    r->cur = -1;
}

static int grow_off(sched_records *r, int64_t need)
{
    if (need <= r->off_cap) return 0;
    int64_t cap = r->off_cap ? r->off_cap : 16;
    while (cap < need) cap *= 2;
    int64_t *o = realloc(r->off, (size_t)cap * sizeof *o);
    if (!o) return STRADS_ENOMEM;
    r->off = o;
    r->off_cap = cap;
    return 0;
}

int sched_rec_iter(sched_records *r, int64_t i)
{
    if (i != r->first + r->n) return STRADS_EINVAL;
    if (grow_off(r, r->n + 2)) return STRADS_ENOMEM;
    r->off[r->n] = (int64_t)r->nacc;
    r->n++;
    r->off[r->n] = (int64_t)r->nacc;
    r->cur = i;
    r->cur_start = r->nacc;
    return 0;
}

int sched_rec_add(sched_records *r, uint32_t dv, int64_t elem, bool write)
{
    if (r->cur < 0 || dv >= (1u << SCHED_DV_BITS) || elem < 0 ||
        elem >= ((int64_t)1 << SCHED_ELEM_BITS))
        return STRADS_EINVAL;
    sched_acc a = SCHED_ACC(dv, elem, write);
    size_t count = r->nacc - r->cur_start;
    size_t from = count <= DEDUP_FULL ? r->cur_start : r->nacc - DEDUP_TAIL;
    for (size_t k = r->nacc; k-- > from;)
        if (SCHED_ACC_KEY(r->acc[k]) == SCHED_ACC_KEY(a)) {
            r->acc[k] |= a; /* a write wins */
            return 0;
        }
    if (r->nacc == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 1024;
        sched_acc *n = realloc(r->acc, cap * sizeof *n);
        if (!n) return STRADS_ENOMEM;
        r->acc = n;
        r->cap = cap;
    }
    r->acc[r->nacc++] = a;
    r->off[r->n] = (int64_t)r->nacc;
    return 0;
}

int sched_rec_finish(sched_records *r)
{
    if (r->n) r->off[r->n] = (int64_t)r->nacc;
    else if (grow_off(r, 1) == 0) r->off[0] = 0;
    else return STRADS_ENOMEM;
    r->cur = -1;
    return 0;
}

int sched_rec_append(sched_records *r, const sched_records *src)
{
    if (src->n == 0) return 0;
    if (src->first != r->first + r->n) return STRADS_EINVAL;
    if (grow_off(r, r->n + src->n + 1)) return STRADS_ENOMEM;
    if (r->nacc + src->nacc > r->cap) {
        size_t cap = r->nacc + src->nacc;
        sched_acc *n = realloc(r->acc, cap * sizeof *n);
        if (!n) return STRADS_ENOMEM;
        r->acc = n;
        r->cap = cap;
    }
    memcpy(r->acc + r->nacc, src->acc, src->nacc * sizeof *src->acc);
    for (int64_t k = 0; k <= src->n; k++) r->off[r->n + k] = (int64_t)r->nacc + src->off[k];
    r->n += src->n;
    r->nacc += src->nacc;
    r->cur = -1;
    return 0;
}
