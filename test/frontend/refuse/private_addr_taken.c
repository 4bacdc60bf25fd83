/* A scratch value every iteration sets before it reads it is made private
 * without a clause, unless its address is taken outside the loop: a read
 * through that pointer after the loop must see the last iteration's value
 * (the value from before the loop came out, exit 0, found by a new user). */
#include <stdio.h>
#include <stdlib.h>
int main(void)
{
    int n = 100;
#pragma strads dvector
    double *a = malloc((size_t)n * sizeof *a);
    if (!a) return 1;
    for (int i = 0; i < n; i++) a[i] = i;
    double tmp = -1, s = 0;
    double *last = &tmp;
#pragma strads sync_for reduction(+: s)
    for (int i = 0; i < n; i++) {
        tmp = a[i] * 2;
        s += tmp;
    }
    printf("%.1f %.2f\n", s, *last);
    return 0;
}
// EXPECT: 18:9: error: write to captured variable 'tmp' in a parallel body
// EXPECT: 15:20: note: 'tmp' is not made private: its address is taken here
