/* A parameter written as an array of rows of a variable length
 * (double M[n][n]) is a pointer to such rows once C adjusts it
 * (frontend/array_parms.c writes it so): a parallel body cannot capture it,
 * and the hint says how to declare it. Parameters of fixed rows are
 * translated (regress/array_params.c). */
void vla(int n, double M[n][n], double *o)
{
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        o[i] = M[i][i];
}
// EXPECT: 10:16: error: 'M' points to rows of a variable length, which a parallel body cannot capture
// HINT: or flat ('double *M', indexed M[i * nx + j]
