#include <stddef.h>
/* sync_for combines each node's changes to an element as numbers of one
 * type; a short has none (on 2 nodes the loop stopped with a message
 * blaming the build, or lost updates with recon(off)). */
void f(short *S, long n)
{
#pragma strads sync_for aggregate(S: sum)
    for (long i = 0; i < n; i++)
        S[i] = (short)(i % 2 + 1);
}
struct pair { short v[2]; };
void g(struct pair *P, long n)
{
#pragma strads sync_for
    for (long i = 0; i < n; i++)
        P[i].v[1] += 1;
}
void add_short(void *elem, const void *delta, size_t size);
void h(struct pair *P, long n)
{
#pragma strads sync_for sync(elastic(1)) aggregate(P: add_short)
    for (long i = 0; i < n; i++)
        P[i % 5].v[0] += (short)i;
}
// EXPECT: 9:9: error: sync_for cannot combine writes to 'S'
// EXPECT: 16:9: error: sync_for cannot combine writes to 'P'
// EXPECT: 23:9: error: sync_for cannot combine writes to 'P'
