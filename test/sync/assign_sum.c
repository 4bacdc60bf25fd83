/*
 * assign_sum.c - a sync_for whose every element has one writer: plain
 * assignments (and a += of the iteration's own element) must reach the
 * driver unchanged under every sync model, asynchronous ones included
 * (averaging shares an element's deltas among the nodes that write it,
 * not among all nodes).
 *
 *   assign_sum [n rounds]
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int rounds = argc > 2 ? atoi(argv[2]) : 3;
#pragma strads dvector
    double *out = malloc((size_t)n * sizeof *out);
#pragma strads dvector
    double *acc = malloc((size_t)n * sizeof *acc);
    if (!out || !acc) return 1;
    for (long v = 0; v < n; v++) out[v] = acc[v] = 0;
    for (int r = 1; r <= rounds; r++) {
#pragma strads sync_for
        for (long v = 0; v < n; v++) {
            out[v] = (double)(v * r);
            acc[v] += (double)v;
        }
        double so = 0, sa = 0;
        for (long v = 0; v < n; v++) so += out[v], sa += acc[v];
        printf("round %d out %.1f acc %.1f\n", r, so, sa);
    }
    free(out);
    free(acc);
    return 0;
}
