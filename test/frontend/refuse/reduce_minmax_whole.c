/* min or max of a whole fixed array (OpenMP's reduction(min: lo)): the
 * refusal spoke of an array section the user never wrote. */
double lo[4];

void lowest(const double *x, const int *k, int n)
{
#pragma strads sync_for reduction(min: lo)
    for (int i = 0; i < n; i++)
        if (x[i] < lo[k[i]]) lo[k[i]] = x[i];
}
// EXPECT: 7:40: error: 'lo' is not an arithmetic scalar
// HINT: min and max reductions take scalars: for an array of running minima or maxima run the loop as async_for
