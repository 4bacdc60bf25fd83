/* A function-like macro whose own text (its #define) reads a distributed
 * array: reconnaissance records only accesses spelled in this file, so the
 * read of the macro's value was wrapped as an element (a gcc error,
 * "lvalue required", in the generated file); now refused at the use. A
 * macro whose replacement names no other function-like macro is expanded
 * before analysis instead (regress/index_macros.c). */
#include <stdlib.h>
#define ID(v) v
#define shifted(i) (ID(a)[i] + 1)
#define at2(i) ID(a)[b[i]]

void f(long n)
{
#pragma strads dvector
    int *a = calloc((size_t)n, sizeof *a);
#pragma strads dvector
    int *b = calloc((size_t)n, sizeof *b);
#pragma strads dvector
    int *c = calloc((size_t)n, sizeof *c);
#pragma strads async_for
    for (long i = 0; i < n; i++)
        c[i] = shifted(i);
#pragma strads sync_for
    for (long i = 0; i < n; i++)
        c[i] += at2(i);
}
// EXPECT: 22:16: error: a macro's own text reads or writes a distributed array here
// EXPECT: 25:17: error: a macro's own text reads or writes a distributed array here
// HINT: add recon(off)
