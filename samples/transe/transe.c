/*
 * transe.c - TransE knowledge-graph embedding (Bordes et al. 2013) on
 * triples extracted from WordNet, trained with SGD on a margin loss.
 *
 * A sequential C program, annotated: built with plain `cc` the pragmas are
 * ignored; built with `stradscc` and started with `strads-run -n N`, the
 * training loop runs on N processes (async_for): triples that share an
 * entity or a relation conflict, and the runtime finds an order in which no
 * two conflicting triples run at once, so every epoch equals the sequential
 * loop run in some order of the triples.
 *
 *   transe DIR [dim epochs negatives seed]
 *
 * DIR holds train.txt and test.txt, lines of integer ids "head relation
 * tail" (wn-triples.sh writes them from Debian's wordnet-base). Each entity
 * and each relation is a vector of `dim` floats; a triple (h, r, t) should
 * have h + r close to t in L1 distance. Each training triple gets
 * `negatives` corrupted copies (head or tail replaced by a random entity),
 * drawn once when the data is loaded. Prints the mean margin loss after
 * each epoch, then the raw mean rank and hits@10 of the test triples
 * (each test triple ranked against every entity as head and as tail, other
 * true triples not filtered out).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct triple {
    int32_t h, r, t;
};

/* xorshift64*: the same stream on every platform, so runs are comparable. */
static uint64_t rng_state;

