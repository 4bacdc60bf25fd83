/* train.c: train_pthreads.c converted for strads (docs/tutorial.md, "Converting a
 * pthreads program"). The same trainer: user and item embeddings learned from "user
 * item" interaction lines by skip-gram-style negative sampling, on data the program
 * generates from -seed, with the test AUC and test loss printed after every epoch.
 *
 * What changed: no threads. The training file is read once, before training, into a
 * distributed array of records; each epoch is one loop over the records, marked
 * sync_for sync(hybrid) recon(off): strads cuts it into one block per process and
 * minibatches per worker thread, the threads of a process update one copy of the
 * embeddings without locks (Hogwild, as the pthreads threads did) and the processes
 * add up their changes (aggregate(...: sum)) at the end of every clock of 2000 records
 * per thread (minibatch(2000)). The shared progress counter is accumulate(processed),
 * the per-thread random state stream(next_random), seeded at every loop entry.
 *
 *   train [-epochs 5] [-dim 16] [-negative 5] [-alpha 0.025] [-pairs 100000]
 *         [-users 500] [-items 500] [-seed 1] [-data FILE]
 *
 * Plain cc: cc -O2 -o train train.c -lm           (sequential: one "thread")
 * strads:   stradscc -O2 -o train train.c -lm && strads-run -n 2 ./train */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_DIM 256
#define CLUSTERS 10

static int dim = 16, negative = 5, epochs = 5;
static long long users = 500, items = 500, npairs = 100000, ntest;
static float start_alpha = 0.025f;
static char data_file[4096];
static long long total;              /* lines to train on over the whole run */
static long long processed;          /* lines trained on so far */
static float *U, *V;                 /* embeddings: users x dim, items x dim */
static int *test_u, *test_i, *test_j; /* held-out (user, item) and a random item */

