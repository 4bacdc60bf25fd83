/* A C89 inner counter, declared at the top of main and assigned before
 * any read in the parallel body, in a loop that sits in a do/while: it is
 * dead after the loop (the do's condition does not name it; the code after
 * assigns it first), so it becomes the body's own, where stradsc refused
 * it as a captured write because a do/while was not followed. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int i, j, n = 1000, d = 4, it = 0;
#pragma strads dvector row(d)
    float *acc = calloc((size_t)n * d, sizeof *acc);
    float out[4];
    if (!acc) return 1;
    do {
#pragma strads async_for
        for (i = 0; i < n; i++)
            for (j = 0; j < d; j++) acc[i * d + j] += (float)(i + j * it);
    } while (++it < 3);
    for (j = 0; j < d; j++) out[j] = acc[j];
    printf("%g %g %g\n", out[1], out[3], acc[(n - 1) * d + 3]);
    free(acc);
    return 0;
}
