/* progfuzz seed 20898 with its short elements made int (short elements are
 * refused under sync_for: refuse/sync_narrow.c): flexpara with a statement
 * expression and conditional writes to struct elements; the same output as
 * plain cc at every shape (a wrong answer at 2x1 was seen with shorts). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int q, j, c; int w; } X_t;
struct row_R { int v[8]; };
struct row_O { int v[8]; };
struct row_A { int v[8]; };
static struct row_O *O;

static unsigned long long rs = 86301u;
static unsigned long long rnd(void)
{
    rs = rs * 6364136223846793005ULL + 1442695040888963407ULL;
    return rs >> 33;
}

static unsigned long long dg(unsigned long long h, unsigned long long v)
{
    return (h ^ v) * 1099511628211ULL + (h >> 29);
}

int main(void)
{
    long n = 257, m = 31;
    #pragma strads dvector
    X_t *X = malloc((size_t)n * sizeof *X);
    for (long i = 0; i < n; i++) {
        X[i].q = (int)(rnd() % (unsigned long long)m);
        X[i].j = (int)(rnd() % (unsigned long long)m);
        X[i].c = (int)(rnd() % 50);
        X[i].w = (int)(rnd() % 23);
    }
    #pragma strads dvector
    struct row_R *R = malloc((size_t)31 * sizeof *R);
    for (long r = 0; r < 31; r++)
        for (int k = 0; k < 8; k++)
            R[r].v[k] = (int)((long)(rnd() % 101) - 50);
    #pragma strads dvector
    O = malloc((size_t)257 * sizeof *O);
    for (long r = 0; r < 257; r++)
        for (int k = 0; k < 8; k++)
            O[r].v[k] = (int)(rnd() % 100);
    #pragma strads dvector
    struct row_A *A = malloc((size_t)31 * sizeof *A);
    for (long r = 0; r < 31; r++)
        for (int k = 0; k < 8; k++)
            A[r].v[k] = 0;
    for (int ep = 0; ep < 1; ep++) {
        {
            long long s0 = 0;
            int mn0 = 1000000;
            long *hist0 = calloc(8, sizeof *hist0);
            #pragma strads sync_for reduction(min: mn0) reduction(+: s0) minibatch(4) aggregate(A: sum) reduction(+: hist0[0:8]) sync(flexpara)
            for (long i = 0; i < n; i++) {
                long q = X[i].q;
                long j = X[i].j;
                int v = (((int)(i % 5)) * 3 + ((int)(i % 5))) % 101;
                v += ({ long se_ = v % 3; se_ * 2; });
                if (X[i].c % 4 == 0) {
                    A[j].v[X[i].c % 8] += 1;
                }
                s0 += v;
                if (v < mn0) mn0 = v;
                hist0[0 + X[i].c % 8] += 1 + (i & 1);
            }
            printf("= ep %d L0 s0 %lld\n", ep, s0);
            printf("= ep %d L0 mn0 %.17g\n", ep, (double)mn0);
            printf("= ep %d L0 hist0", ep);
            for (int h = 0; h < 8; h++) printf(" %ld", hist0[h]);
            printf("\n");
            free(hist0);
        }
    }
    {
        unsigned long long h = 0; long long s = 0;
        for (long r = 0; r < 257; r++)
            for (int k = 0; k < 8; k++) {
                h = dg(h, (unsigned long long)(long long)O[r].v[k]);
                s += O[r].v[k];
            }
        printf("= O sum %lld hash %llu\n", s, h);
    }
    {
        unsigned long long h = 0; long long s = 0;
        for (long r = 0; r < 31; r++)
            for (int k = 0; k < 8; k++) {
                h = dg(h, (unsigned long long)(long long)A[r].v[k]);
                s += A[r].v[k];
            }
        printf("= A sum %lld hash %llu\n", s, h);
    }
    free(R);
    free(O);
    free(A);
    free(X);
    return 0;
}
