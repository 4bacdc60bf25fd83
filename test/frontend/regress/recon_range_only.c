/* Ranged loops whose values go nowhere (frontend/recon_loop.c's `only`):
 * their ranges skip the check against the iteration's dropped writes. The
 * first loop of each body below is one, after a dropped store to the same
 * bytes through another name; the others must keep the check, since a
 * value they compute outlives them: an outer variable that picks the next
 * write's element, a call of the file's own function, a store to a local
 * array (a call of <math.h>'s fabsf stores nothing: the loop stays one).
 * Then rows a loop
 * reads and the next loop updates (shared by several iterations, so that a
 * write recorded by neither loop would race), recorded once by the first
 * (frontend/recon_pair.c), and two bodies where they must not be: the row
 * pointer moves between the loops, or the update may not run. Last, a loop
 * whose index read in the loop picks an element (not one whose values go
 * nowhere), and a body that reads errno (its logf stays). Which loops
 * call what is pinned by the golden file expected/recon_range_only.c; the
 * output must be the plain build's. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#define K 6

static float shrink(float x) { return x * 0.9f; }

int main(void)
{
    int n = 400, m = 50;
#pragma strads dvector row(K)
    float *W = malloc((size_t)n * K * sizeof *W);
#pragma strads dvector row(K)
    float *H = malloc((size_t)m * K * sizeof *H);
#pragma strads dvector
    int *pick = calloc((size_t)n, sizeof *pick);
#pragma strads dvector row(K)
    int *IDX = calloc((size_t)n * K, sizeof *IDX);
    for (int i = 0; i < n * K; i++)
        W[i] = (float)(i % 7) * 0.25f;
    for (int i = 0; i < m * K; i++)
        H[i] = 0;
    long pos = 0;
    for (int e = 0; e < 3; e++) {
#pragma strads async_for
        for (int u = 0; u < n; u++) {
            int r = u * 7 % m;
            float *w = &W[u * K], *h = &H[r * K];
            H[r * K] = 1.0f; /* dropped: its text is not read again */
            for (int k = 0; k < K; k++) { /* only: the values end in w */
                float t = h[k];
                w[k] += 0.5f * t;
            }
        }
#pragma strads async_for
        for (int u = 0; u < n; u++) {
            int r = u * 3 % m;
            float *w = &W[u * K], *h = &H[r * K];
            H[r * K] = 2.0f;
            float s = 0;
            for (int k = 0; k < K; k++) { /* s outlives the loop */
                s += h[k];
                w[k] += 0.1f;
            }
            pick[u] = s > 1.5f ? r : -1;
        }
#pragma strads async_for
        for (int u = 0; u < n; u++) {
            float *w = &W[u * K];
            for (int k = 0; k < K; k++) /* fabsf: no store, still one */
                w[k] = fabsf(w[k] - 1.0f) * 0.9f;
        }
#pragma strads async_for
        for (int u = 0; u < n; u++) {
            float *w = &W[u * K];
            for (int k = 0; k < K; k++) /* a call of the file's own function */
                w[k] = shrink(w[k]);
        }
#pragma strads async_for
        for (int u = 0; u < n; u++) {
            float *w = &W[u * K];
            float tmp[K];
            for (int k = 0; k < K; k++) { /* a store to a local array */
                float v = w[k];
                tmp[k] = v;
                w[k] = v + 0.01f;
            }
            (void)tmp;
        }
#pragma strads async_for reduction(+: pos)
        for (int u = 0; u < n; u++) { /* paired: the first loop records w read and written */
            float *w = &W[u % 100 * K], *h = &H[u * 11 % m * K];
            float g = 0;
            for (int k = 0; k < K; k++)
                g += w[k] * h[k];
            pos += g >= 0;
            for (int k = 0; k < K; k++)
                w[k] += h[k];
        }
#pragma strads async_for reduction(+: pos)
        for (int u = 0; u < n; u++) { /* not paired: w moves to another row between */
            float *w = &W[u % 100 * K], *h = &H[u * 13 % m * K];
            float g = 0;
            for (int k = 0; k < K; k++)
                g += w[k] * h[k];
            w = &W[(u + 1) % 100 * K];
            pos += g >= 0;
            for (int k = 0; k < K; k++)
                w[k] += h[k];
        }
#pragma strads async_for reduction(+: pos)
        for (int u = 0; u < n; u++) { /* not paired: the update may not run */
            float *w = &W[u % 100 * K], *h = &H[u * 17 % m * K];
            float g = 0;
            for (int k = 0; k < K; k++)
                g += w[k] * h[k];
            pos += g >= 0;
            if (u % 3 == 0)
                continue;
            for (int k = 0; k < K; k++)
                w[k] += h[k];
        }
#pragma strads async_for
        for (int u = 0; u < n; u++) { /* not only: an index read in the loop picks H's element */
            int *idx = &IDX[u * K];
            IDX[u * K] = (u * 5 + 1) % m; /* dropped: read back through idx */
            float *w = &W[u * K];
            for (int k = 0; k < K; k++)
                w[k] += 0.001f * H[idx[k] * K];
        }
#pragma strads async_for
        for (int u = 0; u < n; u++) { /* a body that reads errno keeps its math calls */
            float *w = &W[u * K];
            errno = 0;
            (void)logf(w[0] - 1000.0f);
            if (errno == EDOM)
                w[1] += 0.01f;
        }
    }
    double sw = 0, sh = 0;
    long sp = 0;
    for (int i = 0; i < n * K; i++)
        sw += W[i];
    for (int i = 0; i < m * K; i++)
        sh += H[i];
    for (int u = 0; u < n; u++)
        sp += (long)pick[u] * (u % 5 + 1);
    printf("%.4f %.4f %ld %ld\n", sw, sh, sp, pos);
    return 0;
}
