/*
 * copyin_rows_real.c - k-means' centroids as rows of floats (float (*C)[D])
 * and as structs of doubles, moved by the driver between calls: values
 * that pick no rows, so the calls keep their records (each had made a new
 * reconnaissance; a flat float section already kept them).
 */
#include <stdio.h>
#include <stdlib.h>

#define D 4
#define K 3

typedef struct cen { double x, y; } cen;

int main(void)
{
    int n = 2000;
#pragma strads dvector
    float (*X)[D] = malloc(n * sizeof *X);
#pragma strads dvector
    int *assign = malloc(n * sizeof *assign);
    float (*C)[D] = malloc(K * sizeof *C);
    cen *c2 = malloc(K * sizeof *c2);
    for (int i = 0; i < n; i++)
        for (int d = 0; d < D; d++) X[i][d] = (float)((i * 7 + d * 3) % 17);
    for (int k = 0; k < K; k++) {
        for (int d = 0; d < D; d++) C[k][d] = (float)(k * 5 + d);
        c2[k] = (cen){k * 4.0, k * 2.0};
    }
    long total = 0;
    for (int it = 0; it < 4; it++) {
        long moved = 0;
#pragma strads sync_for copyin(C[0:K], c2[0:K]) reduction(+: moved)
        for (int i = 0; i < n; i++) {
            int best = 0;
            float bd = 1e30f;
            for (int k = 0; k < K; k++) {
                float s = (float)(c2[k].x * 0.0);
                for (int d = 0; d < D; d++) s += (X[i][d] - C[k][d]) * (X[i][d] - C[k][d]);
                if (s < bd) bd = s, best = k;
            }
            moved += assign[i] != best;
            assign[i] = best;
        }
        total += moved;
        for (int k = 0; k < K; k++) { /* the driver moves the centroids */
            for (int d = 0; d < D; d++) C[k][d] += 0.5f * (float)(it + 1);
            c2[k].x += 1.0;
        }
    }
    printf("%ld %d %d\n", total, assign[0], assign[n - 1]);
    free(X);
    free(assign);
    free(C);
    free(c2);
    return 0;
}
