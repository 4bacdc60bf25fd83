/* Loops whose iterations start below zero: reconnaissance took an
 * iteration index below zero for "no iteration yet" and failed every
 * shared call with "invalid argument" (and a call run alone did not). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 3000;
    #pragma strads dvector
    double *v = calloc((size_t)n + 8, sizeof *v);
    #pragma strads dvector
    long *hist = calloc(16, sizeof *hist);
    if (!v || !hist) return 1;
    double total = 0;
    for (int c = 0; c < 4; c++) {
        double s = 0;
#pragma strads sync_for reduction(+: s)
        for (int i = -8; i < n; i++) {
            v[i + 8] = 0.5 * v[i + 8] + (double)((i * 7 + c) % 11);
            s += v[i + 8];
        }
        total += s;
#pragma strads async_for
        for (long i = -5; i < n - 5; i++) hist[(i + 5) % 16] += (i + c) % 3;
    }
    long h = 0;
    for (int k = 0; k < 16; k++) h += hist[k] * (k + 1);
    printf("total %.6f hist %ld v %.6f\n", total, h, v[n / 2]);
    free(v);
    free(hist);
    return 0;
}
