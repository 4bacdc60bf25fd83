/*
 * no_arrays.c - sync_for loops that touch no distributed array (NPB EP's
 * habit: a private buffer a helper fills, and reductions): no
 * reconnaissance runs for them (it took twice the loop, for nothing to
 * list), and recon(off) draws no warning about writes to distributed
 * arrays (frontend.notice.no_arrays).
 */
#include <math.h>
#include <stdio.h>

#define NB 256
static double buf[NB];

static void fill(double *y, long k)
{
    for (int i = 0; i < NB; i++)
        y[i] = 1.0 + (double)((k * 7919 + i) % 1000);
}

int main(void)
{
    double s = 0, h = 0;
    long hits = 0;
#pragma strads sync_for reduction(+: s, hits) private(buf[0:NB])
    for (long k = 0; k < 4000; k++) {
        fill(buf, k);
        for (int i = 0; i < NB; i++) {
            s += buf[i] > 500 ? 1.0 : 0.5;
            hits += buf[i] > 900;
        }
    }
#pragma strads sync_for reduction(+: h) recon(off)
    for (long k = 0; k < 100000; k++)
        h += (double)(k % 7);
    printf("%.1f %ld %.1f\n", s, hits, h);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1 4x1
