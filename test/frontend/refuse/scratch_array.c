/* A fixed one-dimensional array a sync_for body fills and reads (a C89
 * program's scratch, declared at the top of the function): the hint offers
 * private(d[0:9]) or a declaration in the body, and a dvector if it is a
 * model, in the array's own type and length (no 2-D rewrite). */
#define H 8

void f(int n, double *y)
{
    int i, j;
    double d[H + 1];
#pragma strads sync_for
    for (i = 0; i < n; i++) {
        for (j = 1; j <= H; j++)
            d[j] = i * j;
        y[i] = d[H] - d[1];
    }
}
// EXPECT: 14:13: error: write to captured variable 'd' in a parallel body
// HINT: add private(d[0:9]) to the pragma or declare it inside the loop body
// HINT: ('double *d = malloc(9 * sizeof *d)')
