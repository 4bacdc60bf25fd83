/* Inner loops whose index adds the column after the loop variable
 * (a[size * (i + off) + j + g], Rodinia lud's interior update): recorded
 * as one range per row (E + k + F), where they were recorded element by
 * element. Reads of two bands, a write of the own block; the answer is the
 * plain build's. */
#include <stdio.h>
#include <stdlib.h>
#define BS 8

int main(void)
{
    int size = 128, off = 16, m = (size - off) / BS - 1;
#pragma strads dvector
    float *a = malloc((size_t)size * size * sizeof *a);
    if (!a) return 1;
    for (long i = 0; i < (long)size * size; i++) a[i] = (float)(i % 9) * 0.25f;
    for (int rep = 0; rep < 3; rep++) {
#pragma strads async_for
        for (int c = 0; c < m * m; c++) {
            int gi = off + BS * (1 + c / m), gj = off + BS * (1 + c % m);
            float top[BS * BS], left[BS * BS];
            for (int i = 0; i < BS; i++)
                for (int j = 0; j < BS; j++) {
                    top[i * BS + j] = a[size * (i + off) + j + gj];
                    left[i * BS + j] = a[size * (i + gi) + j + off];
                }
            for (int i = 0; i < BS; i++)
                for (int j = 0; j < BS; j++) {
                    float s = 0;
                    for (int k = 0; k < BS; k++) s += left[i * BS + k] * top[k * BS + j];
                    a[size * (i + gi) + j + gj] -= s * 0.01f;
                }
        }
    }
    double t = 0;
    for (long i = 0; i < (long)size * size; i++) t += a[i] * (double)(i % 13);
    printf("%.17g\n", t);
    free(a);
    return 0;
}
