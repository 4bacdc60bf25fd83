/* A section of a fixed array (private, reduction) reaches the body as a
 * pointer: `sizeof scratch` there was a pointer's size, and
 * memset(scratch, 0, sizeof scratch) cleared one element, exit 0. Spelled
 * in the body or in a macro's expansion; an element's size is fine. */
#include <string.h>
#define ZERO(a) memset(a, 0, sizeof(a))

void fir(const double *x, double *y, int n)
{
    double scratch[8];
    long hits[4] = {0};
#pragma strads sync_for private(scratch) reduction(+: hits)
    for (int i = 8; i < n; i++) {
        memset(scratch, 0, sizeof scratch);
        ZERO(scratch);
        for (int k = 0; k < 8; k++) scratch[k] = x[i - k] * (double)sizeof scratch[0];
        y[i] = scratch[0] + scratch[7];
        hits[i % 4] += (long)(sizeof(hits) / sizeof hits[0]);
    }
}
// EXPECT: 14:28: error: sizeof of 'scratch', which the loop's private clause gives the body as a pointer to its section: there it is a pointer's size
// HINT: write the size itself, sizeof(double[8]) (64 bytes here), or count the elements
// EXPECT: 18:31: error: sizeof of 'hits', which the loop's reduction clause gives the body as a pointer to its section: there it is a pointer's size
