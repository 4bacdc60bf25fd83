/* Reconnaissance through helpers, word2vec style: the loop body never
 * subscripts a distributed array itself. Every row it touches is read and
 * written inside helper functions of this file - through globals (syn0,
 * syn1), through pointer parameters (axpy), by a helper that calls another
 * helper (train_pair -> dot, sigmoid), with a local scratch array. Run with
 * STRADS_VERIFY_RECON=1 on 2 processes: any access a helper makes that
 * reconnaissance did not record stops the run. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXD 32
typedef float real;

long long vocab = 300, dim = 16;
real alpha = 0.05f;
real *syn0, *syn1;
struct pair { int u, v; };

static real dot(const real *a, const real *b)
{
    real s = 0;
    for (long long c = 0; c < dim; c++)
        s += a[c] * b[c];
    return s;
}

static real sigmoid(real f) { return 1 / (1 + expf(-f)); }

/* y += g * x over one row; writes only through its parameter. */
static void axpy(real *y, const real *x, real g)
{
    for (long long c = 0; c < dim; c++)
        y[c] += g * x[c];
}

static real train_pair(long long u, long long v)
{
    real neu[MAXD];
    long long l1 = u * dim, l2 = v * dim;
    real f = dot(syn0 + l1, &syn1[l2]);
    real g = (1 - sigmoid(f)) * alpha;
    for (long long c = 0; c < dim; c++)
        neu[c] = g * syn1[c + l2];
    axpy(syn1 + l2, syn0 + l1, g);
    for (long long c = 0; c < dim; c++)
        syn0[c + l1] += neu[c];
    return -logf(sigmoid(f) + 1e-6f);
}

int main(int argc, char **argv)
{
    long npairs = argc > 1 ? atol(argv[1]) : 4000;
    unsigned long long r = 99;
#pragma strads dvector row(dim)
    syn0 = malloc((size_t)(vocab * dim) * sizeof *syn0);
#pragma strads dvector row(dim)
    syn1 = calloc((size_t)(vocab * dim), sizeof *syn1);
#pragma strads dvector
    struct pair *pairs = malloc((size_t)npairs * sizeof *pairs);
    for (long long k = 0; k < vocab * dim; k++) {
        r = r * 25214903917ULL + 11;
        syn0[k] = ((real)(r >> 16 & 0xFFFF) / 65536 - 0.5f) / (real)dim;
    }
    for (long p = 0; p < npairs; p++) {
        r = r * 25214903917ULL + 11;
        pairs[p].u = (int)((r >> 16) % (unsigned long long)vocab);
        r = r * 25214903917ULL + 11;
        pairs[p].v = (int)((r >> 16) % (unsigned long long)vocab);
    }
    for (int epoch = 0; epoch < 3; epoch++) {
        double loss = 0;
#pragma strads async_for reduction(+: loss)
        for (long p = 0; p < npairs; p++)
            loss += train_pair(pairs[p].u, pairs[p].v);
        double norm = 0;
        for (long long k = 0; k < vocab * dim; k++)
            norm += syn0[k] * syn0[k] + syn1[k] * syn1[k];
        printf("epoch %d loss %.6f norm %.6f\n", epoch, loss, norm);
    }
    free(pairs);
    free(syn1);
    free(syn0);
    return 0;
}
// ARGS: 4000
// TOL: 0.02
