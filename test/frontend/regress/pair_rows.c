/*
 * pair_rows.c - loops that write two rows of one array an iteration,
 * through two subscripts: a co-occurrence trainer's shape (word w in the
 * lower half of E, context c in the upper half, the same rows of G),
 * which the engine plans as lower x upper strata, and a graph's (both ends
 * of an edge in one range of P), which it must plan some other way. Every
 * update reads a row's first element and writes the whole row from it, so
 * two iterations on the same row at once leave a torn row or a lost
 * count; the counts are order-free, so every build prints the same.
 */
#include <stdio.h>
#include <stdlib.h>

#define V 700
#define R 5

static unsigned lcg(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

int main(void)
{
    long n = 24000, m = 9000;
#pragma strads dvector
    int *pw = malloc(n * sizeof *pw);
#pragma strads dvector
    int *pc = malloc(n * sizeof *pc);
#pragma strads dvector
    int *eu = malloc(m * sizeof *eu);
#pragma strads dvector
    int *ev = malloc(m * sizeof *ev);
#pragma strads dvector row(R)
    float *E = calloc(2 * V * R, sizeof *E);
#pragma strads dvector row(R)
    float *G = calloc(2 * V * R, sizeof *G);
#pragma strads dvector row(R)
    float *P = calloc(V * R, sizeof *P);
    unsigned s = 7;
    for (long j = 0; j < n; j++) {
        unsigned a = lcg(&s) % V, b = lcg(&s) % V;
        pw[j] = (int)(a * a / V); /* frequent words first */
        pc[j] = (int)b;
    }
    for (long j = 0; j < m; j++) {
        eu[j] = (int)(lcg(&s) % V);
        ev[j] = (int)((eu[j] + 1 + lcg(&s) % (V - 1)) % V);
    }
    for (int ep = 0; ep < 2; ep++) {
#pragma strads async_for
        for (long j = 0; j < n; j++) {
            float *a = &E[pw[j] * R], *b = &E[(V + pc[j]) * R];
            float *ga = &G[pw[j] * R], *gb = &G[(V + pc[j]) * R];
            float ta = a[0], tb = b[0];
            ga[0] += 2;
            gb[0] += 3;
            for (int k = 0; k < R; k++) {
                a[k] = ta + 1;
                b[k] = tb + 1;
            }
        }
#pragma strads async_for
        for (long j = 0; j < m; j++) {
            float *x = &P[eu[j] * R], *y = &P[ev[j] * R];
            float tx = x[0], ty = y[0];
            for (int k = 0; k < R; k++) {
                x[k] = tx + 1;
                y[k] = ty + 1;
            }
        }
    }
    double se = 0, sg = 0, sp = 0;
    long torn = 0;
    for (long r = 0; r < 2 * V; r++) {
        for (int k = 0; k < R; k++) torn += E[r * R + k] != E[r * R];
        se += E[r * R];
        sg += G[r * R];
    }
    for (long r = 0; r < V; r++) {
        for (int k = 0; k < R; k++) torn += P[r * R + k] != P[r * R];
        sp += P[r * R];
    }
    printf("E %.0f G %.0f P %.0f torn %ld\n", se, sg, sp, torn);
    free(pw);
    free(pc);
    free(eu);
    free(ev);
    free(E);
    free(G);
    free(P);
    return 0;
}
