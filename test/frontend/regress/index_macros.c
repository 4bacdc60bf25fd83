/* Subscripts and elements through function-like macros, as C89-style and
 * Rodinia-style programs write them: expanded as the preprocessor does
 * before analysis, so the rows are proved each iteration's own and a store
 * the macro spells is translated. A replacement without parentheses
 * (SQ(1 + 1) is 3), a nested invocation, a macro defined twice and one
 * invoked over two lines (both left as written) must keep their meaning;
 * macros whose own text reads an array (a[b[i]]) or builds an access from
 * their arguments (sqrt(v[j])), refused before, are translated.
 * The plain build's output at every shape. */
#include <stdio.h>
#include <math.h>
#include <stdlib.h>

// CONFIGS: 1x1 1x2 2x1 4x1

#define N 120
#define IDX(i, j) ((i) * N + (j))
#define X(i, j) x[(i) * N + (j)]
#define SQ(a) a * a
#define TWICE(v) v + v
#define LIM(v) ((v) % N)
#undef LIM
#define LIM(v) ((v) % (N - 1))
#define shifted(i) (a[i] + 1)
#define at2(i) a[b[i]]
#define cell(v, j) sqrt(v[j])

int main(void)
{
#pragma strads dvector row(N)
    long *x = malloc(N * N * sizeof *x);
#pragma strads dvector row(N)
    long *y = malloc(N * N * sizeof *y);
#pragma strads dvector
    long *a = malloc(N * sizeof *a);
#pragma strads dvector
    int *b = malloc(N * sizeof *b);
#pragma strads dvector
    double *q = malloc(N * sizeof *q);
#pragma strads dvector
    long *c = calloc(N, sizeof *c);
    if (!x || !y || !a || !b || !q || !c) return 1;
    for (int i = 0; i < N * N; i++) x[i] = i % 7, y[i] = 0;
    for (int i = 0; i < N; i++) a[i] = i * 3 % 11, b[i] = (i * 17 + 5) % N, q[i] = i * i;
    for (int it = 0; it < 3; it++) {
#pragma strads sync_for
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                y[IDX(i, j)] = X(i, j) * 2 + SQ(1 + 1) + y[IDX(i, LIM(IDX(0, j)))] +
                               TWICE(i +
                                     j);
                X(i, j) += TWICE(1) * it;
            }
#pragma strads async_for
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                y[IDX((i * 7) % N, j)] += X(i, j) % 5;
        /* macros of the macro-refusal tests' shapes, now expanded: their
         * own text reads an array, or builds an access from arguments */
#pragma strads async_for
        for (long i = 0; i < N; i++)
            c[i] += shifted(i) + at2(i);
#pragma strads sync_for
        for (int j = 0; j < N; j++)
            c[j] += (long)cell(q, j);
    }
    long s = 0;
    for (int i = 0; i < N * N; i++) s += y[i] * (i % 3 + 1) + x[i];
    for (int i = 0; i < N; i++) s += c[i] * (i % 5 + 1);
    printf("%ld\n", s);
    free(x);
    free(y);
    free(a);
    free(b);
    free(q);
    free(c);
    return 0;
}