static double uniform(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

static long arg(int argc, char **argv, int i, long dflt)
{
    return argc > i ? strtol(argv[i], NULL, 10) : dflt;
}

static FILE *open_in(const char *dir, const char *name, char *path, size_t size)
{
    snprintf(path, size, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f)
        fprintf(stderr, "transe: cannot open %s (make it with wn-triples.sh)\n", path);
    return f;
}

/* The number of lines of dir/name, or -1 with a message. */
static long count_lines(const char *dir, const char *name)
{
    char path[4096], line[256];
    FILE *f = open_in(dir, name, path, sizeof path);
    long n = 0;
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        n++;
    fclose(f);
    return n;
}

/* Reads the n triples of dir/name into x and raises *ne and *nr above the
 * largest entity and relation ids. Returns 0, or -1 with a message naming
 * the file and line. */
static int read_triples(const char *dir, const char *name, struct triple *x, long n, long *ne,
                        long *nr)
{
    char path[4096], line[256];
    FILE *f = open_in(dir, name, path, sizeof path);
    if (!f)
        return -1;
    for (long i = 0; i < n; i++) {
        long h, r, t;
        char end;
        if (!fgets(line, sizeof line, f) || sscanf(line, "%ld %ld %ld %c", &h, &r, &t, &end) != 3 ||
            h < 0 || r < 0 || t < 0 || h > INT32_MAX || r > INT32_MAX || t > INT32_MAX) {
            fprintf(stderr, "transe: %s:%ld: expected 'head relation tail' (ids >= 0)\n", path,
                    i + 1);
            fclose(f);
            return -1;
        }
        x[i] = (struct triple){(int32_t)h, (int32_t)r, (int32_t)t};
        *ne = h >= *ne ? h + 1 : *ne;
        *ne = t >= *ne ? t + 1 : *ne;
        *nr = r >= *nr ? r + 1 : *nr;
    }
    fclose(f);
    return 0;
}

static float sgn(float v)
{
    return (float)((v > 0) - (v < 0));
}

static void normalize(float *v, int dim)
{
    float s = 0;
    for (int i = 0; i < dim; i++)
        s += v[i] * v[i];
    s = sqrtf(s);
    for (int i = 0; s > 0 && i < dim; i++)
        v[i] /= s;
}

/* The L1 distance between a + b and c. */
static float dist(const float *a, const float *b, const float *c, int dim)
{
    float d = 0;
    for (int i = 0; i < dim; i++)
        d += fabsf(a[i] + b[i] - c[i]);
    return d;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    int dim = (int)arg(argc, argv, 2, 20), epochs = (int)arg(argc, argv, 3, 50);
    int negs = (int)arg(argc, argv, 4, 4);
    rng_state = (uint64_t)arg(argc, argv, 5, 42) * 0x9E3779B97F4A7C15ULL + 1;
    if (argc < 2 || dim < 1 || epochs < 0 || negs < 1) {
        fprintf(stderr, "usage: transe DIR [dim epochs negatives seed]\n");
        return 2;
    }
    long ntrain = count_lines(dir, "train.txt"), ntest = count_lines(dir, "test.txt");
    if (ntrain < 1 || ntest < 1)
        return 1;

#pragma strads dvector
    struct triple *train = malloc((size_t)ntrain * sizeof *train);
    struct triple *test = malloc((size_t)ntest * sizeof *test);
#pragma strads dvector row(negs)
    int32_t *neg = malloc((size_t)ntrain * negs * sizeof *neg);
    long ne = 0, nr = 0;
    if (!train || !test || !neg)
        return 1;
    if (read_triples(dir, "train.txt", train, ntrain, &ne, &nr) ||
        read_triples(dir, "test.txt", test, ntest, &ne, &nr))
        return 1;
    for (long j = ntrain - 1; j > 0; j--) { /* shuffle: the files list triples by head */
        long k = (long)(uniform() * (j + 1));
        struct triple s = train[j];
        train[j] = train[k];
        train[k] = s;
    }
    for (long k = 0; k < ntrain * negs; k++)
        neg[k] = (int32_t)(uniform() * ne);

#pragma strads dvector row(dim)
    float *E = malloc((size_t)ne * dim * sizeof *E);
#pragma strads dvector row(dim)
    float *R = malloc((size_t)nr * dim * sizeof *R);
    if (!E || !R)
        return 1;
    float bound = 6 / sqrtf((float)dim); /* the initialization of the TransE paper */
    for (long k = 0; k < ne * dim; k++)
        E[k] = (float)((uniform() * 2 - 1) * bound);
    for (long k = 0; k < nr * dim; k++)
        R[k] = (float)((uniform() * 2 - 1) * bound);
    for (long r = 0; r < nr; r++)
        normalize(&R[r * dim], dim);

    const float lr = 0.01f, margin = 2;
    for (int epoch = 1; epoch <= epochs; epoch++) {
        for (long e = 0; e < ne; e++)
            normalize(&E[e * dim], dim);
        double loss = 0;
#pragma strads async_for reduction(+: loss)
        for (long j = 0; j < ntrain; j++) {
            const struct triple *x = &train[j];
            float *h = &E[(long)x->h * dim], *t = &E[(long)x->t * dim], *r = &R[(long)x->r * dim];
            for (int k = 0; k < negs; k++) {
                float *c = &E[(long)neg[j * negs + k] * dim];
                float *hc = k % 2 ? c : h, *tc = k % 2 ? t : c; /* odd k: corrupt the head */
                float m = margin + dist(h, r, t, dim) - dist(hc, r, tc, dim);
                loss += m > 0 ? m : 0;
                /* g = 0 when the margin holds: the rows are still written (with no
                 * change), so every iteration writes the same rows on every epoch */
                float g = m > 0 ? lr : 0;
                for (int i = 0; i < dim; i++) {
                    float sp = g * sgn(h[i] + r[i] - t[i]), sn = g * sgn(hc[i] + r[i] - tc[i]);
                    h[i] -= sp;
                    t[i] += sp;
                    r[i] -= sp - sn;
                    hc[i] += sn;
                    tc[i] -= sn;
                }
            }
        }
        printf("epoch %d loss %.6f\n", epoch, loss / ((double)ntrain * negs));
    }

    /* Raw ranks: every entity in place of the tail, then of the head. */
    double rank_sum = 0;
    long hits = 0;
    for (long j = 0; j < ntest; j++) {
        const struct triple *x = &test[j];
        const float *h = &E[(long)x->h * dim], *t = &E[(long)x->t * dim], *r = &R[(long)x->r * dim];
        float dt = dist(h, r, t, dim);
        long rt = 1, rh = 1;
        for (long e = 0; e < ne; e++) {
            rt += dist(h, r, &E[e * dim], dim) < dt;
            rh += dist(&E[e * dim], r, t, dim) < dt;
        }
        rank_sum += rt + rh;
        hits += (rt <= 10) + (rh <= 10);
    }
    printf("test triples %ld entities %ld mean_rank %.2f hits10 %.4f\n", ntest, ne,
           rank_sum / (2.0 * ntest), hits / (2.0 * ntest));
    free(train);
    free(test);
    free(neg);
    free(E);
    free(R);
    return 0;
}
