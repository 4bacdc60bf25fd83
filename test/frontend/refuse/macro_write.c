/* An operator hidden in a macro counts as a write. */
#define BUMP(x) ((x) += 1)
double f(const double *a, int n)
{
    double s = 0;
#pragma strads async_for copyin(a[0:n])
    for (int i = 0; i < n; i++)
        BUMP(s);
    return s + a[0];
}
// EXPECT: 8:9: error: write to captured variable 's' in a parallel body
