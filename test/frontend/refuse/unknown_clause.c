/* A misspelled clause must not be silently ignored. */
void f(double *a, int n)
{
#pragma strads async_for reduce(+: s)
    for (int i = 0; i < n; i++)
        a[i] = 0;
}
// EXPECT: 4:26: error: unknown clause 'reduce'
