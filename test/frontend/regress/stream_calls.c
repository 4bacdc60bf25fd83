/* stream(x) across calls: the first worker's final state goes on, so 1x1
 * draws what the plain build draws in every call, not call 0's numbers again. */
// CONFIGS: 1x1
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 1000;
#pragma strads dvector
    unsigned *y = calloc(n, sizeof *y);
    unsigned long long next_random = 1;
    for (int call = 0; call < 2; call++) {
#pragma strads sync_for sync(hybrid) recon(off) stream(next_random) aggregate(y: sum)
        for (int i = 0; i < n; i++) {
            next_random = next_random * 25214903917ull + 11;
            y[i] = (unsigned)(next_random >> 16);
        }
        unsigned s = 0;
        for (int i = 0; i < n; i++)
            s += y[i];
        printf("call %d sum %u\n", call, s);
    }
    free(y);
    return 0;
}
