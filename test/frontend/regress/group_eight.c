/* A co-occurrence trainer with everything in arrays of its own: word and
 * context vectors, their biases, and the AdaGrad sums of all four, eight
 * written arrays in two groups of rows (a record's word, its context).
 * Span planning took at most four, and the loop fell to full records: one
 * group on one node (no parallelism), six on two. Integer updates: every
 * serial order prints the same. */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 1x2 2x1 2x2 4x1

#define V 900
#define D 4

int main(void)
{
    long n = 30000;
#pragma strads dvector
    int *wi = malloc(n * sizeof *wi);
#pragma strads dvector
    int *ci = malloc(n * sizeof *ci);
#pragma strads dvector row(D)
    long *W = calloc(V * D, sizeof *W);
#pragma strads dvector row(D)
    long *C = calloc(V * D, sizeof *C);
#pragma strads dvector row(D)
    long *gW = calloc(V * D, sizeof *gW);
#pragma strads dvector row(D)
    long *gC = calloc(V * D, sizeof *gC);
#pragma strads dvector
    long *bw = calloc(V, sizeof *bw);
#pragma strads dvector
    long *bc = calloc(V, sizeof *bc);
#pragma strads dvector
    long *gbw = calloc(V, sizeof *gbw);
#pragma strads dvector
    long *gbc = calloc(V, sizeof *gbc);
    if (!wi || !ci || !W || !C || !gW || !gC || !bw || !bc || !gbw || !gbc) return 1;
    for (long j = 0; j < n; j++) {
        wi[j] = (int)((j * 7919 + 1) % V);
        ci[j] = (int)((j * j * 31 + 7) % V);
    }
    for (int ep = 0; ep < 3; ep++) {
#pragma strads async_for
        for (long j = 0; j < n; j++) {
            int w = wi[j], c = ci[j];
            long g = j % 7 + ep;
            for (int k = 0; k < D; k++) {
                W[w * D + k] += g * (k + 1);
                C[c * D + k] += g + k;
                gW[w * D + k] += g * g;
                gC[c * D + k] += 2 * g;
            }
            bw[w] += g;
            bc[c] += 3 * g;
            gbw[w] += g * g;
            gbc[c] += 1;
        }
        long s = 0;
        for (int v = 0; v < V; v++)
            s += (W[v * D + v % D] + 2 * C[v * D + (v + 1) % D] + gW[v * D] + gC[v * D + 3]) * (v % 5 + 1) +
                 bw[v] * 3 + bc[v] * 5 + gbw[v] + gbc[v] * 7;
        printf("epoch %d: %ld\n", ep, s);
    }
    free(wi);
    free(ci);
    free(W);
    free(C);
    free(gW);
    free(gC);
    free(bw);
    free(bc);
    free(gbw);
    free(gbc);
    return 0;
}
