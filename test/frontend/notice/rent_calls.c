/* Many calls of two short loops, a few hundred microseconds of work each:
 * the driver runs them alone from the first call, until their calls have
 * taken what a first shared call may cost; then it times them shared and
 * keeps the faster (engine/loop_alone.c). frontend.alone.rent checks that
 * each loop got that far (the calls' time alone passes the 20 ms the rent
 * needs in one process several times over); the answer is the plain
 * build's either way. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 100000, calls = 900;
    #pragma strads dvector
    double *x = malloc(n * sizeof *x);
    #pragma strads dvector
    double *y = calloc(n, sizeof *y);
    if (!x || !y) return 1;
    for (int i = 0; i < n; i++) x[i] = (i * 13) % 29 - 14;
    double total = 0;
    for (int c = 0; c < calls; c++) {
        double s = 0;
#pragma strads sync_for reduction(+: s)
        for (int i = 0; i < n; i++) {
            y[i] = 0.5 * y[i] + 0.01 * x[i] * (c % 7);
            s += y[i] * y[i];
        }
        total += s;
#pragma strads async_for
        for (int i = 1; i < n; i++) x[i] = 0.999 * x[i] + 0.001 * y[i - 1];
    }
    double chk = 0;
    for (int i = 0; i < n; i++) chk += x[i] * (i % 5) + y[i];
    printf("total %.6e check %.6e\n", total, chk);
    free(x);
    free(y);
    return 0;
}
