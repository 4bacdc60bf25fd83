/* CSR rows walked through a permutation, with 1-based column indices (as
 * libsvm files give them): a worker's reconnaissance reads the row starts
 * other nodes own as zeros until it fetches them, so start[i] = 0 and
 * start[i + 1] its value ran over elements never fetched, whose column 0
 * made w[-1], and the worker died of SIGSEGV ("make the body valid on the
 * data"). Such an iteration now waits for its data and is recorded again. */
// CONFIGS: 1x1 1x2 2x1 3x1 2x2 2x1a
#include <stdio.h>
#include <stdlib.h>

struct feature_node {
    int index;
    double value;
};

int main(void)
{
    int l = 20000, n = 50000, nnz = 2;
#pragma strads dvector
    int *perm = malloc((size_t)l * sizeof *perm);
#pragma strads dvector
    long *start = malloc(((size_t)l + 1) * sizeof *start);
#pragma strads dvector
    struct feature_node *xs = malloc((size_t)l * (size_t)nnz * sizeof *xs);
#pragma strads dvector
    double *w = malloc((size_t)n * sizeof *w);
    if (!perm || !start || !xs || !w) return 1;
    for (int i = 0; i < l; i++) {
        perm[i] = l - 1 - i;
        start[i] = (long)i * nnz;
        for (int k = 0; k < nnz; k++) {
            xs[i * nnz + k].index = 1 + (int)(((long)i * 7919 + k * 104729) % n);
            xs[i * nnz + k].value = 1.0 + 0.001 * i;
        }
    }
    start[l] = (long)l * nnz;
    for (int j = 0; j < n; j++) w[j] = 0;
    for (int epoch = 0; epoch < 2; epoch++) {
#pragma strads async_for
        for (int s = 0; s < l; s++) {
            int i = perm[s];
            for (long k = start[i]; k < start[i + 1]; k++)
                w[xs[k].index - 1] += xs[k].value * (epoch + 1);
        }
    }
    /* the same under sync_for, whose reconnaissance fetches alike */
#pragma strads sync_for aggregate(w: sum)
    for (int s = 0; s < l; s++) {
        int i = perm[s];
        for (long k = start[i]; k < start[i + 1]; k++)
            w[xs[k].index - 1] += 0.5;
    }
    double sum = 0;
    for (int j = 0; j < n; j++) sum += w[j] * (j % 13);
    printf("sum %.6f\n", sum);
    free(perm);
    free(start);
    free(xs);
    free(w);
    return 0;
}
