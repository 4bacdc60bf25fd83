/* An async_for picks its rows through an index array the sequential code
 * rewrites between calls: every row its own at even calls, three rows for
 * all at odd ones. In one process no write is tracked, so the plan of an
 * even call (no conflicts) ran the odd calls' conflicting iterations on
 * two threads at once: the histogram lost a third of its counts. One
 * process now compares the index array's contents. */
// CONFIGS: 1x1 1x2 2x1 2x2
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 60000;
    #pragma strads dvector
    int *idx = malloc(n * sizeof *idx);
    #pragma strads dvector
    double *hist = calloc(n, sizeof *hist);
    if (!idx || !hist) return 1;
    for (int call = 0; call < 4; call++) {
        for (int i = 0; i < n; i++) idx[i] = call % 2 ? i % 3 : i;
#pragma strads async_for
        for (int i = 0; i < n; i++) hist[idx[i]] += 1.0;
    }
    printf("%.1f %.1f %.1f\n", hist[0], hist[1], hist[5]);
    free(idx);
    free(hist);
    return 0;
}
