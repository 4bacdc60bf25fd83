/* A macro that hands its argument on to another that assigns it
 * (#define SET2(a, v) SET(a, v)): the outer definition alone assigns
 * nothing, and the stores ran, exit 0, with the driver's value kept (and
 * the loop variable stepped behind the runtime's back). Both refused. */
#include <stdlib.h>
#define SET(a, v) a = v
#define SET2(a, v) SET(a, v)

double run(int n)
{
    int x = -1;
#pragma strads dvector
    double *a = malloc((size_t)n * sizeof *a);
    if (!a) return 0;
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        if (i == n - 1) SET2(x, i);
        if (i % 7 == 3) SET2(i, i + 1);
        a[i] = a[i] * 2;
    }
    free(a);
    return x;
}
// EXPECT: 17:25: error: write to captured variable 'x' in a parallel body
// EXPECT: 18:25: error: loop variable 'i' is modified in a parallel body
