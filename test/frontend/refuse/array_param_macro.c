/* A parameter whose array declaration a macro makes (PolyBench's
 * DATA_TYPE POLYBENCH_2D(A, N, M, n, m)): left as written, refused with
 * the pointer to write, its row's length from this build marked as such
 * (the hint gave the number alone, which breaks every other size). */
#define N 32
#define M 16
#define ARR2(v, d1, d2) v[d1][d2]

void scale(int n, int m, double ARR2(D, N, M), double (*C)[M])
{
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) C[i][j] = 2 * C[i][j] + D[i][j];
}
// EXPECT: 13:61: error: parameter 'D' is declared as an array: reconnaissance and the loop's environment need it written as a pointer
// HINT: 'double (*D)[16]' (the row's length in this build: write the macro or variable that gives it)
