/* An int counter from -3 against an unsigned bound: C compares them
 * unsigned and runs no iteration; the runtime's range would run from -3.
 * The program stops naming the loop. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    (void)argv;
#pragma strads dvector
    long *w = calloc(60000, sizeof *w);
    unsigned n = 50000;
    int lo = -2 - argc;
#pragma strads sync_for
    for (int i = lo; i < n; i++) w[i + 3] += 1;
    long s = 0;
    for (int i = 0; i < 60000; i++) s += w[i];
    printf("%ld\n", s);
    return 0;
}
