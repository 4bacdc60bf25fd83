/* A body whose helper recurses without end overflows the thread's stack in
 * reconnaissance, which runs the body first: the message must still name the
 * loop and the iteration (the handler runs on an alternate signal stack). */
#include <stdio.h>
#include <stdlib.h>

static long deep(const double *y, long d)
{
    volatile char pad[512];
    pad[d % 512] = (char)d;
    return deep(y, d + 1) + pad[(d + 7) % 512] + (long)y[0];
}

int main(void)
{
    int n = 100;
#pragma strads dvector
    double *y = calloc(n, sizeof *y);
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        if (i == 41)
            y[i] = (double)deep(y, 0);
        y[i] += i;
    }
    printf("%g\n", y[5]);
    return 0;
}
