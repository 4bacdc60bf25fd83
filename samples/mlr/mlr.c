/*
 * mlr.c - multinomial logistic regression (softmax, 784 -> 10) on
 * Fashion-MNIST, trained with SGD.
 *
 * A sequential C program, annotated: built with plain `cc` the pragmas are
 * ignored and the training loop is per-example SGD; built with `stradscc`
 * and started with `strads-run -n N`, it is minibatch SGD on N processes
 * (sync_for): every worker thread runs minibatches of 100 images on its own
 * replica of the weights, and the changes of all workers are averaged at
 * the end of every clock (BSP unless `strads-run --sync` says otherwise).
 * The training loss is a reduction; the test accuracy is computed by the
 * sequential code between epochs, reading the weights directly.
 *
 *   mlr [dir epochs train test]
 *
 * dir holds the four gzip'd idx files of Debian's dataset-fashion-mnist
 * (default /usr/share/datasets/fashion-mnist); `train` and `test` take the
 * first images of each set (defaults: all, 60000 and 10000). Pixels are
 * scaled to [0, 1]. Prints the mean training loss and the test accuracy
 * after each epoch.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NF 784          /* 28 x 28 pixels */
#define NC 10           /* classes */
#define NW (NF + 1)     /* weights of one class, bias last */

/* Reads the gzip'd idx file dir/name through `gzip -dc`; checks its magic
 * number and returns its bytes (the caller frees them), or NULL with a
 * message naming the file. */
static unsigned char *read_idx(const char *dir, const char *name, unsigned magic, size_t *len)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "gzip -dc '%s/%s'", dir, name);
    FILE *f = popen(cmd, "r");
    size_t cap = 1 << 20, n = 0;
    unsigned char *b = f ? malloc(cap) : NULL;
    for (size_t r; b && (r = fread(b + n, 1, cap - n, f)) > 0;) {
        n += r;
        if (n == cap) {
            unsigned char *nb = realloc(b, cap *= 2);
            if (!nb)
                free(b);
            b = nb;
        }
    }
    int status = f ? pclose(f) : -1;
    if (!b || status != 0 || n < 8 || (unsigned)(b[2] << 8 | b[3]) != magic) {
        fprintf(stderr, "mlr: %s/%s: not a readable gzip'd idx file "
                        "(apt-get install dataset-fashion-mnist)\n", dir, name);
        free(b);
        return NULL;
    }
    *len = n;
    return b;
}

static long be32(const unsigned char *p)
{
    return (long)((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]);
}

/* Loads the first *count images of a set into x (*count x NF floats) and
 * y; a set with fewer images lowers *count. Returns 0, or -1 with a
 * message. */
static int load(const char *dir, const char *images, const char *labels, long *count, float *x,
                int *y)
{
    size_t il, ll;
    unsigned char *ib = read_idx(dir, images, 0x0803, &il);
    unsigned char *lb = ib ? read_idx(dir, labels, 0x0801, &ll) : NULL;
    if (!lb) {
        free(ib);
        return -1;
    }
    long n = be32(ib + 4);
    if (il < 16 || be32(ib + 8) * be32(ib + 12) != NF || (long)il != 16 + n * NF ||
        be32(lb + 4) != n || (long)ll != 8 + n) {
        fprintf(stderr, "mlr: %s/%s, %s: sizes do not match 28x28 images with one label each\n",
                dir, images, labels);
        free(ib);
        free(lb);
        return -1;
    }
    if (*count > n)
        *count = n;
    for (long i = 0; i < *count; i++) {
        for (int j = 0; j < NF; j++)
            x[i * NF + j] = ib[16 + i * NF + j] / 255.0f;
        y[i] = lb[8 + i];
        if (y[i] >= NC) {
            fprintf(stderr, "mlr: %s/%s: label %d of image %ld is not below %d\n", dir, labels,
                    y[i], i, NC);
            free(ib);
            free(lb);
            return -1;
        }
    }
    free(ib);
    free(lb);
    return 0;
}

static long arg(int argc, char **argv, int i, long dflt)
{
    return argc > i ? strtol(argv[i], NULL, 10) : dflt;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "/usr/share/datasets/fashion-mnist";
    int epochs = (int)arg(argc, argv, 2, 10);
    long n = arg(argc, argv, 3, 60000), nt = arg(argc, argv, 4, 10000);
    if (epochs < 0 || n < 1 || nt < 1) {
        fprintf(stderr, "usage: mlr [dir epochs train test]\n");
        return 2;
    }

#pragma strads dvector row(NF)
    float *X = malloc((size_t)n * NF * sizeof *X);
#pragma strads dvector
    int *y = malloc((size_t)n * sizeof *y);
    float *Xt = malloc((size_t)nt * NF * sizeof *Xt);
    int *yt = malloc((size_t)nt * sizeof *yt);
#pragma strads dvector row(NW)
    float *W = calloc((size_t)NC * NW, sizeof *W);
    if (!X || !y || !Xt || !yt || !W)
        return 1;
    if (load(dir, "train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz", &n, X, y) ||
        load(dir, "t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz", &nt, Xt, yt))
        return 1;

    float lr = 0.01f;
    for (int epoch = 1; epoch <= epochs; epoch++) {
        double loss = 0;
#pragma strads sync_for minibatch(100) reduction(+: loss)
        for (long i = 0; i < n; i++) {
            const float *x = &X[i * NF];
            float p[NC], zmax = -INFINITY, sum = 0;
            for (int k = 0; k < NC; k++) {
                const float *w = &W[k * NW];
                float z = w[NF];
                for (int j = 0; j < NF; j++)
                    z += w[j] * x[j];
                p[k] = z;
                zmax = z > zmax ? z : zmax;
            }
            for (int k = 0; k < NC; k++)
                sum += p[k] = expf(p[k] - zmax);
            loss -= log(p[y[i]] / sum + 1e-12);
            for (int k = 0; k < NC; k++) {
                float g = lr * (p[k] / sum - (k == y[i])); /* d loss / d z_k, times lr */
                float *w = &W[k * NW];
                for (int j = 0; j < NF; j++)
                    w[j] -= g * x[j];
                w[NF] -= g;
            }
        }

        long correct = 0;
        for (long i = 0; i < nt; i++) {
            int best = 0;
            float bz = -INFINITY;
            for (int k = 0; k < NC; k++) {
                float z = W[k * NW + NF];
                for (int j = 0; j < NF; j++)
                    z += W[k * NW + j] * Xt[i * NF + j];
                if (z > bz)
                    bz = z, best = k;
            }
            correct += best == yt[i];
        }
        printf("epoch %d loss %.6f test_accuracy %.4f\n", epoch, loss / n,
               (double)correct / nt);
        lr *= 0.8f;
    }
    free(X);
    free(y);
    free(Xt);
    free(yt);
    free(W);
    return 0;
}
