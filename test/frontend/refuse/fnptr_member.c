/* A function pointer in a dvector's struct (genann's activation_hidden)
 * called in the body: its hint said to take the member into a local,
 * which is then refused as a captured function pointer. It says to call
 * the function by name. */
#include <stdlib.h>
typedef double (*actfun)(double);
struct model {
    actfun act;
    int n;
};

double f(struct model *mdl, double *x, int n)
{
    double s = 0;
#pragma strads sync_for reduction(+: s)
    for (int i = 0; i < n; i++)
        s += mdl->act(x[i]);
    return s;
}
// EXPECT: 17:19: error: the parallel body follows pointer member 'act' of the struct 'mdl' points to
// HINT: call the function by name
