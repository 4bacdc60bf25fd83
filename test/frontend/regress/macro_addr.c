/* A macro argument that takes an element's address (&W[u * K]) is an address,
 * not a value: wrapped as a read, it pointed into one merged element and the
 * macro read past it (wrong answer at 2x1; found in review). */
#include <stdio.h>
#include <stdlib.h>
#define K 4
#define SECOND(p) ((p)[1])
int main(void)
{
    int n = 64;
#pragma strads dvector row(K)
    double *W = calloc((size_t)n * K, sizeof *W);
#pragma strads dvector
    int *hits = calloc(n, sizeof *hits);
#pragma strads async_for
    for (int u = 0; u < n; u++) {
        W[u * K] = 1.0;
        W[u * K + 1] = (double)((u * 7 + 3) % n);
        int j = (int)SECOND(&W[u * K]);
        hits[j] += u + 1;
    }
    long h = 0;
    for (int i = 0; i < n; i++)
        h += (long)hits[i] * (i + 1);
    printf("%ld\n", h);
    free(W);
    free(hits);
    return 0;
}
