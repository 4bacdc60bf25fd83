/* Many short calls of three loops, interleaved with sequential code that
 * reads and writes the same arrays: after a few calls the runtime times a
 * call run alone on the driver and keeps the faster (STRADS_TRY_ALONE,
 * the shapes ending in "a"), so calls shared across nodes and calls run
 * alone must see each other's writes, and reductions and own-element
 * writes must come out the same either way. frontend.alone.short_calls
 * checks that each loop says so once. */
// CONFIGS: 1x1 1x2 2x1 3x1
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 3000, calls = 300;
    #pragma strads dvector
    double *v = malloc(n * sizeof *v);
    #pragma strads dvector
    double *w = calloc(n, sizeof *w);
    #pragma strads dvector
    long *hits = calloc(16, sizeof *hits);
    if (!v || !w || !hits) return 1;
    for (int i = 0; i < n; i++) v[i] = (i * 31) % 17;
    double total = 0;
    for (int c = 0; c < calls; c++) {
        double s = 0;
#pragma strads sync_for reduction(+: s)
        for (int j = 0; j < n; j++) {
            w[j] = 0.5 * w[j] + v[j] * 0.25 + c;
            s += w[j];
        }
        total += s / n;
#pragma strads async_for
        for (int j = 0; j < n; j++)
            if (j % 97 == c % 97) hits[j % 16] += 1;
        v[c % n] += 1; /* the sequential code writes between calls */
#pragma strads async_for
        for (int j = 1; j < n; j++) v[j] = v[j] * 0.999 + w[j - 1] * 0.001;
    }
    double chk = 0;
    long h = 0;
    for (int i = 0; i < n; i++) chk += v[i] * (i % 11) + w[i];
    for (int k = 0; k < 16; k++) h += hits[k] * (k + 1);
    printf("total %.6f check %.6f hits %ld\n", total, chk, h);
    free(v);
    free(w);
    free(hits);
    return 0;
}
