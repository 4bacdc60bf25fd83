/* Macros that write a member of the element their argument spells
 * (SETX(r[k], v) as ((A.x) = (v)), ADDY(r[k], v) as A.y += v): the store
 * was taken for a read, the array for read only (its writes lost at two
 * processes), and the reconnaissance copy wrapped "r[k], v" as one
 * argument, a gcc error in the generated file. Under recon(off) the array
 * is written and combined; with reconnaissance such a macro is refused
 * (refuse/macro_member_written.c). */
// CONFIGS: 1x1 1x2 2x1 3x1
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    double x, y;
} pt;
#define SETX(A, v) ((A.x) = (v))
#define ADDY(A, v) A.y += (v)

int main(void)
{
    long n = 20000;
#pragma strads dvector
    pt *r = calloc((size_t)n, sizeof *r);
#pragma strads dvector
    long *nb = malloc((size_t)n * sizeof *nb);
#pragma strads dvector
    double *out = malloc((size_t)n * sizeof *out);
    if (!r || !nb || !out) return 1;
    for (long i = 0; i < n; i++) nb[i] = (i * 7) % n, r[i].y = (double)i;
#pragma strads sync_for recon(off) aggregate(r: sum)
    for (long i = 0; i < n; i++) {
        SETX(r[nb[i]], 1.0 + (double)(nb[i] % 3));
        ADDY(r[nb[i]], 0.5);
        out[i] = (double)i * 2;
    }
    double s = 0;
    for (long i = 0; i < n; i++) s += out[i] + r[i].x * (double)(i % 5) + r[i].y;
    printf("%.3f\n", s);
    free(r);
    free(nb);
    free(out);
    return 0;
}
