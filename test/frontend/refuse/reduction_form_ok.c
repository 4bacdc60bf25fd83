/* Updates of reduction scalars in the forms their operators fold: none
 * refused (reduction_form.c has the others). */
#include <math.h>
double forms_ok(const double *a, int n)
{
    double m = -1e300, mn = 1e300, s = 0, t = 0, p = 1, q = 1;
    long c = 0;
#pragma strads sync_for reduction(max: m) reduction(min: mn) reduction(+: s, t, c) reduction(*: p, q)
    for (int i = 0; i < n; i++) {
        double v = a[i];
        m = fmax(m, v);
        if (v < mn) mn = v;
        mn = v < mn ? v : mn;
        s = s + v * 2.0;
        s = 0.5 * v + s;
        s -= v;
        t += v;
        c++;
        ++c;
        p *= 1.0 + v;
        q = q * (1.0 + v);
    }
    return m + mn + s + t + (double)c + p + q;
}
// CLEAN
// EXIT: 0
