/*
 * gram_schmidt.c - modified Gram-Schmidt as PolyBench writes it: the loop
 * over the columns right of k (j = k + 1 .. n, a range that moves at every
 * call) writes column j of A and R[k][j]. The columns are the iterations'
 * own (STRADS_ARRAY_DISJOINT), so a call run alone is the sequential loop:
 * each call had been emulated as BSP's workers on whole copies of A, Q
 * and R, and every call was a first call (150 to 230 times the plain
 * build at 300 x 360).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define M 40
#define N 48

int main(void)
{
#pragma strads dvector
    double (*A)[N] = malloc(sizeof(double) * M * N);
#pragma strads dvector
    double (*Q)[N] = malloc(sizeof(double) * M * N);
#pragma strads dvector
    double (*R)[N] = calloc(N, sizeof *R);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = (((i * j) % M) / (double)M) * 100 + 10 + (i == j);
            Q[i][j] = 0;
        }
    for (int k = 0; k < N; k++) {
        double nrm = 0;
        for (int i = 0; i < M; i++) nrm += A[i][k] * A[i][k];
        R[k][k] = sqrt(nrm);
        for (int i = 0; i < M; i++) Q[i][k] = R[k][k] > 0 ? A[i][k] / R[k][k] : 0;
#pragma strads sync_for
        for (int j = k + 1; j < N; j++) {
            double s = 0;
            for (int i = 0; i < M; i++) s += Q[i][k] * A[i][j];
            R[k][j] = s;
            for (int i = 0; i < M; i++) A[i][j] = A[i][j] - Q[i][k] * s;
        }
    }
    double cs = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) cs += R[i][j] * (1 + (i ^ j) % 7);
    printf("%.6e %.6f %.6f\n", cs, R[0][N - 1], R[N / 2][N / 2 + 1]);
    free(A);
    free(Q);
    free(R);
    return 0;
}
