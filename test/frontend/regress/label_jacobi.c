/*
 * label_jacobi.c - connected components by label propagation, Jacobi
 * style: a sync_for reads the labels of a vertex's neighbours, keeps the
 * least, and the driver swaps the two label arrays after every pass. The
 * labels are only compared (stradsc: they pick nothing), so a pass whose
 * labels changed keeps its records; every pass had made a new
 * reconnaissance (0.25 s against 2 ms of tasks).
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 20000, deg = 2;
#pragma strads dvector
    int *rowptr = malloc((n + 1) * sizeof *rowptr);
#pragma strads dvector
    int *col = malloc((size_t)n * deg * sizeof *col);
#pragma strads dvector
    int *label = malloc(n * sizeof *label);
#pragma strads dvector
    int *next = malloc(n * sizeof *next);
    unsigned x = 2463534242u;
    for (int i = 0; i <= n; i++) rowptr[i] = i * deg;
    for (int e = 0; e < n * deg; e++) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        col[e] = e % 2 ? (int)(x % (unsigned)n) : (e / 2 + 1) % n;
    }
    for (int i = 0; i < n; i++) label[i] = (i * 7919) % n;
    int changed = 1, passes = 0;
    while (changed && passes < 40) {
        changed = 0;
#pragma strads sync_for reduction(max: changed)
        for (int i = 0; i < n; i++) {
            int best = label[i];
            for (int j = rowptr[i]; j < rowptr[i + 1]; j++)
                if (label[col[j]] < best) best = label[col[j]];
            next[i] = best;
            if (best != label[i]) changed = 1;
        }
        int *t = label;
        label = next;
        next = t;
        passes++;
    }
    unsigned long long h = 0;
    for (int i = 0; i < n; i++) h = h * 31 + (unsigned)label[i];
    printf("passes %d hash %llx\n", passes, h);
    free(rowptr);
    free(col);
    free(label);
    free(next);
    return 0;
}
