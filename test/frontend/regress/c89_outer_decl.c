/*
 * c89_outer_decl.c - Rodinia's habit: the loop's temporaries declared at
 * the top of an enclosing loop's body, right before the annotated loop
 * (`int j, i;`), assigned before any read in every iteration and read by
 * nothing after it: made private as at the top of the function (the
 * declaration was taken for a use, and the write refused).
 */
#include <stdio.h>
#include <stdlib.h>

static int pick(int j, int n) { return (j * 7) % n; }

int main(void)
{
    int n = 1000;
#pragma strads dvector
    int *out = malloc(n * sizeof *out);
    if (!out)
        return 1;
    long s = 0;
    for (int k = 0; k < 3; k++) {
        int j, i;
        double t;
#pragma strads sync_for
        for (j = 0; j < n; j++) {
            i = pick(j, n);
            t = i * 0.5;
            out[j] = i + k + (int)t;
        }
        for (j = 0; j < n; j++)
            s += out[j] * (j % 5 + 1);
    }
    printf("%ld\n", s);
    free(out);
    return 0;
}
