/* Assignments and ++/-- used as conditions: their reconnaissance copies
 * keep their values (gcc: "void value not ignored" on the generated file). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 200;
#pragma strads dvector
    int *a = calloc(n, sizeof *a);
#pragma strads dvector
    int *c = calloc(n, sizeof *c);
#pragma strads dvector
    int *hits = calloc(n, sizeof *hits);
    for (int i = 0; i < n; i++)
        c[i] = i % 4;
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        if ((a[i] = i % 3))
            hits[i] += 1;
        while (c[i]--)
            hits[i] += 2;
        for (int k = 0; (a[i] += 1) < 5; k++)
            hits[i] += k;
    }
    long s = 0;
    for (int i = 0; i < n; i++)
        s += (long)(a[i] + 3 * c[i] + 7 * hits[i]) * (i + 1);
    printf("%ld\n", s);
    free(a);
    free(c);
    free(hits);
    return 0;
}
