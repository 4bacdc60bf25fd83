/*
 * runtime/loop_sync_elem.c - arithmetic on the elements of distributed
 * arrays, for sync_for's deltas.
 *
 * A delta is "value at the end of a task minus value at its start", and
 * combining deltas (sum, mean, 1/nodes scaling) needs to know what an
 * element is made of: the site's array table gives the scalar type
 * (strads_loop_array.type), and an element of elem bytes is elem/size of
 * that type scalars. One switch per call, outside the loops, so each loop
 * is a plain typed loop the compiler can vectorize.
 */
#include "runtime/loop.h"

size_t rt__type_size(strads_type t)
{
    switch (t) {
    case STRADS_T_I32: case STRADS_T_F32: return 4;
    case STRADS_T_I64: case STRADS_T_U64: case STRADS_T_F64: return 8;
    }
    return 0;
}

#define FOR_TYPE(t, BODY)                                                                     \
    switch (t) {                                                                              \
    case STRADS_T_I32: { typedef int32_t T_; BODY; } break;                                  \
    case STRADS_T_I64: { typedef int64_t T_; BODY; } break;                                  \
    case STRADS_T_U64: { typedef uint64_t T_; BODY; } break;                                 \
    case STRADS_T_F32: { typedef float T_; BODY; } break;                                    \
    case STRADS_T_F64: { typedef double T_; BODY; } break;                                   \
    }

void rt__v_delta(strads_type t, void *d, const void *a, size_t n)
{
    FOR_TYPE(t, {
        T_ *x = d;
        const T_ *y = a;
        for (size_t k = 0; k < n; k++) x[k] = (T_)(y[k] - x[k]);
    })
}

void rt__v_add(strads_type t, void *acc, const void *d, size_t n)
{
    FOR_TYPE(t, {
        T_ *x = acc;
        const T_ *y = d;
        for (size_t k = 0; k < n; k++) x[k] = (T_)(x[k] + y[k]);
    })
}

void rt__v_scale_from(strads_type t, void *row, const void *base, size_t n, double f)
{
    FOR_TYPE(t, {
        T_ *x = row;
        const T_ *b = base;
        for (size_t k = 0; k < n; k++) x[k] = (T_)(b[k] + (T_)((double)(x[k] - b[k]) * f));
    })
}

void rt__v_scale(strads_type t, void *d, size_t n, double f)
{
    FOR_TYPE(t, {
        T_ *x = d;
        for (size_t k = 0; k < n; k++) x[k] = (T_)((double)x[k] * f);
    })
}
