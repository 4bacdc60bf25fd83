/* recon_settle.c's loop in the body itself, with a captured floating
 * step: a store that decides the test of the loop around it matters. The
 * fast copy dropped `y[i] += step` (a value only), its while loop read the
 * same y[i] forever, and reconnaissance hung at two threads. */
#include <stdio.h>
#include <stdlib.h>
int main(void)
{
    int n = 100;
    double step = 0.25;
#pragma strads dvector
    double *y = calloc(n, sizeof *y);
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        while (y[i] < 1 + i * 0.01)
            y[i] += step;
    }
    double s = 0;
    for (int i = 0; i < n; i++) s += y[i];
    printf("%.6f\n", s);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1
