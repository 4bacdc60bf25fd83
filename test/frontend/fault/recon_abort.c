/* An assert that fails in the body: reconnaissance, which runs the body
 * first, must say which loop and iteration and what to do, not only name a
 * generated file. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 100;
#pragma strads dvector
    double *y = calloc(n, sizeof *y);
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        assert(i != 37);
        y[i] = i;
    }
    printf("%g\n", y[5]);
    return 0;
}
