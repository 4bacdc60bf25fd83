/*
 * recon_assert_flow.c - asserts that end a path (a helper ending in
 * assert(0), a switch's default) in a body with reconnaissance: its assert
 * returns there, and gcc's flow warnings (-Wreturn-type,
 * -Wmaybe-uninitialized, -Wimplicit-fallthrough) failed the generated file
 * under -Wall -Wextra -Werror where the plain build is clean
 * (frontend.recon_assert_wall); the output must be the plain build's.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
static double pick(const double *w, int k)
{
    switch (k % 3) {
    case 0: return w[k];
    case 1: return -w[k];
    default: assert(!"bad");
    }
}
static double last(int k) { if (k >= 0) return k; assert(0); }
int main(void)
{
    int n = 1000;
#pragma strads dvector
    double *w = malloc(n * sizeof *w);
    for (int i = 0; i < n; i++) w[i] = i * 0.5;
    double s = 0;
#pragma strads sync_for reduction(+: s)
    for (int i = 0; i < n; i++) {
        int k = i * 3 % n;
        double v;
        switch (k % 2) {
        case 0: v = 1; break;
        case 1: v = 2; break;
        default: assert(0);
        }
        s += pick(w, 3 * (i / 3)) + last(i) + v;
    }
    printf("%.1f\n", s);
    return 0;
}
