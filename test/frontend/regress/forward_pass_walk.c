/*
 * forward_pass_walk.c - a network's forward pass as genann writes it: a
 * helper walks a small weight table by pointer (*w++) into a private
 * layer, and the loop writes no distributed array (a reduction only). With
 * nothing replicated and every array small, no records are made: each
 * node fetches the arrays whole (the records of every weight of every
 * example took 1.3 s for 45 ms of tasks at 2x1).
 */
#include <stdio.h>
#include <stdlib.h>

#define D 8
#define H 16

static double forward(const double *weight, double *out, const double *x)
{
    const double *w = weight;
    double s = 0;
    for (int j = 0; j < H; ++j) {
        double sum = *w++ * -1.0;
        for (int k = 0; k < D; ++k) sum += *w++ * x[k];
        out[j] = sum > 0 ? sum : 0.01 * sum;
    }
    for (int j = 0; j < 2; ++j) {
        double sum = *w++ * -1.0;
        for (int k = 0; k < H; ++k) sum += *w++ * out[k];
        s += sum > 0 ? 1 : 0;
    }
    return s;
}

int main(void)
{
    int n = 3000, nw = H * (D + 1) + 2 * (H + 1);
#pragma strads dvector row(D)
    double *X = malloc(sizeof(double) * n * D);
#pragma strads dvector
    double *weight = malloc(sizeof(double) * nw);
    double *out = malloc(sizeof(double) * H);
    unsigned x = 12345u;
    for (long i = 0; i < (long)n * D; i++) {
        x = x * 1103515245u + 12345u;
        X[i] = (double)(x >> 16 & 0x7fff) / 32768.0 - 0.5;
    }
    for (int i = 0; i < nw; i++) {
        x = x * 1103515245u + 12345u;
        weight[i] = (double)(x >> 16 & 0x7fff) / 32768.0 - 0.5;
    }
    long active = 0;
    for (int rep = 0; rep < 3; rep++) {
        double tot = 0;
#pragma strads sync_for private(out[0:H]) reduction(+: tot)
        for (int i = 0; i < n; i++)
            tot += forward(weight, out, X + (long)i * D);
        active += (long)tot;
        weight[rep] += 0.25; /* the driver changes the model between calls */
    }
    printf("%ld\n", active);
    free(X);
    free(weight);
    free(out);
    return 0;
}
