/* A compound assignment a macro makes into a reduction variable, with the
 * loop variable as the other operand (ADD(x, i) as (x) += (i)): in a
 * macro's expansion every operand has the invocation's extent, and the
 * loop variable was taken for assigned. Accepted. */
#include <stdlib.h>
#define ADD(a, v) (a) += (v)

double run(int n)
{
    long x = 0;
#pragma strads dvector
    double *a = malloc((size_t)n * sizeof *a);
    if (!a) return 0;
#pragma strads sync_for reduction(+: x)
    for (int i = 0; i < n; i++) {
        ADD(x, i);
        a[i] = (double)i;
    }
    free(a);
    return (double)x;
}
// CLEAN
// EXIT: 0
