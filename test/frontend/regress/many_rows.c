/* Many rows in one inner loop, each indexed k + an offset read from
 * another array (srad's image[iN[i] + Nr * j] style): stradsc's list of
 * rows grew while it held a pointer into it (a use after free; stradsc
 * died of SIGSEGV on a converted srad). */
#include <stdio.h>
#include <stdlib.h>

#define M 16

int main(void)
{
    int n = 64;
#pragma strads dvector
    double *p0 = malloc((size_t)(n + M) * sizeof *p0);
#pragma strads dvector
    int *o0 = malloc((size_t)n * sizeof *o0);
#pragma strads dvector
    double *p1 = malloc((size_t)(n + M) * sizeof *p1);
#pragma strads dvector
    int *o1 = malloc((size_t)n * sizeof *o1);
#pragma strads dvector
    double *p2 = malloc((size_t)(n + M) * sizeof *p2);
#pragma strads dvector
    int *o2 = malloc((size_t)n * sizeof *o2);
#pragma strads dvector
    double *p3 = malloc((size_t)(n + M) * sizeof *p3);
#pragma strads dvector
    int *o3 = malloc((size_t)n * sizeof *o3);
#pragma strads dvector
    double *p4 = malloc((size_t)(n + M) * sizeof *p4);
#pragma strads dvector
    int *o4 = malloc((size_t)n * sizeof *o4);
#pragma strads dvector
    double *p5 = malloc((size_t)(n + M) * sizeof *p5);
#pragma strads dvector
    int *o5 = malloc((size_t)n * sizeof *o5);
#pragma strads dvector
    double *p6 = malloc((size_t)(n + M) * sizeof *p6);
#pragma strads dvector
    int *o6 = malloc((size_t)n * sizeof *o6);
#pragma strads dvector
    double *p7 = malloc((size_t)(n + M) * sizeof *p7);
#pragma strads dvector
    int *o7 = malloc((size_t)n * sizeof *o7);
#pragma strads dvector
    double *p8 = malloc((size_t)(n + M) * sizeof *p8);
#pragma strads dvector
    int *o8 = malloc((size_t)n * sizeof *o8);
#pragma strads dvector
    double *p9 = malloc((size_t)(n + M) * sizeof *p9);
#pragma strads dvector
    int *o9 = malloc((size_t)n * sizeof *o9);
#pragma strads dvector
    double *p10 = malloc((size_t)(n + M) * sizeof *p10);
#pragma strads dvector
    int *o10 = malloc((size_t)n * sizeof *o10);
#pragma strads dvector
    double *p11 = malloc((size_t)(n + M) * sizeof *p11);
#pragma strads dvector
    int *o11 = malloc((size_t)n * sizeof *o11);
#pragma strads dvector
    double *q = malloc((size_t)M * sizeof *q);
#pragma strads dvector
    double *out = malloc((size_t)n * sizeof *out);
    if (!out || !q || !p0 || !o0 || !p1 || !o1 || !p2 || !o2 || !p3 || !o3 || !p4 || !o4 || !p5 || !o5 || !p6 || !o6 || !p7 || !o7 || !p8 || !o8 || !p9 || !o9 || !p10 || !o10 || !p11 || !o11) return 1;
    for (int k = 0; k < M; k++) q[k] = k;
    for (int j = 0; j < n + M; j++) {
        p0[j] = (double)((j * 3) % 7);
        p1[j] = (double)((j * 4) % 7);
        p2[j] = (double)((j * 5) % 7);
        p3[j] = (double)((j * 6) % 7);
        p4[j] = (double)((j * 7) % 7);
        p5[j] = (double)((j * 8) % 7);
        p6[j] = (double)((j * 9) % 7);
        p7[j] = (double)((j * 10) % 7);
        p8[j] = (double)((j * 11) % 7);
        p9[j] = (double)((j * 12) % 7);
        p10[j] = (double)((j * 13) % 7);
        p11[j] = (double)((j * 14) % 7);
    }
    for (int j = 0; j < n; j++) {
        o0[j] = (j * 5) % M;
        o1[j] = (j * 6) % M;
        o2[j] = (j * 7) % M;
        o3[j] = (j * 8) % M;
        o4[j] = (j * 9) % M;
        o5[j] = (j * 10) % M;
        o6[j] = (j * 11) % M;
        o7[j] = (j * 12) % M;
        o8[j] = (j * 13) % M;
        o9[j] = (j * 14) % M;
        o10[j] = (j * 15) % M;
        o11[j] = (j * 16) % M;
    }
#pragma strads sync_for
    for (int j = 0; j < n; j++) {
        double s = 0;
        for (int k = 0; k < M; k++)
            s += q[k]
               + p0[k + o0[j]]
               + p1[k + o1[j]]
               + p2[k + o2[j]]
               + p3[k + o3[j]]
               + p4[k + o4[j]]
               + p5[k + o5[j]]
               + p6[k + o6[j]]
               + p7[k + o7[j]]
               + p8[k + o8[j]]
               + p9[k + o9[j]]
               + p10[k + o10[j]]
               + p11[k + o11[j]];
        out[j] = s;
    }
    double t = 0;
    for (int j = 0; j < n; j++) t += out[j] * (j + 1);
    printf("%.1f\n", t);
    free(out);
    free(q);
    free(p0);
    free(o0);
    free(p1);
    free(o1);
    free(p2);
    free(o2);
    free(p3);
    free(o3);
    free(p4);
    free(o4);
    free(p5);
    free(o5);
    free(p6);
    free(o6);
    free(p7);
    free(o7);
    free(p8);
    free(o8);
    free(p9);
    free(o9);
    free(p10);
    free(o10);
    free(p11);
    free(o11);
    return 0;
}
