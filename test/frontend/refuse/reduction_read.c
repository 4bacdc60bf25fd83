/* An async_for body that reads its reduction variable (a running sum that
 * decides a write): each thread read its partial sum, and at 2 processes
 * the answer was no serial order's (exit 0). Its updates (`s += w[i]`,
 * `n++`, `t = t + 1`) are not reads; a min reduction's test is allowed. */
#include <stdlib.h>

long mark(long *w, long n)
{
    long s = 0, cnt = 0, t = 0, mn = 1000;
#pragma strads async_for reduction(+: s, cnt, t) reduction(min: mn)
    for (long i = 0; i < n; i++) {
        s += w[i];
        cnt++;
        t = t + 1;
        if (w[i] < mn) mn = w[i];
        if (s > 200000) w[i] = -1;
    }
    return s + cnt + t + mn;
}
// EXPECT: 16:13: error: async_for: the body reads its reduction variable 's'
// HINT: test it after the loop
