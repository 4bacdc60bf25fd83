/* A table of row pointers has one allocation per row: flatten it. */
void f(float **rows, int n, int d)
{
#pragma strads async_for
    for (int i = 0; i < n; i++)
        for (int k = 0; k < d; k++)
            rows[i][k] *= 0.5f;
}
// EXPECT: 7:13: error: captured 'rows' is a table of pointers
