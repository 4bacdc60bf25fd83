/* A struct set member by member in every iteration (lavaMD's THREE_VECTOR
 * d, declared outside the loop): the hint offered reduction(min: d),
 * reduction(max: d) and reduction(+: d), which take no struct. */
#include <stdlib.h>
typedef struct { double x, y, z; } V3;

void run(double *out, int n)
{
    V3 d;
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        d.x = i; d.y = 2.0 * i; d.z = 0.5;
        out[i] = d.x + d.y + d.z;
    }
}
// EXPECT: 12:9: error: write to captured variable 'd' in a parallel body
// HINT: if each iteration sets 'd' before it uses it, declare it inside the loop body or add private(d)
