/* A fixed array the body hands to a function that fills it (NPB EP's
 * vranlc(n, &t, a, x - 1) into a global scratch array) is written, as
 * x[j] = v is: the threads of a process shared its one copy and the sums
 * came out wrong. Refused with the private() hint; a const table passed to
 * a function is read only. */
#include <string.h>
#define K 4096
static double buf[K];
static const double tbl[4] = {1, 2, 3, 4};
static double scratch[8];

static void fill(int n, double seed, double y[])
{
    for (int j = 0; j < n; j++)
        y[j] = seed + j;
}

static double first(const double *t) { return t[0]; }

double f(void)
{
    double sum = 0;
#pragma strads sync_for reduction(+: sum)
    for (int k = 0; k < 400; k++) {
        fill(K, (double)k, buf - 1 + 1);
        for (int j = 0; j < K; j++)
            sum += buf[j] - k + first(tbl);
        memset(scratch, 0, sizeof scratch);
        sum += scratch[k % 8];
    }
    return sum;
}
// EXPECT: 25:28: error: write to captured variable 'buf' in a parallel body
// HINT: add private(buf[0:4096])
// EXPECT: 28:16: error: write to captured variable 'scratch' in a parallel body
