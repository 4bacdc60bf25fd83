/* A GNU statement expression in a body, its declaration initialized with an
 * operator expression, under a reduction: stradsc's definite-assignment pass
 * recursed without end on it (found by progfuzz, seed 3002). */
#include <stdio.h>
#include <stdlib.h>
int main(void)
{
    long n = 10;
    long tot = 0;
#pragma strads async_for reduction(+: tot)
    for (long i = 0; i < n; i++) {
        long t = i % 11;
        long u = ({ long se_ = t % 3; se_ * 2; });
        tot += u;
    }
    printf("tot %ld\n", tot);
    return 0;
}
