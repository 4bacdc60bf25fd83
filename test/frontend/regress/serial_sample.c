/* async_for loops whose plan leaves the threads nothing to share, run
 * alone on the driver (engine/loop_async.c), with a reduction: the driver's
 * part is the whole result, and on several processes it must not wait for
 * the workers' parts (it hung). The first loop writes one shared element
 * every iteration (all_conflict); the second is TransE's shape, which no
 * single element gives away: each iteration writes the rows of a head, a
 * tail and two corrupted entities of a table of 2,000, every row written
 * by about 30 iterations, and one of 8 relation rows (sample_serial), and
 * reads back what it wrote for the next negative. Run alone, in the
 * sequential order: the output must be the plain build's at every shape. */
// CONFIGS: 1x1 1x2 2x1 4x1 2x2
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NE 2000
#define NR 8
#define NT 15000
#define D 8

static double dist(const double *a, const double *b, const double *c)
{
    double s = 0;
    for (int i = 0; i < D; i++) s += fabs(a[i] + b[i] - c[i]);
    return s;
}

int main(void)
{
    #pragma strads dvector row(D)
    double *E = malloc(sizeof(double) * NE * D);
    #pragma strads dvector row(D)
    double *R = malloc(sizeof(double) * NR * D);
    #pragma strads dvector
    double *total = calloc(1, sizeof *total);
    #pragma strads dvector
    int *trip = malloc(sizeof(int) * NT * 5);
    if (!E || !R || !total || !trip) return 1;
    unsigned s = 11;
    for (long i = 0; i < NE * D; i++) {
        s = s * 1103515245u + 12345u;
        E[i] = (double)((s >> 8) % 1000) / 1000.0;
    }
    for (long i = 0; i < NR * D; i++) R[i] = (double)(i % 7) / 10.0;
    for (long j = 0; j < NT; j++)
        for (int q = 0; q < 5; q++) {
            s = s * 1103515245u + 12345u;
            trip[j * 5 + q] = q == 2 ? (int)((s >> 8) % NR) : (int)((s >> 8) % NE);
        }
    for (int epoch = 0; epoch < 2; epoch++) {
        long hits = 0;
        #pragma strads async_for reduction(+: hits)
        for (long j = 0; j < NT; j++) {
            total[0] += (double)(trip[j * 5] % 10);
            hits += trip[j * 5 + 1] % 3 == 0;
        }
        double loss = 0;
        #pragma strads async_for reduction(+: loss)
        for (long j = 0; j < NT; j++) {
            double *h = &E[(long)trip[j * 5] * D], *t = &E[(long)trip[j * 5 + 1] * D];
            double *r = &R[(long)trip[j * 5 + 2] * D];
            for (int k = 0; k < 2; k++) {
                double *c = &E[(long)trip[j * 5 + 3 + k] * D];
                double *hc = k ? c : h, *tc = k ? t : c;
                double m = 1 + dist(h, r, t) - dist(hc, r, tc);
                loss += m > 0 ? m : 0;
                double g = m > 0 ? 0.01 : 0;
                for (int i = 0; i < D; i++) {
                    h[i] -= g;
                    t[i] += g;
                    r[i] -= g / 2;
                    hc[i] += g / 4;
                    tc[i] -= g / 4;
                }
            }
        }
        printf("epoch %d hits %ld loss %.9f total %.1f\n", epoch, hits, loss, total[0]);
    }
    double sum = 0;
    for (long i = 0; i < NE * D; i++) sum += E[i] * (double)(i % 13 + 1);
    for (long i = 0; i < NR * D; i++) sum += R[i];
    printf("sum %.9f\n", sum);
    free(E);
    free(R);
    free(total);
    free(trip);
    return 0;
}
