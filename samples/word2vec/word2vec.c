/*
 * word2vec.c - skip-gram word embeddings with negative sampling.
 *
 * A sequential C program, annotated: built with plain `cc` the pragmas are
 * ignored and training is one thread going through the corpus; built with
 * `stradscc` and started with `strads-run -n N`, each epoch is a sync_for
 * under sync(hybrid): the worker threads of a process update one shared
 * copy of the embeddings without locks (Hogwild), and the processes combine
 * their changes at the end of every clock. recon(off) because the rows an
 * iteration touches come from random negative samples.
 *
 *   word2vec CORPUS [-dim 100] [-window 5] [-negative 5] [-epoch 5]
 *            [-min-count 5] [-sample 1e-4] [-lr 0.05] [-power 0.75] [-seed 1]
 *            [-probe WORDS]
 *
 * CORPUS is text with words separated by blanks; a line is a sentence
 * (prep-gcide.sh makes one from the GCIDE dictionary). The model is the one
 * fastText trains with `skipgram -minn 0 -maxn 0`: each kept word predicts
 * the kept words within a random window 1..window around it in its sentence,
 * against `negative` words drawn from the unigram distribution raised to
 * `power` (word2vec's 3/4; fastText's is 1/2), and frequent words are
 * dropped with fastText's (and word2vec's) subsampling rule. Prints the mean training loss per epoch (per
 * centre-context pair: -log s(pos) - sum log s(-neg)), the words per second,
 * and, after training, nearest neighbours and a related-pairs score.
 *
 * Every random choice made for a corpus position (dropping it, its window,
 * its negatives) comes from a hash of the position and the epoch, not from
 * a stream carried from one word to the next: the parallel build then draws
 * exactly what the sequential build draws, and the two differ only in the
 * order and staleness of the updates.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_WORD 64        /* longer words are cut */
#define MAX_WINDOW 32
#define MAX_DIM 1024
#define TABLE_SIZE 1000000 /* unigram^0.75 table for negatives */
#define LUT_MAX 8.0f       /* sigmoid and log tables cover [-8, 8] */
#define LUT_SIZE 1024

struct word {
    char *s;
    long count;
};

/* The vocabulary: open addressing over words, kept sorted by count after
 * counting so that word 0 is the end-of-sentence mark "</s>". */
static struct word *vocab;
static long vocab_size, hash_size;
static long *hash_slot; /* word index or -1 */

static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

static void rehash(void);

static long find_or_add(char *s)
{
    if (2 * (vocab_size + 1) > hash_size) { /* keep the table at most half full */
        long n = hash_size ? 2 * hash_size : 1024;
        long *slot = realloc(hash_slot, (size_t)n * sizeof *slot);
        struct word *v = realloc(vocab, (size_t)n / 2 * sizeof *v);
        if (!slot || !v) {
            fprintf(stderr, "word2vec: out of memory\n");
            exit(1);
        }
        hash_slot = slot;
        vocab = v;
        hash_size = n;
        rehash();
    }
    uint64_t h = hash_str(s) & (uint64_t)(hash_size - 1);
    while (hash_slot[h] >= 0) {
        if (!strcmp(vocab[hash_slot[h]].s, s)) return hash_slot[h];
        h = (h + 1) & (uint64_t)(hash_size - 1);
    }
    vocab[vocab_size] = (struct word){s, 0};
    hash_slot[h] = vocab_size;
    return vocab_size++;
}

static long find(const char *s)
{
    uint64_t h = hash_str(s) & (uint64_t)(hash_size - 1);
    while (hash_slot[h] >= 0) {
        if (!strcmp(vocab[hash_slot[h]].s, s)) return hash_slot[h];
        h = (h + 1) & (uint64_t)(hash_size - 1);
    }
    return -1;
}

static int by_count(const void *a, const void *b)
{
    const struct word *x = a, *y = b;
    if (x->count != y->count) return x->count < y->count ? 1 : -1;
    return strcmp(x->s, y->s);
}

static void rehash(void)
{
    for (long i = 0; i < hash_size; i++) hash_slot[i] = -1;
    for (long i = 0; i < vocab_size; i++) {
        uint64_t h = hash_str(vocab[i].s) & (uint64_t)(hash_size - 1);
        while (hash_slot[h] >= 0) h = (h + 1) & (uint64_t)(hash_size - 1);
        hash_slot[h] = i;
    }
}

/* Reads the whole file; words are cut out of the buffer in place. Returns
 * the buffer, or NULL with a message. */
