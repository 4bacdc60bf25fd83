/* `i != hi` from past the bound: C's unsigned counter wraps through its
 * maximum back to hi (736 iterations here); the runtime's 64-bit range
 * would run none. The program stops naming the loop. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
#pragma strads dvector
    long *w = calloc(2048, sizeof *w);
    unsigned lo = 4294966800u, hi = 240u;
#pragma strads async_for
    for (unsigned i = lo; i != hi; i++) w[i % 2048] += 1;
    long s = 0;
    for (int i = 0; i < 2048; i++) s += w[i];
    printf("%ld\n", s);
    return 0;
}
