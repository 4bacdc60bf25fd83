/* A parameter written as an array (PolyBench's POLYBENCH_1D(v, N, n)
 * expands to double v[N]) is a pointer in C, but libclang gives its type as
 * written: captured as an array, the loop's environment copied it by value
 * from the pointer's bytes (every element 0 at two processes, exit 0). */
#define N 1000

void scale(int n, double v[N], double *o)
{
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        o[i] = 2 * v[(i * 7) % n];
}

void twice(int n, double w[N][N])
{
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        w[i][0] *= 2;
}
void vla(int n, double M[n][n], double *o)
{
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        o[i] = M[i][i];
}
// EXPECT: 11:20: error: parameter 'v' is declared as an array: reconnaissance and the loop's environment need it written as a pointer
// EXPECT: 18:9: error: parameter 'w' is declared as an array
// HINT: declare the parameter as the pointer it is: 'double *v'
// HINT: declare the parameter as the pointer it is: 'double (*w)[1000]'
// EXPECT: 24:16: error: parameter 'M' is declared as an array
// HINT: declare it flat, 'double *M', and index it M[i * n + j]