/* The data generator: splitmix64, so that any seed gives the same data everywhere. */
static uint64_t gen_state;
static uint64_t gen_next(void)
{
    uint64_t z = (gen_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* An interaction: a random user, and with probability 0.9 an item of the user's taste
 * cluster, else any item. */
static void gen_pair(int *u, int *i)
{
    *u = (int)(gen_next() % (uint64_t)users);
    int cluster = (int)((uint64_t)*u * 2654435761u % CLUSTERS);
    if (gen_next() % 10 != 0)
        *i = (int)(gen_next() % (uint64_t)(items / CLUSTERS)) * CLUSTERS + cluster;
    else
        *i = (int)(gen_next() % (uint64_t)items);
}

static int write_data(unsigned long long seed)
{
    FILE *f = fopen(data_file, "w");
    if (!f) {
        perror(data_file);
        return -1;
    }
    gen_state = seed;
    for (long long n = 0; n < npairs; n++) {
        int u, i;
        gen_pair(&u, &i);
        fprintf(f, "%d %d\n", u, i);
    }
    ntest = npairs / 20;
    test_u = malloc((size_t)ntest * sizeof *test_u);
    test_i = malloc((size_t)ntest * sizeof *test_i);
    test_j = malloc((size_t)ntest * sizeof *test_j);
    for (long long n = 0; n < ntest; n++) {
        gen_pair(&test_u[n], &test_i[n]);
        test_j[n] = (int)(gen_next() % (uint64_t)items);
    }
    return fclose(f);
}

static float dot(const float *a, const float *b)
{
    float s = 0;
    for (int d = 0; d < dim; d++)
        s += a[d] * b[d];
    return s;
}

struct pair {
    int u, i;
};

/* Reads the whole training file into a distributed array of records: the workers share
 * no file position (and need not see the file at all); each trains on the records of its
 * block. */
static struct pair *read_pairs(long long *n)
{
    FILE *f = fopen(data_file, "r");
    if (!f) {
        perror(data_file);
        return NULL;
    }
    long long lines = 0;
    int c;
    while ((c = fgetc(f)) != EOF)
        lines += c == '\n';
    rewind(f);
#pragma strads dvector
    struct pair *p = malloc((size_t)lines * sizeof *p);
    for (long long k = 0; k < lines; k++)
        if (fscanf(f, "%d %d", &p[k].u, &p[k].i) != 2) {
            fprintf(stderr, "%s:%lld: expected 'user item'\n", data_file, k + 1);
            exit(1);
        }
    fclose(f);
    *n = lines;
    return p;
}

static void evaluate(int epoch)
{
    long long above = 0;
    double loss = 0;
    for (long long n = 0; n < ntest; n++) {
        const float *pu = U + (long long)test_u[n] * dim;
        double si = dot(pu, V + (long long)test_i[n] * dim);
        double sj = dot(pu, V + (long long)test_j[n] * dim);
        above += si > sj;
        loss += log1p(exp(-si)) + log1p(exp(sj));
    }
    printf("epoch %d processed %lld test_auc %.4f test_loss %.4f\n", epoch, processed,
           (double)above / ntest, loss / ntest);
}

int main(int argc, char **argv)
{
    unsigned long long seed = 1;
    for (int a = 1; a + 1 < argc; a += 2) {
        const char *o = argv[a], *v = argv[a + 1];
        if (!strcmp(o, "-epochs")) epochs = atoi(v);
        else if (!strcmp(o, "-dim")) dim = atoi(v);
        else if (!strcmp(o, "-negative")) negative = atoi(v);
        else if (!strcmp(o, "-alpha")) start_alpha = (float)atof(v);
        else if (!strcmp(o, "-pairs")) npairs = atoll(v);
        else if (!strcmp(o, "-users")) users = atoll(v);
        else if (!strcmp(o, "-items")) items = atoll(v);
        else if (!strcmp(o, "-seed")) seed = strtoull(v, NULL, 10);
        else if (!strcmp(o, "-data")) snprintf(data_file, sizeof data_file, "%s", v);
        else {
            fprintf(stderr, "train: unknown option %s\n", o);
            return 2;
        }
    }
    if (dim < 1 || dim > MAX_DIM ||
        items < CLUSTERS || users < 1 || npairs < 20) {
        fprintf(stderr, "train: bad arguments\n");
        return 2;
    }
    int keep = data_file[0] != 0;
    if (!keep) {
        snprintf(data_file, sizeof data_file, "/tmp/train.XXXXXX");
        int fd = mkstemp(data_file);
        if (fd < 0) {
            perror("mkstemp");
            return 1;
        }
        close(fd);
    }
    if (write_data(seed))
        return 1;
    long long ntrain;
    struct pair *train = read_pairs(&ntrain);
    if (!train)
        return 1;
    total = (long long)epochs * ntrain;

#pragma strads dvector row(dim)
    U = malloc((size_t)(users * dim) * sizeof *U);
#pragma strads dvector row(dim)
    V = malloc((size_t)(items * dim) * sizeof *V);
    gen_state = seed + 1;
    for (long long k = 0; k < users * dim; k++)
        U[k] = (float)(((gen_next() >> 11) * 0x1.0p-53 - 0.5) / sqrt(dim));
    for (long long k = 0; k < items * dim; k++)
        V[k] = (float)(((gen_next() >> 11) * 0x1.0p-53 - 0.5) / sqrt(dim));

    for (int epoch = 1; epoch <= epochs; epoch++) {
        /* The random state of the thread of a one-thread run; every other worker's
         * copy starts apart from it (stream). */
        unsigned long long next_random = (unsigned long long)epoch;
#pragma strads sync_for sync(hybrid) recon(off) stream(next_random) accumulate(processed) aggregate(U: sum) aggregate(V: sum) minibatch(2000)
        for (long long n = 0; n < ntrain; n++) {
            float alpha = start_alpha * (1 - processed / (float)(total + 1));
            if (alpha < start_alpha * 0.0001f)
                alpha = start_alpha * 0.0001f;
            processed++;
            int u = train[n].u, i = train[n].i;
            float *pu = U + (long long)u * dim;
            float grad[MAX_DIM];
            memset(grad, 0, (size_t)dim * sizeof *grad);
            for (int d = 0; d <= negative; d++) {
                int target, label;
                if (d == 0) {
                    target = i;
                    label = 1;
                } else {
                    next_random = next_random * 25214903917ull + 11;
                    target = (int)((next_random >> 16) % (unsigned long long)items);
                    if (target == i)
                        continue;
                    label = 0;
                }
                float *pv = V + (long long)target * dim;
                float g = (label - 1 / (1 + expf(-dot(pu, pv)))) * alpha;
                for (int k = 0; k < dim; k++)
                    grad[k] += g * pv[k];
                for (int k = 0; k < dim; k++)
                    pv[k] += g * pu[k];
            }
            for (int k = 0; k < dim; k++)
                pu[k] += grad[k];
        }
        evaluate(epoch);
    }
    if (!keep)
        remove(data_file);
    free(train);
    free(U);
    free(V);
    return 0;
}
