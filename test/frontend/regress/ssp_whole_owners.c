/* sync_for under SSP without reconnaissance: each node pushes the changes
 * of whole arrays to their owners by the owners' ranges, found a block at a
 * time; an array of 3 elements on 4 nodes leaves an owner without
 * elements. Sums of writes that each touch one element are the sequential
 * program's. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
#pragma strads dvector
    double *a = calloc(3, sizeof *a);
#pragma strads dvector
    double *b = calloc(5000, sizeof *b);
    if (!a || !b) return 1;
    for (int c = 0; c < 5; c++) {
#pragma strads sync_for sync(ssp(1)) recon(off) aggregate(a: sum) aggregate(b: sum)
        for (int i = 0; i < 400; i++) {
            a[i % 3] += 1;
            b[(i * 37) % 5000] += i;
        }
    }
    double s = 0;
    for (int i = 0; i < 5000; i++) s += b[i];
    printf("%g %g %g %g\n", a[0], a[1], a[2], s);
    free(a);
    free(b);
    return 0;
}
