/* Reads of a captured fixed array: its sizeof, a row taken into a pointer
 * to const, a %s argument of printf. None writes it (they were refused as
 * writes once a fixed array handed to a filling function counted as one). */
#include <stdio.h>
#include <stdlib.h>
static double tab[8] = {1, 2, 3, 4, 5, 6, 7, 8};
static double cent[4][8];
static char label[8] = "x";
int main(void)
{
    int n = 4096;
#pragma strads dvector
    double *a = malloc((size_t)n * sizeof *a);
    if (!a) return 1;
    for (int i = 0; i < n; i++) a[i] = i % 5;
    for (int k = 0; k < 32; k++) cent[k / 8][k % 8] = k;
#pragma strads sync_for
    for (int i = 0; i < n; i++) /* sizeof of the array */
        for (int k = 0; k < (int)(sizeof tab / sizeof tab[0]); k++) a[i] += tab[k];
#pragma strads sync_for
    for (int i = 0; i < n; i++) { /* a pointer to const taken in the body */
        const double *c = cent[i % 4];
        a[i] += c[i % 8];
    }
#pragma strads sync_for
    for (int i = 0; i < n; i++) { /* printed with %s */
        if (i == 1) printf("%s\n", label);
        a[i] += label[0];
    }
    double s = 0;
    for (int i = 0; i < n; i++) s += a[i] * (i % 7 + 1);
    printf("%.1f\n", s);
    return 0;
}
