#include <stddef.h>
/* sync_for combines each node's changes to an element as numbers of one
 * type; a short has none (on 2 nodes the loop stopped with a message
 * blaming the build, or lost updates with recon(off)). Written as the
 * iterations' own (S[i]) they need no combining (regress/own_struct_members.c);
 * S[n - 1 - i] is not proven own. */
void f(short *S, long n)
{
#pragma strads sync_for aggregate(S: sum)
    for (long i = 0; i < n; i++)
        S[n - 1 - i] = (short)(i % 2 + 1);
}
struct pair { short v[2]; };
void g(struct pair *P, long n)
{
#pragma strads sync_for
    for (long i = 0; i < n; i++)
        P[i / 2].v[1] += 1;
}
void add_short(void *elem, const void *delta, size_t size);
void h(struct pair *P, long n)
{
#pragma strads sync_for sync(elastic(1)) aggregate(P: add_short)
    for (long i = 0; i < n; i++)
        P[i % 5].v[0] += (short)i;
}
// EXPECT: 11:9: error: sync_for cannot combine writes to 'S'
// EXPECT: 18:9: error: sync_for cannot combine writes to 'P'
// EXPECT: 25:9: error: sync_for cannot combine writes to 'P'
