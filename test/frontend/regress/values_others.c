/*
 * values_others.c - async_for bodies whose if, around a call that writes,
 * tests a value the loop writes (a helper call keeps the if from being
 * planned both ways, so reconnaissance records the branch its values take):
 *   - the tested element is another's than the iteration's (c[o], o a
 *     permutation of i; c[i] tested while c[i + 1] is written): at two
 *     and four processes a node read elements it did not hold, recorded no
 *     write of A[j], and the run lost updates (exit 0); with the neighbour
 *     written, at one process too. Such a loop runs in order on the driver;
 *   - the tested element is the iteration's own (c[i], c written only
 *     there) in an array cut otherwise than the iterations: planned in
 *     parallel, from the driver's records at several processes;
 *   - the same tests inside a helper the body calls (which runs its ifs as
 *     written): the own element too went wrong across calls at two
 *     processes; both run in order now;
 *   - a relaxation, whose write reconnaissance records whichever way its
 *     test goes: planned, though the test reads another's element;
 *   - an index read from the element the previous iteration writes
 *     (xj[i - 1]): counts went to the old value's bin at 1x2 (exit 0).
 * Sums of ones, so every serial order prints the same.
 */
#include <stdio.h>
#include <stdlib.h>

#define N 2000
#define M 31
#define V 211

static void bump(double *row, double t)
{
    for (int k = 0; k < 3; k++) row[k] += t;
}

static void maybe_bump(const double *c, long o, double *row)
{
    if (c[o] > 2.5) bump(row, 1.0);
}

static void print_halves(const char *what, double (*A)[3])
{
    double s[2] = {0, 0};
    for (int r = 0; r < M; r++) s[r >= M / 2] += A[r][0] + A[r][1] + A[r][2];
    printf("%s: %g %g\n", what, s[0], s[1]);
}

int main(void)
{
#pragma strads dvector
    int *xj = malloc(N * sizeof *xj);
#pragma strads dvector
    double *c = malloc(2 * N * sizeof *c);
#pragma strads dvector
    double (*A)[3] = calloc(M, sizeof *A);
    if (!xj || !c || !A) return 1;
    for (long i = 0; i < N; i++) xj[i] = (int)((i * 7919) % M);
    for (long i = 0; i < 2 * N; i++) c[i] = (double)((i * 13) % 7);

    for (int ep = 0; ep < 2; ep++) {
#pragma strads async_for
        for (long i = 0; i < N; i++) {
            long j = xj[i], o = (i * 37) % N;
            if (c[o] > 2.5) bump(A[j], 1.0);
            c[o] *= 0.9;
        }
    }
    print_halves("permuted", A);

    for (int ep = 0; ep < 2; ep++) {
#pragma strads async_for
        for (long i = 0; i < N; i++) {
            long j = xj[i];
            if (c[i] > 1.5) bump(A[j], 1.0);
            c[i + 1] += 1.0;
        }
    }
    print_halves("neighbour", A);

    for (int ep = 0; ep < 3; ep++) {
#pragma strads async_for
        for (long i = 0; i < N; i++) {
            long j = xj[i];
            if (c[i] > 2.5) bump(A[j], 1.0);
            c[i] *= 0.9;
        }
    }
    print_halves("own", A);

    /* the same tests inside a helper: its ifs run as written */
    for (int ep = 0; ep < 3; ep++) {
#pragma strads async_for
        for (long i = 0; i < N; i++) {
            maybe_bump(c, i, A[xj[i]]);
            c[i] = 5.0 - c[i];
        }
    }
    print_halves("helper, own", A);
#pragma strads async_for
    for (long i = 0; i < N; i++) {
        maybe_bump(c, i, A[xj[i]]);
        c[i + 1] += 1.0;
    }
    print_halves("helper, neighbour", A);

    /* a relaxation records its write whichever way its test goes
     * (recon_maywrite.c): planned, though the test reads another's element */
#pragma strads dvector
    long *dist = malloc(V * sizeof *dist);
    if (!dist) return 1;
    for (long v = 0; v < V; v++) dist[v] = v ? 1000000 : 0;
    long changed = 1;
    for (int ep = 0; ep < 40 && changed; ep++) {
        changed = 0;
#pragma strads async_for reduction(+: changed)
        for (long i = 0; i < N; i++) {
            long a = xj[i] * 7 % V, b = (i * 13 + 5) % V;
            if (dist[b] > dist[a] + 1 + i % 3) {
                dist[b] = dist[a] + 1 + i % 3;
                changed++;
            }
        }
    }
    long sum = 0;
    for (long v = 0; v < V; v++) sum += dist[v];
    printf("relaxed: %ld%s\n", sum, changed ? " (not settled)" : "");
    free(dist);

    /* an index read from the element the previous iteration writes */
#pragma strads dvector
    long *cnt = calloc(M, sizeof *cnt);
    if (!cnt) return 1;
#pragma strads async_for
    for (long i = 1; i < N; i++) {
        cnt[xj[i - 1] % M] += 1;
        xj[i] = (xj[i] * 3 + 1) % 1000;
    }
    long weighted = 0;
    for (int k = 0; k < M; k++) weighted += cnt[k] * (k + 1);
    printf("neighbour's index: %ld\n", weighted);
    free(cnt);
    free(xj);
    free(c);
    free(A);
    return 0;
}
