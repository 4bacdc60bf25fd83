/* Macros that only read captured variables: one from a header, one whose
 * text has a binary `& mask`. Neither writes size or mask (the macro's
 * definition in effect is read, wherever it is). */
#include <stdio.h>
#include <stdlib.h>

#include "macro_header_read.h"

#define LOW(i) a[((i) & mask) + 8 * (i)]

int main(void)
{
    int n = 4096, size = 8, mask = 7;
#pragma strads dvector
    double *a = malloc((size_t)n * 8 * sizeof *a);
    if (!a) return 1;
    for (int i = 0; i < n * 8; i++) a[i] = i % 5;
    double t = 0, u = 0;
#pragma strads sync_for reduction(+: t)
    for (int i = 0; i < n; i++)
        t += IDX(i, 1);
#pragma strads sync_for reduction(+: u)
    for (int i = 0; i < n; i++)
        u += LOW(i);
    printf("%.1f %.1f\n", t, u);
    free(a);
    return 0;
}
