/* A long double total named in reduction(): the runtime combines float,
 * double and integer types only; the refusal said "not an arithmetic
 * scalar" with a hint about structs. */
#include <stdlib.h>

long double total(const double *v, long n)
{
    long double acc = 0;
#pragma strads sync_for reduction(+: acc)
    for (long i = 0; i < n; i++)
        acc += (long double)v[i] * v[i];
    return acc;
}
// EXPECT: 9:38: error: 'acc' is a long double, which this clause does not take
// HINT: keep the total in a double declared before the loop
