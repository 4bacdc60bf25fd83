/* A macro that stores through a cast of its pointer argument
 * (`((float *)(P))[k] = v`) in a recon(off) loop: the closing parenthesis
 * of the cast ended the scan for the store, the array was flagged
 * read-only, and at two processes its writes were lost. */
#include <stdio.h>
#include <stdlib.h>
#define PUT_AS_FLOAT(P, k, v) ((float *)(P))[k] = v

int main(void)
{
    int n = 3000;
#pragma strads dvector
    float *src = malloc((size_t)n * sizeof *src);
#pragma strads dvector
    float *dst = malloc((size_t)n * sizeof *dst);
    if (!src || !dst) return 1;
    for (int i = 0; i < n; i++) src[i] = (float)(i % 17), dst[i] = 0;
#pragma strads sync_for recon(off)
    for (int i = 0; i < n; i++)
        PUT_AS_FLOAT(dst, i, src[i] * 3 + 1);
    double s = 0;
    for (int i = 0; i < n; i++) s += dst[i] * (double)(i % 5);
    printf("%.17g\n", s);
    free(src);
    free(dst);
    return 0;
}
