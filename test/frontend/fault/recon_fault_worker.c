/* A body that faults in reconnaissance on the real data, in the share of a
 * worker: the worker leaves faulting iterations for values it has yet to
 * fetch (recon_guard.c), but once they are fetched it runs them again with
 * the fault fatal, so the job still stops naming the loop and the
 * iteration (run with every call shared: STRADS_TRY_ALONE=0). */
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
    int n = 1000;
#pragma strads dvector
    double *y = calloc(n, sizeof *y);
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        if (i == 990)
            y[i] = (double)deep(y, 0);
        y[i] += i;
    }
    printf("%g\n", y[5]);
    return 0;
}
