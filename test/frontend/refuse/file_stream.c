/* A body reading its input from a FILE stream of the driver's: the
 * runtime stopped with a hint to copyin(fp[0:n]); stradsc refuses it at
 * the use, saying to read the data before the loop. stderr is the same in
 * every process and stays usable. */
#include <stdio.h>
#include <stdlib.h>

void load(long *v, int n, FILE *fp)
{
#pragma strads async_for copyin(v[0:n])
    for (int i = 0; i < n; i++) {
        long x = 0;
        if (fscanf(fp, "%ld", &x) != 1)
            fprintf(stderr, "short input at %d\n", i);
    }
}
// EXPECT: 13:20: error: FILE stream 'fp' used in a parallel body
// HINT: read the data before the loop
