/* A temporary read before the parallel loop inside an enclosing epoch loop
 * carries the last iteration's value into the next epoch: not private
 * (it was made private, changing the result even at 1x1). */
void f(const double *a, double *b, int n, double *out)
{
    double t = 0, acc = 0;
    for (int ep = 0; ep < 3; ep++) {
        acc += t;
#pragma strads async_for
        for (int i = 0; i < n; i++) {
            t = a[i] + ep;
            b[i] += t;
        }
    }
    *out = acc;
}
// EXPECT: 11:13: error: write to captured variable 't' in a parallel body
