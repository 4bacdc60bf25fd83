/* Columns of a flat matrix, w[k * S + j] with j the loop variable below
 * the stride S (backprop's weight update by output unit): one column an
 * iteration, STRADS_ARRAY_DISJOINT, only where the loop's range lies under
 * S and S does not change in the body. Checked by table-test.sh like
 * own_flags.c. */
#include <stdlib.h>

void adjust(float *w, float *old, const float *delta, int nd, const float *ly, int nly)
{
    int j, k;
    // DISJOINT w
    // DISJOINT old
#pragma strads sync_for
    for (j = 1; j <= nd; j++)
        for (k = 0; k <= nly; k++) {
            float dw = 0.3f * delta[j] * ly[k] + 0.3f * old[k * (nd + 1) + j];
            w[k * (nd + 1) + j] += dw;
            old[k * (nd + 1) + j] = dw;
        }
    // NOT w
#pragma strads sync_for
    for (j = 0; j <= nd; j++)
        for (k = 0; k < nly; k++) w[k * nd + j] += 1;
    // NOT w
#pragma strads sync_for
    for (j = 1; j <= nd; j++)
        for (k = 0; k < nly; k++) w[k * (nd + 1) + j] += w[k * (nd + 1)];
}

void cols(double *a, int n, int m, int s)
{
    // DISJOINT a
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int r = 0; r < m; r++) {
            int idx = r * n + i;
            a[idx] = a[idx] * 0.5 + r;
        }
    // NOT a
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int r = 0; r < m; r++) {
            int t = n;
            a[i + t * r] += 1;
            t += 1;
        }
    // NOT a
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int r = 0; r < m; r++) a[r * s + i] = 0;
    // NOT a
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        int n = 2; /* another n than the bound's */
        for (int r = 0; r < m; r++) a[r * n + i] = 2;
    }
    // DISJOINT a
#pragma strads sync_for
    for (int i = 0; i < 8; i++)
        for (int r = 0; r < m; r++) a[r * 8 + i] = 1;
}
