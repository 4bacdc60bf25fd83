/* A struct array whose elements hold heap row pointers, followed in a
 * function the body calls (through a pointer of its own). */
#include <stdlib.h>

struct row { int n; double *v; };

static double row_sum(const struct row *r)
{
    double s = 0;
    for (int k = 0; k < r->n; k++)
        s += r->v[k];
    return s;
}

double total(struct row *rows, int nrows)
{
    double s = 0;
#pragma strads async_for reduction(+: s)
    for (int i = 0; i < nrows; i++)
        s += row_sum(&rows[i]);
    return s;
}
// EXPECT: 11:17: error: the parallel body follows pointer member 'v' of the elements 'rows' points to
