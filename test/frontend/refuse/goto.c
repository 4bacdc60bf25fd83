/* A goto to a label outside the body leaves the loop. */
void f(double *a, int n)
{
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        if (a[i] < 0)
            goto out;
    }
out:
    return;
}
// EXPECT: 7:13: error: 'goto' leaves a parallel loop body
