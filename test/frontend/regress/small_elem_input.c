/*
 * small_elem_input.c - a mini-batch sync_for over [b, b + B) reading labels
 * stored as signed char and records of three bytes: such arrays were left
 * out of the loop's array table (their elements are no int, long, float or
 * double), so nothing fetched them, and a node read zeros where another
 * owned the elements (a logistic regression's loss came out 0.4189 for
 * 0.5612 at 2x1, exit 0). Arrays only read are listed whatever their
 * element.
 */
#include <stdio.h>
#include <stdlib.h>

typedef struct rec { unsigned char a, b, c; } rec;

int main(void)
{
    long n = 4000, B = 1000;
#pragma strads dvector
    signed char *y = malloc(n * sizeof *y);
#pragma strads dvector
    rec *r = malloc(n * sizeof *r);
#pragma strads dvector
    short *h = malloc(n * sizeof *h);
    for (long i = 0; i < n; i++) {
        y[i] = (signed char)(i % 3 ? 1 : -1);
        r[i] = (rec){(unsigned char)(i % 7), (unsigned char)(i % 11), 1};
        h[i] = (short)(i % 100 - 50);
    }
    for (long b = 0; b < n; b += B) {
        long s = 0, t = 0;
#pragma strads sync_for reduction(+: s, t)
        for (long i = b; i < b + B; i++) {
            s += y[i] * (r[i].a + r[i].b + r[i].c);
            t += h[n - 1 - i];
        }
        printf("%ld %ld\n", s, t);
    }
    free(y);
    free(r);
    free(h);
    return 0;
}
