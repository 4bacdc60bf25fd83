/* GCC atomic builtins on distributed arrays, as pthreads trainers update
 * shared counters: reconnaissance ran them for real, so at 1x2 every
 * counter was bumped twice (exit 0). Read-modify-writes of each form, a
 * load and a store, and a local counter (the copy's own, run as written).
 * Each array gets one operator, so that any serial order gives cc's sums. */
#include <stdio.h>
#include <stdlib.h>

long processed; /* a pthreads trainer's progress counter */

int main(void)
{
    int n = 5000, m = 97;
#pragma strads dvector
    long *cnt = calloc(m, sizeof *cnt);
#pragma strads dvector
    int *bits = calloc(m, sizeof *bits);
#pragma strads dvector
    int *flip = calloc(m, sizeof *flip);
#pragma strads dvector
    long *last = calloc(m, sizeof *last);
#pragma strads dvector
    long *base = calloc(m, sizeof *base);
    for (int j = 0; j < m; j++)
        base[j] = j * 11 % 7;
#pragma strads async_for accumulate(processed)
    for (int i = 0; i < n; i++) {
        int j = (i * 31) % m, local = 0;
        __sync_fetch_and_add(&cnt[j], 1);
        long now = __atomic_add_fetch(&cnt[(j + 1) % m], 2, __ATOMIC_RELAXED);
        __atomic_fetch_sub(&cnt[(j + 2) % m], 1, __ATOMIC_SEQ_CST);
        __sync_or_and_fetch(&bits[j], 1 << (i % 7));
        __atomic_fetch_xor(&flip[(j + 3) % m], i & 15, __ATOMIC_RELAXED);
        __atomic_fetch_add(&local, 3, __ATOMIC_RELAXED);
        if (__sync_add_and_fetch(&processed, 2) < 0) /* a clause's scalar: as written */
            local = -1;
        /* what the sequential order decides stays out of the result: the
         * plan is a serial order, not necessarily the program's */
        long seen = __atomic_load_n(&base[j], __ATOMIC_ACQUIRE);
        __atomic_store_n(&last[j], seen + (now >= 2) + local, __ATOMIC_RELEASE);
    }
    long h = 0;
    for (int i = 0; i < m; i++)
        h += cnt[i] * i + bits[i] * 3 + flip[i] * 5 + last[i];
    printf("%ld %ld\n", h, processed);
    return 0;
}
