/* An allocation through a checked-malloc wrapper (llm.c's mallocCheck, the
 * xmalloc of many C programs) under '#pragma strads dvector': the hint names
 * the wrapper and says to call malloc on that line. */
#include <stdio.h>
#include <stdlib.h>

static void *malloc_check(size_t n, const char *file, int line)
{
    void *p = malloc(n);
    if (!p) {
        fprintf(stderr, "out of memory at %s:%d\n", file, line);
        exit(1);
    }
    return p;
}
#define mallocCheck(n) malloc_check(n, __FILE__, __LINE__)

float *make(int n)
{
#pragma strads dvector
    float *a = (float *)mallocCheck(n * sizeof(float));
    return a;
}
// EXPECT: 21:5: error: expected an allocation after '#pragma strads dvector'
// HINT: not of 'mallocCheck': call malloc on this line
