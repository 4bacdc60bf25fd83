/* A struct the body fills with its own row, handed through a helper of
 * this file to a function of another file: its pointer is the node's, as
 * when the body calls the function directly (which was accepted). It was
 * refused as the driver's memory (Blei's lda-c, converted by a new user). */
#include <stdlib.h>

#define K 8
typedef struct { const double *v; int n; } vec;
double vsum(const vec *x);
static double half(const vec *x) { return vsum(x) * 0.5; }

double run(int n)
{
#pragma strads dvector
    double *data = malloc((size_t)n * K * sizeof(double));
#pragma strads dvector
    double *out = malloc((size_t)n * sizeof(double));
    if (!data || !out) return 0;
    for (int i = 0; i < n * K; i++) data[i] = i % 5;
#pragma strads sync_for recon(off)
    for (int i = 0; i < n; i++) {
        vec x = {&data[i * K], K};
        out[i] = half(&x);
    }
    double s = 0;
    for (int i = 0; i < n; i++) s += out[i];
    free(data);
    free(out);
    return s;
}
// EXIT: 0
// CLEAN
