/* Many short calls, as programs that call a small loop inside an outer
 * loop have them (bench/calls.sh): an odd-even transposition sort (two
 * sync_for phases per round over 4,000 elements), then 2,000 calls of a
 * small elementwise update with a reduction (sync_for) and of a small
 * histogram pass (async_for) over 2,000 elements. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4000, calls = argc > 2 ? atoi(argv[2]) : 2000;
    int half = n / 2;
    #pragma strads dvector
    double *v = malloc(n * sizeof *v);
    #pragma strads dvector
    double *w = calloc(n, sizeof *w);
    #pragma strads dvector
    double *hist = calloc(64, sizeof *hist);
    if (!v || !w || !hist) return 1;
    for (int i = 0; i < n; i++) v[i] = (double)((i * 7919) % n);
    for (int round = 0; round < n / 8; round++) {
#pragma strads sync_for
        for (int j = 0; j < half; j++) {
            double a = v[2 * j], b = v[2 * j + 1];
            if (a > b) v[2 * j] = b, v[2 * j + 1] = a;
        }
#pragma strads sync_for
        for (int j = 0; j < half - 1; j++) {
            double a = v[2 * j + 1], b = v[2 * j + 2];
            if (a > b) v[2 * j + 1] = b, v[2 * j + 2] = a;
        }
    }
    double total = 0;
    int m = n / 2;
    for (int c = 0; c < calls; c++) {
        double s = 0;
#pragma strads sync_for reduction(+: s)
        for (int j = 0; j < m; j++) {
            w[j] = 0.5 * w[j] + v[j] * 1e-3 + c;
            s += w[j];
        }
        total += s / m;
#pragma strads async_for
        for (int j = 0; j < m; j++) hist[(j + c) % 64] += w[j] * 1e-6;
    }
    double h = 0;
    for (int k = 0; k < 64; k++) h += hist[k] * (k + 1);
    printf("v0 %.0f vlast %.0f total %.6e hist %.6e\n", v[0], v[n - 1], total, h);
    return 0;
}
