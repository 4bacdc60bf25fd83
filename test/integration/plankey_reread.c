/* An async_for whose elements are chosen by an index array the loop only
 * reads, rewritten by the sequential code between calls (the way a sampler
 * refreshes a negative-sample table or a shuffle renews a permutation): a
 * plan kept from the previous call would fetch and write back the wrong
 * rows. Built with plain cc and with stradscc, both must print the same
 * lines (t-plankey.sh). Usage: plankey_reread [n] */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int64_t n = argc > 1 ? atol(argv[1]) : 4001;
    #pragma strads dvector
    int64_t *idx = malloc((size_t)n * sizeof *idx);
    #pragma strads dvector
    double *x = malloc((size_t)n * sizeof *x);
    #pragma strads dvector
    double *hist = calloc((size_t)n, sizeof *hist);
    for (int64_t j = 0; j < n; j++)
        x[j] = (double)(j % 97 + 1);
    static const int64_t stride[] = {1, 7, 13, 31};
    for (int call = 0; call < 4; call++) {
        for (int64_t i = 0; i < n; i++)
            idx[i] = (i * stride[call] + call) % n;
        #pragma strads async_for
        for (int64_t i = 0; i < n; i++)
            hist[idx[i]] += x[i] + 0.5 * x[idx[i]];
        double sum = 0;
        for (int64_t j = 0; j < n; j++)
            sum += hist[j] * (double)(j + 1);
        printf("call %d weighted sum %.9e\n", call, sum);
    }
    free(idx);
    free(x);
    free(hist);
    return 0;
}
