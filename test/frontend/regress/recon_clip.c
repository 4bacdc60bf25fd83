/* Inner loops that clip or project a row after updating it, as users bound
 * their weights: `h[k] += g * x[k]; if (h[k] > c) h[k] = c;`. A row written
 * outside any condition and again under one, or read back after its store,
 * is recorded as one range when the loop's values go nowhere
 * (frontend/recon_loop.c's late_rows) and nothing after it in the iteration
 * reads the row (recon_later.c: a loop whose values go nowhere, as a
 * projection's norm and rescale, does not count); a row written only under a
 * condition, or a clip that also counts (its values go somewhere), runs
 * element by element. The async_for shares rows of H between items, so a
 * row reconnaissance missed would let two nodes update it at once; the
 * sync_for's records must be exact, or a row a node did not write would be
 * averaged in. Which loops became ranges is pinned by
 * the golden file expected/recon_clip.c; every run prints the plain build's
 * bytes (regress.sh). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 600;
    int d = argc > 2 ? atoi(argv[2]) : 8, m = 40;
    #pragma strads dvector row(d)
    float *X = malloc((size_t)n * d * sizeof *X);
    #pragma strads dvector row(d)
    float *W = malloc((size_t)n * d * sizeof *W);
    #pragma strads dvector row(d)
    float *H = malloc((size_t)m * d * sizeof *H);
    #pragma strads dvector row(d)
    float *G = malloc((size_t)m * d * sizeof *G);
    for (long i = 0; i < n * d; i++) {
        X[i] = (float)((i * 37) % 17) / 17 - 0.3f;
        W[i] = 0.01f * (float)(i % 5);
    }
    for (long i = 0; i < m * d; i++) H[i] = G[i] = 0.02f * (float)(i % 3);
    long nclip = 0;
    for (int e = 0; e < 4; e++) {
        #pragma strads async_for reduction(+: nclip)
        for (long i = 0; i < n; i++) {
            float *x = &X[i * d], *w = &W[i * d], *h = &H[(i * 7 % m) * d];
            float *g2 = &G[(i * 3 % m) * d];
            float s = 0;
            for (int k = 0; k < d; k++)
                s += x[k] * h[k];
            float g = 0.2f * (1.0f - s);
            for (int k = 0; k < d; k++) { /* ranged: read back after the store */
                w[k] = 0.9f * w[k] + 0.1f * h[k];
                float t = w[k] * w[k];
                if (t > 0.01f)
                    w[k] *= 0.5f;
            }
            float nw = 0; /* a projection: the loops above stay ranged */
            for (int k = 0; k < d; k++)
                nw += w[k] * w[k];
            if (nw > 0.0004f)
                for (int k = 0; k < d; k++)
                    w[k] *= 0.02f / sqrtf(nw);
            for (int k = 0; k < d; k++) { /* ranged: clipped after the update */
                h[k] += g * x[k];
                if (h[k] > 0.15f)
                    h[k] = 0.15f;
                else if (h[k] < -0.15f)
                    h[k] = -0.15f;
            }
            for (int k = 0; k < d; k++) /* g2 not ranged: written only under a condition */
                if (x[k] > 0.4f)
                    g2[k] = 0.5f * g2[k] + 0.01f * g;
            for (int k = 0; k < d; k++) { /* g2 not ranged: the clip is counted */
                g2[k] -= 0.001f * g;
                if (g2[k] < 0) {
                    g2[k] = 0;
                    nclip++;
                }
            }
        }
        double sum = 0;
        #pragma strads sync_for minibatch(100) reduction(+: sum)
        for (long i = 0; i < n; i++) {
            float *w = &W[i * d];
            const float *x = &X[i * d];
            for (int k = 0; k < d; k++)
                sum += w[k] + 0.1f * X[i * d + k];
            for (int k = 0; k < d; k++) { /* ranged: exact, every element written */
                w[k] += 0.01f * x[k];
                if (w[k] > 0.05f)
                    w[k] = 0.05f;
            }
        }
        double hs = 0, gs = 0;
        for (long i = 0; i < m * d; i++) {
            hs += H[i];
            gs += G[i];
        }
        printf("epoch %d sum %.5f h %.5f g %.5f clipped %ld\n", e, sum, hs, gs, nclip);
    }
    return 0;
}
