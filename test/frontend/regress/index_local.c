/* Indices held in locals of the body (Rodinia srad's `int k = i * cols +
 * j; J[k]`, a row's `long base = (long)i * cols`): the iterations' own rows,
 * written in place, and a local that does not hold the row (set before its
 * counter's loop) still combined as before; the plain build's bytes at every
 * shape. A comment may stand between a pragma and its for. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int rows = 96, cols = 40;
    long n = (long)rows * cols;
#pragma strads dvector row(cols)
    float *J = malloc((size_t)n * sizeof *J);
#pragma strads dvector row(cols)
    float *D = malloc((size_t)n * sizeof *D);
#pragma strads dvector
    double *S = calloc((size_t)rows, sizeof *S);
    if (!J || !D || !S) return 1;
    for (long p = 0; p < n; p++) {
        J[p] = 1.0f + (float)(p * 7919 % 1000) / 1000.0f;
        D[p] = (float)(p * 104729 % 1000) / 1000.0f;
    }
    for (int it = 0; it < 4; it++) {
#pragma strads sync_for
        /* a comment between the pragma and its loop, as OpenMP allows */
        for (int i = 0; i < rows; i++)
            for (int j = 0; j < cols; j++) {
                int k = i * cols + j;
                J[k] += 0.1f * D[k] * (float)(it + 1);
            }
#pragma strads sync_for
        // and a line comment
        for (int i = 0; i < rows; i++) {
            const long base = (long)i * cols;
            for (int j = 0; j < cols; j++) D[base + j] = 0.5f * D[base + j] + 0.25f * J[base + j];
        }
#pragma strads sync_for aggregate(S: sum)
        for (int i = 0; i < rows; i++) {
            int j = 0;
            int k = i * cols + j;
            for (j = 0; j < cols; j++) S[i] += J[k] + J[i * cols + j];
        }
    }
    int k; /* declared at the top, C89 style, set once an iteration (srad) */
    float Jc;
#pragma strads dvector
    float *G = calloc((size_t)n, sizeof *G);
    if (!G) return 1;
#pragma strads sync_for
    for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++) {
            k = i * cols + j;
            Jc = J[k];
            G[k] = J[(i > 0 ? i - 1 : i) * cols + j] - Jc;
        }
    }
    double g = 0;
    for (long p = 0; p < n; p++) g += (double)G[p] * (double)(p % 3 + 1);
    printf("G %.6f\n", g);
    free(G);
    double s = 0, t = 0;
    for (long p = 0; p < n; p++) s += (double)J[p] * (double)(p % 7 + 1), t += D[p];
    for (int i = 0; i < rows; i++) t += S[i];
    printf("J %.6f D+S %.6f\n", s, t);
    free(J);
    free(D);
    free(S);
    return 0;
}
