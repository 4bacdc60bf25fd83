/*
 * scheduler/records.c - the access records that reconnaissance produces:
 * for each iteration, the (array, element, read/write) triples it touches,
 * stored compactly in CSR form.
 *
 * A body often touches one element many times (W[i][k] for every k), so
 * repeated elements of one iteration are merged while recording; only the
 * last few accesses are searched once an iteration is wide, which bounds
 * the cost and at worst leaves harmless duplicates. A summary per array
 * (written or not, range of elements) is kept on the way, so the planner
 * starts without a pass over the accesses.
 */
#include <stdlib.h>
#include <string.h>

#include "scheduler/sched.h"
#include "strads.h"

void sched_rec_init(sched_records *r, int64_t first)
{
    memset(r, 0, sizeof *r);
    r->first = first;
    r->cur = SCHED_NO_ITER;
}

void sched_rec_free(sched_records *r)
{
    free(r->off);
    free(r->acc);
    memset(r, 0, sizeof *r);
    r->cur = SCHED_NO_ITER;
}

int sched__rec_grow_off(sched_records *r, int64_t need)
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


int sched__rec_new_array(sched_records *r, uint32_t dv, int64_t elem)
{
    if (r->narrays == SCHED_MAX_ARRAYS) {
        r->too_many_arrays = true;
        return 0;
    }
    r->arrays[r->narrays] = (sched_arr_sum){dv, false, elem, elem + 1};
    return r->array_of[dv] = (uint8_t)++r->narrays;
}

int sched__rec_grow(sched_records *r)
{
    size_t cap = r->cap ? r->cap * 2 : 1024;
    sched_acc *n = realloc(r->acc, cap * sizeof *n);
    if (!n) return STRADS_ENOMEM;
    r->acc = n;
    r->cap = cap;
    return 0;
}

void sched_rec_summarize(sched_records *r)
{
    r->narrays = 0;
    r->too_many_arrays = false;
    memset(r->array_of, 0, sizeof r->array_of);
    for (size_t k = 0; k < r->nacc; k++)
        sched__summarize(r, SCHED_ACC_DV(r->acc[k]), SCHED_ACC_ELEM(r->acc[k]), SCHED_ACC_WRITE(r->acc[k]));
}

int sched_rec_reserve(sched_records *r, int64_t n)
{
    return n > 0 ? sched__rec_grow_off(r, r->n + n + 2) : 0;
}

int sched_rec_finish(sched_records *r)
{
    if (r->n) r->off[r->n] = (int64_t)r->nacc;
    else if (sched__rec_grow_off(r, 1) == 0) r->off[0] = 0;
    else return STRADS_ENOMEM;
    r->cur = SCHED_NO_ITER;
    return 0;
}

/* Room for need accesses in all, exactly: appends and splices know their size. */
static int reserve_acc(sched_records *r, size_t need)
{
    if (need <= r->cap) return 0;
    sched_acc *a = realloc(r->acc, need * sizeof *a);
    if (!a) return STRADS_ENOMEM;
    r->acc = a;
    r->cap = need;
    return 0;
}

int sched_rec_append_raw(sched_records *r, int64_t first, int64_t n, const void *off,
                         const void *acc, size_t nacc)
{
    if (n < 0) return STRADS_EPROTO;
    if (first != r->first + r->n) return STRADS_EINVAL;
    int64_t o0, on;
    memcpy(&o0, off, sizeof o0);
    memcpy(&on, (const char *)off + (size_t)n * sizeof on, sizeof on);
    if (o0 != 0 || on != (int64_t)nacc) return STRADS_EPROTO;
    if (sched__rec_grow_off(r, r->n + n + 1)) return STRADS_ENOMEM;
    if (reserve_acc(r, r->nacc + nacc)) return STRADS_ENOMEM;
    int64_t *dst = r->off + r->n; /* raw offsets first, rebased once checked */
    dst[0] = (int64_t)r->nacc;
    if (n) memcpy(dst + 1, (const int64_t *)off + 1, (size_t)n * sizeof *dst);
    for (int64_t k = 1; k <= n; k++)
        if (dst[k] < (k > 1 ? dst[k - 1] : 0)) return STRADS_EPROTO; /* r->n unchanged */
    for (int64_t k = 1; k <= n; k++) dst[k] += (int64_t)r->nacc;
    sched_acc *ad = r->acc + r->nacc;
    if (nacc) memcpy(ad, acc, nacc * sizeof *ad); /* acc may be NULL when empty */
    for (size_t k = 0; k < nacc; k++)
        sched__summarize(r, SCHED_ACC_DV(ad[k]), SCHED_ACC_ELEM(ad[k]), SCHED_ACC_WRITE(ad[k]));
    r->n += n;
    r->nacc += nacc;
    r->cur = SCHED_NO_ITER;
    return 0;
}

int sched_rec_splice(sched_records *r, const sched_records *part)
{
    int64_t a = part->first - r->first, b = a + part->n;
    if (a < 0 || b > r->n || part->n < 0) return STRADS_EINVAL;
    if (part->n == 0) return 0;
    size_t at = (size_t)r->off[a], old = (size_t)(r->off[b] - r->off[a]);
    size_t nacc = r->nacc - old + part->nacc;
    if (reserve_acc(r, nacc)) return STRADS_ENOMEM;
    if (r->nacc - at - old)
        memmove(r->acc + at + part->nacc, r->acc + at + old, (r->nacc - at - old) * sizeof *r->acc);
    if (part->nacc) memcpy(r->acc + at, part->acc, part->nacc * sizeof *r->acc);
    int64_t delta = (int64_t)part->nacc - (int64_t)old;
    for (int64_t k = b + 1; k <= r->n; k++) r->off[k] += delta;
    for (int64_t k = 1; k <= part->n; k++) r->off[a + k] = (int64_t)at + part->off[k];
    r->nacc = nacc;
    /* rebuilt, not merged: the replaced records may name rows nothing touches */
    sched_rec_summarize(r);
    return 0;
}

/* Merges src's per-array summary into r's. */
static void merge_summary(sched_records *r, const sched_records *src)
{
    r->too_many_arrays |= src->too_many_arrays;
    for (int k = 0; k < src->narrays; k++) {
        const sched_arr_sum *a = &src->arrays[k];
        sched__summarize(r, a->id, a->lo, a->written);
        sched__summarize(r, a->id, a->hi - 1, false);
    }
}

int sched_rec_append(sched_records *r, sched_records *src)
{
    if (src->n == 0) return 0;
    if (src->first != r->first + r->n) return STRADS_EINVAL;
    if (r->n == 0) { /* move: reconnaissance parts are large */
        free(r->off);
        free(r->acc);
        *r = *src;
        r->cur = SCHED_NO_ITER;
        sched_rec_init(src, src->first + src->n);
        return 0;
    }
    merge_summary(r, src);
    if (sched__rec_grow_off(r, r->n + src->n + 1)) return STRADS_ENOMEM;
    if (reserve_acc(r, r->nacc + src->nacc)) return STRADS_ENOMEM;
    if (src->nacc) memcpy(r->acc + r->nacc, src->acc, src->nacc * sizeof *src->acc);
    for (int64_t k = 0; k <= src->n; k++) r->off[r->n + k] = (int64_t)r->nacc + src->off[k];
    r->n += src->n;
    r->nacc += src->nacc;
    r->cur = SCHED_NO_ITER;
    return 0;
}
