/* A table of row pointers shipped with copyin: its bytes are the driver's
 * addresses, which a worker cannot follow. */
double f(const double **rows, int n, int d)
{
    double s = 0;
#pragma strads sync_for copyin(rows[0:n]) reduction(+: s)
    for (int i = 0; i < n; i++)
        for (int k = 0; k < d; k++)
            s += rows[i][k];
    return s;
}
// EXPECT: 6:32: error: copyin 'rows' is a table of pointers
// HINT: tables of pointers are refused: flatten them into one array
