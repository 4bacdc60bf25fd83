/* A type and an enum declared inside the function around the loop: the
 * body is outlined to file scope, where neither is declared; gcc failed on
 * the generated file ('unknown type name', 'undeclared'). A type the body
 * declares itself goes along with it. */
#include <stdlib.h>

double run(int n)
{
    typedef struct { double a, b; } pair;
    enum { K = 8 };
#pragma strads dvector
    double *out = malloc((size_t)n * K * sizeof(double));
    if (!out) return 0;
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        struct own { double v; } o = {i};
        pair p = {o.v, 2};
        for (int k = 0; k < K; k++) out[i * K + k] = p.a * p.b + k;
    }
    double s = 0;
    for (int i = 0; i < n * K; i++) s += out[i];
    free(out);
    return s;
}
// EXPECT: 17:9: error: type 'pair' is declared inside function 'run'
// EXPECT: 18:29: error: 'K' is a constant of an enum declared inside function 'run'
// HINT: move its declaration to file scope
// HINT: move the enum to file scope (or make the constant a #define)
