/* `row(n)` on `rc = posix_memalign((void **)&p, ...)`: the element is n
 * floats (sizeof *p), not n bytes (sizeof *(void *)), for async_for's
 * records and for sync_for's element type check. */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <stdlib.h>
#define K 4

int main(void)
{
    int n = 200;
    float *W = NULL;
    int rc;
#pragma strads dvector row(K)
    rc = posix_memalign((void **)&W, 64, (size_t)n * K * sizeof *W);
    if (rc != 0)
        return 1;
    for (int i = 0; i < n * K; i++)
        W[i] = (float)(i % 7);
#pragma strads async_for
    for (int u = 0; u < n; u++) {
        int v = (u * 37) % n;
        for (int k = 0; k < K; k++)
            W[v * K + k] += 1.0f;
    }
#pragma strads sync_for
    for (int u = 0; u < n; u++)
        for (int k = 0; k < K; k++)
            W[u * K + k] *= 2.0f;
    double s = 0;
    for (int i = 0; i < n * K; i++)
        s += W[i] * (i % 5 + 1);
    printf("%.1f\n", s);
    free(W);
    return 0;
}
