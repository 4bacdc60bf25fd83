/* The written element picked inside a function of this file from values
 * the loop writes: refused as when written inline (increments were lost at
 * 2 and 4 processes, exit 0). */
#define N 64

static int target(const int *c, int g)
{
    return (g + c[g] / 1000) % N;
}

void count(long n, int *c)
{
#pragma strads async_for
    for (long i = 0; i < n; i++) {
        int j = target(c, (int)(i % N));
        c[j]++;
    }
}
// EXPECT: 16:9: error: async_for: the element of 'c' here is found from a value of 'c', which the loop writes
// HINT: use sync_for if iterations may read values a clock old
