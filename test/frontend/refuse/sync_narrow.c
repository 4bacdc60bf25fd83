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
// EXPECT: 8:9: error: sync_for cannot combine writes to 'S'
// EXPECT: 15:9: error: sync_for cannot combine writes to 'P'
