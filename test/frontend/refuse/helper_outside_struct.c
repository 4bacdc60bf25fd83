/* The same struct of the driver's, handed to the function of another file
 * through a helper of this file: still refused, at the helper's call (a
 * helper's parameter is followed to the body's arguments, here a capture). */
struct net { int n; double *w; };
double net_loss(const struct net *m, const double *x); /* net.c */
static double via(const struct net *m, const double *x) { return net_loss(m, x) * 2; }

double total(const struct net *m, const double *xs, int n)
{
    double s = 0;
#pragma strads sync_for recon(off) copyin(m[0:1], xs[0:n * 4]) reduction(+: s)
    for (int i = 0; i < n; i++)
        s += via(m, xs + i * 4);
    return s;
}
// EXPECT: 6:75: error: 'm' is passed to 'net_loss', defined outside this file, and holds pointer member 'w'
