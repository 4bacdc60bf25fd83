/*
 * scheduler/chunk_order.c - a plan's order kept chunk by chunk.
 *
 * A plan's order as absolute iteration numbers is 8 bytes per iteration,
 * and fresh memory is what planning mostly cost in a VM (~2.5 ms per MB to
 * fault in: SGD-MF's 10 M ratings, 80 MB of order). Cut into chunks of
 * SCHED_CHUNK iterations, each chunk holds its iterations grouped by cell
 * key as 2-byte offsets, with where each key's run starts: 2 bytes per
 * iteration, written chunk by chunk while reconnaissance runs (a chunk's
 * keys are in cache), and no pass over the whole loop afterwards. A cell's
 * iterations are its runs in chunk order: the original order, as a stable
 * counting sort keeps it.
 */
#include <stdlib.h>
#include <string.h>

#include "scheduler/sched.h"
#include "strads.h"

int sched_corder_init(sched_corder *co, int64_t first, int64_t n, int nkeys)
{
    memset(co, 0, sizeof *co);
    if (n < 0 || nkeys < 1 || nkeys > SCHED_CORDER_KEYS) return STRADS_EINVAL;
    co->first = first;
    co->n = n;
    co->nkeys = nkeys;
    co->nchunks = (n + SCHED_CHUNK - 1) / SCHED_CHUNK;
    co->off = malloc(((size_t)n + 1) * sizeof *co->off);
    co->tab = malloc(((size_t)co->nchunks * (size_t)(nkeys + 1) + 1) * sizeof *co->tab);
    if (co->off && co->tab) return 0;
    sched_corder_free(co);
    return STRADS_ENOMEM;
}

void sched_corder_free(sched_corder *co)
{
    free(co->off);
    free(co->tab);
    co->off = NULL;
    co->tab = NULL;
}

void sched_corder_chunk(sched_corder *co, int64_t c, const uint8_t *key)
{
    int64_t lo = c * SCHED_CHUNK, len = co->n - lo < SCHED_CHUNK ? co->n - lo : SCHED_CHUNK;
    uint16_t *tab = co->tab + (size_t)c * (size_t)(co->nkeys + 1), *off = co->off + lo;
    uint16_t at[SCHED_CORDER_KEYS + 1];
    memset(at, 0, (size_t)(co->nkeys + 1) * sizeof *at);
    for (int64_t k = 0; k < len; k++) at[key[k] + 1]++;
    for (int k = 0; k < co->nkeys; k++) at[k + 1] += at[k];
    memcpy(tab, at, (size_t)(co->nkeys + 1) * sizeof *tab);
    for (int64_t k = 0; k < len; k++) off[at[key[k]]++] = (uint16_t)k;
}

int64_t sched_corder_count(const sched_corder *co, int key)
{
    int64_t n = 0;
    for (int64_t c = 0; c < co->nchunks; c++) {
        const uint16_t *tab = co->tab + (size_t)c * (size_t)(co->nkeys + 1);
        n += tab[key + 1] - tab[key];
    }
    return n;
}

int64_t sched_corder_next(const sched_corder *co, int key, sched_corder_cursor *cur, int64_t *idx,
                          int64_t max)
{
    int64_t m = 0;
    while (m < max && cur->chunk < co->nchunks) {
        const uint16_t *tab = co->tab + (size_t)cur->chunk * (size_t)(co->nkeys + 1);
        if (cur->pos < tab[key]) cur->pos = tab[key];
        int64_t base = co->first + cur->chunk * SCHED_CHUNK;
        const uint16_t *off = co->off + cur->chunk * SCHED_CHUNK;
        while (m < max && cur->pos < tab[key + 1]) idx[m++] = base + off[cur->pos++];
        if (cur->pos >= tab[key + 1]) {
            cur->chunk++;
            cur->pos = 0;
        }
    }
    return m;
}

int sched_corder_expand(const sched_corder *co, int64_t *order, sched_cell *cells)
{
    int64_t at = 0;
    for (int k = 0; k < co->nkeys; k++) {
        sched_corder_cursor cur = {0, 0};
        int64_t start = at, m;
        while ((m = sched_corder_next(co, k, &cur, order + at, co->n - at)) > 0) at += m;
        cells[k] = (sched_cell){start, at - start};
    }
    return at == co->n ? 0 : STRADS_EPROTO;
}
