/* A struct holding pointers handed to a function of another file, even
 * without reconnaissance: copyin ships the struct's bytes, and its pointer
 * members would be addresses of the driver's memory on the other nodes (a
 * worker died by SIGSEGV in a network library's training step). */
struct net { int n; double *w; };
double net_loss(const struct net *m, const double *x); /* net.c */

double total(const struct net *m, const double *xs, int n)
{
    double s = 0;
#pragma strads sync_for recon(off) copyin(m[0:1], xs[0:n * 4]) reduction(+: s)
    for (int i = 0; i < n; i++)
        s += net_loss(m, xs + i * 4);
    return s;
}
// EXPECT: 13:23: error: 'm' is passed to 'net_loss', defined outside this file, and holds pointer member 'w'
