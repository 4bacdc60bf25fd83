/*
 * pair_nodes.c - a co-occurrence trainer's shape on several nodes: record j
 * (one struct, the loop's input) names word w and context c, and iteration
 * j writes row w of E (its lower half) and row V + c (its upper half), and
 * the same rows of G. Every update reads a row's first element and writes
 * the whole row from it, so two nodes on one row in one round leave a torn
 * row or a lost count; the counts are order-free, so every build prints
 * the same, and a count on a wrong row shows in the weighted sums.
 * test/frontend/plan-pair-nodes.sh checks its plan at 2x1 and 4x1.
 */
// CONFIGS: 1x1 1x2 2x1 4x1 2x2
#include <stdio.h>
#include <stdlib.h>

#define V 600
#define R 6

struct rec {
    int w, c;
};

static unsigned lcg(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

int main(void)
{
    long n = 30000;
#pragma strads dvector
    struct rec *recs = malloc(n * sizeof *recs);
#pragma strads dvector row(R)
    float *E = calloc(2 * V * R, sizeof *E);
#pragma strads dvector row(R)
    float *G = calloc(2 * V * R, sizeof *G);
    unsigned s = 11;
    for (long j = 0; j < n; j++) {
        recs[j].w = (int)(lcg(&s) % V);
        recs[j].c = (int)(lcg(&s) % V);
    }
    for (int ep = 0; ep < 3; ep++) {
#pragma strads async_for
        for (long j = 0; j < n; j++) {
            float *a = &E[recs[j].w * R], *b = &E[(V + recs[j].c) * R];
            float *ga = &G[recs[j].w * R], *gb = &G[(V + recs[j].c) * R];
            float ta = a[0], tb = b[0];
            ga[0] += 2;
            gb[0] += 3;
            for (int k = 0; k < R; k++) {
                a[k] = ta + 1;
                b[k] = tb + ep + 1;
            }
        }
    }
    double se = 0, sg = 0, we = 0, wg = 0;
    long torn = 0;
    for (long r = 0; r < 2 * V; r++) {
        for (int k = 0; k < R; k++) torn += E[r * R + k] != E[r * R];
        se += E[r * R];
        sg += G[r * R];
        we += (double)r * E[r * R];
        wg += (double)r * G[r * R];
    }
    printf("E %.0f G %.0f weighted %.0f %.0f torn %ld\n", se, sg, we, wg, torn);
    free(recs);
    free(E);
    free(G);
    return 0;
}
