/* SGD-MF with a row function and a dot helper, as users factor it:
 * `float *w = row(W, u)` (row returns M + r * K) and `e = r - dot(w, h)`.
 * Pinned here: reconnaissance calls dot's value-free copy (strads__rhv),
 * the rows reached through row() counting as the loop's arrays
 * (recon_vfree.c), so the dot product is not computed there; and the
 * decaying rate keeps the plan (keyed.c follows it into the rows row()
 * returns: no picks on lr). */
#include <stdio.h>
#include <stdlib.h>

#define K 16

static float *row(float *M, long r) { return M + r * K; }

static float dot(const float *a, const float *b)
{
    float s = 0;
    for (int k = 0; k < K; k++)
        s += a[k] * b[k];
    return s;
}

int main(void)
{
    long users = 300, items = 200, n = 5000;
    int *ru = malloc(n * sizeof *ru), *ri = malloc(n * sizeof *ri);
    float *rv = malloc(n * sizeof *rv);
    for (long j = 0; j < n; j++) {
        ru[j] = (int)((j * 7919) % users);
        ri[j] = (int)((j * 104729) % items);
        rv[j] = (float)(1 + j % 5);
    }
    #pragma strads dvector row(K)
    float *W = malloc(users * K * sizeof *W);
    #pragma strads dvector row(K)
    float *H = malloc(items * K * sizeof *H);
    for (long x = 0; x < users * K; x++) W[x] = 0.1f;
    for (long x = 0; x < items * K; x++) H[x] = 0.1f;
    float lr = 0.01f;
    for (int e = 0; e < 3; e++) {
        #pragma strads async_for copyin(ru[0:n], ri[0:n], rv[0:n])
        for (long j = 0; j < n; j++) {
            float *w = row(W, ru[j]), *h = row(H, ri[j]);
            float err = rv[j] - dot(w, h);
            for (int k = 0; k < K; k++) {
                float wk = w[k];
                w[k] += lr * (err * h[k] - 0.02f * wk);
                h[k] += lr * (err * wk - 0.02f * h[k]);
            }
        }
        lr *= 0.9f;
    }
    double s = 0;
    for (long x = 0; x < users * K; x++) s += W[x];
    printf("%.4f\n", s);
    return 0;
}
