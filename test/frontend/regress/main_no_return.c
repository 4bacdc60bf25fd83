/* A main that falls off its end exits 0 (C99 5.1.2.2.3); renamed for the
 * runtime, it must still: stradsc adds `return 0;` before its closing
 * brace. Without it the job exited with what the last call left in the
 * return register (printf's count). */
// CONFIGS: 1x1 2x1
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static int report(long s)
{
    return printf("wrote the results: %ld\n", s);
}

int main(void)
{
    #pragma strads dvector
    long *a = calloc(1000, sizeof *a);
    if (!a) return 1;
#pragma strads sync_for
    for (int i = 0; i < 1000; i++) a[i] = i * 3L;
    long s = 0;
    for (int i = 0; i < 1000; i++) s += a[i];
    report(s);
}
