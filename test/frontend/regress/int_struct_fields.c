/* Elements that are structs of two ints, even iterations writing one
 * field and odd iterations the other of the same element (a histogram of
 * pairs): each field's mean over the workers that changed it. A struct's
 * change was divided by the workers that changed any of its fields (wrong
 * sums even at one process and two threads, exit 0, found by a new user);
 * float fields were right. */
// CONFIGS: 1x1 1x2 2x1 2x2
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int lo, hi;
} pair;

int main(void)
{
    int n = 4000, m = 50;
#pragma strads dvector
    pair *p = calloc((size_t)m, sizeof *p);
    if (!p) return 1;
#pragma strads sync_for
    for (int i = 0; i < 2 * m; i++) {
        if (i % 2)
            p[i / 2].hi = 3 * i + n;
        else
            p[i / 2].lo = i + 1;
    }
    long s = 0;
    for (int k = 0; k < m; k++) s += (long)p[k].lo * 7 + p[k].hi;
    printf("sum %ld\n", s);
    free(p);
    return 0;
}
