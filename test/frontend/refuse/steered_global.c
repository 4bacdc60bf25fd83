/* A bucket fill whose place comes from a function of this file reading the
 * written counters as a global (out[where(c)], where returning pos[c]):
 * refused as when written inline (values landed on the wrong nodes at 2
 * and 4 processes, exit 0). */
int *pos, *out;

static int slot(int c)
{
    return pos[c];
}

static int where(int c)
{
    return slot(c); /* through a second function */
}

void fill(long n, const int *cls)
{
#pragma strads async_for copyin(cls[0:n])
    for (long i = 0; i < n; i++) {
        int c = cls[i];
        out[where(c)] = (int)i;
        pos[c]++;
    }
}
// EXPECT: 22:9: error: async_for: the element of 'out' here is found from a value of 'pos', which the loop writes
// HINT: use sync_for if iterations may read values a clock old
