/* A sync_for whose emulated probe runs the whole call within its budget
 * (BSP's workers emulated alone), while its records would cost far more:
 * logistic regression over CSR rows, every row's features scattered over
 * a shared weight vector. Unpriced, its calls went shared after the
 * default rent and paid 8 s of records for a 0.09 s call, or stayed alone
 * priced, as the probe's budget happened to run out or not; now priced
 * both ways. The plain build's output (integer weights: every order of
 * the workers' sums prints the same). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 40000, d = 20000, per = 12;
#pragma strads dvector
    long *start = malloc((n + 1) * sizeof *start);
#pragma strads dvector
    int *col = malloc((size_t)n * per * sizeof *col);
#pragma strads dvector
    int *y = malloc(n * sizeof *y);
#pragma strads dvector
    long *w = calloc(d, sizeof *w);
    if (!start || !col || !y || !w) return 1;
    unsigned long long r = 12345;
    start[0] = 0;
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < per; k++) {
            r = r * 6364136223846793005ULL + 1442695040888963407ULL;
            double u = (double)(r >> 11) / 9007199254740992.0;
            col[start[i] + k] = (int)(d * u * u * u);
        }
        start[i + 1] = start[i] + per;
        y[i] = (int)(r >> 60) & 1;
    }
    for (int ep = 0; ep < 4; ep++) {
        long hits = 0;
#pragma strads sync_for reduction(+: hits) aggregate(w: sum)
        for (int i = 0; i < n; i++) {
            long z = 0;
            for (long p = start[i]; p < start[i + 1]; p++) z += w[col[p]] > 0;
            hits += z > per / 2;
            for (long p = start[i]; p < start[i + 1]; p++) w[col[p]] += y[i] ? 1 : -1;
        }
        long s = 0;
        for (int j = 0; j < d; j++) s += w[j] * (j % 7 + 1);
        /* hits read the weights as BSP leaves them: a worker its clock's start */
        printf("epoch %d: %d %ld\n", ep, hits >= 0, s);
    }
    free(start);
    free(col);
    free(y);
    free(w);
    return 0;
}
