/* A VLA's size is a run-time property of one stack frame. */
void f(double *out, int n)
{
    double tmp[n];
    for (int i = 0; i < n; i++)
        tmp[i] = i;
#pragma strads async_for copyin(out[0:n])
    for (int i = 0; i < n; i++)
        (void)(tmp[i] + out[i]);
}
// EXPECT: 9:16: error: variable-length array 'tmp' captured
