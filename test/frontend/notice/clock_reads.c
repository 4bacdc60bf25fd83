/* Many calls of two loops of a few hundred nanoseconds' work: a call run
 * alone reads no clock when nothing is to be timed (one thread of one
 * process, in place), and a loop settled alone is timed at one call in a
 * few (engine/loop_alone.c, rt_alone_clock): a clock read can cost as much
 * as such a call. frontend.alone.clock_reads counts the reads. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 64, calls = 150;
    #pragma strads dvector
    double *x = malloc(n * sizeof *x);
    #pragma strads dvector
    double *h = calloc(8, sizeof *h);
    if (!x || !h) return 1;
    for (int i = 0; i < n; i++) x[i] = i % 5;
    double total = 0;
    for (int c = 0; c < calls; c++) {
        double s = 0;
#pragma strads sync_for reduction(+: s)
        for (int i = 0; i < n; i++) {
            x[i] = 0.5 * x[i] + c;
            s += x[i];
        }
        total += s;
#pragma strads async_for
        for (int i = 0; i < n; i++) h[(i + c) % 8] += x[i] * 1e-3;
    }
    printf("%.6e %.6e %.6e\n", total, h[0], h[7]);
    return 0;
}
