/* A macro that builds an access from its arguments (PolyBench's
 * sqrt_of_array_cell(x, j) -> sqrt(x[j])): the access has no text of its
 * own in the file, and wrapped it was STRADS__RD(s, j), a gcc error in the
 * generated file. A macro whose replacement names no other function-like
 * macro is expanded before analysis instead (regress/index_macros.c). */
#include <math.h>
#define ID(v) v
#define cell(x, j) sqrt(ID(x)[j])

void roots(int m, double *s, double *out)
{
#pragma strads sync_for
    for (int j = 0; j < m; j++)
        out[j] = cell(s, j);
}
// EXPECT: 14:23: error: a macro builds an access to a distributed array from its arguments here
// HINT: pass the element itself (cell(s[j])), or add recon(off)
