/* Clause values named by a macro made of literal-suffix letters (`#define
 * F 48`: row(F), minibatch(F), threads(U)) were taken for numbers with
 * nothing before their suffix, 0, and refused as invalid. */
#include <stdio.h>
#include <stdlib.h>
#define F 48
#define U 2
int main(void)
{
#pragma strads dvector row(F)
    double *a = calloc(10 * F, sizeof *a);
    double s = 0;
#pragma strads sync_for minibatch(F) threads(U) reduction(+: s)
    for (int i = 0; i < 10; i++) { a[i * F] = i; s += i == 9 ? 9 : 0; }
    printf("%g %g\n", a[9 * F], s);
    return 0;
}
