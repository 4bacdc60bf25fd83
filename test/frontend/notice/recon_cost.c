/* Every iteration reads and updates all of a dense model, and the order of
 * the samples (an index array) is reshuffled between calls, so each call
 * makes its records anew: reconnaissance costs many times the tasks.
 * frontend.notice.recon_cost checks that this is said once, with
 * recon(off). */
#include <stdio.h>
#include <stdlib.h>
#define N 1000
#define D 2000

int main(void)
{
    #pragma strads dvector
    float *w = calloc(D, sizeof *w);
    #pragma strads dvector
    float *x = malloc((size_t)N * D * sizeof *x);
    #pragma strads dvector
    int *perm = malloc(N * sizeof *perm);
    if (!w || !x || !perm) return 1;
    unsigned r = 1;
    for (long i = 0; i < (long)N * D; i++) x[i] = (float)((r = r * 1103515245u + 12345u) >> 16 & 63) / 64;
    for (int i = 0; i < N; i++) perm[i] = i;
    for (int epoch = 0; epoch < 4; epoch++) {
        for (int a = 0; a < N; a++) {
            int b = (int)((r = r * 1103515245u + 12345u) >> 16) % N, t = perm[a];
            perm[a] = perm[b], perm[b] = t;
        }
        float loss = 0;
#pragma strads sync_for reduction(+: loss)
        for (int j = 0; j < N; j++) {
            const float *xi = &x[(long)perm[j] * D];
            float s = 0;
            for (int k = 0; k < D; k++) s += w[k] * xi[k];
            float e = s - 1.0f;
            for (int k = 0; k < D; k++) w[k] -= 1e-5f * e * xi[k];
            loss += e * e;
        }
        printf("epoch %d loss %.3f\n", epoch, loss / N);
    }
    free(w);
    free(x);
    free(perm);
    return 0;
}
