/* The same from a helper of this file, in a sync_for: the hint offers
 * recon(off) (outside_call_recon_off.c: accepted). The C library's
 * functions (exp) run as written. */
#include <math.h>
double loss_of(const double *w, const double *x, int d); /* loss.c */

static double term(const double *w, const double *x, int d)
{
    return exp(-loss_of(w, x, d));
}

double total(const double *w, const double *xs, int n, int d)
{
    double s = 0;
#pragma strads sync_for copyin(w[0:d], xs[0:n * d]) reduction(+: s)
    for (int i = 0; i < n; i++)
        s += term(w, xs + i * d, d);
    return s;
}
// EXPECT: 9:17: error: 'loss_of' is not defined in this file
// HINT: a header's functions get no copy), or add recon(off)
