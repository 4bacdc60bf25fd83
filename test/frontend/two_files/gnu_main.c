/* main in GNU style (the type on its own line) in a file without strads
 * pragmas; the loop is in another file (two_files/gnu_other.c). stradscc must
 * still translate this file, or every rank runs main. */
#include <stdio.h>

double *make_vec(long n);
void scale_vec(double *v, long n);

int
main (void)
{
    long n = 5000;
    double *v = make_vec(n);
    if (!v) return 1;
    for (long i = 0; i < n; i++) v[i] = (double)(i % 17);
    scale_vec(v, n);
    double s = 0;
    for (long i = 0; i < n; i++) s += v[i];
    printf("sum %.1f\n", s);
    return 0;
}
