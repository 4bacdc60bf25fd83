/* Elements that are not numbers, written as the iterations' own from a
 * pointer into the middle of the array: at run time element j of q is not
 * iteration j's element of the array, and such elements cannot be
 * combined, so the runtime must stop and say so (not write them averaged
 * as numbers they are not). */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int label;
    double distance;
} item;

int main(void)
{
    int n = 4000;
#pragma strads dvector
    item *d = calloc((size_t)n, sizeof *d);
    if (!d) return 1;
    item *q = d + 1;
#pragma strads sync_for
    for (int j = 0; j < n - 1; j++)
        q[j].distance = 0.5 * j + q[j].label;
    double s = 0;
    for (int i = 0; i < n; i++) s += d[i].distance;
    printf("%.1f\n", s);
    free(d);
    return 0;
}
