/* Loops until a stored value settles, whose exit the loop's own test does
 * not read from memory: a break on the element, a flag set from it, a
 * local copy of it, and a store made by a function of the file. Their
 * stores matter (left out, the loops never ended: reconnaissance hung). */
#include <stdio.h>
#include <stdlib.h>

static void bump(double *y, double g) { *y += g; }

int main(void)
{
    int n = 100;
    double step = 0.25;
#pragma strads dvector
    double *y = calloc((size_t)n, sizeof *y);
#pragma strads dvector
    double *x = malloc((size_t)n * sizeof *x);
    for (int i = 0; i < n; i++) x[i] = 0.25 + (i % 3) * 0.125;
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        double lim = 1 + i * 0.01;
        while (1) {
            if (y[i] >= lim) break;
            y[i] += step;
        }
        int done = 0;
        while (!done) {
            y[i] += step;
            done = y[i] >= 2 * lim;
        }
        double v = y[i];
        while (v < 3 * lim) {
            y[i] += step;
            v = y[i];
        }
        double st = x[i] * 1.0;
        while (y[i] < 4 * lim) bump(&y[i], st);
    }
    double s = 0;
    for (int i = 0; i < n; i++) s += y[i];
    printf("%.6f\n", s);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1
