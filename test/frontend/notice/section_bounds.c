/* A reduction section of a fixed array whose bounds are not numbers: the
 * loop's entry checks them against the array's length and stops with the
 * clause's place (a[0:1000] of int a[10] wrote past it: SIGSEGV). With an
 * argument the section is too long. */
#include <stdio.h>

static int a[10];

int main(int argc, char **argv)
{
    (void)argv;
    int n = argc > 1 ? 1000 : 10;
#pragma strads sync_for reduction(+: a[0:n])
    for (int i = 0; i < 100; i++)
        a[i % 10]++;
    printf("%d\n", a[3]);
    return 0;
}
