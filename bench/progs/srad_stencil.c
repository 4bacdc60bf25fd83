/* A speckle-reducing diffusion step as Rodinia's srad writes it: flat
 * float images indexed k = i * cols + j, neighbours through index arrays
 * (copyin), two sync_for loops an iteration, each writing only its own
 * pixels of five arrays. Prints a checksum of the image. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int rows = 1024, cols = 1024, niter = 10;
    long n = (long)rows * cols;
    int *iN = malloc(sizeof(int) * (size_t)rows), *iS = malloc(sizeof(int) * (size_t)rows);
    int *jW = malloc(sizeof(int) * (size_t)cols), *jE = malloc(sizeof(int) * (size_t)cols);
#pragma strads dvector
    float *J = malloc((size_t)n * sizeof(float));
#pragma strads dvector
    float *c = malloc((size_t)n * sizeof(float));
#pragma strads dvector
    float *dN = malloc((size_t)n * sizeof(float));
#pragma strads dvector
    float *dS = malloc((size_t)n * sizeof(float));
#pragma strads dvector
    float *dW = malloc((size_t)n * sizeof(float));
#pragma strads dvector
    float *dE = malloc((size_t)n * sizeof(float));
    if (!iN || !iS || !jW || !jE || !J || !c || !dN || !dS || !dW || !dE) return 1;
    for (int i = 0; i < rows; i++) iN[i] = i > 0 ? i - 1 : 0, iS[i] = i < rows - 1 ? i + 1 : rows - 1;
    for (int j = 0; j < cols; j++) jW[j] = j > 0 ? j - 1 : 0, jE[j] = j < cols - 1 ? j + 1 : cols - 1;
    unsigned s = 7;
    for (long k = 0; k < n; k++) s = s * 1103515245u + 12345u, J[k] = 1.0f + (float)((s >> 8) % 256) / 255.0f;
    for (int it = 0; it < niter; it++) {
        double sum = 0, sum2 = 0;
        for (long k = 0; k < n; k++) sum += J[k], sum2 += (double)J[k] * J[k];
        float mean = (float)(sum / n), var = (float)(sum2 / n) - mean * mean, q0 = var / (mean * mean);
#pragma strads sync_for copyin(iN[0:rows], iS[0:rows], jW[0:cols], jE[0:cols])
        for (int i = 0; i < rows; i++)
            for (int j = 0; j < cols; j++) {
                int k = i * cols + j;
                float Jc = J[k];
                dN[k] = J[iN[i] * cols + j] - Jc;
                dS[k] = J[iS[i] * cols + j] - Jc;
                dW[k] = J[i * cols + jW[j]] - Jc;
                dE[k] = J[i * cols + jE[j]] - Jc;
                float G2 = (dN[k] * dN[k] + dS[k] * dS[k] + dW[k] * dW[k] + dE[k] * dE[k]) / (Jc * Jc);
                float L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc;
                float num = 0.5f * G2 - L * L / 16.0f, den = 1 + 0.25f * L;
                float q = num / (den * den);
                c[k] = 1.0f / (1.0f + (q - q0) / (q0 * (1 + q0)));
                if (c[k] < 0) c[k] = 0;
                else if (c[k] > 1) c[k] = 1;
            }
#pragma strads sync_for copyin(iS[0:rows], jE[0:cols])
        for (int i = 0; i < rows; i++)
            for (int j = 0; j < cols; j++) {
                int k = i * cols + j;
                float D = c[k] * dN[k] + c[iS[i] * cols + j] * dS[k] + c[k] * dW[k] +
                          c[i * cols + jE[j]] * dE[k];
                J[k] += 0.125f * D;
            }
    }
    double cs = 0;
    for (long k = 0; k < n; k++) cs += (double)J[k] * (double)(k % 13 + 1);
    printf("checksum %.6f\n", cs);
    return 0;
}
