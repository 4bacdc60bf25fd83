/* Stores a macro makes into a captured scalar that the old checks missed
 * (each ran, kept the driver's value, exit 0): the assignment spelled in
 * the argument (ID(y = i)) and a member the macro's own text assigns
 * (SETF(s, v) as s.x = v). */
#include <stdlib.h>
#define ID(a) a
#define SETF(s, v) s.x = v
typedef struct { int x, y; } pt;

double run(int n)
{
    int y = -1;
    pt s = {-1, -1};
#pragma strads dvector
    double *a = malloc((size_t)n * sizeof *a);
    if (!a) return 0;
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        if (i == n - 1) ID(y = i);
        if (i == n - 2) SETF(s, i);
        a[i] = a[i] * 2;
    }
    double t = y + s.x;
    free(a);
    return t;
}
// EXPECT: 19:25: error: write to captured variable 'y' in a parallel body
// EXPECT: 20:25: error: write to captured variable 's' in a parallel body
// HINT: if each iteration sets 'y' before it uses it
