/* sync_for recon(off): a replica's element whose bytes did not change is
 * no change, also at infinity, where its change computed as x - x is NaN.
 * The whole fold of a node's threads and the owners' combine of a row
 * with one member changed turned untouched infinities into NaN. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 4000;
#pragma strads dvector row(2)
    double *p = malloc(2 * (size_t)n * sizeof *p);
#pragma strads dvector
    double *q = malloc((size_t)n * sizeof *q);
#pragma strads dvector
    float *f = malloc((size_t)n * sizeof *f);
    if (!p || !q || !f) return 1;
    for (int i = 0; i < n; i++) {
        p[2 * i] = i % 2 ? INFINITY : -INFINITY;
        p[2 * i + 1] = 0;
        q[i] = i % 5 ? INFINITY : 1.0;
        f[i] = i % 7 ? -INFINITY : 2.0f;
    }
    for (int rep = 0; rep < 3; rep++) {
#pragma strads sync_for recon(off) aggregate(q: sum)
        for (int i = 0; i < n; i++) {
            p[2 * i + 1] += 0.5 * i;
            if (i % 5 == 0) q[i] += 1;
            if (i % 7 == 0) f[i] *= 1.5f;
        }
    }
    int nan = 0;
    double s = 0;
    for (int i = 0; i < n; i++) {
        nan += isnan(p[2 * i]) + isnan(q[i]) + isnan(f[i]);
        s += p[2 * i + 1] + (isinf(q[i]) ? 0 : q[i]) + (isinf(f[i]) ? 0 : f[i]);
    }
    printf("nan %d sum %.3f p0 %g p1 %g q1 %g f1 %g\n", nan, s, p[0], p[2], q[1], (double)f[1]);
    free(p);
    free(q);
    free(f);
    return 0;
}
