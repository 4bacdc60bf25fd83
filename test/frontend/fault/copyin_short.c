/* A copyin section shorter than what the body reads (the clause gives
 * half of t, the body reads all of it): one process reads the driver's
 * array and agrees with the plain build, so the mistake showed only on
 * several, where a worker's copy ended and the body read what followed it:
 * -nan, exit 0. A worker's copy now ends at a page it may not touch, and
 * the job stops naming the clause. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 100000;
    double *t = malloc(n * sizeof *t);
#pragma strads dvector
    double *out = malloc(n * sizeof *out);
    if (!t || !out) return 1;
    for (int i = 0; i < n; i++) t[i] = i + 1;
#pragma strads sync_for copyin(t[0:n/2])
    for (int i = 0; i < n; i++)
        out[i] = 0.5 * t[i];
    double s = 0;
    for (int i = 0; i < n; i++) s += out[i];
    printf("%.1f\n", s);
    return 0;
}
