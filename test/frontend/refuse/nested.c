/* Only the outermost loop runs in parallel. */
void f(double *a, int n)
{
#pragma strads async_for
    for (int i = 0; i < n; i++) {
#pragma strads async_for
        for (int k = 0; k < n; k++)
            a[i * n + k] = 0;
    }
}
// EXPECT: 6:1: error: nested parallel loop
