/* A copyin section of structs that hold pointers the body never follows
 * (a config with a name string): only its numbers are read, which travel
 * as they are, so it is accepted. */
#include <stdlib.h>

struct conf { const char *name; double scale; int shift; };

void apply(int n, const struct conf *cf, int k)
{
#pragma strads dvector
    double *out = malloc((size_t)n * sizeof *out);
#pragma strads sync_for copyin(cf[0:k])
    for (int i = 0; i < n; i++)
        out[i] = cf[i % k].scale * (double)(i >> cf[i % k].shift);
    free(out);
}
// EXIT: 0
// CLEAN
