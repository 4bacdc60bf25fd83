/* Block updates that all read one row of the array they write, a row no
 * iteration writes (Rodinia lud's perimeter reading its diagonal block):
 * an element only read joins no iterations. The plan was one component
 * ("load max/mean 2.00" at two processes, and a warning that the
 * iterations conflict); now each block is its own group. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int size = 512, nb = 24;
#pragma strads dvector
    float *a = malloc((size_t)size * size * sizeof *a);
    if (!a) return 1;
    for (long i = 0; i < (long)size * size; i++) a[i] = (float)(i % 7);
    for (int rep = 0; rep < 3; rep++) {
#pragma strads async_for
        for (int c = 0; c < nb; c++) {
            float d = 0;
            for (int k = 0; k < 16; k++) d += a[(400 + k) * size + k];
            for (int i = 0; i < 16; i++)
                for (int j = 0; j < 16; j++) a[i * size + 16 * c + j] += d * 0.001f;
        }
    }
    double s = 0;
    for (long i = 0; i < (long)size * size; i++) s += a[i] * (double)(i % 13);
    printf("%.17g\n", s);
    free(a);
    return 0;
}