static char *read_file(const char *path, long *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return NULL;
    }
    fseek(f, 0, SEEK_END);
    *len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)*len + 1);
    if (!buf || fread(buf, 1, (size_t)*len, f) != (size_t)*len) {
        fprintf(stderr, "%s: cannot read\n", path);
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    buf[*len] = 0;
    return buf;
}

/* xorshift-multiply finalizer: a well-mixed 64-bit value of x. */
static uint64_t mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ULL;
    x ^= x >> 27;
    x *= 0x81dadef4bc2a0f85ULL;
    x ^= x >> 33;
    return x;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double cosine(const float *a, const float *b, int dim)
{
    double ab = 0, aa = 0, bb = 0;
    for (int c = 0; c < dim; c++) {
        ab += (double)a[c] * b[c];
        aa += (double)a[c] * a[c];
        bb += (double)b[c] * b[c];
    }
    return aa > 0 && bb > 0 ? ab / sqrt(aa * bb) : 0;
}

/* Rank of word t among the neighbours of word w by cosine (1 = nearest),
 * over words 1..vocab_size-1 except w. */
static long rank_of(const float *syn0, int dim, long w, long t)
{
    double st = cosine(syn0 + w * dim, syn0 + t * dim, dim);
    long r = 1;
    for (long v = 1; v < vocab_size; v++)
        if (v != w && v != t && cosine(syn0 + w * dim, syn0 + v * dim, dim) > st) r++;
    return r;
}

static void print_neighbours(const float *syn0, int dim, const char *word)
{
    long w = find(word), best[5] = {-1, -1, -1, -1, -1};
    double sim[5] = {-2, -2, -2, -2, -2};
    if (w < 0) return;
    for (long v = 1; v < vocab_size; v++) {
        if (v == w) continue;
        double s = cosine(syn0 + w * dim, syn0 + v * dim, dim);
        for (int k = 0; k < 5; k++)
            if (s > sim[k]) {
                memmove(sim + k + 1, sim + k, (size_t)(4 - k) * sizeof *sim);
                memmove(best + k + 1, best + k, (size_t)(4 - k) * sizeof *best);
                sim[k] = s;
                best[k] = v;
                break;
            }
    }
    printf("nn %s:", word);
    for (int k = 0; k < 5 && best[k] >= 0; k++) printf(" %s %.2f", vocab[best[k]].s, sim[k]);
    printf("\n");
}

/* Pairs that the dictionary's definitions relate; a good embedding puts
 * each word among the nearest neighbours of the other. */
static const char *pairs[][2] = {
    {"north", "south"},  {"east", "west"},        {"male", "female"},     {"father", "mother"},
    {"son", "daughter"}, {"brother", "sister"},   {"man", "woman"},       {"king", "queen"},
    {"black", "white"},  {"red", "yellow"},       {"summer", "winter"},   {"day", "night"},
    {"hot", "cold"},     {"january", "february"}, {"monday", "tuesday"},  {"first", "second"},
    {"two", "three"},    {"horse", "ox"},         {"leaf", "leaves"},     {"river", "lake"},
    {"iron", "copper"},  {"gold", "silver"},      {"tree", "shrub"},      {"fish", "fishes"},
    {"greek", "latin"},  {"french", "german"},    {"fruit", "seeds"},     {"bird", "birds"},
};

