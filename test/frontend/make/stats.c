#include <math.h>
#include "stats.h"

double stats_norm(const double *w, long n)
{
    double s = 0;
    for (long i = 0; i < n; i++)
        s += w[i] * w[i];
    return sqrt(s);
}
