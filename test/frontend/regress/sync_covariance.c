/* A covariance matrix as PolyBench writes it: iteration i fills row i
 * from column i on and mirrors each value into column i (cov[j][i] =
 * cov[i][j]), N reads an element. Its records would hold every read
 * (1.3 G accesses at M = 730, N = 800), so a pilot says the arrays cost
 * less whole than recorded (loop_sync_recon.c's records_cost_more; here
 * the 4.8 MB of data, past the size rule, on two nodes). The tasks are
 * separate, so the sums are the plain build's at every shape. */
// CONFIGS: 1x1 1x2 2x1 2x2
#include <stdio.h>
#include <stdlib.h>

#define M 600
#define N 1000

int main(void)
{
#pragma strads dvector
    double (*data)[M] = malloc(N * sizeof *data);
#pragma strads dvector
    double (*cov)[M] = malloc(M * sizeof *cov);
    double *mean = malloc(M * sizeof *mean);
    if (!data || !cov || !mean) return 1;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) data[i][j] = (double)((i * j + 3) % 97) / M;
    for (int j = 0; j < M; j++) {
        mean[j] = 0;
        for (int i = 0; i < N; i++) mean[j] += data[i][j];
        mean[j] /= N;
    }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) data[i][j] -= mean[j];
    for (int rep = 0; rep < 1; rep++) {
#pragma strads sync_for
        for (int i = 0; i < M; i++)
            for (int j = i; j < M; j++) {
                cov[i][j] = 0.0;
                for (int k = 0; k < N; k++) cov[i][j] += data[k][i] * data[k][j];
                cov[i][j] /= (N - 1.0);
                cov[j][i] = cov[i][j];
            }
    }
    double s = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++) s += cov[i][j] * (i + 1) + j;
    printf("%.10f\n", s);
    free(data);
    free(cov);
    free(mean);
    return 0;
}
