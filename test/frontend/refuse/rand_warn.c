#include <stdlib.h>
/* rand() is only a warning: the program still translates. */
void f(double *a, int n)
{
    double t = 0;
#pragma strads async_for copyin(a[0:n]) reduction(+: t)
    for (int i = 0; i < n; i++)
        t += a[i] * rand();
}
// EXPECT: 8:21: warning: 'rand' uses hidden global state
// EXIT: 0
