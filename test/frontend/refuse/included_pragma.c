/* A pragma in a file the program includes is not translated (stradsc
 * rewrites the file it compiles), and the compiler would ignore it and run
 * the loop sequentially: refused at the #include. One under a false #ifdef
 * is ignored, as the compiler ignores it. */
#include <stdio.h>
#include "parts/skipped.h"
#include "parts/kernel.c"

int main(void)
{
    double v[NV] = {1};
    scale(v, NV);
    printf("%g\n", v[0]);
    return 0;
}
// EXPECT: 7:10: error: 'refuse/parts/kernel.c' has '#pragma strads' at line 4
// HINT: build 'refuse/parts/kernel.c' with stradscc as a file of its own
