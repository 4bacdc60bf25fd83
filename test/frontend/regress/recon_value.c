/* Compound assignments and ++/-- used as values in a helper and in the body
 * (RNG code: `z = (*s += C)`): their reconnaissance copies must keep the
 * value, and later reads must see it. */
#include <stdio.h>
#include <stdlib.h>

static unsigned next(unsigned *s)
{
    unsigned z = (*s += 0x9e3779b9u);
    z ^= z >> 15;
    return z;
}

int main(void)
{
    int n = 100;
#pragma strads dvector
    unsigned *st = calloc(n, sizeof *st);
#pragma strads dvector
    int *cnt = calloc(n, sizeof *cnt);
#pragma strads dvector
    int *hits = calloc(n, sizeof *hits);
    for (int i = 0; i < n; i++)
        st[i] = (unsigned)i;
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        unsigned a = next(&st[i]);
        st[i] ^= a;
        int c = cnt[i]++;
        int d = ++cnt[i] + c;
        hits[(st[i] >> 3) % (unsigned)n] += (d == 2);
    }
    unsigned s = 0;
    long c = 0;
    for (int i = 0; i < n; i++) {
        s += st[i];
        c += (long)cnt[i] * (i + 1) + (long)hits[i] * i;
    }
    printf("%u %ld\n", s, c);
    free(st);
    free(cnt);
    free(hits);
    return 0;
}
