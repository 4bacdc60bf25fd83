/* A bucket fill whose slot comes from a counter the loop increments, the
 * value carried past the direct forms (out[pos[k]++], int *pp = &pos[k],
 * refused already): through memcpy, a local array, a struct read through a
 * cast, a function of this file that bumps the counter, and a count a loop
 * makes up to it. Reconnaissance saw the counters as they were before the
 * loop, and two processes filled the wrong slots, exit 0. */
#include <string.h>

struct one {
    int v;
};

static int bump(int *p, int k) { return p[k]++; }

void by_memcpy(const int *key, int *pos, int *out, int n)
{
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        int k = key[i], dst;
        memcpy(&dst, &pos[k], sizeof dst);
        pos[k] = dst + 1;
        out[dst] = i;
    }
}

void by_local_array(const int *key, int *pos, int *out, int n)
{
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        int k = key[i], tmp[1];
        tmp[0] = pos[k];
        pos[k] = tmp[0] + 1;
        out[tmp[0]] = i;
    }
}

void by_cast(const int *key, int *pos, int *out, int n)
{
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        int k = key[i];
        struct one t = *(struct one *)&pos[k];
        pos[k] = t.v + 1;
        out[t.v] = i;
    }
}

void by_helper(const int *key, int *pos, int *out, int n)
{
#pragma strads async_for
    for (int i = 0; i < n; i++) out[bump(pos, key[i])] = i;
}

void by_count(const int *key, int *pos, int *out, int n)
{
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        int k = key[i], dst = 0;
        for (int q = 0; q < pos[k]; q++) dst++;
        pos[k] = dst + 1;
        out[dst] = i;
    }
}
// EXPECT: 22:9: error: async_for: the element of 'out' here is found from a value of 'pos', which the loop writes (another iteration may change it before this one runs)
// EXPECT: 33:9: error: async_for: the element of 'out' here is found from a value of 'pos', which the loop writes (another iteration may change it before this one runs)
// EXPECT: 44:9: error: async_for: the element of 'out' here is found from a value of 'pos', which the loop writes (another iteration may change it before this one runs)
// EXPECT: 51:33: error: async_for: the element of 'out' here is found from a value of 'pos', which the loop writes (another iteration may change it before this one runs)
// EXPECT: 61:9: error: async_for: the element of 'out' here is found from a value of 'pos', which the loop writes (another iteration may change it before this one runs)
