/* A body that calls a function of another file (a library's training step
 * compiled separately): reconnaissance cannot copy it, and run for real it
 * trained the model once more and recorded no access (a wrong answer at
 * 1x2 with exit 0). */
struct net { int n; double *w; };
void net_train(struct net *m, const double *x, double y, double lr); /* net.c */

void epoch(struct net *m, const double *xs, const double *ys, int n)
{
#pragma strads async_for copyin(xs[0:n], ys[0:n], m[0:1])
    for (int i = 0; i < n; i++)
        net_train(m, xs + i * m->n, ys[i], 0.01);
}
// EXPECT: 12:9: error: 'net_train' is not defined in this file: reconnaissance cannot record what it reads and writes
// HINT: move 'net_train' (and what it calls) into this file
