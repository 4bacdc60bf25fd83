#include <stdlib.h>
/* A helper two loops call is walked for each: its refusal is said once,
 * and counted once in "N errors generated". */
typedef struct net { double *w; int n; } net;
static double run(const net *m, int i) { return m->w[i % m->n]; }
void f(net *m, double *out, int n)
{
#pragma strads async_for copyin(m[0:1])
    for (int i = 0; i < n; i++) out[i] = run(m, i);
#pragma strads async_for copyin(m[0:1])
    for (int i = 0; i < n; i++) out[i] += run(m, i);
}
// EXPECT: 5:52: error: a function called from the parallel body follows pointer member 'w'
// HINT: keep what the pointer reaches in a dvector
