/* A break would stop a loop whose iterations run in parallel. */
void f(double *a, int n)
{
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        if (a[i] < 0)
            break;
    }
}
// EXPECT: 7:13: error: 'break' leaves a parallel loop body
