/* A running minimum set in an inner loop (read only after its first set,
 * which the analysis cannot prove): the hint offers private() and the min
 * reduction, not a sum first. */
void f(const float *d, int *best, int n, int k)
{
    float m = 0;
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < k; j++)
            if (j == 0 || d[i * k + j] < m)
                m = d[i * k + j];
        best[i] = (int)m;
    }
}
// EXPECT: 11:17: error: write to captured variable 'm' in a parallel body
// HINT: declare it inside the loop body or add private(m)
