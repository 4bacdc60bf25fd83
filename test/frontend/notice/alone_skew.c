/* A sync_for whose first iterations are its heaviest, as PageRank's over
 * in-edges sorted so that the most-linked vertices come first: the first
 * call's probe prefix (its first few hundred iterations) says the whole
 * call would take far longer than it does. A sync_for's probe runs on
 * past that prefix for its budget (alone and shared compute the same), so
 * this ~1 ms call runs alone whole, not shared with its first call's
 * planning and copies. frontend.alone.skew checks that the first call
 * went alone whole (to=rent) and that the answer is the shared one's. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 100000;
    #pragma strads dvector
    double *x = calloc((size_t)n, sizeof *x);
    int *work = malloc((size_t)n * sizeof *work);
    if (!x || !work) return 1;
    for (int v = 0; v < n; v++) work[v] = v < 400 ? 600 : 1;
    double total = 0;
    for (int r = 0; r < 5; r++) {
        double sum = 0;
#pragma strads sync_for copyin(work[0:n]) reduction(+: sum)
        for (int v = 0; v < n; v++) {
            double s = x[v];
            for (int k = 0; k < work[v]; k++) s = s * 0.5 + (double)(k % 7);
            x[v] = s;
            sum += s;
        }
        total += sum;
    }
    printf("%.6f\n", total);
    free(x);
    free(work);
    return 0;
}
