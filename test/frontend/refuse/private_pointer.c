/* OpenMP's private(p) on a pointer each iteration sets (lavaMD's rA, fA):
 * stradsc's private(p[0:n]) is another thing, a zero-filled buffer each
 * worker gets, so the hint said to follow a meaning the program did not
 * have. It now says to leave such a pointer out: it is each worker's own
 * already (regress/step_assign.c runs it so). */
#include <stdlib.h>

void halves(double *a, long n)
{
    double *p;
#pragma strads sync_for private(p)
    for (long i = 0; i < n; i++) {
        p = &a[2 * i];
        p[1] = p[0] + 1;
    }
}
// EXPECT: 11:33: error: private pointer 'p' needs a section
// HINT: if each iteration sets 'p' before using it (OpenMP's private(p)), leave it out of the clause
