/* A distributed array written only through a pointer stepped as it stores,
 * in a helper (*d++ = v, the hand-written copy loop): the stepped pointer's
 * value is the store's address, so the array is written, not only read. */
#include <stdio.h>
#include <stdlib.h>

static void put_row(float *d, int i)
{
    for (int k = 0; k < 4; k++) *d++ = (float)(i * 4 + k) * 0.5f;
}

int main(void)
{
    int n = 4000;
#pragma strads dvector
    float *out = malloc((size_t)n * 4 * sizeof *out);
    if (!out) return 1;
    for (int i = 0; i < n * 4; i++) out[i] = 1;
    for (int rep = 0; rep < 3; rep++) {
#pragma strads sync_for
        for (int i = 0; i < n; i++) put_row(out + 4 * i, i + rep);
    }
    double s = 0;
    for (int i = 0; i < n * 4; i++) s += out[i] * (double)(i % 5);
    printf("%.17g\n", s);
    free(out);
    return 0;
}
