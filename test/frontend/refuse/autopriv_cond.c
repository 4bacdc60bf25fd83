/* A temporary assigned only under a condition carries the previous
 * iteration's value to the read after it: not private, a refused write
 * (it was made private, silently changing the result). */
void f(float *y, int n)
{
    float x = 0;
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        if (i % 2)
            x = i;
        y[i] = x;
    }
}
// EXPECT: 10:13: error: write to captured variable 'x' in a parallel body
