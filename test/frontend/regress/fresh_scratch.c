/*
 * fresh_scratch.c - a GMM E-step's habit: a function the body calls takes
 * scratch from malloc (a covariance's inverse), works in it and frees it.
 * Reconnaissance reads and writes such fresh memory as the body does
 * (its writes went to the shadow: reconnaissance took 10 to 40 times the
 * loop). A pointer given fresh memory and then a row of the model is not
 * fresh: its writes are recorded, and combined.
 */
#include <stdio.h>
#include <stdlib.h>

static double score(const double *x, int dim)
{
    double *m = malloc(sizeof(double) * dim * dim), s = 0;
    for (int r = 0; r < 4; r++)
        for (int i = 0; i < dim * dim; i++)
            m[i] = x[i % dim] * (i + r);
    double *t = (double *)calloc((size_t)dim, sizeof *t);
    for (int i = 0; i < dim; i++)
        t[i] = m[i * dim + i];
    t = realloc(t, sizeof(double) * 2 * dim);
    for (int i = 0; i < dim; i++)
        s += t[i] + m[i];
    free(t);
    free(m);
    return s;
}

static void bump(double *w, int j, int dim)
{
    double *q = malloc(sizeof(double) * dim);
    free(q);
    q = w + (j % 8) * dim; /* a row of the model: not fresh */
    for (int k = 0; k < dim; k++)
        q[k] += 1;
}

int main(void)
{
    int n = 20000, dim = 3;
#pragma strads dvector row(3)
    double *x = malloc(sizeof(double) * n * dim);
#pragma strads dvector
    double *out = malloc(sizeof(double) * n);
#pragma strads dvector row(3)
    double *w = calloc(8 * 3, sizeof(double));
    for (int j = 0; j < n * dim; j++)
        x[j] = j % 5;
    for (int it = 0; it < 3; it++) {
#pragma strads sync_for aggregate(w: sum)
        for (int j = 0; j < n; j++) {
            out[j] = score(x + j * dim, dim) + it;
            bump(w, j, dim);
        }
    }
    double t = 0;
    for (int j = 0; j < n; j++)
        t += out[j];
    printf("%.6f %.1f %.1f\n", t, w[0], w[8 * 3 - 1]);
    free(x);
    free(out);
    free(w);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1 4x1 2x2
