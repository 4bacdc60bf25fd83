/* Two pointers into one distributed array, written with different
 * aggregations (tinn keeps its output weights behind its hidden ones:
 * x = w + n): the array has one replica, folded one way, so the runtime
 * must stop and say so rather than fold both halves by the first field's
 * rule (x summed came out averaged: half the plain build's count). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 1000;
#pragma strads dvector
    float *w = calloc(2 * (size_t)n, sizeof *w);
    if (!w) return 1;
    float *x = w + n;
    for (int c = 0; c < 3; c++) {
#pragma strads sync_for aggregate(x: sum)
        for (int i = 0; i < n; i++) {
            w[i] = w[i] + 1.0f;
            x[i % 4] += 1.0f;
        }
    }
    double s = 0;
    for (int i = 0; i < n; i++) s += w[i];
    printf("%g %g\n", s, x[0]);
    free(w);
    return 0;
}
