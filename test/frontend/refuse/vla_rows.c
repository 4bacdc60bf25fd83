/* A pointer to rows of a variable length (double (*g)[nx]) names a local
 * in its type, which the generated struct at file scope cannot: gcc failed
 * on the generated file. Refused, with the two ways to write it. */
#include <stdlib.h>
void heat(int nx, int ny, int iters)
{
#pragma strads dvector
    double (*g)[nx] = calloc(ny, sizeof *g);
    for (int it = 0; it < iters; it++) {
#pragma strads sync_for
        for (int i = 1; i < ny - 1; i++)
            for (int j = 1; j < nx - 1; j++)
                g[i][j] = 0.25 * (g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1]);
    }
    free(g);
}
// EXPECT: 13:17: error: 'g' points to rows of a variable length, which a parallel body cannot capture
// HINT: declare it with constant row lengths
