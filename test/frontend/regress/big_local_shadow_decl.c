/* A captured local array over 64 KiB whose name an inner block declares
 * again (double w = v, tab = w * 2): the macro binding would rewrite that
 * declaration (a gcc error); such an array is copied as before. */
#include <stdio.h>
#include <stdlib.h>
#define M 20000
int main(void)
{
    double tab[M];
    for (int i = 0; i < M; i++) tab[i] = i % 5;
    int n = 1000;
#pragma strads dvector
    double *a = malloc((size_t)n * sizeof *a);
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        double v = tab[i * 3];
        {
            double w = v, tab = w * 2;
            a[i] += tab;
        }
    }
    double s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    printf("%.1f\n", s);
    free(a);
    return 0;
}
