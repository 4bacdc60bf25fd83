/* A parallel loop inside a function the body of another calls: the inner
 * loop started on worker processes, whose counts came back as zeros, exit
 * 0 (a new user's class counter); refused at the call. */
#include <stdlib.h>

int *cls;
int n = 20000;

static int count_class(int c)
{
    int cnt = 0;
#pragma strads sync_for reduction(+: cnt)
    for (int i = 0; i < n; i++)
        cnt += cls[i] == c;
    return cnt;
}

void classes(int C, int *tot)
{
#pragma strads sync_for
    for (int c = 0; c < C; c++)
        tot[c] = count_class(c);
}
// EXPECT: 22:18: error: nested parallel loop: 'count_class' runs the sync_for at line 12 inside this loop's body
// HINT: only the outermost loop runs in parallel
