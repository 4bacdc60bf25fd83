/* A helper that adds to scalar members of a struct the body passes it (an
 * LDA's sufficient statistics: ss->alpha_ss += v, ss->num_docs++): the
 * hint offers the reduction the user wants, beside arrays of their own. */
#include <stdlib.h>

typedef struct { double alpha_ss; int num_docs; } stats;
static void acc(stats *ss, double v) { ss->alpha_ss += v; ss->num_docs++; }

double run(stats *ss, int n)
{
    double tot = 0;
#pragma strads sync_for reduction(+: tot)
    for (int i = 0; i < n; i++) {
        double v = 0.001 * i;
        tot += v;
        acc(ss, v);
    }
    return tot;
}
// EXPECT: 16:13: error: sync_for cannot combine writes to 'ss'
// HINT: add into local variables named in reduction(+: ...) and add those to the members after the loop
