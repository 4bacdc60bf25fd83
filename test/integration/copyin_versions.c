/*
 * copyin_versions.c - a sync_for whose copyin table changes only every other
 * call (t-copyin-once.sh): calls 1-2 read table version A, 3-4 version B
 * (one element changed), 5 version A again. Each call sums table[i % m] * (i % 13)
 * over the range; the driver checks every sum against the sequential one,
 * so a call served from a stale table fails here (whole numbers: the sums
 * are exact in any order).
 * Usage: copyin_versions [n m]
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100000, m = argc > 2 ? atol(argv[2]) : 50000;
    double *table = malloc(sizeof(double) * m);
    for (long j = 0; j < m; j++) table[j] = (double)(j % 97);
    int bad = 0;
    for (int call = 1; call <= 5; call++) {
        /* version B for calls 3 and 4: one element of the far end changed */
        table[m - 1] = call == 3 || call == 4 ? 1000.0 : (double)((m - 1) % 97);
        double s = 0, want = 0;
#pragma strads sync_for copyin(table[0:m]) reduction(+: s)
        for (long i = 0; i < n; i++) s += table[i % m] * (double)(i % 13);
        for (long i = 0; i < n; i++) want += table[i % m] * (double)(i % 13);
        printf("call %d sum %.6f want %.6f\n", call, s, want);
        if (s != want) bad = 1;
    }
    free(table);
    if (bad) {
        printf("FAIL: a sum differs from the sequential one\n");
        return 1;
    }
    printf("ok copyin versions\n");
    return 0;
}
