/* Short sync_for calls run alone on the driver as BSP's workers would run
 * them, on copies the driver keeps from one call of a site to the next.
 * One site is called on float models of two sizes in turn and on a third
 * of the first size, another on a double model whose elements touched
 * change: kept copies meet arrays they do not fit, and arrays at another
 * address that they do. Run alone, every shape must print what every call
 * shared prints. */
#include <stdio.h>
#include <stdlib.h>

#define S 600
#define NZ 5

static int col[S][NZ];
static float xv[S][NZ];

static void stepf(float *w, int d, float lr)
{
#pragma strads sync_for
    for (int i = 0; i < S; i++) {
        float z = 0;
        for (int k = 0; k < NZ; k++) z += w[col[i][k] % d] * xv[i][k];
        float g = (i % 2 ? 1.0f : -1.0f) - z;
        for (int k = 0; k < NZ; k++) w[col[i][k] % d] += lr * g * xv[i][k];
    }
}

static void stepd(double *w, int d, double lr)
{
#pragma strads sync_for
    for (int i = 0; i < S; i++) {
        double z = 0;
        for (int k = 0; k < NZ; k++) z += w[col[i][k] % d] * xv[i][k];
        double g = (i % 3 ? 1.0 : -1.0) - z;
        for (int k = 0; k < NZ; k++) w[col[i][k] % d] += lr * g * xv[i][k];
    }
}

int main(void)
{
    unsigned s = 7;
    for (int i = 0; i < S; i++)
        for (int k = 0; k < NZ; k++) {
            s = s * 1103515245u + 12345u;
            col[i][k] = (int)(s >> 9);
            xv[i][k] = (float)((s >> 3) & 63) / 64.0f;
        }
#pragma strads dvector
    float *a = calloc(3000, sizeof *a);
#pragma strads dvector
    float *b = calloc(700, sizeof *b);
#pragma strads dvector
    float *c = calloc(3000, sizeof *c);
#pragma strads dvector
    double *d = calloc(900, sizeof *d);
    for (int e = 0; e < 12; e++) {
        stepf(e % 3 == 0 ? a : e % 3 == 1 ? b : c, e % 3 == 1 ? 700 : 3000, 0.05f);
        stepd(d, e % 2 ? 900 : 450, 0.02);
    }
    double h = 0;
    for (int j = 0; j < 3000; j++) h += a[j] * (j % 7 + 1) + c[j] * (j % 5 + 1);
    for (int j = 0; j < 700; j++) h += b[j] * (j % 3 + 1);
    for (int j = 0; j < 900; j++) h += d[j] * (j % 4 + 1);
    printf("%.9g\n", h);
    free(a);
    free(b);
    free(c);
    free(d);
    return 0;
}
