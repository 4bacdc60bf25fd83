/* Function addresses differ between processes. */
void f(double *a, int n, double (*g)(double))
{
#pragma strads async_for copyin(a[0:n])
    for (int i = 0; i < n; i++)
        (void)g(a[i]);
}
// EXPECT: 6:15: error: function pointer 'g' captured
