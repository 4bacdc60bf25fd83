/* A counter the enclosing loop reads before assigning it, around the
 * parallel loop: the last iteration's value would flow into the next
 * round, so it stays a refused write (not made private). */
#include <stdio.h>

void rounds(int K, int n, const double *x, double *s)
{
    int j, d = 0;
    for (int i = 0; i < K; i++) {
        printf("%d\n", d);
#pragma strads sync_for recon(off) copyin(x[0:n])
        for (j = 0; j < n; j++)
            for (d = 0; d < 4; d++)
                s[0] += x[j] * d;
    }
}
// EXPECT: 13:18: error: write to captured variable 'd' in a parallel body
// HINT: declare the loop counter inside the body
