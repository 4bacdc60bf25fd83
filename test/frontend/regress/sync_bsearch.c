/* Each iteration looks its key up by binary search in a sorted table
 * (an energy grid, a CDF): every read shows the next one only once its
 * value is there, so a node that fetches only what its reconnaissance
 * asked for needs one round and one rerun per level of the search. After
 * two rounds the table goes whole (recon_records.c's fetch_whole); the
 * counts must be the plain build's at every shape. */
// CONFIGS: 1x1 1x2 2x1 3x1 2x2
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    long m = 1L << 20, n = 200000;
#pragma strads dvector
    double *grid = malloc((size_t)m * sizeof *grid);
#pragma strads dvector
    int *hits = malloc((size_t)n * sizeof *hits);
    if (!grid || !hits) return 1;
    double g = 0;
    for (long k = 0; k < m; k++) {
        g += 1.0 + (double)((k * 2654435761u) % 7);
        grid[k] = g;
    }
    for (long i = 0; i < n; i++) hits[i] = 0;
    for (int it = 0; it < 3; it++) {
#pragma strads sync_for
        for (long i = 0; i < n; i++) {
            double key = (double)((i * 40503L + it * 977L) % (long)g);
            long lo = 0, hi = m - 1;
            while (lo < hi) {
                long mid = lo + (hi - lo) / 2;
                if (grid[mid] < key) lo = mid + 1;
                else hi = mid;
            }
            hits[i] += (int)(lo % 1000);
        }
    }
    long long s = 0;
    for (long i = 0; i < n; i++) s += (long long)hits[i] * (i % 13 + 1);
    printf("%lld\n", s);
    free(grid);
    free(hits);
    return 0;
}
