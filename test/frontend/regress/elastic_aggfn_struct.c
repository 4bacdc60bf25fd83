/* progfuzz seed 20446 with its short elements made int (short elements are
 * refused under sync_for: refuse/sync_narrow.c): elastic(1) with
 * aggregate(A: fn) over struct elements of ints; the same output as plain cc
 * at every shape (a wrong answer at 2x1 was seen with shorts). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int q, j, c; int w; } X_t;
struct row_R { int v[3]; };
struct row_O { int v[3]; };
struct row_A { int v[3]; };
long cnt0 = 0;

static unsigned long long rs = 7018u;
static unsigned long long rnd(void)
{
    rs = rs * 6364136223846793005ULL + 1442695040888963407ULL;
    return rs >> 33;
}

static unsigned long long dg(unsigned long long h, unsigned long long v)
{
    return (h ^ v) * 1099511628211ULL + (h >> 29);
}

void agg_add_short(void *elem, const void *delta, size_t size);
void agg_add_short(void *elem, const void *delta, size_t size)
{
    int *e = elem;
    const int *d = delta;
    for (size_t k = 0; k < size / sizeof *e; k++)
        e[k] += d[k];
}

int main(void)
{
    long n = 257, m = 5;
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
    #pragma strads dvector
    struct row_R *R = calloc((size_t)5, sizeof *R);
    for (long r = 0; r < 5; r++)
        for (int k = 0; k < 3; k++)
            R[r].v[k] = (int)((long)(rnd() % 101) - 50);
    #pragma strads dvector
    struct row_O *O = malloc((size_t)257 * sizeof *O);
    for (long r = 0; r < 257; r++)
        for (int k = 0; k < 3; k++)
            O[r].v[k] = (int)(rnd() % 100);
    #pragma strads dvector
    struct row_A *A = calloc((size_t)5, sizeof *A);
    for (long r = 0; r < 5; r++)
        for (int k = 0; k < 3; k++)
            A[r].v[k] = 0;
    for (int ep = 0; ep < 1; ep++) {
        {
            long long s0 = 0;
            int mx0 = -1000000;
            #pragma strads sync_for accumulate(cnt0) sync(elastic(1)) reduction(max: mx0) aggregate(A: agg_add_short) reduction(+: s0) copyin(lut[0:32])
            for (long i = 0; i <= n - 1; ++i) {
                long q = X[i].q;
                long j = X[i].j;
                int v = (((int)(i % 5)) + ((int)lut[(i + 0) % 32]) + 7) % 97;
                for (int k = 0; k < 3; k++)
                    A[j].v[k] += (X[i].c + k) % 17;
                s0 += v;
                if (v > mx0) mx0 = v;
                cnt0 += X[i].c & 1;
            }
            printf("= ep %d L0 s0 %lld\n", ep, s0);
            printf("= ep %d L0 mx0 %.17g\n", ep, (double)mx0);
            printf("= ep %d L0 cnt0 %ld\n", ep, cnt0);
        }
    }
    {
        unsigned long long h = 0; long long s = 0;
        for (long r = 0; r < 257; r++)
            for (int k = 0; k < 3; k++) {
                h = dg(h, (unsigned long long)(long long)O[r].v[k]);
                s += O[r].v[k];
            }
        printf("= O sum %lld hash %llu\n", s, h);
    }
    {
        unsigned long long h = 0; long long s = 0;
        for (long r = 0; r < 5; r++)
            for (int k = 0; k < 3; k++) {
                h = dg(h, (unsigned long long)(long long)A[r].v[k]);
                s += A[r].v[k];
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
