/* A per-thread RNG that picks the rows: reconnaissance cannot plan it. */
void f(float *W, int n, int rows)
{
    unsigned long long next = 7;
#pragma strads async_for private(next)
    for (int i = 0; i < n; i++) {
        next = next * 25214903917ULL + 11;
        W[next % rows] += 1;
    }
}
// EXPECT: 5:34: warning: async_for plans from reconnaissance, but private 'next' carries state
// EXIT: 0
