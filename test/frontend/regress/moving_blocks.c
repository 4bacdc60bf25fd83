/* Blocked updates whose range moves at every call (a blocked LU's
 * trailing matrix): every call is a new key, whose records say its tasks
 * are separate, after which it runs alone as the loop itself. The answer
 * is the plain build's at any configuration. */
#include <stdio.h>
#include <stdlib.h>
#define BS 8

int main(void)
{
    int n = 256, nb = n / BS;
#pragma strads dvector
    float *a = malloc((size_t)n * n * sizeof *a);
    if (!a) return 1;
    for (long i = 0; i < (long)n * n; i++) a[i] = (float)(i % 97) * 0.01f;
    for (int s = 0; s < 12; s++) {
        int off = s % nb, m = nb - off;
#pragma strads sync_for
        for (int c = 0; c < m * m; c++) {
            int bi = off + c / m, bj = off + c % m;
            for (int i = 0; i < BS; i++)
                for (int j = 0; j < BS; j++)
                    a[(bi * BS + i) * n + bj * BS + j] = a[(bi * BS + i) * n + bj * BS + j] * 0.5f + (float)s;
        }
    }
    double sum = 0;
    for (long i = 0; i < (long)n * n; i++) sum += a[i] * (double)(i % 7);
    printf("%.17g\n", sum);
    free(a);
    return 0;
}
