#include <stdlib.h>
/* rand() choosing the rows an async_for touches: reconnaissance draws other
 * numbers than the run, whose plan then misses conflicts (and on the
 * driver it used up the sequential program's numbers). */
void f(double *V, const long *u, long n, long m)
{
    long j;
#pragma strads async_for
    for (long i = 0; i < n; i++) {
        j = rand() % m;
        V[u[i]] = 0.5 * V[u[i]] + 0.5 * V[j];
    }
}
// EXPECT: 10:13: error: 'rand' chooses the elements the body touches
// HINT: draw the numbers before the loop
