/* A macro that builds an access from its arguments (PolyBench's
 * sqrt_of_array_cell(x, j) -> sqrt(x[j])): the access has no text of its
 * own in the file, and wrapped it was STRADS__RD(s, j), a gcc error in the
 * generated file. */
#include <math.h>
#define cell(x, j) sqrt(x[j])

void roots(int m, double *s, double *out)
{
#pragma strads sync_for
    for (int j = 0; j < m; j++)
        out[j] = cell(s, j);
}
// EXPECT: 12:23: error: a macro builds an access to a distributed array from its arguments here
// HINT: pass the element itself (cell(s[j])), or add recon(off)
