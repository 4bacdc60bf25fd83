/* progfuzz seed 20580 with its short elements made int (short elements are
 * refused under sync_for: refuse/sync_narrow.c): flexpara (a loop in a
 * function of its own) assigning struct elements; the same output as plain
 * cc at every shape (a wrong answer at 2x1 was seen with shorts). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int q, j, c; int w; } X_t;
struct row_O { int v[2]; };

static unsigned long long rs = 68134u;
static unsigned long long rnd(void)
{
    rs = rs * 6364136223846793005ULL + 1442695040888963407ULL;
    return rs >> 33;
}

static unsigned long long dg(unsigned long long h, unsigned long long v)
{
    return (h ^ v) * 1099511628211ULL + (h >> 29);
}

static void loop0(int ep, long n, long m, X_t *X, int *lut, int *R, struct row_O *O, int *A)
{
    (void)m;
    long long s0 = 0;
    int mn0 = 1000000;
    #pragma strads sync_for recon(on) sync(flexpara) reduction(+: s0) reduction(min: mn0) copyin(lut[0:32]) aggregate(O: sum) minibatch(1)
    for (long i = 0; i <= n - 1; ++i) {
        long q = X[i].q;
        long j = X[i].j;
        long o = i;
        int v = ((((int)(i % 5))) ^ (((int)(i % 5)))) % 61;
        for (int k = 0; k < 2; k++) {
            O[o].v[k] = (O[o].v[k] * 3 + ((int)(i % 5)) - X[i].w + 2 + k) % 1009;
        }
        s0 += v;
        if (v < mn0) mn0 = v;
    }
    printf("= ep %d L0 s0 %lld\n", ep, s0);
    printf("= ep %d L0 mn0 %.17g\n", ep, (double)mn0);
}

int main(void)
{
    long n = 200, m = 31;
    #pragma strads dvector
    X_t *X = malloc((size_t)n * sizeof *X);
    for (long i = 0; i < n; i++) {
        X[i].q = (int)(rnd() % (unsigned long long)m);
        X[i].j = (int)(rnd() % (unsigned long long)m);
        X[i].c = (int)(rnd() % 50);
        X[i].w = (int)(rnd() % 23);
    }
    int *lut = malloc(32 * sizeof *lut);
    for (int k = 0; k < 32; k++) lut[k] = (int)(rnd() % 9);
    #pragma strads dvector row(2)
    int *R = calloc((size_t)31 * 2, sizeof *R);
    for (long r = 0; r < 31; r++)
        for (int k = 0; k < 2; k++)
            R[(long)(r) * 2 + (k)] = (int)((long)(rnd() % 101) - 50);
    #pragma strads dvector
    struct row_O *O = calloc((size_t)200, sizeof *O);
    for (long r = 0; r < 200; r++)
        for (int k = 0; k < 2; k++)
            O[r].v[k] = (int)(rnd() % 100);
    #pragma strads dvector row(2)
    int *A = calloc((size_t)31 * 2, sizeof *A);
    for (long r = 0; r < 31; r++)
        for (int k = 0; k < 2; k++)
            A[(long)(r) * 2 + (k)] = 0;
    for (int ep = 0; ep < 3; ep++) {
        loop0(ep, n, m, X, lut, R, O, A);
    }
    {
        unsigned long long h = 0; long long s = 0;
        for (long r = 0; r < 200; r++)
            for (int k = 0; k < 2; k++) {
                h = dg(h, (unsigned long long)(long long)O[r].v[k]);
                s += O[r].v[k];
            }
        printf("= O sum %lld hash %llu\n", s, h);
    }
    {
        unsigned long long h = 0; long long s = 0;
        for (long r = 0; r < 31; r++)
            for (int k = 0; k < 2; k++) {
                h = dg(h, (unsigned long long)(long long)A[(long)(r) * 2 + (k)]);
                s += A[(long)(r) * 2 + (k)];
            }
        printf("= A sum %lld hash %llu\n", s, h);
    }
    free(R);
    free(O);
    free(A);
    free(X);
    free(lut);
    return 0;
}
