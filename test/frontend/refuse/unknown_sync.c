/* Sync models are a closed list (custom(fn) for the rest). */
void f(double *a, int n)
{
#pragma strads sync_for minibatch(10) \
        sync(bspp)
    for (int i = 0; i < n; i++)
        a[i] = 0;
}
// EXPECT: 5:14: error: unknown sync model 'bspp'
