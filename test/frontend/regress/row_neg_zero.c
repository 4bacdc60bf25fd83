/*
 * row_neg_zero.c - a row of doubles whose first scalar is -0.0 and stays
 * untouched, while one process's iterations write the second: the mean is
 * per scalar, and an untouched scalar keeps its bytes, in the owners'
 * combine and in its emulation when the call runs alone alike (the
 * emulation once added +0.0 to it where one node changed the row, so alone
 * and shared runs differed). Only one worker writes, so every build prints
 * the plain one's output.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

// CONFIGS: 1x1 2x1

int main(void)
{
#pragma strads dvector
    double (*W)[2] = malloc(2 * sizeof *W);
    if (!W)
        return 1;
    W[0][0] = W[1][0] = -0.0;
    W[0][1] = W[1][1] = 1;
#pragma strads sync_for minibatch(4)
    for (int it = 0; it < 8; it++)
        if (it >= 4)
            W[0][1] += it; /* the second process's iterations at 2x1, one task */
    printf("%c0 %g %c0\n", signbit(W[0][0]) ? '-' : '+', W[0][1], signbit(W[1][0]) ? '-' : '+');
    free(W);
    return 0;
}
