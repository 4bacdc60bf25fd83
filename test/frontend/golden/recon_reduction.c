/* Reconnaissance and reduction items (frontend/recon.c): an item the body
 * only updates in whole statements is not updated there (its operands are
 * still evaluated, so that the dvector reads in them are recorded); an item
 * the body also reads keeps every update. */
#include <stdio.h>
#include <stdlib.h>

enum { N = 2000, B = 16 };

int main(void)
{
#pragma strads dvector
    int *idx = malloc(N * sizeof *idx);
#pragma strads dvector
    double *w = calloc(N, sizeof *w);
    for (int i = 0; i < N; i++)
        idx[i] = (i * 7) % B;

    /* update-only: hist's subscript reads idx, total's operand reads w */
    long hist[B] = {0};
    double total = 0;
#pragma strads sync_for reduction(+: hist[0:B], total)
    for (int i = 0; i < N; i++) {
        hist[idx[i]] += 1;
        total += w[i] + 1;
    }

    /* read in the body: seen decides which w the iteration writes (each
     * thread reads its own partial count, so w depends on the threads and
     * nodes; one process of one thread is the plain build) */
    long seen[B] = {0};
#pragma strads sync_for reduction(+: seen[0:B])
    for (int i = 0; i < N; i++) {
        if (seen[idx[i]] == 0)
            w[i] += 1;
        seen[idx[i]]++;
    }
    double s = 0;
    for (int i = 0; i < N; i++)
        s += w[i];
    printf("hist %ld %ld total %.1f seen %ld w %.1f\n", hist[0], hist[B - 1], total, seen[3], s);
    free(idx);
    free(w);
    return 0;
}
