/* Short sync_for calls whose iterations read what others write, in ways
 * stradsc's per-pointer judgement does not see: a second pointer to the
 * same array (q = a), and a row taken whole (row = g[i + 1]; row[-4]).
 * Run alone, each would give the sequential answer; shared, the model's.
 * frontend.alone.same checks that the default (short calls may run
 * alone) prints what every call shared prints: the choice must not depend
 * on timing. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 200;
    #pragma strads dvector
    double *a = calloc(2 * n + 4, sizeof *a);
    #pragma strads dvector
    double (*g)[4] = calloc(n + 1, sizeof *g);
    if (!a || !g) return 1;
    double *q = a;
    double s = 0, t = 0;
    for (int r = 0; r < 30; r++) {
        a[0] = r;
        g[0][0] = r;
#pragma strads sync_for
        for (int j = 0; j < n; j++) a[2 * j + 2] = q[2 * j] + 1;
#pragma strads sync_for
        for (int i = 0; i < n; i++) {
            double *row = g[i + 1];
            row[0] = row[-4] + 1;
        }
        for (int k = 0; k < 2 * n + 4; k++) s += a[k] * (k + 1);
        for (int k = 0; k <= n; k++) t += g[k][0] * (k + 1);
    }
    printf("%.0f %.0f\n", s, t);
    free(a);
    free(g);
    return 0;
}
