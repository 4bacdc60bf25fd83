/* Odd-even transposition sort: each phase is a sync_for over disjoint
 * pairs, swapped by a helper through pointers under a condition, which
 * reconnaissance does not record as writes: they are combined anyway, and
 * each of the two loops says so once, not at every one of their calls
 * (frontend.notice.unrecorded counts the lines). */
// CONFIGS: 1x1 1x2 2x1 3x1
#include <stdio.h>
#include <stdlib.h>

static void swap2(double *a, double *b)
{
    double t = *a;
    *a = *b;
    *b = t;
}

int main(void)
{
    int n = 200, half = n / 2;
    #pragma strads dvector
    double *v = malloc(n * sizeof *v);
    if (!v) return 1;
    for (int i = 0; i < n; i++) v[i] = (i * 37) % n;
    for (int phase = 0; phase < n; phase++) {
#pragma strads sync_for
        for (int j = 0; j < half; j++)
            if (v[2 * j] < v[2 * j + 1]) swap2(&v[2 * j], &v[2 * j + 1]);
#pragma strads sync_for
        for (int j = 0; j < half - 1; j++)
            if (v[2 * j + 1] < v[2 * j + 2]) swap2(&v[2 * j + 1], &v[2 * j + 2]);
    }
    double chk = 0;
    for (int i = 0; i < n; i++) chk += v[i] * (i + 1);
    printf("first %g last %g check %.0f\n", v[0], v[n - 1], chk);
    free(v);
    return 0;
}
