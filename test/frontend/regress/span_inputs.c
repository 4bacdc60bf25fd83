/*
 * span_inputs.c - a loop whose iteration reads its record's fields from
 * arrays of their own (w[j], c[j], x[j]: a struct of arrays), planned
 * from spans on several nodes with every such array as an input; and
 * loops that cannot be: an array read one element further on (t[j + 1]),
 * and an input array longer than the others (cut at other bounds). Every
 * build must print what the plain one does.
 */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 2x1 3x1 4x1

#define V 1500
#define R 4

static unsigned lcg(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

int main(void)
{
    long n = 40000;
#pragma strads dvector
    int *w = malloc(n * sizeof *w);
#pragma strads dvector
    int *c = malloc(n * sizeof *c);
#pragma strads dvector
    short *x = malloc(n * sizeof *x);
#pragma strads dvector
    long *t = malloc((n + 1) * sizeof *t);
#pragma strads dvector
    int *c2 = malloc((n + 4096) * sizeof *c2);
#pragma strads dvector row(R)
    long *E = malloc(2 * V * R * sizeof *E);
    if (!w || !c || !x || !t || !c2 || !E) return 1;
    unsigned s = 11;
    for (long j = 0; j < n; j++) {
        w[j] = (int)(lcg(&s) % V);
        c[j] = (int)(lcg(&s) % V);
        c2[j] = (int)(lcg(&s) % V);
        x[j] = (short)(1 + lcg(&s) % 9);
        t[j] = (long)(lcg(&s) % 5);
    }
    t[n] = 3;
    for (long k = 0; k < 2 * V * R; k++) E[k] = k % 3;
    for (int ep = 1; ep <= 3; ep++) {
#pragma strads async_for
        for (long j = 0; j < n; j++) {
            long *a = &E[w[j] * R], *b = &E[(V + c[j]) * R];
            for (int k = 0; k < R; k++) {
                a[k] += x[j];
                b[k] += 2 * x[j] + k;
            }
        }
#pragma strads async_for
        for (long j = 0; j < n; j++) {
            long *a = &E[w[j] * R], *b = &E[(V + c[j]) * R];
            for (int k = 0; k < R; k++) {
                a[k] += t[j + 1];
                b[k] += 1;
            }
        }
#pragma strads async_for
        for (long j = 0; j < n; j++) {
            long *a = &E[w[j] * R], *b = &E[(V + c2[j]) * R];
            for (int k = 0; k < R; k++) {
                a[k] += 1;
                b[k] += x[j];
            }
        }
        long sum = 0;
        for (long r = 0; r < 2 * V * R; r++) sum += E[r] * (r % 11 + 1);
        printf("epoch %d: %ld\n", ep, sum);
    }
    free(w);
    free(c);
    free(x);
    free(t);
    free(c2);
    free(E);
    return 0;
}
