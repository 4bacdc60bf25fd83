/* A loop pragma binds to the for statement right after it. */
void f(double *a, int n)
{
    int i = 0;
#pragma strads async_for
    while (i < n)
        a[i++] = 0;
}
// EXPECT: 6:5: error: expected a for loop after '#pragma strads async_for'
