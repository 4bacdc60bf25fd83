/* A macro that assigns its argument, given an element spelled as a
 * dereference (`SET(*(vals + i), v)`): the refusal said that the loop
 * variable and the array's pointer were written, where the element is; it
 * is refused as SET(vals[i], v) is. */
#include <stdlib.h>

#define SET(x, v) ((x) = (v))

double fill(int n)
{
#pragma strads dvector
    double *vals = calloc((size_t)n, sizeof *vals);
#pragma strads sync_for
    for (int i = 0; i < n; i++) SET(*(vals + i), 2.0 * i);
    double s = vals[n - 1];
    free(vals);
    return s;
}
// EXPECT: 14:33: error: a macro writes a distributed array here
// HINT: write the assignment in the loop, or the macro as a function
