/* OpenMP habits in a converted program: the loop variables declared at the
 * top of the function (C89) and named in private() with the loop's own
 * variable. The rewritten function set the loop variable after the call
 * and never read it (gcc -Wall: set but not used, an error under
 * -Werror), and private(i) of the loop variable was said to be unused;
 * frontend.c89_wall builds this file with -Wall -Werror and wants no
 * diagnostic at all. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 1000, m = 4, i, j;
    double s = 0;
#pragma strads dvector row(4)
    double *x = malloc(sizeof(double) * (size_t)(n * m));
    if (!x) return 1;
    for (int k = 0; k < n * m; k++) x[k] = k % 7;
#pragma strads sync_for reduction(+: s) private(i, j)
    for (i = 0; i < n; i++)
        for (j = 0; j < m; j++) s += x[i * m + j];
    printf("%g\n", s);
    free(x);
    return 0;
}
