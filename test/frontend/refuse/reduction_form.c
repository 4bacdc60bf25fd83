/* A reduction scalar updated in a form its operator does not fold: each
 * worker's copy is folded with the operator after the loop, so the answer
 * depended on the job's shape (m 450 / 225 / 112.5, exit 0, found by a new
 * user). Refused in sync_for and async_for alike. */
#include <math.h>
double forms(const double *a, int n)
{
    double m = 0, s = 0, p = 1;
#pragma strads sync_for reduction(max: m)
    for (int i = 0; i < n; i++)
        m = m + a[i];
#pragma strads sync_for reduction(+: s)
    for (int i = 0; i < n; i++)
        s = s * 0.5 + a[i];
#pragma strads async_for reduction(*: p)
    for (int i = 0; i < n; i++)
        p += a[i];
    return m + s + p;
}
// EXPECT: 11:9: error: 'm' is a reduction(max) variable but the body updates it in another form
// EXPECT: 14:9: error: 's' is a reduction(+) variable but the body updates it in another form
// EXPECT: 17:9: error: 'p' is a reduction(*) variable but the body updates it in another form
// HINT: update it as 'if (v > m) m = v' or 'm = fmax(m, v)'
