/* The pragma chosen by an #ifdef right before the loop: its #else arm and
 * #endif stand between the active pragma and the for, as compilers accept
 * (stradsc said "expected a for loop", pointing at #endif); and a pragma
 * before an #if 0 arm binds to the loop of the arm compiled. */
// CONFIGS: 1x1 2x1
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    #pragma strads dvector
    float *a = calloc(1000, sizeof *a);
    if (!a) return 1;
    for (int i = 0; i < 1000; i++) a[i] = (float)(i % 10);
    double s = 0;
#ifdef STRADS_TEST_NO_RECON
#pragma strads sync_for reduction(+: s) recon(off)
#else
#pragma strads sync_for reduction(+: s)
#endif
    for (int i = 0; i < 1000; i++)
        s += a[i] + i;
    long t = 0;
#ifndef STRADS_TEST_UNDEFINED
#pragma strads async_for reduction(+: t)
#endif
    for (int i = 0; i < 1000; i++) t += (long)a[i] * 2;
    double u = 0;
#pragma strads sync_for reduction(+: u)
#if 0
    for (int i = 0; i < 500; i++) u += 100;
#else
    for (int i = 0; i < 1000; i++) u += a[i];
#endif
    printf("%g %ld %g\n", s, t, u);
    free(a);
    return 0;
}
