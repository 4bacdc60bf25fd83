/* A recon(off) sync_for whose body calls a function of another file
 * (fault_other.c) that reads a table through that file's static pointer,
 * set up by the driver: a worker does not have it and faulted with a bare
 * SIGSEGV naming nothing. The fault now names the loop and the fix. */
#include <stdio.h>
#include <stdlib.h>

void setup(int n);
double look(int j);

int main(void)
{
    int n = 200000;
    setup(n);
#pragma strads dvector
    double *w = calloc((size_t)n, sizeof *w);
    if (!w) return 1;
#pragma strads sync_for recon(off)
    for (int i = 0; i < n; i++)
        w[i] = look(i) * 2;
    double s = 0;
    for (int i = 0; i < n; i++) s += w[i];
    printf("sum %g\n", s);
    free(w);
    return 0;
}
