/* Macros in a body: the operators inside assert(...) and MAX(...) are
 * reads, not writes (stradsc refused `assert(i != 37)` as a write to the
 * loop variable), and the distributed-array reads inside them are recorded. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#define MAX(a, b) ((a) > (b) ? (a) : (b))

int main(void)
{
    int n = 200, flag = 1, m = 3;
#pragma strads dvector
    int *x = calloc(n, sizeof *x);
#pragma strads dvector
    int *y = calloc(n, sizeof *y);
    for (int i = 0; i < n; i++)
        x[i] = (i * 37) % n;
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        assert(flag);
        assert(!(i < 0) && x[i] < n);
        y[x[i]] += MAX(x[MAX(i - 1, 0)], m);
    }
    long s = 0;
    for (int i = 0; i < n; i++)
        s += (long)y[i] * (i + 1);
    printf("%ld\n", s);
    free(x);
    free(y);
    return 0;
}
