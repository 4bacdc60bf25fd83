/* async_for whose copyin index array the driver rewrites between calls:
 * the plan of the old indices must not be reused (iterations that now touch
 * one row ran on two nodes and additions were lost). Found by progfuzz. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    long n = 40, m = 5;
    int *idx = malloc((size_t)n * sizeof *idx); /* plain heap: copyin */
    for (long i = 0; i < n; i++) idx[i] = (int)(i % m);
#pragma strads dvector
    long *A = calloc((size_t)m, sizeof *A);
    for (int ep = 0; ep < 2; ep++) {
#pragma strads async_for copyin(idx[0:n])
        for (long i = 0; i < n; i++)
            A[idx[i]] += i;
        for (long i = 0; i < n; i++) idx[i] = (int)((idx[i] + 1 + i % 3) % m);
    }
    long s = 0;
    for (long j = 0; j < m; j++) { s += A[j]; printf("%ld ", A[j]); }
    printf("sum %ld\n", s);
    free(idx);
    free(A);
    return 0;
}
