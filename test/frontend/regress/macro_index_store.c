/* Rodinia's LU decomposition indexes its matrix through a macro that
 * reads a captured size, `#define BB(i, j) a[i * size + j]`, and stores
 * through it: `BB(i, j) = BB(i, j) - sum`. Every node of the expansion has
 * the macro's name as its text, so stradsc read the store as a write to
 * size and refused the loop ("write to captured variable 'size'"). */
#include <stdio.h>
#include <stdlib.h>

#define BB(_i, _j) a[_i * size + _j]

int main(void)
{
    int size = 48, n = 48;
#pragma strads dvector
    float *a = malloc(sizeof(float) * (size_t)(size * n));
    if (!a) return 1;
    for (int i = 0; i < size * n; i++) a[i] = (float)(i % 7);
    for (int r = 0; r < 3; r++) {
#pragma strads sync_for
        for (int c = 0; c < n; c++) {
            int i_here = c;
            for (int j = 0; j < size; j++)
                BB(i_here, j) = BB(i_here, j) - 1.0f + (float)r;
        }
    }
    double s = 0;
    for (int i = 0; i < size * n; i++) s += a[i] * (double)(i % 5 + 1);
    printf("%.1f\n", s);
    free(a);
    return 0;
}
