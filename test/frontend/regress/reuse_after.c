/*
 * reuse_after.c - temporaries declared at the top of main (l1, l2, the
 * counter b) that the async_for body assigns before use and that a loop
 * after it assigns again before reading (a one-function trainer's loss
 * loop): private to the body. The updates are sums of small integers, so
 * every build and every plan prints the same.
 */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 1x2 2x1 4x1

#define V 300
#define D 4

int main(void)
{
    long n = 5000, a, b, l1, l2;
    unsigned s = 11;
#pragma strads dvector
    int *w = malloc(2 * n * sizeof *w);
#pragma strads dvector row(D)
    double *W = malloc(2 * V * D * sizeof *W);
    if (!w || !W)
        return 1;
    for (a = 0; a < 2 * n; a++) {
        s = s * 1103515245u + 12345u;
        w[a] = (int)((s >> 8) % V);
    }
    for (a = 0; a < 2 * V * D; a++)
        W[a] = 0;
    for (int ep = 0; ep < 2; ep++) {
#pragma strads async_for
        for (a = 0; a < n; a++) {
            l1 = w[2 * a] * D;
            l2 = (w[2 * a + 1] + V) * D;
            for (b = 0; b < D; b++) {
                W[b + l1] += 1;
                W[b + l2] += 2;
            }
        }
    }
    double t = 0;
    for (a = 0; a < n; a++) {
        l1 = w[2 * a] * D;
        l2 = (w[2 * a + 1] + V) * D;
        for (b = 0; b < D; b++)
            t += W[b + l1] * (double)(b + 1) + W[b + l2];
    }
    printf("%.1f\n", t);
    free(w);
    free(W);
    return 0;
}
