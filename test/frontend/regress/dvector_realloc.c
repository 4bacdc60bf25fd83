/*
 * dvector_realloc.c - a loader that grows its distributed arrays with
 * realloc as it reads records (x = realloc(x, 2 * cap * sizeof *x)), then
 * a sync_for and an async_for over them. realloc was glibc's on memory
 * glibc never gave: the program died of SIGSEGV at start, with no word
 * from stradscc. It is now strads_realloc, which moves a distributed array
 * into a new one as realloc moves a block.
 */
#include <stdio.h>
#include <stdlib.h>

#define K 3
#define GROW(p, n) realloc((p), (n) * sizeof *(p))

int main(void)
{
    long cap = 16, n = 0;
#pragma strads dvector
    double *x = malloc(cap * sizeof *x);
#pragma strads dvector
    double (*w)[K] = malloc(cap * sizeof *w);
    for (long i = 0; i < 5000; i++) { /* stands for while (fscanf(...) == 1) */
        if (n == cap) {
            cap *= 2;
            x = realloc(x, cap * sizeof *x);
            w = GROW(w, cap); /* through a macro too */
            if (!x || !w) return 1;
        }
        x[n] = 0.5 * (double)i;
        for (int k = 0; k < K; k++) w[n][k] = k;
        n++;
    }
    x = realloc(x, n * sizeof *x); /* trimmed to what was read */
    double s = 0;
#pragma strads sync_for reduction(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
#pragma strads async_for
    for (long i = 0; i < n; i++)
        for (int k = 0; k < K; k++) w[i][k] += x[i] * (k + 1);
    double t = 0;
    for (long i = 0; i < n; i++)
        for (int k = 0; k < K; k++) t += w[i][k];
    printf("n %ld sum %.1f %.1f\n", n, s, t);
    free(x);
    free(w);
    return 0;
}
