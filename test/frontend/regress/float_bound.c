/* Loop bounds of floating type (a train/test split, i < 0.75 * n): C
 * compares the counter as a double, so i < 10.5 runs to 10 and i <= -0.5
 * stops at -1; the bound was cut to an integer toward zero (10 and 0 runs,
 * wrong sums, exit 0, found by a new user). Also a float bound and the
 * counter's value after a loop that did not declare it. */
// CONFIGS: 1x1 1x2 2x1
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 14, i;
#pragma strads dvector
    double *a = malloc((size_t)n * sizeof *a);
    if (!a) return 1;
    for (int k = 0; k < n; k++) a[k] = k;
    double s = 0, t = 0;
    int cnt = 0, le = 0, lt = 0;
#pragma strads sync_for reduction(+: s, cnt)
    for (int k = 0; k < 0.75 * n; k++) {
        s += a[k];
        cnt++;
    }
#pragma strads async_for reduction(+: t)
    for (i = 0; i < 0.75 * n; i++) t += a[i];
    printf("sync %.0f %d async %.0f after %d\n", s, cnt, t, i);
    double x = -0.5;
#pragma strads sync_for reduction(+: le)
    for (i = -3; i <= x; i++) le++;
    printf("le %d after %d\n", le, i);
    float f = 2.000001f;
#pragma strads sync_for reduction(+: lt)
    for (int k = 0; k < f; k++) lt++;
    float g = 3.0f;
#pragma strads sync_for reduction(+: lt)
    for (int k = 0; k <= g; k++) lt += 10;
    printf("lt %d\n", lt);
    free(a);
    return 0;
}
