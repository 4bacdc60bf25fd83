/* recon(off) cannot apply to async_for: its plan is made from
 * reconnaissance, so the clause is refused rather than ignored. */
void f(double *a, int n)
{
#pragma strads async_for \
    recon(off)
    for (int i = 0; i < n; i++)
        a[i] += 1;
}
// EXPECT: 6:5: error: 'recon' is only valid on sync_for
