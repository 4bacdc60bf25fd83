/* Global tables a body only reads are not copied into the call's
 * environment: the calling process reads them in place and the others
 * receive the global's bytes at every call, into their own global. The
 * driver rewrites the tables between calls; every process must see the
 * new values (a struct of parameters, an array of structs, a 2-D table),
 * in sync_for and in async_for. */
#include <stdio.h>
#include <stdlib.h>

#define N 4000
#define F 6

struct param {
    double scale;
    int shift;
};
struct edge {
    int to;
    float w;
};

static struct param prm;
static struct edge edges[N];
static int feat[N][F];

int main(void)
{
#pragma strads dvector
    double *acc = calloc(N, sizeof *acc);
#pragma strads dvector
    double *out = calloc(N, sizeof *out);
    double total = 0;
    for (int r = 0; r < 4; r++) {
        prm.scale = 0.5 + r;
        prm.shift = r * 3;
        for (int i = 0; i < N; i++) {
            edges[i].to = (i * 7 + r * 13) % N;
            edges[i].w = (float)((i + r) % 5) * 0.25f;
            for (int k = 0; k < F; k++) feat[i][k] = (i * (k + 1) + r) % 11;
        }
#pragma strads sync_for reduction(+: total)
        for (int i = 0; i < N; i++) {
            double s = 0;
            for (int k = 0; k < F; k++) s += feat[i][k];
            out[i] = s * prm.scale + prm.shift + edges[i].w;
            total += out[i];
        }
#pragma strads async_for
        for (int i = 0; i < N; i++)
            acc[edges[i].to] += edges[i].w * feat[i][r % F] + prm.shift;
        printf("round %d total %.4f out[17] %.4f\n", r, total, out[17]);
    }
    double sum = 0;
    for (int i = 0; i < N; i++) sum += acc[i] * (i % 3 + 1);
    printf("acc %.4f\n", sum);
    free(acc);
    free(out);
    return 0;
}
