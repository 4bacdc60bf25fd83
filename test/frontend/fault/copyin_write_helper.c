/* A helper writes through a copyin pointer it is passed (stradsc refuses
 * only stores it sees in the body): each process would write its own copy
 * and lose the writes, so the call stops naming the loop. */
#include <stdio.h>
#include <stdlib.h>

static void mark(int *m, long i, int v)
{
    m[i] = v;
}

int main(void)
{
    long n = 1000;
    int *member = malloc((size_t)n * sizeof *member);
#pragma strads dvector
    float *x = calloc(n, sizeof *x);
    for (long i = 0; i < n; i++) {
        x[i] = (float)(i % 3) - 1;
        member[i] = 0;
    }
#pragma strads sync_for copyin(member[0:n])
    for (long i = 0; i < n; i++)
        mark(member, i, x[i] > 0);
    long s = 0;
    for (long i = 0; i < n; i++)
        s += member[i];
    printf("%ld\n", s);
    return 0;
}
