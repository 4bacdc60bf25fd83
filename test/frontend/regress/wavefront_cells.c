// An interval DP with each diagonal of its table a sync_for (the cells of
// one diagonal are independent; each reads shorter intervals of its own row
// and of later rows). Every call runs alone on the driver as the workers
// would, on copies of the whole table, for far more than the cells' work
// (a warning says so once, naming async_for); shared, each call makes new
// records. The answer is the plain build's either way.
#include <stdio.h>
#include <stdlib.h>

#define N 160

int main(void)
{
#pragma strads dvector
    long (*cost)[N] = malloc(N * sizeof *cost);
    int w[N + 1];
    for (int i = 0; i <= N; i++) w[i] = 1 + (i * 37) % 11;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) cost[i][j] = 0;
    for (int len = 2; len < N; len++) {
#pragma strads sync_for
        for (int i = 0; i < N - len; i++) {
            int j = i + len;
            long best = -1;
            for (int k = i + 1; k < j; k++) {
                long c = cost[i][k] + cost[k][j] + (long)w[i] * w[k] * w[j];
                if (best < 0 || c < best) best = c;
            }
            cost[i][j] = best;
        }
    }
    long s = 0;
    for (int i = 0; i < N; i++)
        for (int j = i; j < N; j++) s += cost[i][j] % 1000;
    printf("%ld %ld\n", cost[0][N - 1], s);
    free(cost);
    return 0;
}
