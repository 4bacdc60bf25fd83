/* Loops whose bounds C compares in an unsigned or narrower type, where the
 * 64-bit range is the iterations C runs: size_t and unsigned counters with
 * < and != (from below the bound), an int counter against an unsigned
 * bound from 0, an unsigned char counter, an empty range, and the counter's
 * value after a loop that declares it outside. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    size_t n = 30000;
    unsigned un = 20000;
#pragma strads dvector
    long *w = calloc(n, sizeof *w);
    if (!w) return 1;
#pragma strads async_for
    for (size_t i = 0; i != n; i++) w[i] += (long)(i % 7);
#pragma strads async_for
    for (int i = 0; i < un; i++) w[i] += 2;
    unsigned u;
#pragma strads sync_for
    for (u = 100; u <= un - 1; u++) w[u] += 3;
    printf("after: %u\n", u);
#pragma strads async_for
    for (unsigned char c = 10; c != 250; c++) w[c] += 5;
#pragma strads async_for
    for (unsigned i = 7; i < 7; i++) w[i] += 100;
    long s = 0;
    for (size_t i = 0; i < n; i++) s += w[i] * (long)(i % 13 + 1);
    printf("%ld\n", s);
    free(w);
    return 0;
}
