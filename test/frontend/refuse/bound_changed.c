/* The sequential loop re-reads its bound before every iteration; a body
 * that changes it (here a private copy, of a local and of a parameter) would stop
 * the plain build's loop where the parallel one runs on. */
void f(float *W, int n)
{
    int m = n;
#pragma strads async_for private(m)
    for (int i = 0; i < m; i++) {
        m = i % 7;
        W[i] = (float)m;
    }
}

void g(float *W, int m)
{
#pragma strads async_for private(m)
    for (int i = 0; i < m; i++) {
        m = i % 7;
        W[i] = (float)m;
    }
}
// EXPECT: 9:9: error: the body changes 'm', which the loop's condition reads
// EXPECT: 18:9: error: the body changes 'm', which the loop's condition reads
// HINT: a parallel loop once at entry
