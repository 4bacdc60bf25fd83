/* The fast reconnaissance copy drops a body's store whose text is not
 * read again (it records the write, not the value); a read of the same
 * bytes through another name must run the iteration again in the exact
 * copy, or the index read back would be the NaN memory holds. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#define K 4
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
        float *row = &W[u * K];
        W[u * K] = (float)(u * 5 % n);
        int j = (int)row[0];
        hits[j] += 1;
    }
    long h = 0;
    for (int i = 0; i < n; i++)
        h += (long)hits[i] * i;
    printf("%ld\n", h);
    return 0;
}
