/*
 * invariant_reads.c - reads that do not move with a loop recorded as ranges
 * (frontend/recon_hoist.c): an n-body step, where every body reads all the
 * others and its own position in the same inner loop, and the same pair
 * reduced in a helper; reconnaissance records the own position once, before
 * the loop. Then an async_for whose inner loop reads, through a second name
 * of the array it writes, the element the iteration wrote before the loop:
 * its value picks whether the iteration adds to a counter the others with
 * the same pick share, so reconnaissance must see the written value (the
 * one-element range overlaps the write and the iteration runs again,
 * exactly; recorded without that check, 2 processes lost increments).
 */
#include <stdio.h>
#include <stdlib.h>

#define N 1200

static double *gpos;

static double pull(long i)
{
    double a = 0;
    for (long j = 0; j < N; j++)
        a += (gpos[j] - gpos[i]) * 1e-3;
    return a;
}

int main(void)
{
    long i, j;
#pragma strads dvector
    double *pos = malloc(N * sizeof *pos);
#pragma strads dvector
    double *acc = malloc(N * sizeof *acc);
#pragma strads dvector
    double *acc2 = malloc(N * sizeof *acc2);
#pragma strads dvector
    int *W = malloc(2 * N * sizeof *W);
    if (!pos || !acc || !acc2 || !W)
        return 1;
    gpos = pos;
    for (i = 0; i < N; i++)
        pos[i] = (double)((i * 37) % 101);
    for (i = 0; i < 2 * N; i++)
        W[i] = 0;
    for (int step = 0; step < 3; step++) {
#pragma strads sync_for
        for (i = 0; i < N; i++) {
            double a = 0;
            for (j = 0; j < N; j++)
                a += (pos[j] - pos[i]) * (pos[j] - pos[i]) * 1e-6;
            acc[i] = a;
        }
#pragma strads sync_for
        for (i = 0; i < N; i++)
            acc2[i] = pull(i);
        for (i = 0; i < N; i++)
            pos[i] += acc[i] * 1e-3 + acc2[i] * 1e-4;
    }
    int *alias = W; /* the same array under another name, only read */
#pragma strads async_for
    for (long k = 0; k < N; k++) {
        W[k] = (int)(k % 2);
        int pick = 0;
        for (int m = 0; m < 4; m++)
            pick += alias[k] * 3 + m + (int)(pos[m] * 0);
        W[N + (pick == 18 ? 0 : k)] += 1;
    }
    double s = 0;
    for (i = 0; i < N; i++)
        s += pos[i] * (double)(i % 7 + 1);
    long w = 0;
    for (i = 0; i < 2 * N; i++)
        w += (long)W[i] * (i % 5 + 1);
    printf("%.6f %ld\n", s, w);
    free(pos);
    free(acc);
    free(acc2);
    free(W);
    return 0;
}
