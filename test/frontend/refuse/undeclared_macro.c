/* A macro used in a loop body whose #define is missing (its header not
 * included): clang declares an implicit function, and stradsc said the
 * function was "not defined in this file", sending the user to move a
 * function that does not exist. */
#include <stdlib.h>

double scale(int n)
{
#pragma strads dvector
    double *a = malloc((size_t)n * sizeof *a);
    for (int i = 0; i < n; i++) a[i] = i;
#pragma strads sync_for
    for (int i = 0; i < n; i++) a[i] = SQUARE(a[i]);
    double s = a[n - 1];
    free(a);
    return s;
}
// EXPECT: 13:40: error: 'SQUARE' is not declared: is it a macro whose #define is missing
// HINT: define the macro, or include the header that declares the function
