#include <stdlib.h>
/* A pointer to plain heap memory cannot be followed on another node. */
int main(void)
{
    int n = 100;
    double *a = malloc(n * sizeof *a);
#pragma strads async_for
    for (int i = 0; i < n; i++)
        a[i] = i;
    free(a);
    return 0;
}
// EXPECT: 9:9: error: captured pointer 'a' of unknown extent
