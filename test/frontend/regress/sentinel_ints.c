/* Integer elements that start at an "infinity" (INT_MAX, LONG_MAX / 4, as
 * BFS levels and shortest-path distances do), set by several workers of a
 * sync_for to the same values: the mean of their changes overflowed an
 * int sum and lost a long's low bits in a double (-2147483647 and -1 for
 * 1, exit 0, found by a new user). Now exact, at every shape. */
// CONFIGS: 1x1 1x2 2x1 2x2
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 64;
#pragma strads dvector
    int *lvl = malloc(8 * sizeof *lvl);
#pragma strads dvector
    long *dist = malloc(8 * sizeof *dist);
    if (!lvl || !dist) return 1;
    for (int k = 0; k < 8; k++) lvl[k] = INT_MAX, dist[k] = LONG_MAX / 4;
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        lvl[i % 8] = 1 + i % 8;
        dist[i % 8] = 3 * (i % 8) + 1;
    }
    for (int k = 0; k < 8; k++) printf("%d %ld\n", lvl[k], dist[k]);
    free(lvl);
    free(dist);
    return 0;
}
