/*
 * slice_overwrite.c - a sync_for whose iterations overwrite their own
 * slice of a flat array (float *r = x + h * m), over values far larger
 * than the new ones (a reused workspace, im2col's rows): the threads'
 * fold took start + (new - start), which gave 0 for 0.001 written over
 * 1e8 at 1x2 and -n 1, exit 0. Within a process the first change is the
 * value itself. (Across processes the owners add changes: see guide.md.)
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 4000, m = 4;
#pragma strads dvector
    float *x = malloc((size_t)n * m * sizeof *x);
    double s = 0;
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < n * m; i++)
            x[i] = 1e8f * (float)(round + 1);
#pragma strads sync_for
        for (int h = 0; h < n; h++) {
            float *r = x + h * m;
            for (int i = 0; i < m; i++)
                r[i] = 0.001f * (float)(h * m + i + 1) + (float)round;
        }
        for (int i = 0; i < n * m; i++)
            s += x[i] * (1 + i % 5);
    }
    printf("%.9g %.9g %.17g\n", x[0], x[n * m - 1], s);
    free(x);
    return 0;
}
// CONFIGS: 1x1 1x2 1x3
