/* An exchange or a compare-and-swap on a distributed array: reconnaissance
 * cannot record what it would write without running it, and a plain
 * update does the same under strads' plan. */
#include <stdlib.h>

void mark(int n, int m)
{
#pragma strads dvector
    long *owner = calloc(m, sizeof *owner);
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        long expect = 0;
        __atomic_compare_exchange_n(&owner[i % m], &expect, i + 1, 0, __ATOMIC_SEQ_CST,
                                    __ATOMIC_SEQ_CST);
        __sync_lock_test_and_set(&owner[(i + 1) % m], 1);
    }
}
// EXPECT: 13:9: error: reconnaissance cannot run '__atomic_compare_exchange_n' on memory it does not own
// EXPECT: 15:9: error: reconnaissance cannot run '__sync_lock_test_and_set' on memory it does not own
// HINT: write the plain update
