/* The condition must be one comparison: `i < n && v[i] < 12` would put
 * `n && v[i] < 12` into the bound, evaluated once where i does not exist. */
void f(int *v, int n)
{
#pragma strads async_for
    for (int i = 0; i < n && v[i] < 12; i++)
        v[i] += 1;
}
void g(int *v, int n)
{
#pragma strads async_for
    for (int i = 0; i < n - i; i++)
        v[i] += 1;
}
// EXPECT: 6:27: error: parallel loop is not in canonical form: the condition has more than one test
// EXPECT: 12:29: error: parallel loop is not in canonical form: the bound uses the loop variable
