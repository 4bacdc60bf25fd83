/*
 * A sync_for in a helper function rewrites the rows of a pointer it is
 * given, x[t * K + m] with C89 counters: stradsc marks them the
 * iterations' own, the row length K checked at run time against the
 * caller's array (engine: own only while K's row is the array's). Called
 * on a dvector row(K) (own: written in place, the calls run alone as the
 * sequential program) and on a plain dvector of doubles (not its row:
 * replicas, combined), both print the plain build's sums.
 */
#include <stdio.h>
#include <stdlib.h>

static void step(int T, int K, double *x, const double *tab)
{
    int t, m;
#pragma strads sync_for copyin(tab[0:K])
    for (t = 0; t < T; t++) {
        for (m = 0; m < K; m++)
            x[t * K + m] = tab[m] * (t + 1) * 1e-3;
    }
}

int main(void)
{
    int T = 2000, K = 12;
    double *tab = malloc(K * sizeof *tab), s = 0;
#pragma strads dvector row(K)
    double *x = calloc((size_t)T * K, sizeof *x);
#pragma strads dvector
    double *y = calloc((size_t)T * K, sizeof *y);
    if (!tab || !x || !y)
        return 1;
    for (int m = 0; m < K; m++)
        tab[m] = 1.0 + m;
    for (int it = 0; it < 40; it++) {
        tab[it % K] += 1e-3;
        step(T, K, x, tab);
        step(T, K, y, tab);
        s += x[(it * 7919) % T * K + it % K] + 2 * y[(it * 31) % T * K + it % K];
    }
    printf("%.12f\n", s);
    free(tab);
    free(x);
    free(y);
    return 0;
}
