/* copyin of a fixed array (Rodinia nn's sandbox, OpenMP's firstprivate):
 * the loop takes an array with its other captured values already; the
 * refusal says so instead of repeating the clause as its hint. */
double f(const double *x, int n)
{
    double buf[40] = {0};
    double s = 0;
#pragma strads sync_for copyin(buf[0:40]) reduction(+: s)
    for (int i = 0; i < n; i++)
        s += x[i] * buf[i % 40];
    return s;
}
// EXPECT: 8:32: error: copyin takes a pointer, and 'buf' is an array
// HINT: drop the clause
