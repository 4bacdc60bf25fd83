/* aggregate() must name a distributed array the loop uses. */
void f(float *W, int n)
{
#pragma strads sync_for aggregate(V: sum)
    for (int i = 0; i < n; i++)
        W[i] = 0;
}
// EXPECT: 4:35: error: 'V' is not a distributed array used by this loop
