/* A sync_for that counts into a plain malloc'd array of integers: the
 * hint offered 'dvector' first, and a dvector's default aggregate averages
 * what the workers add (counts halved at two workers, exit 0). The hint
 * now leads with the reduction, with the allocation's own count (k, not a
 * made-up n), and names aggregate(sum) for the dvector; the extent of a
 * read-only n x n matrix is n * n. */
#include <stdlib.h>

void hist(const int *lab, long n, int k, double *out)
{
    int *cnt = calloc((size_t)k, sizeof *cnt);
    double *A = malloc((size_t)n * n * sizeof *A);
    double s = 0;
#pragma strads sync_for reduction(+: s)
    for (long i = 0; i < n; i++) {
        cnt[lab[i]]++;
        s += A[i * n + i];
    }
    out[0] = s + cnt[0];
    free(cnt);
    free(A);
}
// EXPECT: 16:9: error: captured pointer 'cnt' of unknown extent
// HINT: the loop adds into it: add reduction(+: cnt[0:k])
// HINT: aggregate(cnt: sum)
// EXPECT: 17:14: error: captured pointer 'A' of unknown extent
// HINT: copyin(A[0:n * n])
