/* A sync_for whose body writes its model both through the loop's pointer
 * and through a function of another file (global_other.c) that reaches it
 * by a global: stradsc cannot see that write, and on one process it lands
 * in the node's copy while the threads write their replicas. BSP takes
 * such writes: the fold of the replicas must keep them (a fold that
 * compared the replicas with the node's copy undid them). */
#include <stdio.h>
#include <stdlib.h>

double *model;
void bump(int j);

int main(void)
{
    int n = 16;
#pragma strads dvector
    double *w = calloc((size_t)n, sizeof *w);
    if (!w) return 1;
    model = w;
    for (int c = 0; c < 3; c++) {
#pragma strads sync_for recon(off) minibatch(10) aggregate(w: sum)
        for (int i = 0; i < 400; i++) {
            w[i % n] += 1;
            if (i % 2 == 0) bump((i / 2) % n);
        }
    }
    double s = 0;
    for (int i = 0; i < n; i++) s += w[i];
    printf("sum %g w0 %g\n", s, w[0]);
    free(w);
    return 0;
}
