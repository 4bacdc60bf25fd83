/* A guarded read recorded as one range (reads under a condition are
 * ranges): iteration v sums x[v - 1 .. v + 1] under `if (j >= 0 && j < n)`,
 * so at v = 0 its range starts before x. Its first address lies in no
 * array, and the whole range was dropped: x[0] and x[1] were never
 * fetched, and at two processes y[0] read zeros (exit 0). The iterations
 * are listed so that the one at v = 1 (which writes x[1] from y[0]) runs
 * first and the one at v = 0 last: any serial order gives (y0, x1) =
 * (101, 100) or (3, 103). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 4096;
#pragma strads dvector
    int *perm = malloc((size_t)n * sizeof *perm);
#pragma strads dvector
    double *x = malloc((size_t)n * sizeof *x);
#pragma strads dvector
    double *y = calloc((size_t)n, sizeof *y);
    for (int i = 0; i < n; i++) {
        perm[i] = i == 0 ? 1 : i == n - 1 ? 0 : i;
        x[i] = 1 + i % 13;
    }
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        int v = perm[i];
        double s = 0;
        for (int j = v - 1; j <= v + 1; j++)
            if (j >= 0 && j < n) s += x[j];
        y[v] = s;
        if (v == 1) x[1] = 100 + y[0];
    }
    printf("y0=%g x1=%g\n", y[0], x[1]);
    return 0;
}
// CONFIGS: 1x1 2x1 4x1 2x2
