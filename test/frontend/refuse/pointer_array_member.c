/* A dvector of structs whose member is an array of pointers to other
 * dvectors (a multi-class Tsetlin machine's table of machines): built
 * without a word, it stopped at two processes with "the body writes the
 * distributed array allocated at ..., which the loop site does not list
 * (rebuild with this stradsc)". The elements of such a member are pointers
 * like a pointer member's, in the body or in a function it calls. */
#include <stdlib.h>

struct machine {
    int state[16];
};
struct classes {
    struct machine *m[2];
};

static void update(struct classes *mc, int cls, int x)
{
    struct machine *tm = mc->m[cls];
    for (int k = 0; k < 16; k++) tm->state[k] += (x >> (k % 8)) & 1;
}

void fit(struct classes *mc, int n)
{
#pragma strads sync_for aggregate(mc: sum)
    for (int i = 0; i < n; i++) update(mc, i & 1, i);
}

void fit_inline(struct classes *mc, int n)
{
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        struct machine *tm = mc->m[i & 1];
        tm->state[i % 16]++;
    }
}
// EXPECT: 18:30: error: the parallel body follows pointer member 'm' of the elements 'mc' points to
// EXPECT: 32:34: error: the parallel body follows pointer member 'm' of the elements 'mc' points to
// HINT: tables of pointers are refused
