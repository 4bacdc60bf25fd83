/* A distributed array freed in a file that stradsc never translates (release.c):
 * the link-time wrap sends that free() to strads_free. */
#include <stdio.h>
#include <stdlib.h>
void release(float *p);
int main(void)
{
#pragma strads dvector
    float *W = malloc(1000 * sizeof *W);
    char *plain = malloc(10);
    W[3] = 1;
    release(W);
    free(plain);
    printf("ok\n");
    return 0;
}
