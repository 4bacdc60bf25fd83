/* Reconnaissance never writes: a helper that writes through a pointer and
 * whose result is used cannot be replaced by write records. */
static float bump(float *w, float g) { *w += g; return *w; }
float f(float *W, int n)
{
    float s = 0;
#pragma strads async_for reduction(+: s)
    for (int i = 0; i < n; i++)
        s += bump(&W[i], 1);
    return s;
}
// EXPECT: 9:14: warning: reconnaissance runs 'bump', which takes a pointer to writable data
// EXIT: 0
