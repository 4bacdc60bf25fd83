/* A helper that loops until a value it writes through a pointer settles:
 * reconnaissance must see its own writes, or it never returns. */
#include <stdio.h>
#include <stdlib.h>

static void settle(double *g, double step)
{
    while (*g < 1)
        *g += step;
}

int main(void)
{
    int n = 100;
#pragma strads dvector
    double *y = calloc(n, sizeof *y);
#pragma strads async_for
    for (int i = 0; i < n; i++)
        settle(&y[i], 0.25 + i * 0.01);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += y[i];
    printf("%.6f\n", s);
    free(y);
    return 0;
}
