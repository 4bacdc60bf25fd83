/* A pragma written by a macro cannot be tied to one loop in the source. */
#define PAR _Pragma("strads async_for")
void f(double *a, int n)
{
    PAR
    for (int i = 0; i < n; i++)
        a[i] = 0;
}
// EXPECT: 2:13: error: a strads pragma produced by a macro (_Pragma) is not supported
