/*
 * helper_global_bsp.c - a sync_for (BSP) whose body calls a function that
 * adds to a distributed array through a global pointer, on few elements:
 * the threads of a process wrote the process's copy at once and lost
 * updates (a wrong sum with exit 0, now and then; every run with this
 * contention). Such a call runs one thread a process, with a warning.
 */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 1x2 2x1 2x2

static long *G;

static void bump(long j, long t)
{
    G[j] += t;
}

int main(void)
{
    long n = 200000;
#pragma strads dvector
    long *x = malloc(n * sizeof *x);
#pragma strads dvector
    G = calloc(4, sizeof *G);
    if (!x || !G)
        return 1;
    for (long i = 0; i < n; i++)
        x[i] = i % 5;
    for (int ep = 0; ep < 3; ep++) {
#pragma strads sync_for aggregate(G: sum)
        for (long i = 0; i < n; i++)
            bump(i % 4, x[i]);
    }
    printf("%ld %ld %ld %ld\n", G[0], G[1], G[2], G[3]);
    free(x);
    free(G);
    return 0;
}
