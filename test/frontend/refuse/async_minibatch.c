/* minibatch() belongs to sync_for: async_for cuts its own conflict-free
 * tasks, so the clause would silently do nothing. */
void f(double *a, int n)
{
#pragma strads async_for reduction(+: n) minibatch(100)
    for (int i = 0; i < n; i++)
        a[i] += 1;
}
// EXPECT: 5:42: error: 'minibatch' is only valid on sync_for
