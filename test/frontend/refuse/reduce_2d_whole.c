/* A whole 2-D array in reduction() (OpenMP's reduction(+: sum) of a
 * double sum[C][F]): its elements are rows. The hint proposed sum[0:n],
 * n the program's loop bound, "with a 2-D array declared flat". */
void totals(const int *lab, const double *x, int n, double out[4][3])
{
    double sum[4][3] = {{0}};
#pragma strads sync_for reduction(+: sum)
    for (int i = 0; i < n; i++)
        for (int f = 0; f < 3; f++) sum[lab[i]][f] += x[i * 3 + f];
    for (int c = 0; c < 4; c++)
        for (int f = 0; f < 3; f++) out[c][f] = sum[c][f];
}
// EXPECT: 7:38: error: 'sum' is not an arithmetic scalar
// HINT: reduce a flat array of numbers: declare 'sum' with one index (sum[i * M + j]) and name it whole
