/* Rows that are expressions, recorded as one range per inner loop
 * (frontend/recon_loop.c): a 2-D array's row W[u][k], a struct's array
 * member R[u].v[k] and x->v[k], a pointer expression (F + u * D)[k], a row
 * picked through memory H[pick[u]][k] in a loop that stores nothing or
 * stores only doubles (which cannot change the int that picks it), and the
 * shapes that must stay element by element: a row picked through memory in
 * a loop that also stores into a local array or into ints (the store may
 * change what picks the row), a row H[k][k] that moves with k, and W[u][k]
 * under a condition. The async_for shares rows of H between items, so a row
 * reconnaissance missed would let two nodes update it at once (the
 * 2-process run is in verify mode); expected/recon_rows.c pins which loops
 * became ranges. */
// ARGS: 500
// TOL: 0.02
#include <stdio.h>
#include <stdlib.h>

#define D 8

struct row { double v[D]; int tag; };

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 500, m = 30;
    #pragma strads dvector
    double (*W)[D] = malloc((size_t)n * sizeof *W);
    #pragma strads dvector
    double (*H)[D] = malloc((size_t)m * sizeof *H);
    #pragma strads dvector
    struct row *R = malloc((size_t)n * sizeof *R);
    #pragma strads dvector row(D)
    double *F = malloc((size_t)n * D * sizeof *F);
    #pragma strads dvector
    int *pick = malloc((size_t)n * sizeof *pick);
    #pragma strads dvector
    int (*C)[D] = calloc((size_t)m, sizeof *C);
    for (long u = 0; u < n; u++) {
        for (int k = 0; k < D; k++) {
            W[u][k] = 0.01 * (double)((u + k) % 7);
            R[u].v[k] = 0.02 * (double)((u * 3 + k) % 5);
            F[u * D + k] = 0.03 * (double)((u + 2 * k) % 4);
        }
        R[u].tag = (int)(u % 3);
        pick[u] = (int)((u * 11) % m);
    }
    for (long i = 0; i < m; i++)
        for (int k = 0; k < D; k++) H[i][k] = 0.05 * (double)((i + k) % 3);
    for (int e = 0; e < 3; e++) {
        #pragma strads async_for
        for (long u = 0; u < n; u++) {
            long i = u * 7 % m;
            struct row *x = &R[u];
            double s = 0, t[2] = {0, 0};
            for (int k = 0; k < D; k++) /* 2-D rows */
                s += W[u][k] * H[i][k];
            for (int k = 0; k < D; k++) /* struct members, by value and through x */
                s += R[u].v[k] + 0.5 * x->v[k];
            for (int k = 0; k < D; k++) /* a pointer expression */
                s += (F + u * D)[k];
            for (int k = 0; k < D; k++) /* a row through memory, nothing stored */
                s += 0.1 * H[pick[u]][k];
            for (int k = 0; k < D; k++) { /* through memory, a store: exact */
                t[k & 1] += H[pick[u]][k];
                s += 0.01 * t[0];
            }
            for (int k = 0; k < D; k++) /* the row moves with k: exact */
                s += 0.001 * H[k][k];
            for (int k = 0; k < D; k++) /* a conditional read: ranged */
                if (x->tag == 1)
                    s += 0.001 * W[u][k];
            double g = 0.05 * (1 - s);
            for (int k = 0; k < D; k++) /* through int memory, int stores: exact */
                C[pick[u]][k] += k + 1;
            for (int k = 0; k < D; k++) {
                double wk = W[u][k];
                W[u][k] += g * H[i][k];
                H[i][k] += g * wk;
                R[u].v[k] *= 0.99;
                x->v[k] += 0.001;
                (F + u * D)[k] += 0.01 * g;
                W[pick[u] % n][k] += 0.0001 * g; /* through int memory: ranged */
            }
        }
        double sum = 0;
        for (long u = 0; u < n; u++)
            for (int k = 0; k < D; k++) sum += W[u][k] + R[u].v[k] + F[u * D + k];
        for (long i = 0; i < m; i++)
            for (int k = 0; k < D; k++) sum += H[i][k] + 1e-3 * C[i][k];
        printf("epoch %d sum %.6f\n", e, sum);
    }
    free(W);
    free(H);
    free(R);
    free(F);
    free(pick);
    free(C);
    return 0;
}
