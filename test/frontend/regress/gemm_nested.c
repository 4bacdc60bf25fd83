/*
 * gemm_nested.c - darknet's gemm_nn and a 2-D PolyBench-style gemm as
 * sync_for loops over the rows of C: the row loop inside the k loop is
 * recorded as ranges, and a B every row reads whole is fetched whole
 * (frontend/golden/gemm_nested.c for the reconnaissance). Whole numbers:
 * the sums are exact.
 */
#include <stdio.h>
#include <stdlib.h>

#define NJ 96

static void gemm_nn(int M, int N, int K, float ALPHA, const float *A, int lda, const float *B, int ldb,
                    float *C, int ldc)
{
#pragma strads sync_for
    for (int i = 0; i < M; i++) {
        for (int k = 0; k < K; k++) {
            float a = ALPHA * A[i * lda + k];
            for (int j = 0; j < N; j++)
                C[i * ldc + j] += a * B[k * ldb + j];
        }
    }
}

int main(void)
{
    int M = 48, N = 512, K = 64;
#pragma strads dvector
    float *A = malloc((size_t)M * K * sizeof *A);
#pragma strads dvector
    float *B = malloc((size_t)K * N * sizeof *B);
#pragma strads dvector
    float *C = calloc((size_t)M * N, sizeof *C);
#pragma strads dvector
    double (*P)[NJ] = malloc((size_t)M * sizeof *P);
#pragma strads dvector
    double (*Q)[NJ] = malloc((size_t)K * sizeof *Q);
    for (int i = 0; i < M * K; i++) A[i] = (float)(i % 7);
    for (int i = 0; i < K * N; i++) B[i] = (float)(i % 5);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < NJ; j++) P[i][j] = 1;
    for (int k = 0; k < K; k++)
        for (int j = 0; j < NJ; j++) Q[k][j] = (double)((k + j) % 3);
    gemm_nn(M, N, K, 1, A, K, B, N, C, N);
#pragma strads sync_for
    for (int i = 0; i < M; i++) {
        for (int j = 0; j < NJ; j++)
            P[i][j] *= 2;
        for (int k = 0; k < K; k++)
            for (int j = 0; j < NJ; j++)
                P[i][j] += (double)(i % 3) * Q[k][j];
    }
    double s = 0, t = 0;
    for (int i = 0; i < M * N; i++) s += C[i] * (i % 11 + 1);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < NJ; j++) t += P[i][j] * (j + 1);
    printf("%.1f %.1f\n", s, t);
    free(A);
    free(B);
    free(C);
    free(P);
    free(Q);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1 4x1
