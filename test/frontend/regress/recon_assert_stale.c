/*
 * recon_assert_stale.c - a helper fills the iteration's row, a second
 * helper sums it in a loop that reconnaissance records as one range (it
 * reads memory, not the row's new values), and the first asserts on the
 * sum, as lda-c's lda_inference asserts !isnan(likelihood). The
 * iteration's first pass saw the old zeros and the assert aborted the job
 * at 1x2, 2x1 and 4x1; such a pass now lets the check pass, and the
 * iteration's exact pass (which sees the row it wrote) checks it.
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define K 16

static double total(const double *g, int k)
{
    double s = 0;
    for (int j = 0; j < k; j++)
        s += g[j];
    return s;
}

static double fit(double *g, int k, double a)
{
    for (int j = 0; j < k; j++)
        g[j] = a + j * 0.25;
    double s = total(g, k);
    assert(s > 0 && !isnan(s));
    return log(s);
}

int main(void)
{
    int n = 3000;
#pragma strads dvector row(K)
    double *G = calloc((size_t)n * K, sizeof *G);
    double sum = 0;
#pragma strads sync_for reduction(+: sum)
    for (int d = 0; d < n; d++)
        sum += fit(&G[(long)d * K], K, 0.5 + d % 5);
    double cs = 0;
    for (long i = 0; i < (long)n * K; i++)
        cs += G[i];
    printf("%.6f %.3f\n", sum, cs);
    free(G);
    return 0;
}
