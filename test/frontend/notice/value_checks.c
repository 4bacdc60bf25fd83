/*
 * value_checks.c - an SGD step that checks the model's values as it goes:
 * an assert and a test that prints and stops. Neither touches an element,
 * so neither decides what an iteration touches: the loop stays planned
 * (an assert on a weight other iterations write had made it run in order).
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 20000
#define F 4096

int main(void)
{
#pragma strads dvector
    int *idx = malloc(N * 2 * sizeof *idx);
#pragma strads dvector
    float *w = calloc(F, sizeof *w);
    if (!idx || !w) return 1;
    for (int i = 0; i < 2 * N; i++) idx[i] = (int)((i * 2654435761u) % F);
    for (int ep = 0; ep < 3; ep++) {
#pragma strads async_for
        for (long i = 0; i < N; i++) {
            int a = idx[2 * i], b = idx[2 * i + 1];
            float g = 0.5f - (w[a] + w[b]);
            if (isnan(g)) {
                fprintf(stderr, "diverged at %ld\n", i);
                exit(1);
            }
            assert(!isnan(w[a]));
            w[a] += 0.1f * g;
            w[b] += 0.1f * g;
        }
    }
    double s = 0;
    for (int k = 0; k < F; k++) s += w[k];
    printf("%.1f\n", s);
    free(idx);
    free(w);
    return 0;
}
