/* The outlined body is at file scope and cannot name a function's own types. */
double f(int n)
{
    struct acc { double s; } a = {0};
    double t = 0;
#pragma strads async_for reduction(+: t)
    for (int i = 0; i < n; i++)
        t += a.s + i;
    return t;
}
// EXPECT: 8:14: error: captured 'a' has a type declared inside a function
