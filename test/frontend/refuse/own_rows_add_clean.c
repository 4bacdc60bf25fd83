/* A loop that adds into its iteration's own flat row (PRK stencil's
 * in[i * n + j] += 1): no element has two writers, so the default
 * aggregate's averaging changes nothing and stradsc warned of halved sums
 * for nothing. Accepted without a diagnostic, with row(n) and without. */
#include <stdlib.h>

void bump(int n)
{
#pragma strads dvector row(n)
    double *a = malloc((size_t)n * n * sizeof *a);
#pragma strads dvector
    double *b = malloc((size_t)n * n * sizeof *b);
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            a[i * n + j] += 1.0;
            b[i * n + j] += 2.0;
        }
}
// EXIT: 0
// CLEAN
