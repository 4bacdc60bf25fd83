/* A function of another file called by a sync_for without reconnaissance:
 * the body only runs for real, on each worker's copies, so it is accepted
 * (outside_call_sync.c is the same loop with reconnaissance). */
#include <math.h>
double loss_of(const double *w, const double *x, int d); /* loss.c */

double total(const double *w, const double *xs, int n, int d)
{
    double s = 0;
#pragma strads sync_for recon(off) copyin(w[0:d], xs[0:n * d]) reduction(+: s)
    for (int i = 0; i < n; i++)
        s += exp(-loss_of(w, xs + i * d, d));
    return s;
}
// EXIT: 0
// CLEAN
