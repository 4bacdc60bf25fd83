/*
 * NMF's multiplicative update of H as an async_for over its K rows, each
 * reading whole columns of the data and of the current product (strided
 * reads, recorded element by element): a handful of iterations whose
 * reconnaissance costs far more than a call run alone. The first call's
 * sample is cut after one iteration, projects the records' cost and the
 * calls run alone (engine/loop_async_serial.c's budget); every way prints
 * the plain build's H.
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 300, m = 60, K = 8;
#pragma strads dvector row(m)
    double *X = malloc((size_t)n * m * sizeof *X);
#pragma strads dvector row(m)
    double *WH = malloc((size_t)n * m * sizeof *WH);
#pragma strads dvector row(m)
    double *H = malloc((size_t)K * m * sizeof *H);
    if (!X || !WH || !H)
        return 1;
    for (int i = 0; i < n * m; i++)
        X[i] = 1.0 + (i % 13) * 0.1;
    for (int i = 0; i < K * m; i++)
        H[i] = 1.0 + (i % 5) * 0.01;
    for (int it = 0; it < 12; it++) {
#pragma strads async_for
        for (int i = 0; i < n; i++)
            for (int j = 0; j < m; j++)
                WH[i * m + j] = X[i * m + j] * (1.0 + 0.001 * it) + 0.01 * H[(i % K) * m + j];
#pragma strads async_for
        for (int k = 0; k < K; k++)
            for (int j = 0; j < m; j++) {
                double num = 0, den = 0;
                for (int i = 0; i < n; i++) {
                    num += X[i * m + j];
                    den += WH[i * m + j];
                }
                H[k * m + j] *= num / den;
            }
    }
    double s = 0;
    for (int i = 0; i < K * m; i++)
        s += H[i] * (i % 7 + 1);
    printf("H weighted sum %.10f\n", s);
    free(X);
    free(WH);
    free(H);
    return 0;
}
