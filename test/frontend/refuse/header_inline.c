/* A function a header of the program defines (static inline) gets no
 * reconnaissance copy: the call is refused, and the hint no longer sends
 * the user to a header (a new user moved the function into one, as it
 * said, and got the same refusal). */
#include <stdlib.h>
#include "inc/upd_inline.h"

double run(int n)
{
#pragma strads dvector
    float *w = calloc((size_t)n, sizeof *w);
    if (!w) return 0;
#pragma strads async_for
    for (int i = 0; i < n; i++)
        upd(w, i);
    double s = 0;
    for (int i = 0; i < n; i++) s += w[i];
    free(w);
    return s;
}
// EXPECT: 15:9: error: 'upd' is defined in
// HINT: a static copy of it in this file; a header's functions get no copy)
