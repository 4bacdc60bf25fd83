/* A learning rate that decays every call and only computes values keeps
 * the plan (frontend/keyed.c), written as users write it: through a local
 * buffer of updates (word2vec's neu1e[c] += g * syn1neg[c + l2]) and
 * through a row pointer a function of the file returns (`x = row(X, a[j])`).
 * Both made a new reconnaissance at every call. A captured value stored
 * into a local array that then picks the element (the third loop) still
 * makes one: its plan would be another call's. */
#include <stdio.h>
#include <stdlib.h>

#define D 8

static float *row(float *M, long r) { return M + r * D; }

int main(void)
{
    long n = 20000, rows = 500;
    int *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    for (long j = 0; j < n; j++) {
        a[j] = (int)((j * 7919) % rows);
        b[j] = (int)((j * 104729 + 13) % rows);
    }
    #pragma strads dvector row(D)
    float *X = malloc(rows * D * sizeof *X);
    #pragma strads dvector row(D)
    float *Y = malloc(rows * D * sizeof *Y);
    for (long i = 0; i < rows * D; i++) {
        X[i] = 0.001f * (float)(i % 17);
        Y[i] = 0.002f * (float)(i % 11);
    }
    float alpha = 0.5f;
    long shift = 0;
    for (int e = 0; e < 4; e++) {
        #pragma strads async_for copyin(a[0:n], b[0:n])
        for (long j = 0; j < n; j++) {
            long l1 = (long)a[j] * D, l2 = (long)b[j] * D;
            float buf[D];
            for (int c = 0; c < D; c++)
                buf[c] = alpha * Y[c + l2];
            for (int c = 0; c < D; c++)
                X[c + l1] += 0.01f * buf[c];
        }
        #pragma strads async_for copyin(a[0:n], b[0:n])
        for (long j = 0; j < n; j++) {
            float *x = row(X, a[j]), *y = row(Y, b[j]);
            for (int c = 0; c < D; c++)
                y[c] += 0.01f * alpha * x[c];
        }
        #pragma strads async_for copyin(a[0:n])
        for (long j = 0; j < n; j++) {
            long pick[1];
            pick[0] = (a[j] + shift) % rows;
            X[pick[0] * D] += 0.001f * alpha;
        }
        alpha *= 0.8f;
        shift += 7;
        double s = 0;
        for (long i = 0; i < rows * D; i++) s += X[i] + 0.5 * Y[i];
        printf("epoch %d %.4f\n", e, s);
    }
    free(X);
    free(Y);
    free(a);
    free(b);
    return 0;
}
