/* async_for bodies that pick the row they write by a value the loop
 * writes (each iteration's own element, negated every call): a switch, a
 * ?: in the index, a ?: and an && as statements, and an int local holding
 * the test. The first loop negates each element every epoch. Each call's
 * plan is right for that call; kept for the next, whose values had changed, it lost increments at 2 processes (exit 0).
 * Such a site is planned at every call now (frontend/recon_values.c).
 * In every serial order each epoch adds 1 or 3 per iteration. */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 1x2 2x1 3x1

#define N 100000
#define M 50

int main(void)
{
    int *b = malloc(N * sizeof *b), *c = malloc(N * sizeof *c);
    if (!b || !c) return 1;
    unsigned long long s = 43;
    for (int i = 0; i < N; i++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        b[i] = (int)((s >> 33) % M);
        c[i] = M + (int)((s >> 45) % M);
    }
#pragma strads dvector
    double *w = malloc(N * sizeof *w);
#pragma strads dvector
    long *cnt = calloc(2 * M, sizeof *cnt);
    if (!w || !cnt) return 1;
    for (int i = 0; i < N; i++) w[i] = 1.0;
    for (int ep = 0; ep < 4; ep++) {
#pragma strads async_for copyin(b[0:N], c[0:N])
        for (long j = 0; j < N; j++) {
            switch (w[j] > 0) {
            case 1: cnt[b[j]] += 1; break;
            default: cnt[c[j]] += 3; break;
            }
            w[j] = -w[j];
        }
#pragma strads async_for copyin(b[0:N], c[0:N])
        for (long j = 0; j < N; j++) {
            cnt[w[j] > 0 ? b[j] : c[j]] += 1;
        }
#pragma strads async_for copyin(b[0:N], c[0:N])
        for (long j = 0; j < N; j++) {
            (w[j] > 0) ? (cnt[b[j]] += 1) : (cnt[c[j]] += 3);
            (void)(w[j] < 0 && (cnt[c[j]] += 1));
        }
#pragma strads async_for copyin(b[0:N], c[0:N])
        for (long j = 0; j < N; j++) {
            int side = w[j] > 0;
            if (side)
                cnt[b[j]] += 1;
            else
                cnt[c[j]] += 3;
        }
        long lo = 0, hi = 0;
        for (int i = 0; i < M; i++) lo += cnt[i], hi += cnt[M + i];
        printf("epoch %d: %ld %ld\n", ep, lo, hi);
    }
    free(b);
    free(c);
    free(w);
    free(cnt);
    return 0;
}
