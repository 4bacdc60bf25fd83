/* copyin of a pointer to rows of a variable length (double (*A)[n]): its
 * type names a local, which the generated glue cannot (gcc failed on the
 * generated file); refused as a captured one is, with a hint of C. And a
 * pointer to rows of rows: the hint names every level. */
#include <stdlib.h>

double f(int n, int T, double *y)
{
    double (*A)[n] = malloc(n * sizeof *A);
    double (*B)[n][n] = malloc(n * sizeof *B);
    if (!A || !B)
        return 0;
#pragma strads sync_for copyin(A[0:n])
    for (int t = 0; t < T; t++)
        y[t] = A[t % n][0];
#pragma strads sync_for
    for (int t = 0; t < T; t++)
        y[t] += B[t % n][0][0];
    free(A);
    free(B);
    return y[0];
}
// EXPECT: 13:32: error: 'A' points to rows of a variable length, which a parallel body cannot capture
// HINT: or flat ('double *A', indexed A[i * nx + j], in copyin(A[0:n * nx]))
// HINT: ('double (*B)[64][64]'
