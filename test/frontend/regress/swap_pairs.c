/*
 * swap_pairs.c - one compare-and-swap pass over the pairs of a large
 * array (5 MB: above what nodes fetch whole, so reconnaissance makes
 * lists), called again after the driver rewrites the values: the kept
 * lists name the swaps of the first call's values, so later calls write
 * elements they do not record (combined all the same, and said once per
 * loop and process: frontend.notice.unrecorded).
 */
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
    int n = 640000, half = n / 2;
#pragma strads dvector
    double *v = malloc(n * sizeof *v);
    if (!v) return 1;
    double chk = 0;
    for (int call = 0; call < 4; call++) {
        for (int i = 0; i < n; i++)
            v[i] = (double)(((long)i * 37 + call * 11) % 1009);
#pragma strads sync_for
        for (int j = 0; j < half; j++)
            if (v[2 * j] < v[2 * j + 1]) swap2(&v[2 * j], &v[2 * j + 1]);
        for (int i = 0; i < n; i++)
            chk += v[i] * (i % 13 + 1);
    }
    printf("check %.0f\n", chk);
    free(v);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1 3x1
