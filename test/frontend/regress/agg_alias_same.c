/* Two pointers into one distributed array (x = w + n, as tinn lays out
 * its weights), both written and both summed: one replica folded by the
 * one rule they share gives the plain build's counts at every shape
 * (fault/agg_alias.c is the same with two rules, which must stop). */
// CONFIGS: 1x1 1x2 2x1 2x2
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 8, m = 8000;
#pragma strads dvector
    float *w = calloc(2 * (size_t)n, sizeof *w);
    if (!w) return 1;
    float *x = w + n;
#pragma strads sync_for aggregate(w: sum) aggregate(x: sum)
    for (int i = 0; i < m; i++) {
        x[i % n] += 1.0f;
        w[i % n] += 2.0f;
    }
    for (int i = 0; i < 2 * n; i++) printf("%g ", w[i]);
    printf("\n");
    free(w);
    return 0;
}
