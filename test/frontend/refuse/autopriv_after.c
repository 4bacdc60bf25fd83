/* Temporaries declared at the top of the function and assigned before use
 * in the body: private when what follows the loop assigns them before any
 * read (l1 and the counter b, reused by a later loop), refused when it may
 * read the loop's last value (l2 read by the printf; c assigned only under
 * an if before its read). */
#include <stdio.h>

void f(const long *w, double *W, long n, long D)
{
    long a, b, l1, l2, c;
    for (int ep = 0; ep < 3; ep++) {
#pragma strads async_for
        for (a = 0; a < n; a++) {
            l1 = w[a] * D;
            l2 = (w[a] + 1) * D;
            c = l1 + 1;
            for (b = 0; b < D; b++)
                W[b + l1] += W[b + l2] * c;
        }
    }
    double s = 0;
    for (a = 0; a < n; a++) {
        l1 = w[a] * D;
        for (b = 0; b < D; b++)
            s += W[b + l1];
    }
    if (s > 0)
        c = 2;
    printf("%g %ld %ld\n", s, l2, c);
}
// EXPECT: 15:13: error: write to captured variable 'l2' in a parallel body
// EXPECT: 16:13: error: write to captured variable 'c' in a parallel body
