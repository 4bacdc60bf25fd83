/* A struct holding pointers cannot be copied to another node by value. */
struct model { int n; double *w; };
void f(struct model m, double *x)
{
#pragma strads async_for copyin(x[0:10])
    for (int i = 0; i < 10; i++)
        x[i] = m.n;
}
// EXPECT: 7:16: error: captured 'm' holds pointers
