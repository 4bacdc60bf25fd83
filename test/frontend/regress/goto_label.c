/* A label in the body (a goto within an iteration): reconnaissance emits
 * one copy of the body, since a label cannot appear twice in a function
 * (gcc: duplicate label). */
#include <stdio.h>
#include <stdlib.h>
int main(void)
{
    int n = 1000;
#pragma strads dvector
    double *a = malloc(n * sizeof *a);
#pragma strads dvector
    double *b = calloc(n, sizeof *b);
    for (int i = 0; i < n; i++) a[i] = (i % 3 == 0) ? -1.0 : i * 0.5;

#pragma strads async_for
    for (int i = 0; i < n; i++) {
        double t = a[i];
        if (a[i] < 0) goto out;
        t = t * 2;
    out:
        b[i] = t + 1;
    }
    double s = 0;
    for (int i = 0; i < n; i++) s += b[i] * (i + 1);
    printf("%.3f\n", s);
    free(a); free(b);
    return 0;
}
