/*
 * recon_div_fetch.c - an async_for whose body divides by a count read
 * through an index (i % cnt[u], as BPR draws a user's k-th positive item):
 * a node's reconnaissance reads the counts another node owns as 0 before
 * it fetches them, and died of SIGFPE at 2x1. Integer division in
 * reconnaissance now gives 0 for a divisor of 0; the iteration is recorded
 * again once its counts are fetched.
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    long n = 200000, m = 1000;
#pragma strads dvector
    long *idx = malloc(n * sizeof *idx);
#pragma strads dvector
    int *cnt = malloc(m * sizeof *cnt);
#pragma strads dvector
    double *acc = malloc(m * sizeof *acc);
    unsigned long x = 88172645463325252ul;
    for (long i = 0; i < m; i++) {
        cnt[i] = 1 + (int)(i % 7);
        acc[i] = 0;
    }
    for (long i = 0; i < n; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        idx[i] = (long)(x % (unsigned long)m);
    }
#pragma strads async_for
    for (long i = 0; i < n; i++) {
        long u = idx[i];
        long k = i % cnt[u];
        k /= cnt[u] > 3 ? cnt[u] - 3 : 1;
        acc[(u + k) % m] += 1.0;
    }
    double s = 0, w = 0;
    for (long i = 0; i < m; i++)
        s += acc[i], w += acc[i] * (double)(i % 13);
    printf("%.1f %.1f\n", s, w);
    free(idx);
    free(cnt);
    free(acc);
    return 0;
}
