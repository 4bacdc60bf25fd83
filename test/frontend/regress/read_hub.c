/* Every iteration reads x[0], which only the first writes: conflicts
 * through reads, but all through one element, whose writer the planner
 * puts in a round of its own; the sample counted each hit as many writers
 * and ran the loop alone as one conflict group
 * (frontend.notice.read_hub: not said). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 16384;
#pragma strads dvector
    double *x = malloc((size_t)n * sizeof *x);
#pragma strads dvector
    double *y = malloc((size_t)n * sizeof *y);
    for (int i = 0; i < n; i++) {
        x[i] = 1;
        y[i] = i % 7;
    }
    for (int t = 0; t < 3; t++) {
#pragma strads async_for
        for (int i = 0; i < n; i++) {
            if (i == 0) x[i] = y[i];
            else x[i] = y[i] + 0.5 * x[0];
        }
    }
    double s = 0;
    for (int i = 0; i < n; i++) s += x[i];
    printf("%.3f\n", s);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1
