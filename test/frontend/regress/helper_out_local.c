/* Value-free copies of the file's functions, where they must not be used:
 * a function that stores its floating parameter through a pointer into
 * the caller's local, which then picks the element written (its value-free
 * copy dropped the store: t kept i, and cnt[i] was recorded for what the
 * run wrote at cnt[1 .. 32], exit 0); the same through a non-void function
 * called as a statement; and a function with a label, whose callers get
 * its ordinary copy, so the value it is given must be computed. */
#include <stdio.h>
#include <stdlib.h>

static void put(double *out, double g) { *out = g; }

static double put_ret(double *out, const double *w)
{
    double s = w[0] * 0.5 + 1;
    *out = s;
    return s;
}

static void labelled(double *y, double g)
{
    int tries = 0;
again:
    *y = g;
    if (++tries < 2) goto again;
}

int main(void)
{
    int n = 4000;
#pragma strads dvector
    double *x = malloc((size_t)n * sizeof *x);
#pragma strads dvector
    double *y = calloc((size_t)n, sizeof *y);
#pragma strads dvector
    int *cnt = calloc((size_t)n, sizeof *cnt);
    for (int i = 0; i < n; i++) x[i] = (i * 37) % 64;
    for (int e = 0; e < 2; e++) {
#pragma strads async_for
        for (int i = 0; i < n; i++) {
            double g = x[i] * 0.5 + 1.0;
            double t = i;
            put(&t, g);
            cnt[(int)t] += 1;
        }
#pragma strads async_for
        for (int i = 0; i < n; i++) {
            double u = i;
            put_ret(&u, &x[i]);
            cnt[(int)u % n] += 2;
        }
#pragma strads async_for
        for (int i = 0; i < n; i++) {
            double g = x[i] * 0.5 + 1.0;
            labelled(&y[i], g);
            cnt[(int)y[i] % n] += 3;
        }
    }
    long s = 0;
    for (int k = 0; k < n; k++) s += (long)cnt[k] * (k + 1);
    printf("%ld %d %d\n", s, cnt[1], cnt[17]);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1 2x2
