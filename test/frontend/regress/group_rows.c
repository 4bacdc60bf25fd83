/*
 * group_rows.c - loops that write three or four arrays one row each an
 * iteration, in two groups touched at the same row (group mode of span
 * planning, loop_async_plan_spans.c): GloVe's layout with separate arrays
 * (word vectors W[w] and their sums GW[w], context vectors C[c] and
 * GC[c]), SGD-MF with biases (P[u] and bu[u], Q[v] and bv[v]), and one
 * whose bias array is not cut by rows like its vectors (flat Pf[u * K + k]
 * with bu[u]: other lengths, planned from full records). The updates are
 * sums, so every build and every plan prints the same.
 */
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 1x2 2x1 3x1 4x1 2x2

#define V 1200
#define K 4

struct pr {
    int a, b, x;
};

static unsigned lcg(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

int main(void)
{
    long n = 30000;
#pragma strads dvector
    struct pr *rec = malloc(n * sizeof *rec);
#pragma strads dvector row(K)
    long *W = malloc(V * K * sizeof *W);
#pragma strads dvector row(K)
    long *GW = malloc(V * K * sizeof *GW);
#pragma strads dvector row(K)
    long *C = malloc(V * K * sizeof *C);
#pragma strads dvector row(K)
    long *GC = malloc(V * K * sizeof *GC);
#pragma strads dvector
    long *bu = malloc(V * sizeof *bu);
#pragma strads dvector
    long *bv = malloc(V * sizeof *bv);
#pragma strads dvector
    long *Pf = malloc(V * K * sizeof *Pf);
    if (!rec || !W || !GW || !C || !GC || !bu || !bv || !Pf) return 1;
    unsigned s = 5;
    for (long j = 0; j < n; j++) {
        unsigned a = lcg(&s) % V;
        rec[j].a = (int)(a * a / V);
        rec[j].b = (int)(lcg(&s) % V);
        rec[j].x = (int)(1 + lcg(&s) % 7);
    }
    for (long k = 0; k < V * K; k++) W[k] = GW[k] = C[k] = GC[k] = Pf[k] = k % 4;
    for (long r = 0; r < V; r++) bu[r] = bv[r] = r % 3;
    for (int ep = 1; ep <= 3; ep++) {
#pragma strads async_for
        for (long j = 0; j < n; j++) {
            long *w = &W[rec[j].a * K], *gw = &GW[rec[j].a * K];
            long *c = &C[rec[j].b * K], *gc = &GC[rec[j].b * K];
            for (int k = 0; k < K; k++) {
                w[k] += rec[j].x;
                gw[k] += k + 1;
                c[k] += 2 * rec[j].x;
                gc[k] += ep;
            }
        }
#pragma strads async_for
        for (long j = 0; j < n; j++) {
            long *p = &W[rec[j].a * K], *q = &C[rec[j].b * K];
            bu[rec[j].a] += rec[j].x;
            for (int k = 0; k < K; k++) {
                p[k] += 1;
                q[k] += 3;
            }
            bv[rec[j].b] += 2;
        }
#pragma strads async_for
        for (long j = 0; j < n; j++) {
            long *p = &Pf[rec[j].a * K], *q = &C[rec[j].b * K];
            bu[rec[j].a] += 1;
            for (int k = 0; k < K; k++) {
                p[k] += rec[j].x;
                q[k] += 1;
            }
            bv[rec[j].b] += 1;
        }
        long sum = 0;
        for (long r = 0; r < V * K; r++)
            sum += (W[r] + 3 * GW[r] + 5 * C[r] + 7 * GC[r] + 11 * Pf[r]) * (r % 13 + 1);
        for (long r = 0; r < V; r++) sum += (bu[r] + 2 * bv[r]) * (r % 5 + 1);
        printf("epoch %d: %ld\n", ep, sum);
    }
    free(rec);
    free(W);
    free(GW);
    free(C);
    free(GC);
    free(bu);
    free(bv);
    free(Pf);
    return 0;
}
