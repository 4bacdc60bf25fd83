/* A counter handed to a function by its address ((*nupd)++ there): the
 * hint spoke only of a random generator's state (stream, private), and
 * private(nupd) then left the count at 0, exit 0. */
static double upd(double *w, int k, long *nupd)
{
    (*nupd)++;
    w[k] += 0.01;
    return w[k];
}

double run(double *w, int n, int k, long *out)
{
    long nupd = 0;
    double s = 0;
#pragma strads async_for reduction(+: s)
    for (int j = 0; j < n; j++) s += upd(w, (j * 31) % k, &nupd);
    *out = nupd;
    return s;
}
// EXPECT: 16:60: error: write to captured variable 'nupd' in a parallel body
// HINT: if the function counts with it, add accumulate(nupd)
