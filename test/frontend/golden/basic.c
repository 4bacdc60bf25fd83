#include <stdio.h>
#include <stdlib.h>

#define K 4
typedef float real;

int dim = K;
static double lr = 0.1;

static double dot(const real *a, const real *b)
{
    double s = 0;
    for (int k = 0; k < dim; k++)
        s += a[k] * b[k];
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    #pragma strads dvector row(dim)
    real *w = malloc((size_t)n * dim * sizeof *w);
    for (int i = 0; i < n * dim; i++)
        w[i] = (real)(i % 7) * 0.1f;
    double loss = 0;
    long cnt = 0;
    #pragma strads async_for reduction(+: loss, cnt)
    for (int i = 0; i < n; i++) {
        if (i % 3 == 0)
            continue;
        double d = dot(&w[i * dim], &w[((i + 1) % n) * dim]);
        for (int k = 0; k < dim; k++)
            w[i * dim + k] += (real)(lr * d);
        loss += d;
        cnt++;
    }
    printf("loss %.6f cnt %ld\n", loss, cnt);
    free(w);
    return 0;
}
