/* Topic-count updates as in a collapsed Gibbs sampler for LDA, minus the
 * randomness: each token moves from its old topic to a new one picked from
 * a lookup table shipped with copyin. Word-topic and doc-topic counts are
 * nested rows of a typedef'd int64 (`count_t (*)[T]`), a token is a struct,
 * the loop (in a function of its own) runs `t <= ntok - 1` with `++t`, stop
 * words are skipped with `continue`, a static local in main sets the sweep
 * count, and an accumulate() counter tallies the moves. Integer updates
 * commute, so every process count must print the same bytes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define T 8
typedef int64_t count_t;
struct token { int doc, word, topic; };

long moves = 0;

static int pick(const int *lut, int doc, int word, int sweep)
{
    return lut[(doc * 31 + word * 7 + sweep * 13) & 255] % T;
}

static void sweep_tokens(struct token *tok, long ntok, count_t (*wt)[T], count_t (*dt)[T],
                         const int *lut, int sweep, int stop)
{
    #pragma strads async_for copyin(lut[0:256]) accumulate(moves)
    for (long t = 0; t <= ntok - 1; ++t) {
        struct token *k = &tok[t];
        if (k->word < stop)
            continue; /* stop words keep their topic */
        int nt = pick(lut, k->doc, k->word, sweep);
        /* Always touch the same rows, even when the topic stays: a plan is
         * reused across calls, so the rows a call touches must not depend
         * on values that change between calls (docs/guide.md). */
        moves += nt != k->topic;
        wt[k->word][k->topic]--;
        dt[k->doc][k->topic] -= 1;
        wt[k->word][nt]++;
        dt[k->doc][nt] += 1;
        k->topic = nt;
    }
}

int main(int argc, char **argv)
{
    static int sweeps = 4;
    long ndocs = argc > 1 ? atol(argv[1]) : 200, nwords = 150, per_doc = 40;
    long ntok = ndocs * per_doc;
    int *lut = malloc(256 * sizeof *lut);
    for (int i = 0; i < 256; i++)
        lut[i] = (i * 97 + 31) % 251;
    #pragma strads dvector
    struct token *tok = malloc((size_t)ntok * sizeof *tok);
    #pragma strads dvector
    count_t (*wt)[T] = calloc((size_t)nwords, sizeof *wt);
    #pragma strads dvector
    count_t (*dt)[T] = calloc((size_t)ndocs, sizeof *dt);
    for (long t = 0; t < ntok; t++) {
        tok[t].doc = (int)(t / per_doc);
        tok[t].word = (int)((t * 7919) % nwords);
        tok[t].topic = (int)(t % T);
        wt[tok[t].word][tok[t].topic]++;
        dt[tok[t].doc][tok[t].topic]++;
    }
    for (int s = 0; s < sweeps; s++) {
        sweep_tokens(tok, ntok, wt, dt, lut, s, 5);
        count_t top = 0, total = 0;
        for (long w = 0; w < nwords; w++)
            for (int k = 0; k < T; k++) {
                total += wt[w][k];
                if (wt[w][k] > top)
                    top = wt[w][k];
            }
        printf("sweep %d moves %ld total %lld top %lld doc0", s, moves, (long long)total,
               (long long)top);
        for (int k = 0; k < T; k++)
            printf(" %lld", (long long)dt[0][k]);
        printf("\n");
    }
    free(tok);
    free(wt);
    free(dt);
    free(lut);
    return 0;
}
// ARGS: 200
// TOL: 0
