/*
 * The body's function states its loop variable's range with the loop's own
 * bounds (frontend/range_hint.c) when they mean there what they meant at
 * the call: literals, object-like macros of literals, captured integer
 * locals of the loop variable's signedness that the body does not assign.
 * Unsigned and size_t loops build without a warning under -Wall -Wextra
 * (the hint's `i < 0`), and every shape prints the plain build's sums.
 * Three loops get the hint (stradsc's output has three __builtin_unreachable
 * conditions); an empty range of constants, a struct member's bound, a
 * bound of mixed signedness and a bound of variables the body does not read
 * (not captured) get none.
 */
#include <stdio.h>
#include <stdlib.h>

#define N 3000
#define HALF (N / 2)
#define NPAD 0

struct dims {
    int n;
};

int main(void)
{
    int n = N, band = 9;
    size_t un = N;
#pragma strads dvector
    double *x = malloc(N * sizeof *x);
#pragma strads dvector
    double *y = malloc(N * sizeof *y);
#pragma strads dvector
    double *z = malloc(N * sizeof *z);
    if (!x || !y || !z)
        return 1;
    for (int i = 0; i < N; i++)
        x[i] = (i * 37 % 101) / 10.0;

    /* int over captured locals: a band whose test the range decides */
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        double s = 0;
        for (int k = 0; k < band; k++) {
            int j = i - band / 2 + k;
            if (j >= 0 && j < n && j != i)
                s += x[j];
        }
        y[i] = s;
    }
    /* size_t over a size_t local: `i < (0)` is the hint's, not a warning */
#pragma strads async_for
    for (size_t i = 0; i < un; i++)
        z[i] = 2 * y[i];
    /* macros of literals, and <= */
#pragma strads async_for
    for (unsigned i = HALF; i <= N - 1; i++)
        z[i] += 1;
    /* an expression of a local */
#pragma strads async_for
    for (long i = 1; i < n - 1; i++)
        y[i] = z[i - 1] + z[i + 1];

    /* no hint: an empty range of constants (clang -Wall calls the test
     * tautological), a member read from memory, mixed signedness, a bound
     * of variables the body does not read */
#pragma strads async_for
    for (int i = 0; i < NPAD; i++)
        z[i] = 0;
    struct dims d = {N};
    struct dims *dp = &d;
#pragma strads async_for
    for (int i = 0; i < dp->n; i++)
        x[i] = x[i] * 0.5 + y[i];
#pragma strads async_for
    for (int i = 0; i < (int)un; i++)
        y[i] = x[i] + 1;
#pragma strads async_for
    for (int i = 0; i < n + band; i++)
        if (i < n)
            z[i] = y[i] + (i + band == n);

    double sx = 0, sy = 0, sz = 0;
    for (int i = 0; i < N; i++) {
        sx += x[i];
        sy += y[i];
        sz += z[i];
    }
    printf("%.6f %.6f %.6f\n", sx, sy, sz);
    free(x);
    free(y);
    free(z);
    return 0;
}
