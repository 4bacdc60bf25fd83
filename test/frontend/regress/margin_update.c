/*
 * margin_update.c - a perceptron's update under its margin test, in three
 * spellings: the score summed inline, a C89 counter declared at the top of
 * the function, and the score from a function of this file. Whether an
 * iteration writes depends on the weights, but which elements it writes
 * does not: the counter j takes every value whatever the test said, so
 * stradsc accepts the loops (it refused them as elements found from the
 * weights). The test here always holds, so every serial order gives the
 * same sums of integers.
 */
#include <stdio.h>
#include <stdlib.h>

#define D 16

static double dot(const double *w, const double *x)
{
    double s = 0;
    for (int j = 0; j < D; j++)
        s += w[j] * x[j];
    return s;
}

int main(void)
{
    int n = 3000, j;
#pragma strads dvector
    double *w = calloc(D, sizeof *w);
#pragma strads dvector row(D)
    double *X = malloc((size_t)n * D * sizeof *X);
#pragma strads dvector
    double *y = malloc((size_t)n * sizeof *y);
    if (!w || !X || !y)
        return 1;
    for (int i = 0; i < n * D; i++)
        X[i] = (double)((i * 37) % 7) - 3;
    for (int i = 0; i < n; i++)
        y[i] = i % 3 ? 1 : -1;
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        double s = 0;
        for (int k = 0; k < D; k++)
            s += w[k] * X[i * D + k];
        if (s * y[i] < 1e300)
            for (int k = 0; k < D; k++)
                w[k] += y[i] * X[i * D + k];
    }
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        double s = 0;
        for (j = 0; j < D; j++)
            s += w[j] * X[i * D + j];
        if (s * y[i] < 1e300)
            for (j = 0; j < D; j++)
                w[j] += 2 * y[i] * X[i * D + j];
    }
#pragma strads async_for
    for (int i = 0; i < n; i++)
        if (dot(w, &X[i * D]) * y[i] < 1e300)
            for (int k = 0; k < D; k++)
                w[k] -= y[i] * X[i * D + k];
    double t = 0;
    for (int k = 0; k < D; k++)
        t += w[k] * (k + 1);
    printf("%.1f\n", t);
    free(w);
    free(X);
    free(y);
    return 0;
}
