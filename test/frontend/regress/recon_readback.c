/* A helper fills a row and checks it (assert, a macro) before the body
 * reads an index back from it: reconnaissance must run the fill into its
 * shadow, not drop it, or the program's own assert fires on the NaNs. */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#define K 8

static void fill(float *row, int u)
{
    for (int k = 0; k < K; k++)
        row[k] = (float)(u + k) * 0.5f;
    float s = 0;
    for (int k = 0; k < K; k++) {
        assert(!isnan(row[k]));
        s += row[k];
    }
    row[0] = s;
}

int main(void)
{
    int n = 64;
#pragma strads dvector row(K)
    float *W = malloc((size_t)n * K * sizeof *W);
#pragma strads dvector
    int *hits = calloc(n, sizeof *hits);
    for (int i = 0; i < n * K; i++)
        W[i] = NAN;
#pragma strads async_for
    for (int u = 0; u < n; u++) {
        fill(&W[u * K], u);
        int j = (int)W[u * K] % n; /* an index read back from the fill */
        hits[j] += 1;
    }
    double t = 0;
    for (int i = 0; i < n * K; i++)
        t += W[i];
    long h = 0;
    for (int i = 0; i < n; i++)
        h += (long)hits[i] * i;
    printf("%.3f %ld\n", t, h);
    free(W);
    free(hits);
    return 0;
}
