/* A helper of the file, called from the loop, whose loop has no braces
 * and ends in a nested loop's block (fhmm.c's forward pass): its
 * reconnaissance copy keeps the element-by-element loop and the fast one
 * under one if/else, which must stay one statement in the generated file. */
// CONFIGS: 1x1 1x2 2x1
#include <stdio.h>
#include <stdlib.h>

static float seqsum(const int *d, int len)
{
    float acc[4] = {0, 0, 0, 0};
    int i, j;
    for (i = 1; i < len; i++)
        for (j = 0; j < 4; j++) {
            acc[j] += (float)d[i] * (float)j;
        }
    for (i = 0; i < len; i++)
        acc[i % 4] += (float)d[i];
    return acc[0] + acc[1] + acc[2] + acc[3];
}

int main(void)
{
    int n = 2000, len = 50;
#pragma strads dvector
    int *data = malloc(sizeof(int) * (size_t)n * (size_t)len);
#pragma strads dvector
    float *out = malloc(sizeof(float) * (size_t)n);
    if (!data || !out) return 1;
    for (int i = 0; i < n * len; i++) data[i] = i % 7;
#pragma strads async_for
    for (int s = 0; s < n; s++)
        out[s] = seqsum(data + s * len, len);
    double t = 0;
    for (int s = 0; s < n; s++) t += out[s];
    printf("%.1f\n", t);
    free(data);
    free(out);
    return 0;
}
