/* A loop whose only clause item is a private section: its scratch stays
 * with its thread (not packed for the fold: NPB EP sent its 1 MB buffer to
 * rank 0 at every call), and the fields table of none still compiles. */
#include <stdio.h>
#include <stdlib.h>
int main(void)
{
    int n = 1000;
#pragma strads dvector
    double *a = malloc(n * sizeof *a);
    double buf[16];
    for (int i = 0; i < n; i++) a[i] = i;
#pragma strads sync_for private(buf[0:16])
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 16; k++) buf[k] = a[i] + k;
        a[i] = buf[3] + buf[15];
    }
    double s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    printf("%.1f\n", s);
    free(a);
    return 0;
}
