#include <stdlib.h>
/* A drawn number that reaches an address through variables (r, then j)
 * and through pointer arithmetic: refused as a direct one is. A number
 * that only feeds a value (rand_warn.c, x[j] = j * rand()) is a warning. */
void f(double *V, double *x, long n, long m)
{
#pragma strads async_for
    for (long i = 0; i < n; i++) {
        unsigned r = rand();
        long j = r % m;
        *(V + j) += x[i];
        x[i] = (double)i * (rand() / (double)RAND_MAX);
    }
}
// EXPECT: 9:22: error: 'rand' chooses the elements the body touches
// HINT: draw the numbers before the loop
