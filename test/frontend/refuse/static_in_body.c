/* A static in the body is one object for every thread of every task. */
void f(double *a, int n)
{
#pragma strads async_for /* one comment */ // and another
    for (int i = 0; i < n; i++) {
        static int calls;
        a[i] = calls++;
    }
}
// EXPECT: 6:20: error: static variable declared in a parallel body
