/* A static const table declared in the body and only read: refused as
 * "shared by all threads" (it is the same in every copy). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    long n = 50000;
#pragma strads dvector
    long *w = calloc(n, sizeof *w);
    if (!w) return 1;
    for (int ep = 0; ep < 3; ep++) {
#pragma strads async_for
        for (long i = 0; i < n; i++) {
            static const int lut[8] = {3, 1, 4, 1, 5, 9, 2, 6};
            w[i] += lut[(i + ep) % 8];
        }
    }
    long s = 0;
    for (long i = 0; i < n; i++) s += w[i] * (i % 5 + 1);
    printf("%ld\n", s);
    free(w);
    return 0;
}
