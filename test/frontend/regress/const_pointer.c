/*
 * const_pointer.c - captured pointers that are themselves const
 * (`float *const w = model.w;`, as tinn's training step writes them, and
 * `const float *const x`): the generated env member was declared with the
 * qualifier and assigned, and gcc refused the generated file ("assignment
 * of read-only member"). In a sync_for and an async_for.
 */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 1x2 2x1

int main(void)
{
    long n = 4000;
#pragma strads dvector
    float *v = malloc(n * sizeof *v);
#pragma strads dvector
    float *u = malloc(n * sizeof *u);
    for (long i = 0; i < n; i++) {
        v[i] = (float)(i % 7);
        u[i] = 0;
    }
    float *const p = v;
    const float *const q = v;
    float *const out = u;
    const long m = n;
    double s = 0;
#pragma strads sync_for reduction(+: s)
    for (long i = 0; i < m; i++)
        s += p[i] + q[i];
#pragma strads async_for
    for (long i = 0; i < m; i++)
        out[i] = 2 * q[i] + 1;
    double t = 0;
    for (long i = 0; i < n; i++)
        t += u[i];
    printf("%.1f %.1f\n", s, t);
    free(v);
    free(u);
    return 0;
}
