/* A macro that names members of the elements its arguments spell
 * (lavaMD's DOT(A, B) as (A.x) * (B.x) + ..., or as (A).x * (B).x + ...,
 * called DOT(rA[i], rB[j])):
 * refused as "a macro builds an access from its arguments", though the
 * docs say to pass the element itself. The element's read is recorded at
 * its subscript, which covers the member, for an array the loop only
 * reads; refuse/macro_member_written.c is one it writes. */
// CONFIGS: 1x1 1x2 2x1 3x1
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    double v, x, y, z;
} v4;
#define DOT(A, B) ((A.x) * (B.x) + (A.y) * (B.y) + (A.z) * (B.z))
#define DOT2(A, B) ((A).x * (B).x + (A).v * (B).v)

int main(void)
{
    long n = 30000;
#pragma strads dvector
    v4 *r = malloc((size_t)n * sizeof *r);
#pragma strads dvector
    long *nb = malloc((size_t)n * sizeof *nb);
#pragma strads dvector
    double *out = malloc((size_t)n * sizeof *out);
    if (!r || !nb || !out) return 1;
    for (long i = 0; i < n; i++) {
        r[i] = (v4){1, (double)i * 0.1, 1, (double)(i % 5)};
        nb[i] = (i * 7919) % n;
    }
#pragma strads sync_for
    for (long i = 0; i < n; i++)
        out[i] = DOT(r[i], r[nb[i]]) + r[i].v + DOT2(r[nb[i]], r[i]);
#pragma strads async_for
    for (long i = 0; i < n; i++)
        out[nb[i]] += DOT(r[nb[i]], r[i]) * 0.5;
    double s = 0;
    for (long i = 0; i < n; i++) s += out[i] * (double)(i % 7);
    printf("%.6f\n", s);
    free(r);
    free(nb);
    free(out);
    return 0;
}
