/* A loop over a row recorded as one range inside another loop of the body
 * (frontend/recon_later.c): the row declared in the enclosing loop's body is
 * a fresh row each pass (the mlr sample's per-class `float *w`), so the
 * written loop is ranged, and what the iteration reads back is caught at
 * run time: the same row declared afresh each pass (read back by the next
 * pass), and a read through the array's own name, before the loop, of what
 * the last pass wrote, whose value picks the element of another array that
 * the iteration updates (a wrong value there records the wrong element,
 * which the nodes then neither fetch nor write back). The same rows in a
 * sync_for, whose body reads back nothing it writes (under BSP it would
 * read the clock's start). Integer updates: the output must be the plain
 * build's at every shape. */
// CONFIGS: 1x1 1x2 2x1 2x2
#include <stdio.h>
#include <stdlib.h>

#define N 3000
#define R 40
#define K 5
#define D 12
#define T 97

int main(void)
{
    #pragma strads dvector row(D + 1)
    long *M = calloc((size_t)R * (D + 1), sizeof *M);
    #pragma strads dvector
    long *cnt = calloc(T, sizeof *cnt);
    #pragma strads dvector row(D + 1)
    long *S = calloc((size_t)R * (D + 1), sizeof *S);
    #pragma strads dvector
    long *hits = calloc(T, sizeof *hits);
    if (!M || !cnt || !S || !hits) return 1;

    for (int epoch = 0; epoch < 2; epoch++) {
        #pragma strads async_for
        for (long i = 0; i < N; i++) {
            long base = (i * 7) % R;
            for (int k = 0; k < K; k++) {
                long g = (i + k) % 5 - 2;
                long *w = &M[((base + k * 3) % R) * (D + 1)];
                for (int j = 0; j < D; j++) w[j] += g * (j + 1);
                w[D] += g;
            }
            for (int k = 0; k < 3; k++) {
                long *v = &M[base * (D + 1)]; /* the same row every pass */
                for (int j = 0; j < D; j++) v[j] += k + 1;
            }
            for (int k = 0; k < 3; k++) {
                long q = M[base * (D + 1) + 2] & 0xFFFF; /* what the last pass wrote */
                cnt[q % T] += 1;
                long *u = &M[base * (D + 1)];
                for (int j = 0; j < D; j++) u[j] += j + k;
            }
        }
        #pragma strads sync_for aggregate(S: sum) aggregate(hits: sum)
        for (long i = 0; i < N; i++) {
            long base = (i * 11) % R;
            for (int k = 0; k < K; k++) {
                long g = (i + k) % 5 - 2;
                long *w = &S[((base + k * 3) % R) * (D + 1)];
                for (int j = 0; j < D; j++) w[j] += g * (j + 1);
                w[D] += g;
            }
            for (int k = 0; k < 2; k++) {
                long *u = &S[((base + k) % R) * (D + 1)];
                for (int j = 0; j < D; j++) u[j] += 1;
                hits[(base + k) % T] += k + 1;
            }
        }
    }

    long s = 0;
    for (long i = 0; i < (long)R * (D + 1); i++) s += (M[i] % 1000003) * (i % 7 + 1) + S[i] * (i % 5 + 1);
    for (long i = 0; i < T; i++) s += cnt[i] * (i + 1) * 3 + hits[i] * (i + 2);
    printf("sum %ld\n", s);
    free(M);
    free(cnt);
    free(S);
    free(hits);
    return 0;
}
