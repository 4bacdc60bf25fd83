/* Scatters into summed arrays the body never reads (PageRank's CSC
 * y[row[j]] += x[c], a histogram cnt[key]++) under aggregate(sum): their
 * calls alone are the loop itself (STRADS_ARRAY_ADDED), where they ran as
 * BSP's workers emulated on copies (10-30x the plain loop). Values are
 * eighths, so every order of the additions gives the plain build's bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NV = 3000, DEG = 5, BINS = 37 };

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
#pragma strads dvector
    long *cnt = calloc(BINS, sizeof *cnt);
    if (!row || !start || !x || !y || !cnt) return 1;
    unsigned s = 7;
    for (int c = 0; c <= NV; c++) start[c] = c * DEG;
    for (long e = 0; e < (long)NV * DEG; e++) s = s * 1103515245u + 12345u, row[e] = (int)((s >> 8) % NV);
    for (int i = 0; i < NV; i++) x[i] = (double)(i % 8) * 0.125;
    for (int it = 0; it < 6; it++) {
        memset(y, 0, NV * sizeof *y);
#pragma strads sync_for aggregate(y: sum)
        for (int c = 0; c < NV; c++)
            for (int j = start[c]; j < start[c + 1]; j++) y[row[j]] += x[c];
#pragma strads sync_for aggregate(cnt: sum)
        for (int i = 0; i < NV; i++) cnt[(int)(y[i] * 8.0) % BINS]++;
#pragma strads sync_for
        for (int i = 0; i < NV; i++) x[i] = (double)((int)(y[i] * 8.0) % 8) * 0.125;
    }
    double cs = 0;
    for (int i = 0; i < NV; i++) cs += x[i] * (i % 7 + 1) + y[i];
    long cs2 = 0;
    for (int b = 0; b < BINS; b++) cs2 += cnt[b] * (b + 1);
    printf("%a %ld\n", cs, cs2);
    free(row), free(start), free(x), free(y), free(cnt);
    return 0;
}
