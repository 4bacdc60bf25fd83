/* C89 temporaries assigned on every path before use (both branches of an
 * if, a branch that continues, inside a guarded inner block) are private
 * per iteration; listing one in private() draws no warning. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 300, target, label, c, l1;
    float t;
#pragma strads dvector
    int *out = calloc(n, sizeof *out);
#pragma strads async_for private(t)
    for (int i = 0; i < n; i++) {
        t = i * 0.5f;
        if (i % 3 == 0) {
            target = i;
            label = 1;
        } else {
            target = (i * 7) % n;
            if (target == i)
                continue;
            label = 0;
        }
        for (int a = 0; a < 3; a++)
            if (a != 1) {
                c = i + a;
                if (c >= n)
                    continue;
                l1 = c * 2;
                out[i] += l1 + label * target + (int)t;
            }
    }
    long s = 0;
    for (int i = 0; i < n; i++)
        s += (long)out[i] * (i + 1);
    printf("%ld\n", s);
    free(out);
    return 0;
}
