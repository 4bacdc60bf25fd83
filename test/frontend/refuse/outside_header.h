/* Helpers of a program's own header (outside_header.c). */
#include <math.h>
static const float scale = 2.0f;
static inline float squash(float x) { return scale / (1.0f + expf(-x)); }
static inline float squash2(float x) { return squash(squash(x)); }
static inline void axpy(float *y, const float *x, float a, int n)
{
    for (int k = 0; k < n; k++)
        y[k] += a * x[k];
}
