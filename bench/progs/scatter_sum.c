/* A PageRank-style scatter over a CSC graph as users write it with
 * sync_for: y[row[j]] += x[c] under aggregate(y: sum), the sum the body
 * never reads, then the new ranks from y. Values are eighths, so the sums
 * are exact in any order. Prints a checksum. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NV = 200000, DEG = 9, ITERS = 30 };

int main(void)
{
#pragma strads dvector
    int *row = malloc((size_t)NV * DEG * sizeof *row);
#pragma strads dvector
    int *start = malloc((NV + 1) * sizeof *start);
#pragma strads dvector
    double *x = malloc(NV * sizeof *x);
#pragma strads dvector
    double *y = malloc(NV * sizeof *y);
    if (!row || !start || !x || !y) return 1;
    unsigned s = 1;
    for (int c = 0; c <= NV; c++) start[c] = c * DEG;
    for (long e = 0; e < (long)NV * DEG; e++) s = s * 1103515245u + 12345u, row[e] = (int)((s >> 8) % NV);
    for (int i = 0; i < NV; i++) x[i] = (double)(i % 8) * 0.125;
    for (int it = 0; it < ITERS; it++) {
        memset(y, 0, NV * sizeof *y);
#pragma strads sync_for aggregate(y: sum)
        for (int c = 0; c < NV; c++)
            for (int j = start[c]; j < start[c + 1]; j++) y[row[j]] += x[c];
#pragma strads sync_for
        for (int i = 0; i < NV; i++) x[i] = (double)((long)(y[i] * 8.0) % 8) * 0.125;
    }
    double cs = 0;
    for (int i = 0; i < NV; i++) cs += x[i] * (i % 7 + 1) + y[i];
    printf("checksum %.6f\n", cs);
    return 0;
}