int main(int argc, char **argv)
{
    int dim = 100, window = 5, negative = 5, epochs = 5, min_count = 5;
    float sample = 1e-4f, lr0 = 0.05f, power = 0.75f;
    uint64_t seed = 1;
    const char *path = NULL, *probe = "water king day good";
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (o[0] != '-') {
            path = o;
            continue;
        }
        if (!v) {
            fprintf(stderr, "word2vec: option %s needs a value\n", o);
            return 2;
        }
        i++;
        if (!strcmp(o, "-dim")) dim = atoi(v);
        else if (!strcmp(o, "-window")) window = atoi(v);
        else if (!strcmp(o, "-negative")) negative = atoi(v);
        else if (!strcmp(o, "-epoch")) epochs = atoi(v);
        else if (!strcmp(o, "-min-count")) min_count = atoi(v);
        else if (!strcmp(o, "-sample")) sample = strtof(v, NULL);
        else if (!strcmp(o, "-lr")) lr0 = strtof(v, NULL);
        else if (!strcmp(o, "-power")) power = strtof(v, NULL);
        else if (!strcmp(o, "-seed")) seed = strtoull(v, NULL, 10);
        else if (!strcmp(o, "-probe")) probe = v;
        else {
            fprintf(stderr, "word2vec: unknown option %s\n", o);
            return 2;
        }
    }
    if (!path || dim < 1 || dim > MAX_DIM || window < 1 || window > MAX_WINDOW || negative < 0 || epochs < 0 ||
        min_count < 1 || sample < 0 || lr0 <= 0 || power < 0) {
        fprintf(stderr, "usage: word2vec CORPUS [-dim 1..%d] [-window 1..%d] [-negative N] "
                        "[-epoch N] [-min-count N] [-sample T] [-lr A] [-power P] [-seed S] "
                        "[-probe 'w1 w2 ...']\n", MAX_DIM, MAX_WINDOW);
        return 2;
    }

    /* Count the words. Every token becomes its word's index in `tok` (0 for
     * a line end), so that the second pass needs no re-reading. */
    long len;
    char *text = read_file(path, &len);
    if (!text) return 1;
    long ntext = 0;
    int *tok = malloc((size_t)(len + 1) * sizeof *tok);
    if (!tok) return 1;
    find_or_add("</s>");
    for (char *p = text; *p;) {
        if (*p == '\n' || *p == ' ' || *p == '\t' || *p == '\r' || *p == '\v' || *p == '\f') {
            if (*p == '\n') tok[ntext++] = 0, vocab[0].count++;
            p++;
            continue;
        }
        char *w = p;
        while (*p && !strchr(" \t\r\v\f\n", *p)) p++;
        int nl = *p == '\n';
        if (*p) *p++ = 0;
        if (p - w > MAX_WORD) w[MAX_WORD - 1] = 0;
        long v = find_or_add(w);
        vocab[v].count++;
        tok[ntext++] = (int)v;
        if (nl) tok[ntext++] = 0, vocab[0].count++;
    }
    /* Sort by count with the mark first, drop rare words, renumber. */
    struct word *old = malloc((size_t)vocab_size * sizeof *old);
    int *newid = malloc((size_t)vocab_size * sizeof *newid);
    if (!old || !newid) return 1;
    memcpy(old, vocab, (size_t)vocab_size * sizeof *old);
    qsort(vocab + 1, (size_t)vocab_size - 1, sizeof *vocab, by_count);
    long nold = vocab_size;
    while (vocab_size > 1 && vocab[vocab_size - 1].count < min_count) vocab_size--;
    rehash();
    long ntok = 0;
    for (long i = 0; i < nold; i++) newid[i] = (int)find(old[i].s);
    for (long i = 0; i < ntext; i++) ntok += newid[tok[i]] >= 0;
    if (vocab_size < 2) {
        fprintf(stderr, "%s: no word occurs %d times or more\n", path, min_count);
        return 1;
    }

#pragma strads dvector
    int *corpus = malloc((size_t)ntok * sizeof *corpus);
    float *keep = malloc((size_t)vocab_size * sizeof *keep);
    int *table = malloc(TABLE_SIZE * sizeof *table);
    float *sigm = malloc((LUT_SIZE + 1) * sizeof *sigm), *nlsig = malloc((LUT_SIZE + 1) * sizeof *nlsig);
    if (!corpus || !keep || !table || !sigm || !nlsig) return 1;
    for (long i = 0, j = 0; i < ntext; i++)
        if (newid[tok[i]] >= 0) corpus[j++] = newid[tok[i]];
    free(tok);
    free(old);
    free(newid);

    /* Subsampling: keep a word with probability sqrt(t/f) + t/f. */
    for (long v = 0; v < vocab_size; v++) {
        double f = (double)vocab[v].count / (double)ntok;
        keep[v] = sample > 0 ? (float)(sqrt(sample / f) + sample / f) : 1.0f;
    }
    /* Negatives: word v fills a share of the table proportional to
     * count^power (word2vec: 0.75; fastText: 0.5). */
    double zsum = 0;
    for (long v = 1; v < vocab_size; v++) zsum += pow((double)vocab[v].count, power);
    double cum = 0;
    long v = 1;
    for (long i = 0; i < TABLE_SIZE; i++) {
        while (v < vocab_size - 1 && (double)i / TABLE_SIZE >= (cum + pow((double)vocab[v].count, power)) / zsum) {
            cum += pow((double)vocab[v].count, power);
            v++;
        }
        table[i] = (int)v;
    }
    for (int i = 0; i <= LUT_SIZE; i++) {
        double x = ((double)i / LUT_SIZE * 2 - 1) * LUT_MAX;
        sigm[i] = (float)(1 / (1 + exp(-x)));
        nlsig[i] = (float)log1p(exp(-x)); /* -log sigmoid(x) */
    }
    printf("corpus %ld words, vocabulary %ld words\n", ntok, vocab_size);

#pragma strads dvector row(dim)
    float *syn0 = malloc((size_t)vocab_size * dim * sizeof *syn0);
