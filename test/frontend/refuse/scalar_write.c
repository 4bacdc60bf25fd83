/* Captured scalars are loop-entry copies: writing one needs a clause. */
double f(const double *a, int n)
{
    double sum = 0;
#pragma strads async_for
    for (int i = 0; i < n; i++)
        sum += a[i];
    return sum;
}
// EXPECT: 7:9: error: write to captured variable 'sum' in a parallel body
