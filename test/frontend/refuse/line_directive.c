/* After a #line directive (a parser generator's output, a literate
 * program's) the compiler names places by it: stradsc's diagnostics name
 * the same place gcc's would. */
void f(double *a, int n)
{
#line 200
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        static int calls;
        a[i] = calls++;
    }
}
// EXPECT: 202:20: error: static variable declared in a parallel body
