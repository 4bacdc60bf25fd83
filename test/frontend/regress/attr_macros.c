/* Programs define attribute words as macros (genann: `#define unused
 * __attribute__((unused))`); the generated file's own attributes after the
 * user's code were `unused`, `cold`, `used` ..., which those macros turned
 * into a gcc error in the generated file. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define unused __attribute__((unused))
#define cold __attribute__((cold))
#define used __attribute__((used))
#define always_inline __attribute__((always_inline))
#define nothrow __attribute__((nothrow))
#define section(s) __attribute__((section(s)))
#define optimize(o) __attribute__((optimize(o)))
#define format(a, b, c) __attribute__((format(a, b, c)))
#define tls_model(m) __attribute__((tls_model(m)))

static double sq(double a, int flag unused) { return a * a; }

int main(void)
{
#pragma strads dvector
    double *v = malloc(1000 * sizeof *v);
    if (!v) return 1;
    for (int i = 0; i < 1000; i++) v[i] = 0.001 * i;
    double s = 0;
#pragma strads sync_for reduction(+: s)
    for (int i = 0; i < 1000; i++)
        s += sqrt(sq(v[i], 0));
#pragma strads async_for
    for (int i = 0; i < 1000; i++)
        v[i] = sq(v[i], 1);
    double t = 0;
    for (int i = 0; i < 1000; i++) t += v[i];
    printf("%.6f %.6f\n", s, t);
    free(v);
    return 0;
}
