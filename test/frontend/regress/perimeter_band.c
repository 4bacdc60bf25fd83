/* A blocked LU's perimeter step, all in one process's half of the matrix:
 * iteration c updates its own block of the top band and its own block of
 * the left band, and every iteration reads the diagonal block, which none
 * writes. The block-level plan put all of them in one group (one half of
 * the array), leaving the work to one process; the elements let each
 * iteration be its own group. */
#include <stdio.h>
#include <stdlib.h>
#define BS 8

int main(void)
{
    int n = 256, off = 160, m = (n - off) / BS - 1;
#pragma strads dvector
    float *a = malloc((size_t)n * n * sizeof *a);
    if (!a) return 1;
    for (long i = 0; i < (long)n * n; i++) a[i] = (float)(i % 11) + 1.0f;
    for (int rep = 0; rep < 3; rep++) {
#pragma strads async_for
        for (int c = 0; c < m; c++) {
            int g = off + BS * (c + 1);
            for (int i = 0; i < BS; i++)
                for (int j = 0; j < BS; j++) {
                    a[(off + i) * n + g + j] -= a[(off + i) * n + off + j] * 0.01f; /* top */
                    a[(g + i) * n + off + j] /= a[(off + j) * n + off + j];         /* left */
                }
        }
    }
    double s = 0;
    for (long i = 0; i < (long)n * n; i++) s += a[i] * (double)(i % 13);
    printf("%.17g\n", s);
    free(a);
    return 0;
}
