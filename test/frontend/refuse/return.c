/* A return has nowhere to return to on another node. */
int f(double *a, int n)
{
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 3; k++)
            if (a[i] < k)
                break; /* fine: leaves the inner loop only */
        if (a[i] < 0)
            return 1;
    }
    return 0;
}
// EXPECT: 10:13: error: 'return' inside a parallel loop body
