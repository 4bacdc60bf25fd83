/*
 * engine/loop_sync_iavg.c - an integer element's average under SSP and
 * ASP, exact.
 *
 * Under BSP an owner sums the nodes' changes to an element and divides once
 * (dds_vadd_mean_int). Under SSP and ASP the changes land one at a time,
 * whenever a node pushes, and each used to be divided by the element's
 * writers as it landed: three nodes each setting flag[k] = 1 added a third,
 * truncated to 0, three times. The owner keeps, per element and call, the
 * sum of the changes landed and what it applied so far, and applies the
 * difference between the sum's mean (to the nearest, a half away from
 * zero, as under BSP) and that: once every writer's change has landed the
 * element holds what BSP gives, whatever the order.
 */
#include <stdint.h>
#include <stdlib.h>

#include "dds/dds.h"
#include "engine/loop.h"

static int is_int(strads_type t)
{
    return t == STRADS_T_I32 || t == STRADS_T_I64 || t == STRADS_T_U64;
}

/* Only owned elements land here: a block partition's range of them (a
 * hash partition's spread over the whole array). */
int rt__iavg_open(rt__sarr *x)
{
    if (x->desc->agg != STRADS_AGG_AVG || !is_int(x->desc->type)) return 0;
    int64_t lo = 0, hi = x->dv->n;
    if (x->dv->part != DDS_PART_HASH && x->dv->bounds) dds_owned_range(x->dv, strads_rank(), &lo, &hi);
    x->iavg_lo = lo;
    x->iavg = calloc((size_t)(hi > lo ? hi - lo : 1) * x->nsc * 2, sizeof *x->iavg);
    return x->iavg ? 0 : STRADS_ENOMEM;
}

/* Sum s shared among w writers, to the nearest (in 128 bits: s + w / 2
 * may not fit in 64). */
static int64_t mean_of(int64_t s, int64_t w)
{
    __int128 q = ((__int128)s + (s >= 0 ? w / 2 : -(w / 2))) / w;
    return (int64_t)q;
}

/* Lands change v of scalar k of element e, w writers: what to add. A sum
 * beyond 64 bits (unsigned hashes averaged) lands its share as it comes. */
static int64_t land(rt__sarr *x, int64_t e, size_t k, int64_t v, int w)
{
    int64_t *acc = x->iavg + ((size_t)(e - x->iavg_lo) * x->nsc + k) * 2;
    if (w < 1) w = 1;
    int64_t sum;
    if (__builtin_add_overflow(acc[0], v, &sum)) return mean_of(v, w);
    acc[0] = sum;
    int64_t m = mean_of(acc[0], w), add = m - acc[1];
    acc[1] = m;
    return add;
}

void rt__iavg_land(rt__sarr *x, int64_t e, void *row, const void *delta, int w)
{
    RT_FOR_TYPE(x->desc->type, {
        T_ *r = row;
        const T_ *d = delta;
        for (size_t k = 0; k < x->nsc; k++) /* unsigned: the sum wraps as the type does */
            r[k] = (T_)((uint64_t)r[k] + (uint64_t)land(x, e, k, (int64_t)d[k], w));
    })
}

void rt__iavg_land_from(rt__sarr *x, int64_t e, void *row, const void *base, int w)
{
    RT_FOR_TYPE(x->desc->type, {
        T_ *r = row;
        const T_ *b = base;
        for (size_t k = 0; k < x->nsc; k++)
            r[k] = (T_)((uint64_t)b[k] + (uint64_t)land(x, e, k, (int64_t)(T_)(r[k] - b[k]), w));
    })
}
