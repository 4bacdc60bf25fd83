/* A row loop inside another loop of the body (darknet's gemm_nn, PolyBench's
 * gemm): its values go nowhere, so an enclosing loop running it again is no
 * read back, and it is recorded as ranges (it ran element by element, 200
 * times the loop's own time). */
void gemm_nn(int M, int N, int K, const float *A, int lda, const float *B, int ldb, float *C, int ldc)
{
#pragma strads sync_for
    for (int i = 0; i < M; i++)
        for (int k = 0; k < K; k++) {
            float a = A[i * lda + k];
            for (int j = 0; j < N; j++)
                C[i * ldc + j] += a * B[k * ldb + j];
        }
}
