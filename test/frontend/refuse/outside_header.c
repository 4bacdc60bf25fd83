/* Functions defined in a header of the program: stradsc cannot copy them
 * for reconnaissance. A function of its values only (squash, squash2: no
 * pointer, no global but a const one) runs as written; one that writes
 * through a pointer (axpy) is refused. */
#include "outside_header.h"

void step(float *W, const int *idx, const float *x, int n, int d)
{
#pragma strads async_for copyin(idx[0:n], x[0:n * d])
    for (int i = 0; i < n; i++) {
        float g = squash2(x[i * d]);
        axpy(W + idx[i] * d, x + i * d, g, d);
    }
}
// EXPECT: 12:9: error: 'axpy' is defined in
// HINT: move 'axpy' (and what it calls) into this file
