/* A function-like macro whose own text (its #define) reads a distributed
 * array: reconnaissance records only accesses spelled in this file, so the
 * read of the macro's value was wrapped as an element (a gcc error,
 * "lvalue required", in the generated file); now refused at the use. */
#include <stdlib.h>
#define shifted(i) (a[i] + 1)
#define at2(i) a[b[i]]

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
// EXPECT: 19:16: error: a macro's own text reads or writes a distributed array here
// EXPECT: 22:17: error: a macro's own text reads or writes a distributed array here
// HINT: add recon(off)
