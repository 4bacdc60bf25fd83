/* A file with #line directives naming another file (as a parser
 * generator's or a literate program's output has): the output's own #line
 * directives after the glue must go on naming that file and its lines, and
 * the loops run as the plain build. */
// CONFIGS: 1x2 2x1
#include <stdio.h>
#include <stdlib.h>

#line 40 "trainer.w"
static double score(const double *w, long i) { return w[i] * 0.5 + (double)(i % 7); }

int main(void)
{
    long n = 20000;
#pragma strads dvector
    double *w = calloc((size_t)n, sizeof *w);
    if (!w) return 1;
#line 90 "trainer.w"
    for (int ep = 0; ep < 3; ep++) {
#pragma strads async_for
        for (long i = 0; i < n; i++)
            w[i] += score(w, i) + ep;
#pragma strads sync_for
        for (long i = 0; i < n; i++)
            w[i] = w[i] * 0.9;
    }
    double s = 0;
    for (long i = 0; i < n; i++) s += w[i] * (double)(i % 3 + 1);
    printf("%.6f\n", s);
    free(w);
    return 0;
}