#pragma strads dvector row(dim)
    float *syn1 = calloc((size_t)vocab_size * dim, sizeof *syn1);
    if (!syn0 || !syn1) return 1;
    for (long i = 0; i < vocab_size * dim; i++)
        syn0[i] = ((float)(mix(seed * 0x9E3779B97F4A7C15ULL + (uint64_t)i) >> 40) / 16777216.0f - 0.5f) / dim;

    double t0 = now_s(), loss_all = 0;
    long pairs_all = 0;
    for (int epoch = 0; epoch < epochs; epoch++) {
        double loss = 0;
        long npairs = 0;
        uint64_t eseed = mix(seed + 0x632BE59BD9B4E019ULL * (uint64_t)(epoch + 1));
#pragma strads sync_for sync(hybrid) recon(off) copyin(keep[0:vocab_size], table[0:TABLE_SIZE], sigm[0:LUT_SIZE + 1], nlsig[0:LUT_SIZE + 1]) reduction(+: loss, npairs)
        for (long pos = 0; pos < ntok; pos++) {
            int w = corpus[pos];
            uint64_t r = mix(eseed ^ (uint64_t)pos);
            if (w == 0 || (float)(r >> 40) / 16777216.0f >= keep[w]) continue;
            /* the learning rate falls linearly over the corpus positions */
            float lr = lr0 * (1 - ((float)epoch + (float)pos / (float)ntok) / (float)epochs);
            int ctx[2 * MAX_WINDOW], nctx = 0, span = 1 + (int)(r % (uint64_t)window);
            /* the kept words of the sentence within `span` on each side */
            for (int side = -1; side <= 1; side += 2) {
                int found = 0;
                for (long c = pos + side; c >= 0 && c < ntok && found < span; c += side) {
                    int u = corpus[c];
                    if (u == 0) break;
                    if ((float)(mix(eseed ^ (uint64_t)c) >> 40) / 16777216.0f < keep[u]) {
                        ctx[nctx++] = u;
                        found++;
                    }
                }
            }
            float *in = syn0 + (long)w * dim;
            for (int k = 0; k < nctx; k++) {
                float grad[MAX_DIM];
                for (int c = 0; c < dim; c++) grad[c] = 0;
                uint64_t s = mix(r + (uint64_t)k + 1);
                for (int d = 0; d <= negative; d++) {
                    int target = ctx[k], label = d == 0;
                    while (d > 0 && target == ctx[k]) {
                        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
                        target = table[(s >> 33) % TABLE_SIZE];
                    }
                    float *out = syn1 + (long)target * dim, f = 0;
                    for (int c = 0; c < dim; c++) f += in[c] * out[c];
                    int at = f >= LUT_MAX ? LUT_SIZE : f <= -LUT_MAX ? 0
                             : (int)((f + LUT_MAX) * (LUT_SIZE / LUT_MAX / 2));
                    loss += label ? nlsig[at] : nlsig[LUT_SIZE - at];
                    float g = lr * ((float)label - sigm[at]);
                    for (int c = 0; c < dim; c++) grad[c] += g * out[c];
                    for (int c = 0; c < dim; c++) out[c] += g * in[c];
                }
                for (int c = 0; c < dim; c++) in[c] += grad[c];
                npairs++;
            }
        }
        loss_all += loss;
        pairs_all += npairs;
        printf("epoch %d loss %.4f pairs %ld\n", epoch + 1, npairs ? loss / npairs : 0, npairs);
        fflush(stdout);
    }
    double secs = now_s() - t0;
    printf("train %.2f s, words/s %.0f, mean loss %.4f\n", secs,
           secs > 0 ? (double)ntok * epochs / secs : 0, pairs_all ? loss_all / pairs_all : 0);

    /* Quality: nearest neighbours of the probe words, and how close the
     * related pairs are (rank of one among the other's neighbours). */
    char *pw = malloc(strlen(probe) + 1);
    if (!pw) return 1;
    strcpy(pw, probe);
    for (char *t = strtok(pw, " "); t; t = strtok(NULL, " ")) print_neighbours(syn0, dim, t);
    free(pw);
    int npair = 0, hits = 0;
    double rr = 0;
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
        long a = find(pairs[i][0]), b = find(pairs[i][1]);
        if (a < 0 || b < 0) continue;
        long r = rank_of(syn0, dim, a, b);
        npair++;
        hits += r <= 10;
        rr += 1.0 / (double)r;
    }
    printf("related pairs %d, hits10 %d mrr %.4f\n", npair, hits, npair ? rr / npair : 0);
    free(corpus);
    free(keep);
    free(table);
    free(sigm);
    free(nlsig);
    free(syn0);
    free(syn1);
    free(hash_slot);
    free(vocab);
    free(text);
    return 0;
}
