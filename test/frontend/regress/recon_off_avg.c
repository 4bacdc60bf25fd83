/* sync_for recon(off) with the default aggregate (avg): an element written
 * by one node must take that node's value, not move 1/N of the way (the
 * unchanged copies of the other nodes are no writes). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 1000;
#pragma strads dvector
    double *y = calloc(n, sizeof *y);
#pragma strads dvector
    double *z = calloc(n, sizeof *z);
    for (int i = 0; i < n; i++) z[i] = 1;
#pragma strads sync_for recon(off)
    for (int i = 0; i < n; i++) {
        y[i] = 2 * i;
        if (i % 3 == 0) z[i] += i;
    }
    double s = 0;
    for (int i = 0; i < n; i++) s += y[i] + 3 * z[i];
    printf("%g %g %g %.1f\n", y[0], y[999], z[999], s);
    free(y);
    free(z);
    return 0;
}
