/* Loops as lavaMD writes them: the step 'l = l + 1' (refused as not
 * canonical), and a pointer each iteration sets before using it, left out
 * of private() as the hint says (refuse/private_pointer.c). */
// CONFIGS: 1x1 1x2 2x1 3x1
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    long n = 20000, l;
    double *p;
#pragma strads dvector
    double *a = malloc(2 * (size_t)n * sizeof *a);
    if (!a) return 1;
#pragma strads sync_for
    for (l = 0; l < 2 * n; l = l + 1)
        a[l] = 0.5 * (double)l;
#pragma strads sync_for
    for (l = 0; l < n; l = 1 + l) {
        p = &a[2 * l];
        p[1] = p[0] + 1;
    }
    double s = 0;
    for (l = 0; l < 2 * n; l++) s += a[l] * (double)(l % 7);
    printf("%.3f\n", s);
    free(a);
    return 0;
}
