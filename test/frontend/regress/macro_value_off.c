/* A sync_for recon(off) whose body uses macros that read distributed
 * arrays and yield values, and one that is an element: the copy made for
 * reconnaissance never runs, but it must compile (it failed in gcc with
 * "lvalue required"), and the run must give the plain build's output. */
#include <stdio.h>
#include <stdlib.h>
#define px(i) pts[(i) * 2]
#define dist(i, j) ((px(j) - px(i)) * (px(j) - px(i)))
#define elem(i) w[i]

int main(void)
{
    long n = 20000;
#pragma strads dvector row(2)
    long *pts = calloc((size_t)n * 2, sizeof *pts);
#pragma strads dvector
    long *best = calloc((size_t)n, sizeof *best);
#pragma strads dvector
    long *w = calloc((size_t)n, sizeof *w);
    if (!pts || !best || !w) return 1;
    for (long i = 0; i < n * 2; i++) pts[i] = i * 7919 % 1000;
    for (long i = 0; i < n; i++) w[i] = i % 13;
#pragma strads sync_for recon(off)
    for (long i = 0; i < n; i++)
        best[i] = dist(i, 3) + elem(i);
    long s = 0;
    for (long i = 0; i < n; i++) s += best[i] * (i % 7 + 1);
    printf("%ld\n", s);
    free(pts);
    free(best);
    free(w);
    return 0;
}
