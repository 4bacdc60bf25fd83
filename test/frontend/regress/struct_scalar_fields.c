/* A struct that holds a pointer beside the sizes a loop reads (a network's
 * weights and its layer widths): the body reads only its scalar fields,
 * so the struct travels whole and its pointer, an address of this
 * process, is never read on another one. It was refused, with a hint that
 * named a field the struct does not have. */
#include <stdio.h>
#include <stdlib.h>

typedef struct { float *w; int nin, nout; double scale; } net;

int main(void)
{
    net t = {NULL, 50, 7, 0.5};
    int n = 20000;
#pragma strads dvector
    float *x = malloc((size_t)n * sizeof *x);
#pragma strads dvector
    float *y = calloc((size_t)n, sizeof *y);
    t.w = malloc((size_t)t.nin * sizeof *t.w);
    for (int i = 0; i < n; i++) x[i] = (float)(i % 97) / 7;
    double s = 0;
#pragma strads sync_for reduction(+: s)
    for (int i = 0; i < n; i++) {
        y[i] = x[i] * (float)t.scale + (float)(i % t.nout);
        s += y[i] / t.nin;
    }
    printf("s %.3f y %.3f\n", s, y[n - 1]);
    free(t.w);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1
