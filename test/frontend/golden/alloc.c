/* Every dvector allocation form, and free of each. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

#define M 64
#define KK 8

float (*G)[KK];

static void init(float *p, long n)
{
    for (long i = 0; i < n; i++)
        p[i] = (float)(i % 13);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : M;
#pragma strads dvector
    G = calloc(n, sizeof *G);
#pragma strads dvector row(KK)
    double *a = aligned_alloc(64, (size_t)n * KK * sizeof *a);
    int *b;
#pragma strads dvector
    if (posix_memalign((void **)&b, 64, (size_t)n * sizeof *b) != 0)
        return 1;
    init(&G[0][0], n * KK);
    for (long i = 0; i < n * KK; i++)
        a[i] = i * 0.5;
    double total = 0;
#pragma strads async_for reduction(+: total)
    for (long i = 0; i < n; i++) {
        b[i] = (int)i;
        for (int k = 0; k < KK; k++) {
            G[i][k] += (float)a[i * KK + k];
            total += G[i][k];
        }
    }
    printf("total %.3f b %d\n", total, b[n - 1]);
    free(G);
    free(a);
    free(b);
    return 0;
}
