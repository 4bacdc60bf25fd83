/* An async_for whose update is guarded by a test on model values (a
 * margin the loop itself changes) and, inside the branch, writes a row
 * that only the branch names, through a pointer declared there
 * (`struct row *w = &U[rw[j]];`). Reconnaissance followed the branch the
 * data took when it ran; a later iteration that took it wrote a row no
 * plan had given it, and at two processes increments were lost (exit 0).
 * Now the if is taken both ways in the copy (recon_slice.c). In every
 * serial order each taken branch adds one to a row and one to the count,
 * so the program prints only whether they agree. */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 2x1 2x2 4x1

#define K 4
#define NR 4000

struct row {
    float v[K];
    long hits;
};

int main(void)
{
    long m = 12000;
#pragma strads dvector
    int *ru = malloc(m * sizeof *ru);
#pragma strads dvector
    int *rw = malloc(m * sizeof *rw);
#pragma strads dvector
    signed char *y = malloc(m);
#pragma strads dvector
    struct row *U = calloc(NR, sizeof *U);
    if (!ru || !rw || !y || !U) return 1;
    unsigned long long s = 9;
    for (long j = 0; j < m; j++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        int part = (int)(j % 4) * (NR / 4);
        ru[j] = part + (int)((s >> 33) % (NR / 4));
        rw[j] = part + (int)((s >> 47) % (NR / 4));
        y[j] = (s >> 21) & 1 ? 1 : -1;
    }
    for (int i = 0; i < NR; i++)
        for (int k = 0; k < K; k++) U[i].v[k] = (float)((i * 5 + k) % 11 - 5) * 0.04f;
    int bad = 0;
    for (int ep = 0; ep < 5; ep++) {
        long taken = 0;
#pragma strads async_for reduction(+: taken)
        for (long j = 0; j < m; j++) {
            struct row *u = &U[ru[j]];
            float margin = 0;
            for (int k = 0; k < K; k++) margin += u->v[k];
            margin *= y[j];
            if (margin < 0.01f) {
                struct row *w = &U[rw[j]];
                for (int k = 0; k < K; k++) u->v[k] += 0.02f * y[j];
                w->hits++;
                taken++;
            }
        }
        long hits = 0;
        for (int i = 0; i < NR; i++) {
            hits += U[i].hits;
            U[i].hits = 0;
        }
        bad += hits != taken;
        printf("epoch %d: %s\n", ep, hits == taken ? "agree" : "LOST");
    }
    free(ru);
    free(rw);
    free(y);
    free(U);
    return bad != 0;
}
