/* A Rodinia-srad-like stencil: each iteration writes its own elements of
 * five flat arrays (k = i * cols + j) and reads neighbours of an array the
 * loop only reads. No two iterations share an element, so one process's
 * threads write them in place and the clocks of a call are one (a call
 * shared cost 20-30x its work in replicas, page tracking and whole-array
 * snapshots); the plain build's bytes at every shape. A call to a function
 * of another file under a constant-false condition (NPB's
 * `if (TIMERS_ENABLED) timer_start(3)`) never runs and is not refused. */
#include <stdio.h>
#include <stdlib.h>

#define TIMERS_ENABLED 0
extern void timer_start(int); /* defined nowhere: never called */

int main(void)
{
    int rows = 48, cols = 40, niter = 3;
    long n = (long)rows * cols;
    int *iN = malloc(sizeof(int) * (size_t)rows), *iS = malloc(sizeof(int) * (size_t)rows);
    int *jE = malloc(sizeof(int) * (size_t)cols);
#pragma strads dvector
    float *J = malloc((size_t)n * sizeof(float));
#pragma strads dvector
    float *c = malloc((size_t)n * sizeof(float));
#pragma strads dvector
    float *dN = malloc((size_t)n * sizeof(float));
#pragma strads dvector
    float *dS = malloc((size_t)n * sizeof(float));
#pragma strads dvector
    float *dE = malloc((size_t)n * sizeof(float));
    if (!iN || !iS || !jE || !J || !c || !dN || !dS || !dE) return 1;
    for (int i = 0; i < rows; i++) iN[i] = i > 0 ? i - 1 : 0, iS[i] = i < rows - 1 ? i + 1 : rows - 1;
    for (int j = 0; j < cols; j++) jE[j] = j < cols - 1 ? j + 1 : cols - 1;
    for (long k = 0; k < n; k++) J[k] = 1.0f + (float)(k * 7919 % 251) / 100.0f;
    for (int it = 0; it < niter; it++) {
#pragma strads sync_for copyin(iN[0:rows], iS[0:rows], jE[0:cols])
        for (int i = 0; i < rows; i++) {
            if (TIMERS_ENABLED) timer_start(3);
            for (int j = 0; j < cols; j++) {
                int k = i * cols + j;
                float Jc = J[k];
                dN[k] = J[iN[i] * cols + j] - Jc;
                dS[k] = J[iS[i] * cols + j] - Jc;
                dE[k] = J[i * cols + jE[j]] - Jc;
                float L = (dN[k] + dS[k] + dE[k]) / Jc;
                c[k] = 1.0f / (1.0f + L * L);
                if (c[k] > 0.9f) c[k] = 0.9f;
            }
        }
#pragma strads sync_for copyin(iS[0:rows], jE[0:cols])
        for (int i = 0; i < rows; i++)
            for (int j = 0; j < cols; j++) {
                int k = i * cols + j;
                float D = c[k] * dN[k] + c[iS[i] * cols + j] * dS[k] + c[i * cols + jE[j]] * dE[k];
                J[k] = J[k] + 0.125f * D;
            }
    }
    double s = 0;
    for (long k = 0; k < n; k++) s += (double)J[k] * (double)(k % 13 + 1);
    printf("J %a\n", s);
    free(iN), free(iS), free(jE), free(J), free(c), free(dN), free(dS), free(dE);
    return 0;
}
