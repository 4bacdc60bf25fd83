/* A pragma in a skipped #if range is ignored, as the compiler ignores it;
 * the active one is checked. */
void f(double *a, int n)
{
    double s = 0;
#if 0
#pragma strads async_for bogus(1)
#endif
#ifdef STRADS_NEVER_DEFINED
#pragma strads async_for bogus(2)
#endif
#pragma strads async_for
    for (int i = 0; i < n; i++)
        s = s + a[i];
    a[0] = s;
}
// EXPECT: 14:9: error: write to captured variable 's' in a parallel body
