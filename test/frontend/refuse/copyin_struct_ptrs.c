/* A copyin section of a struct holding pointers, which the body copies
 * and writes through (genann's `net = *ann; net.weight[k] -= ...`): a
 * worker's copy holds the driver's addresses, so its writes went to its
 * own copy of the dvector and were lost (half the updates at two
 * processes, exit 0). Refused at the clause with the way out. */
#include <stdlib.h>

struct model { double *w; double scale; };

void fill(long n, struct model *m)
{
#pragma strads sync_for copyin(m[0:1])
    for (long i = 0; i < n; i++) {
        struct model loc = *m;
        loc.w[i] = loc.scale * (double)i;
    }
}
// EXPECT: 12:32: error: copyin 'm' holds pointers the loop follows: on another process they are addresses of this one
// HINT: 'double *m_w = m->w;', its array under '#pragma strads dvector'
