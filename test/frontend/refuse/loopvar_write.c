/* The runtime hands out iterations; the body may not move the loop variable. */
void f(double *a, int n)
{
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        a[i] = 0;
        i++;
    }
}
// EXPECT: 7:9: error: loop variable 'i' is modified in a parallel body
