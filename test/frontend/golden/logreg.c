/* Minibatch logistic regression with sync_for: the model is a distributed
 * array whose updates are summed across workers (aggregate(w: sum)), the
 * examples are a read-only distributed array, the loss a reduction. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define D 8

struct example {
    float x[D];
    float y;
};

static float predict(const float *w, const float *x)
{
    float z = 0;
    for (int k = 0; k < D; k++)
        z += w[k] * x[k];
    return 1.0f / (1.0f + expf(-z));
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 2000;
    unsigned s = 5;
#pragma strads dvector
    struct example *ex = malloc((size_t)n * sizeof *ex);
#pragma strads dvector
    float *w = calloc(D, sizeof *w);
    for (long i = 0; i < n; i++) {
        float t = 0;
        for (int k = 0; k < D; k++) {
            s = s * 1103515245u + 12345u;
            ex[i].x[k] = (float)((s >> 16) & 0x7fff) / 32768.0f - 0.5f;
            t += ex[i].x[k] * (float)(k - 3);
        }
        ex[i].y = t > 0;
    }
    const float lr = 0.1f;
    for (int epoch = 0; epoch < 4; epoch++) {
        double loss = 0;
#pragma strads sync_for minibatch(100) aggregate(w: sum) reduction(+: loss)
        for (long i = 0; i < n; i++) {
            const struct example *e = &ex[i];
            float p = predict(w, e->x);
            for (int k = 0; k < D; k++)
                w[k] -= lr * (p - e->y) * e->x[k] / 100;
            loss -= e->y ? log(p + 1e-7) : log(1 - p + 1e-7);
        }
        printf("epoch %d loss %.4f\n", epoch, loss / n);
    }
    free(ex);
    free(w);
    return 0;
}
