/* A captured local array over 64 KiB, reached in the body through a macro
 * of its name, whose name is also a struct member read through a file
 * macro ((r).tab): the macro binding would rewrite the member (a gcc error
 * in the generated file); such an array is copied as before. */
#include <stdio.h>
#include <stdlib.h>
#define M 20000
struct rec { double tab; int k; };
#define GET(r) ((r).tab)
int main(void)
{
    double tab[M];
    for (int i = 0; i < M; i++) tab[i] = i % 5;
    int n = 1000;
    struct rec rs[4] = {{1, 2}, {3, 4}, {5, 6}, {7, 8}};
#pragma strads dvector
    double *a = malloc((size_t)n * sizeof *a);
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        a[i] += tab[i * 3] + GET(rs[i % 4]);
    double s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    printf("%.1f\n", s);
    free(a);
    return 0;
}
