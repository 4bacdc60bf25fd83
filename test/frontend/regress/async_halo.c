/* A cell list as molecular dynamics codes keep one (CoMD): the arrays
 * hold the local cells, then halo cells no iteration writes; iteration b
 * updates its own cell's slots and reads every cell. The node-level
 * blocks followed the arrays' owners, which left every written slot on
 * the first node (load max/mean 2.00 at 2 nodes, 4.00 at 4, and a warning
 * that the iterations conflict); blocks that leave a node idle are cut by
 * the iterations instead (scheduler/plan.c's cut_blocks;
 * plan-balance.sh checks the load). */
// CONFIGS: 1x1 1x2 2x1 4x1 2x2
#include <stdio.h>
#include <stdlib.h>

#define CAP 32

int main(void)
{
    int nb = 64, ntot = 4 * nb;
#pragma strads dvector
    double (*f)[3] = calloc((size_t)ntot * CAP, sizeof *f);
#pragma strads dvector
    double *u = calloc((size_t)ntot * CAP, sizeof *u);
#pragma strads dvector
    double *r = malloc((size_t)ntot * CAP * sizeof *r);
    if (!f || !u || !r) return 1;
    for (int i = 0; i < ntot * CAP; i++) r[i] = (i * 37 % 101) * 0.01;
    double e = 0;
    for (int step = 0; step < 2; step++) {
#pragma strads async_for reduction(+: e)
        for (int b = 0; b < nb; b++) {
            for (int i = b * CAP; i < (b + 1) * CAP; i++) {
                for (int j = 0; j < ntot * CAP; j += 61) {
                    double d = r[i] - r[j];
                    u[i] += 0.5 * d * d;
                    f[i][0] -= d;
                    e += d * d;
                }
            }
        }
    }
    double s = 0;
    for (int i = 0; i < ntot * CAP; i++) s += u[i] * (i % 5 + 1) + f[i][0];
    printf("%.6f %.6f\n", s, e);
    free(f);
    free(u);
    free(r);
    return 0;
}
