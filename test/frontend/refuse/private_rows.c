/* private() of a fixed array of rows: each worker's copy would be made by
 * an assignment of arrays (a gcc error in the generated file): refused,
 * with the flat section or a local of the body as the way. */
double rows(const double *a, int n)
{
    double s = 0, m[4][4];
#pragma strads sync_for private(m) reduction(+: s)
    for (int k = 0; k < n; k++) {
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++) m[i][j] = a[k] * i + j;
        s += m[k % 4][1];
    }
    return s;
}
// EXPECT: 7:33: error: private 'm' is an array of rows or structs
