/* Inputs a sync_for only reads are fetched whole by the nodes that need
 * them (recon(off), or a small table under reconnaissance) and kept while
 * the driver's version of them stays: here the driver rewrites a few
 * elements between calls, another loop rewrites them on the workers, and
 * a third leaves them alone; every call must see the current values. */
// CONFIGS: 1x1 2x1 3x1 4x1
#include <stdio.h>
#include <stdlib.h>

#define N 20000
#define T 512

int main(void)
{
    #pragma strads dvector
    long *in = malloc(N * sizeof *in);
    #pragma strads dvector
    long *tab = malloc(T * sizeof *tab);
    #pragma strads dvector
    int *idx = malloc(N * sizeof *idx);
    #pragma strads dvector
    long *out = calloc(N, sizeof *out);
    #pragma strads dvector
    long *hits = calloc(T, sizeof *hits);
    if (!in || !tab || !idx || !out || !hits) return 1;
    for (int i = 0; i < N; i++) in[i] = i % 97, idx[i] = (int)((i * 7919L) % T);
    for (int t = 0; t < T; t++) tab[t] = t * 3;
    for (int e = 0; e < 6; e++) {
#pragma strads sync_for recon(off)
        for (int i = 0; i < N; i++) out[i] += in[(i * 31L + e) % N];
        long s = 0;
        for (int i = 0; i < N; i++) s += out[i] * (i % 5 + 1);
        printf("%d: out %ld\n", e, s);
#pragma strads sync_for aggregate(hits: sum)
        for (int i = 0; i < N; i++) {
            out[i] -= tab[idx[i]] % 7;
            hits[idx[i]] += 1;
        }
        s = 0;
        for (int i = 0; i < N; i++) s += out[i] * (i % 3 + 1);
        printf("%d: tab %ld %ld\n", e, s, hits[e]);
        if (e % 2 == 0) {
            in[e * 1000 + 17] += 1000; /* the driver changes an input */
            tab[e * 50] += 5;
        } else {
#pragma strads sync_for
            for (int i = 0; i < N; i++) in[i] = (in[i] * 5 + i) % 1009; /* the workers do */
        }
    }
    free(in);
    free(tab);
    free(idx);
    free(out);
    free(hits);
    return 0;
}
