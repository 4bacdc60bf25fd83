/* async_for bodies that find an element from values the loop writes:
 * union-find's path halving (a parent's parent) and a class picked from
 * the weights the loop updates. Reconnaissance sees the values before the
 * loop; other iterations change them first, and the run touched elements
 * no plan ordered (components lost at two processes, with exit 0). */
static int find(int *parent, int x)
{
    while (parent[x] != x) {
        int up = parent[x];
        parent[x] = parent[up];
        x = parent[x];
    }
    return x;
}

void components(int *parent, const int *src, const int *dst, int m)
{
#pragma strads async_for
    for (int e = 0; e < m; e++) {
        int a = find(parent, src[e]), b = find(parent, dst[e]);
        if (a != b) parent[a] = b;
    }
}

void perceptron(float *W, const float *x, const int *y, int n, int d, int k)
{
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        int best = 0;
        float top = 0;
        for (int c = 0; c < k; c++) {
            float s = 0;
            for (int j = 0; j < d; j++) s += W[c * d + j] * x[i * d + j];
            if (c == 0 || s > top) top = s, best = c;
        }
        for (int j = 0; j < d; j++) W[best * d + j] -= x[i * d + j];
        for (int j = 0; j < d; j++) W[y[i] * d + j] += x[i * d + j];
    }
}
// EXPECT: 8:12: error: async_for: the element of 'parent' here is found from a value of 'parent', which the loop writes
// EXPECT: 36:37: error: async_for: the element of 'W' here is found from a value of 'W', which the loop writes
// HINT: use sync_for if iterations may read values a clock old
