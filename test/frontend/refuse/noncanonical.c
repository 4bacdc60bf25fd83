/* The iteration count must be known at loop entry. */
void f(double *a, int n)
{
#pragma strads async_for
    for (int i = 0; i < n; i += 2)
        a[i] = 0;
}
// EXPECT: 5:28: error: parallel loop is not in canonical form
// HINT: a strided or downward loop counts its steps instead
