/* sync_for's default aggregate is the mean of the writers' changes. When
 * several iterations on different processes assign the same value to one
 * element of an integer array (marking a flag, a label), the mean is that
 * value exactly: each change was divided before summing, and two processes'
 * flag[k] = 1 became 0 (found converting a PageRank program's dangling
 * node marks). int, long and unsigned long, at every shape. */
// CONFIGS: 1x1 1x2 2x1 3x1 4x1 2x2
#include <stdio.h>
#include <stdlib.h>

#define N 6000
#define K 97

int main(void)
{
    #pragma strads dvector
    int *idx = malloc(N * sizeof *idx);
    #pragma strads dvector
    int *flag = calloc(K, sizeof *flag);
    #pragma strads dvector
    long *label = calloc(K, sizeof *label);
    #pragma strads dvector
    unsigned long *mark = calloc(K, sizeof *mark);
    if (!idx || !flag || !label || !mark) return 1;
    for (int i = 0; i < N; i++) idx[i] = (int)((i * 31L) % (K - 7)); /* the last 7 stay */
    for (int k = 0; k < K; k++) label[k] = -k, mark[k] = 5;
    for (int e = 0; e < 3; e++) {
#pragma strads sync_for
        for (int i = 0; i < N; i++) {
            flag[idx[i]] = e + 1;
            label[idx[i]] = 1000L * (e + 1) + idx[i];
            mark[idx[i]] = 7;
        }
        long s = 0;
        for (int k = 0; k < K; k++) s += (long)flag[k] * (k + 1) + label[k] + (long)mark[k] * 3;
        printf("%d: %d %ld %lu sum %ld\n", e, flag[3], label[3], mark[3], s);
    }
    free(idx);
    free(flag);
    free(label);
    free(mark);
    return 0;
}
