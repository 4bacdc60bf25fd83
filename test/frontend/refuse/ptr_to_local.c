/* A pointer set to a local variable's address and used in the body: each
 * process has its own copy of the variable, which no worker's write
 * through the pointer reaches (the runtime stopped with a hint to mark an
 * allocation that does not exist, found by a new user). Refused where the
 * pointer is taken, with what to write instead. */
#include <stdlib.h>
double sum_via_ptr(const double *a, int n)
{
    double s = 0, scale = 2.0;
    double *ps = &s;
    const double *pk = &scale;
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        *ps += a[i];
#pragma strads sync_for reduction(+: s)
    for (int i = 0; i < n; i++)
        s += a[i] * *pk;
    return s;
}
// EXPECT: 14:10: error: captured pointer 'ps' points to the local variable 's'
// EXPECT: 10:18: note: 'ps' is set to point at 's' here
// EXPECT: 17:22: error: captured pointer 'pk' points to the local variable 'scale'
// HINT: add reduction(+: s) and write 's += ...' in the body
