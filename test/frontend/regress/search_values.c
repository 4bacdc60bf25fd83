/*
 * search_values.c - sync_for loops whose reads go as far as the values of a
 * double array say (a particle filter's search of its CDF), where the
 * driver writes new values between calls:
 *   - the whole CDF searched through a function of this file whose pointer
 *     parameter is not const (Rodinia's findIndex): it only reads, so the
 *     array is an input, not a replica whose elements no record named
 *     (those were stale at four processes, exit 0);
 *   - a short search from each iteration's own place in a larger array,
 *     read sparsely, so that it does not go whole: the kept records name
 *     the elements the first call read, and a floating input of up to 4
 *     MiB that the driver rewrote is fetched whole at the next call.
 */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 1x2 2x1 4x1 2x2

static int find(double *cdf, int n, double v)
{
    for (int x = 0; x < n; x++)
        if (cdf[x] >= v)
            return x;
    return n - 1;
}

int main(void)
{
    int n = 6000;
    unsigned r = 1;
#pragma strads dvector
    double *cdf = malloc(n * sizeof *cdf);
#pragma strads dvector
    int *idx = malloc(n * sizeof *idx);
#pragma strads dvector
    double *step = malloc(64 * (size_t)n * sizeof *step); /* 3 MB: read sparsely */
#pragma strads dvector
    int *len = malloc(n * sizeof *len);
    if (!cdf || !idx || !step || !len)
        return 1;
    for (int call = 0; call < 4; call++) {
        double w = 0;
        for (int x = 0; x < n; x++) {
            r = r * 1103515245u + 12345u;
            w += (r >> 16) % 100 == 0 ? (r >> 8) % 1000 : 0;
            cdf[x] = w;
        }
        for (int x = 0; x < 64 * n; x++) {
            r = r * 1103515245u + 12345u;
            step[x] = (double)((r >> 16) % 1000) / 1000;
        }
        for (int x = 0; x < n; x++)
            cdf[x] /= w;
#pragma strads sync_for
        for (int j = 0; j < n; j++)
            idx[j] = find(cdf, n, (j + 0.5) / n);
        /* from the mirror place on, until a step above 0.9: the reads are
         * the values', on another node than the iteration's */
#pragma strads sync_for
        for (int j = 0; j < n; j++) {
            int at = 64 * (n - 1 - j), x = at;
            while (x < at + 63 && step[x] <= 0.9)
                x++;
            len[j] = x - at;
        }
        long s = 0, t = 0;
        for (int j = 0; j < n; j++) {
            s += idx[j];
            t += len[j] * (j % 7 + 1);
        }
        printf("call %d %ld %ld\n", call, s, t);
    }
    free(cdf);
    free(idx);
    free(step);
    free(len);
    return 0;
}
