/* Stores a macro makes, under sync_for recon(off) (the remedy the refusal
 * names): the whole store in the macro's text with no parentheses
 * (`#define assign(i, c) cid[i] = c`), an addition and an increment into
 * the arguments, a statement macro's swap. No reconnaissance copy is made
 * for such a loop (one was, and failed in gcc: lvalue required); a store
 * through a macro into a local stays translated where reconnaissance runs
 * (async_for). The output is the plain build's. */
#include <stdio.h>
#include <stdlib.h>
#define assign(i, c) cid[i] = c
#define ACC(a, v) a += v
#define INC(a) (a)++
#define SWAP(a, b) do { long t_ = a; a = b; b = t_; } while (0)
#define SET(a, v) a = v

int main(void)
{
    long n = 30000;
#pragma strads dvector
    long *cid = calloc((size_t)n, sizeof *cid);
#pragma strads dvector
    long *lo = calloc((size_t)n, sizeof *lo);
#pragma strads dvector
    long *hi = calloc((size_t)n, sizeof *hi);
    if (!cid || !lo || !hi) return 1;
    for (long i = 0; i < n; i++) lo[i] = i * 7919 % 1009, hi[i] = i * 104729 % 997;
    for (int rep = 0; rep < 3; rep++) {
#pragma strads sync_for recon(off)
        for (long i = 0; i < n; i++) {
            assign(i, (lo[i] + rep) % 17);
            ACC(lo[i], 3);
            INC(hi[i]);
            if (lo[i] > hi[i]) SWAP(lo[i], hi[i]);
        }
#pragma strads async_for
        for (long i = 0; i < n; i++) {
            long t;
            SET(t, lo[i] * 2);
            INC(t);
            cid[i] += t % 5;
        }
    }
    long s = 0;
    for (long i = 0; i < n; i++) s += (cid[i] * 3 + lo[i] * 5 + hi[i]) * (i % 7 + 1);
    printf("%ld\n", s);
    free(cid);
    free(lo);
    free(hi);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1 3x1
