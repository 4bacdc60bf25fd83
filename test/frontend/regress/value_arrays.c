/* An async_for that reads an array another loop rewrites at every call.
 * Read as values only (a model vector), its change keeps the plan; read
 * as a decision (which bin an iteration adds to), it makes a new one: with
 * the plan of a call where no iteration wrote the shared bins, the next
 * call's writes to them would run in parallel. */
// CONFIGS: 1x1 1x2 2x1 3x1
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 4000;
    #pragma strads dvector
    double *w = malloc(n * sizeof *w);
    #pragma strads dvector
    double *score = calloc(n, sizeof *score);
    #pragma strads dvector
    double *bins = calloc(n, sizeof *bins);
    if (!w || !score || !bins) return 1;
    for (int i = 0; i < n; i++) w[i] = (double)((i * 7919) % 1000) / 1000.0;
    for (int epoch = 0; epoch < 6; epoch++) {
#pragma strads sync_for
        for (int i = 0; i < n; i++) w[i] = epoch % 2 ? w[i] * 0.5 + 0.4 : w[i] * 0.1;
#pragma strads async_for
        for (int i = 0; i < n; i++) score[i] += w[i] * w[(i + 1) % n];
#pragma strads async_for
        for (int i = 0; i < n; i++)
            if (w[i] > 0.3) bins[i % 5] += w[i];
    }
    double s = 0, t = 0;
    for (int i = 0; i < n; i++) {
        s += score[i] * (i % 13);
        t += bins[i] * (i % 7 + 1);
    }
    printf("score %.6f bins %.6f b0 %.6f\n", s, t, bins[0]);
    free(w);
    free(score);
    free(bins);
    return 0;
}
