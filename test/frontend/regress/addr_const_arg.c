// The address of an element of a captured fixed array handed to a function
// that reads through it (a pointer to const, or this file's function that
// only reads) is no write: `&tab[k]` was refused where `tab + k` was not,
// with a hint to make the parameter const, which it was. Also through a
// macro's own text, and of a member.
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    double mu[2];
    double w;
} comp;

#define COMP(k) (&tab[k])

static double score(const double *x, const comp *c)
{
    double d0 = x[0] - c->mu[0], d1 = x[1] - c->mu[1];
    return c->w * (d0 * d0 + d1 * d1);
}

static double weight_of(const double *w) { return *w * 2; }

static double plain_reader(comp *c) { return c->mu[1] + c->w; }

int main(void)
{
    int n = 4000;
    comp tab[3] = {{{0, 0}, 1}, {{1, 0.5}, 0.5}, {{-1, 2}, 0.25}};
#pragma strads dvector
    double (*X)[2] = malloc(n * sizeof *X);
#pragma strads dvector
    double *out = malloc(n * sizeof *out);
    for (int i = 0; i < n; i++) {
        X[i][0] = (i % 17) * 0.25;
        X[i][1] = (i % 5) * 0.5;
    }
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        double best = 1e300;
        for (int k = 0; k < 3; k++) {
            double s = score(X[i], &tab[k]) + score(X[i], COMP(k)) + weight_of(&tab[k].w) +
                       plain_reader(&tab[k]);
            if (s < best) best = s;
        }
        out[i] = best;
    }
    double t = 0;
    for (int i = 0; i < n; i++) t += out[i] * (i % 3 + 1);
    printf("%.6f\n", t);
    free(X);
    free(out);
    return 0;
}
