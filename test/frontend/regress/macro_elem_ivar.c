/* An element macro (`#define BB(i, j) a[(i) * size + (j)]`, Rodinia lud's
 * habit, defined in this file) assigned with the loop variable as its
 * argument: the `=` after the invocation was taken for an assignment of
 * the argument, and stradsc refused "loop variable 'i' is modified". */
#include <stdio.h>
#include <stdlib.h>

#define BB(i, j) a[(i) * size + (j)]

int main(void)
{
    int size = 96;
#pragma strads dvector
    float *a = malloc((size_t)size * size * sizeof *a);
#pragma strads dvector
    float *b = malloc((size_t)size * sizeof *b);
    if (!a || !b) return 1;
    for (int i = 0; i < size * size; i++) a[i] = (float)(i % 7);
    for (int i = 0; i < size; i++) b[i] = (float)i;
    for (int rep = 0; rep < 3; rep++) {
#pragma strads sync_for
        for (int i = 0; i < size; i++)
            for (int j = 0; j < size; j++) BB(i, j) = BB(i, j) * 0.5f + b[j];
    }
    double s = 0;
    for (int i = 0; i < size * size; i++) s += a[i] * (double)(i % 5);
    printf("%.17g\n", s);
    free(a);
    free(b);
    return 0;
}
