/* train_pthreads.c: a small Hogwild trainer in the shape of the classic pthreads C
 * trainers (word2vec, GloVe). It learns user and item embeddings from "user item"
 * interaction lines by skip-gram-style negative sampling: each line pulls the user's
 * vector towards the item's and pushes it away from `negative` random items.
 *
 * The program writes its own data: a deterministic generator (from -seed) writes the
 * training interactions to a text file and keeps a held-out test set in memory. Then,
 * for every epoch, it starts -threads threads. Each thread opens the file, seeks to its
 * own slice (size / threads * id), trains on the lines that start in that slice and
 * updates the shared embeddings without locks (Hogwild). The threads bump a shared
 * progress counter, from which each one decays its learning rate linearly to 0 over
 * the whole run, and each draws its negatives from its own random state seeded from
 * its thread id. After every epoch main joins the threads and prints the test AUC (how
 * often a held-out interaction scores above a random item for the same user) and the
 * test loss.
 *
 *   train_pthreads [-threads 2] [-epochs 5] [-dim 16] [-negative 5] [-alpha 0.025]
 *                  [-pairs 100000] [-users 500] [-items 500] [-seed 1] [-data FILE]
 *
 * -data FILE keeps the generated training file (default: a temporary file, removed).
 * Build: cc -O2 -pthread -o train_pthreads train_pthreads.c -lm
 * train.c is the same program converted for strads (docs/tutorial.md, "Converting a
 * pthreads program"). */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_DIM 256
#define MAX_THREADS 64
#define CLUSTERS 10

static int num_threads = 2, dim = 16, negative = 5, epochs = 5, verbose;
static long long users = 500, items = 500, npairs = 100000, ntest;
static float start_alpha = 0.025f;
static char data_file[4096];
static long long file_size;
static long long total;              /* lines to train on over the whole run */
static long long processed;          /* lines trained on so far, by all threads */
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

struct thread_arg {
    long id;
    int epoch;
};

static void *train_thread(void *p)
{
    const struct thread_arg *arg = p;
    long id = arg->id;
    unsigned long long next_random = (unsigned long long)(arg->epoch * num_threads + id);
    long long begin = file_size / num_threads * id;
    long long end = id == num_threads - 1 ? file_size : file_size / num_threads * (id + 1);
    long long local = 0, last = 0;
    float alpha = start_alpha * (1 - processed / (float)(total + 1));
    float grad[MAX_DIM];
    FILE *f = fopen(data_file, "r");
    if (!f) {
        perror(data_file);
        exit(1);
    }
    /* Start at the first line that begins in this slice; stop after the last one. */
    long long pos = begin;
    if (begin > 0) {
        fseek(f, begin - 1, SEEK_SET);
        int c;
        while ((c = fgetc(f)) != EOF && c != '\n')
            pos++;
    }
    char line[64];
    int u, i;
    while (pos < end && fgets(line, sizeof line, f)) {
        pos += (long long)strlen(line);
        if (sscanf(line, "%d %d", &u, &i) != 2)
            continue;
        if (local - last >= 1000) {
            long long now = __sync_add_and_fetch(&processed, local - last);
            last = local;
            alpha = start_alpha * (1 - now / (float)(total + 1));
            if (alpha < start_alpha * 0.0001f)
                alpha = start_alpha * 0.0001f;
            if (verbose && id == 0)
                fprintf(stderr, "\ralpha %f progress %.1f%%  ", alpha, 100.0 * now / total);
        }
        local++;
        float *pu = U + (long long)u * dim;
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
    __sync_fetch_and_add(&processed, local - last);
    fclose(f);
    return NULL;
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
        if (!strcmp(o, "-threads")) num_threads = atoi(v);
        else if (!strcmp(o, "-epochs")) epochs = atoi(v);
        else if (!strcmp(o, "-dim")) dim = atoi(v);
        else if (!strcmp(o, "-negative")) negative = atoi(v);
        else if (!strcmp(o, "-alpha")) start_alpha = (float)atof(v);
        else if (!strcmp(o, "-pairs")) npairs = atoll(v);
        else if (!strcmp(o, "-users")) users = atoll(v);
        else if (!strcmp(o, "-items")) items = atoll(v);
        else if (!strcmp(o, "-seed")) seed = strtoull(v, NULL, 10);
        else if (!strcmp(o, "-data")) snprintf(data_file, sizeof data_file, "%s", v);
        else if (!strcmp(o, "-verbose")) verbose = atoi(v);
        else {
            fprintf(stderr, "train_pthreads: unknown option %s\n", o);
            return 2;
        }
    }
    if (num_threads < 1 || num_threads > MAX_THREADS || dim < 1 || dim > MAX_DIM ||
        items < CLUSTERS || users < 1 || npairs < 20) {
        fprintf(stderr, "train_pthreads: bad arguments\n");
        return 2;
    }
    int keep = data_file[0] != 0;
    if (!keep) {
        snprintf(data_file, sizeof data_file, "/tmp/train_pthreads.XXXXXX");
        int fd = mkstemp(data_file);
        if (fd < 0) {
            perror("mkstemp");
            return 1;
        }
        close(fd);
    }
    if (write_data(seed))
        return 1;
    FILE *f = fopen(data_file, "r");
    fseek(f, 0, SEEK_END);
    file_size = ftell(f);
    fclose(f);
    total = (long long)epochs * npairs;

    U = malloc((size_t)(users * dim) * sizeof *U);
    V = malloc((size_t)(items * dim) * sizeof *V);
    gen_state = seed + 1;
    for (long long k = 0; k < users * dim; k++)
        U[k] = (float)(((gen_next() >> 11) * 0x1.0p-53 - 0.5) / sqrt(dim));
    for (long long k = 0; k < items * dim; k++)
        V[k] = (float)(((gen_next() >> 11) * 0x1.0p-53 - 0.5) / sqrt(dim));

    pthread_t th[MAX_THREADS];
    struct thread_arg args[MAX_THREADS];
    for (int epoch = 1; epoch <= epochs; epoch++) {
        for (long t = 0; t < num_threads; t++) {
            args[t].id = t;
            args[t].epoch = epoch;
            pthread_create(&th[t], NULL, train_thread, &args[t]);
        }
        for (int t = 0; t < num_threads; t++)
            pthread_join(th[t], NULL);
        if (verbose)
            fprintf(stderr, "\n");
        evaluate(epoch);
    }
    if (!keep)
        remove(data_file);
    free(U);
    free(V);
    return 0;
}
