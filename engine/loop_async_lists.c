/*
 * engine/loop_async_lists.c - rank 0 cuts a plan into the nodes' parts:
 * each node's iterations per round, sub-round and thread, and per round the
 * elements it fetches (owned elsewhere) and writes back (written), the lock
 * stripes of locked rounds and, in verify mode, the planned records.
 *
 * The element lists come from bitmaps, one per touched array and cell (a
 * round of a node), so they are sorted and unique by a scan instead of a
 * sort. The bitmaps are filled in one pass over the records in iteration
 * order: a plan's cells pick their iterations all over the records, and
 * walking them once per cell read every record nodes x rounds times from
 * memory (extraction is memory-bound: 13 % of an SGD-MF epoch on rank 0
 * with two nodes that way, 10 % in one pass). When the bitmaps of all
 * cells would be too large, the cells go in batches, a pass per batch.
 */
#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"
#include "engine/loop_async.h"

/* Accesses by (array, element), then reads before writes. */
static int by_key(const void *a, const void *b)
{
    sched_acc x = *(const sched_acc *)a, y = *(const sched_acc *)b;
    if (SCHED_ACC_KEY(x) != SCHED_ACC_KEY(y)) return SCHED_ACC_KEY(x) < SCHED_ACC_KEY(y) ? -1 : 1;
    return SCHED_ACC_WRITE(x) - SCHED_ACC_WRITE(y);
}

/* Bitmaps of one batch of cells stay below this. */
#define BITMAP_BUDGET ((size_t)64 << 20)

/* An array's bitmaps: one per cell of the batch, words each. */
typedef struct touch_arr {
    uint32_t id;
    dds_vec *dv; /* NULL: an array this node does not know, left out */
    size_t words;
    uint64_t *all, *wr;
} touch_arr;

/* Every node's lists for every round, [round * nodes + node], taken over
 * by the node plans. */
struct rt__touch_map {
    size_t cells;
    uint64_t **fetch, **wb;
    int64_t *nfetch, *nwb;
};

rt__touch_map *rt__touch_new(void)
{
    return calloc(1, sizeof(rt__touch_map));
}

void rt__touch_free(rt__touch_map *tm)
{
    if (!tm) return;
    for (size_t c = 0; c < tm->cells; c++) { /* lists no node plan took (a failure) */
        free(tm->fetch[c]);
        free(tm->wb[c]);
    }
    free(tm->fetch);
    free(tm->wb);
    free(tm->nfetch);
    free(tm->nwb);
    free(tm);
}

/* Collects set bits of map (clearing them) into keys; when skip_owned, the
 * elements node owns are left out. */
static size_t collect(const touch_arr *ta, uint64_t *map, int node, bool skip_owned, uint64_t *keys)
{
    dds_vec *dv = ta->dv;
    size_t words = ta->words, n = 0;
    for (size_t w = 0; w < words; w++) {
        uint64_t bits = map[w];
        if (!bits) continue;
        map[w] = 0;
        while (bits) {
            int64_t e = (int64_t)(w * 64 + (size_t)__builtin_ctzll(bits));
            bits &= bits - 1;
            if (skip_owned && dds_owns(dv, e, node)) continue;
            keys[n++] = SCHED_ACC_KEY(SCHED_ACC(ta->id, e, 0));
        }
    }
    return n;
}

/* Which cell (round * nodes + node) runs each iteration; UINT32_MAX: none. */
static uint32_t *cells_of_iterations(const sched_plan *p, const sched_records *rec)
{
    uint32_t *cell_of = malloc((size_t)(rec->n ? rec->n : 1) * sizeof *cell_of);
    if (!cell_of) return NULL;
    memset(cell_of, 0xFF, (size_t)rec->n * sizeof *cell_of);
    for (int r = 0; r < p->rounds; r++)
        for (int node = 0; node < p->nodes; node++)
            for (int s = 0; s < p->subrounds; s++)
                for (int t = 0; t < p->threads; t++) {
                    const sched_cell *c = sched_cell_at(p, r, node, s, t);
                    for (int64_t i = c->start; i < c->start + c->len; i++)
                        cell_of[p->order[i] - rec->first] = (uint32_t)r * (uint32_t)p->nodes + (uint32_t)node;
                }
    return cell_of;
}

/* Sets the bits of the accesses of cells [c0, c0 + nb) in their bitmaps,
 * walking the records in iteration order; counts the new bits per cell. */
static void mark(const sched_records *rec, const uint32_t *cell_of, size_t c0, size_t nb,
                 touch_arr *arr, int64_t *na, int64_t *nw)
{
    for (int64_t k = 0; k < rec->n; k++) {
        size_t c = cell_of[k];
        if (c - c0 >= nb) continue; /* another batch's, or no cell (wraps) */
        for (int64_t j = rec->off[k]; j < rec->off[k + 1]; j++) {
            sched_acc a = rec->acc[j];
            int x = rec->array_of[SCHED_ACC_DV(a)] - 1;
            uint64_t e = (uint64_t)SCHED_ACC_ELEM(a);
            if (x < 0 || !arr[x].dv || e >= (uint64_t)arr[x].dv->n) continue;
            size_t w = (c - c0) * arr[x].words + e / 64;
            uint64_t bit = UINT64_C(1) << (e % 64);
            na[c] += !(arr[x].all[w] & bit);
            arr[x].all[w] |= bit;
            if (SCHED_ACC_WRITE(a)) {
                nw[c] += !(arr[x].wr[w] & bit);
                arr[x].wr[w] |= bit;
            }
        }
    }
}

/* Cell c's lists from its bitmaps (clearing them for the next batch);
 * ord: the arrays in id order, so that the keys come out sorted. */
static int cell_lists(rt__touch_map *tm, const sched_plan *p, size_t c, size_t slot,
                      touch_arr *arr, const int *ord, int narr)
{
    int node = (int)(c % (size_t)p->nodes);
    tm->fetch[c] = malloc((size_t)(tm->nfetch[c] ? tm->nfetch[c] : 1) * sizeof **tm->fetch);
    tm->wb[c] = malloc((size_t)(tm->nwb[c] ? tm->nwb[c] : 1) * sizeof **tm->wb);
    if (!tm->fetch[c] || !tm->wb[c]) return STRADS_ENOMEM;
    size_t fa = 0, fw = 0;
    for (int q = 0; q < narr; q++) {
        touch_arr *a = &arr[ord[q]];
        if (!a->dv) continue;
        fa += collect(a, a->all + slot * a->words, node, true, tm->fetch[c] + fa);
        fw += collect(a, a->wr + slot * a->words, node, false, tm->wb[c] + fw);
    }
    tm->nfetch[c] = (int64_t)fa;
    tm->nwb[c] = (int64_t)fw;
    return 0;
}

int rt__touch_prepare(rt__touch_map *tm, const sched_plan *p, const sched_records *rec)
{
    if (p->nodes == 1 || tm->cells) return 0; /* one node keeps everything at home */
    size_t cells = (size_t)p->rounds * (size_t)p->nodes, per_cell = 16;
    touch_arr arr[SCHED_MAX_ARRAYS] = {0};
    for (int x = 0; x < rec->narrays; x++) {
        dds_vec *dv = dds_vec_by_id(rec->arrays[x].id);
        arr[x].id = rec->arrays[x].id;
        arr[x].dv = dv;
        arr[x].words = dv ? (size_t)(dv->n + 63) / 64 : 0;
        per_cell += 2 * arr[x].words * 8;
    }
    size_t batch = BITMAP_BUDGET / per_cell;
    if (batch < 1) batch = 1;
    if (batch > cells) batch = cells;
    tm->fetch = calloc(cells + 1, sizeof *tm->fetch);
    tm->wb = calloc(cells + 1, sizeof *tm->wb);
    tm->nfetch = calloc(cells + 1, sizeof *tm->nfetch);
    tm->nwb = calloc(cells + 1, sizeof *tm->nwb);
    int rc = tm->fetch && tm->wb && tm->nfetch && tm->nwb ? 0 : STRADS_ENOMEM;
    if (!rc) tm->cells = cells; /* from here rt__touch_free frees the lists */
    for (int x = 0; x < rec->narrays && !rc; x++) {
        if (!arr[x].dv) continue;
        arr[x].all = calloc(batch * arr[x].words + 1, 8);
        arr[x].wr = calloc(batch * arr[x].words + 1, 8);
        if (!arr[x].all || !arr[x].wr) rc = STRADS_ENOMEM;
    }
    uint32_t *cell_of = rc ? NULL : cells_of_iterations(p, rec);
    if (!rc && !cell_of) rc = STRADS_ENOMEM;
    int ord[SCHED_MAX_ARRAYS];
    for (int k = 0; k < rec->narrays; k++) {
        int q = k;
        for (; q > 0 && arr[ord[q - 1]].id > arr[k].id; q--) ord[q] = ord[q - 1];
        ord[q] = k;
    }
    for (size_t c0 = 0; c0 < cells && !rc; c0 += batch) {
        size_t nb = cells - c0 < batch ? cells - c0 : batch;
        mark(rec, cell_of, c0, nb, arr, tm->nfetch, tm->nwb);
        for (size_t c = c0; c < c0 + nb && !rc; c++)
            rc = cell_lists(tm, p, c, c - c0, arr, ord, rec->narrays);
    }
    for (int x = 0; x < rec->narrays; x++) {
        free(arr[x].all);
        free(arr[x].wr);
    }
    free(cell_of);
    return rc;
}

/* Takes the lists of node's round r over from tm. */
static int round_keys(const sched_plan *p, int r, int node, rt__touch_map *tm, uint64_t **fetch,
                      int64_t *nfetch, uint64_t **wb, int64_t *nwb)
{
    size_t c = (size_t)r * (size_t)p->nodes + (size_t)node;
    if (c >= tm->cells) return STRADS_EINVAL; /* rt__touch_prepare did not run */
    *fetch = tm->fetch[c];
    *wb = tm->wb[c];
    *nfetch = tm->nfetch[c];
    *nwb = tm->nwb[c];
    tm->fetch[c] = tm->wb[c] = NULL;
    return 0;
}

/* The lock stripes of the positions in np's locked rounds. */
static int lock_lists(node_plan *np, const sched_records *rec)
{
    bool any = false;
    for (int r = 0; r < np->rounds; r++) any |= np->locked[r];
    if (!any) return 0;
    uint8_t *want = calloc((size_t)np->norder + 1, 1);
    if (!want) return STRADS_ENOMEM;
    for (int r = 0; r < np->rounds; r++) {
        if (!np->locked[r]) continue;
        const sched_cell *c = &np->cells[(size_t)r * (size_t)np->subrounds * (size_t)np->threads];
        const sched_cell *e = c + (size_t)np->subrounds * (size_t)np->threads - 1;
        memset(want + c->start, 1, (size_t)(e->start + e->len - c->start));
    }
    int rc = rt__lock_lists(np->order, np->norder, want, rec, np->written, np->nwritten, &np->loff,
                            &np->lstripe);
    free(want);
    return rc;
}

int rt__extract(const sched_plan *p, const sched_records *rec, int node, const call_hdr *h,
                uint64_t site_id, rt__touch_map *tm, const uint32_t *written, int64_t nwritten,
                node_plan **out)
{
    node_plan *np = calloc(1, sizeof *np);
    if (!np) return STRADS_ENOMEM;
    np->written = malloc((size_t)(nwritten ? nwritten : 1) * sizeof *np->written);
    if (!np->written) {
        free(np);
        return STRADS_ENOMEM;
    }
    memcpy(np->written, written, (size_t)nwritten * sizeof *written);
    np->nwritten = nwritten;
    np->site_id = site_id;
    np->begin = h->begin;
    np->end = h->end;
    np->threads = p->threads;
    np->rounds = p->rounds;
    np->subrounds = p->subrounds;
    size_t ncells = (size_t)p->rounds * (size_t)p->subrounds * (size_t)p->threads;
    np->cells = calloc(ncells ? ncells : 1, sizeof *np->cells);
    np->fetch = calloc((size_t)p->rounds, sizeof *np->fetch);
    np->wb = calloc((size_t)p->rounds, sizeof *np->wb);
    np->nfetch = calloc((size_t)p->rounds, sizeof *np->nfetch);
    np->nwb = calloc((size_t)p->rounds, sizeof *np->nwb);
    np->locked = calloc((size_t)p->rounds, 1);
    for (int r = 0; r < p->rounds && np->locked; r++) {
        np->locked[r] = p->locked[(size_t)r * (size_t)p->nodes + (size_t)node];
        for (int q = 0; q < p->nodes; q++)
            np->any_locked |= p->locked[(size_t)r * (size_t)p->nodes + (size_t)q];
    }
    int64_t total = 0;
    for (int r = 0; r < p->rounds; r++)
        for (int s = 0; s < p->subrounds; s++)
            for (int t = 0; t < p->threads; t++) total += sched_cell_at(p, r, node, s, t)->len;
    np->order = malloc((size_t)(total ? total : 1) * sizeof *np->order);
    if (!np->cells || !np->fetch || !np->wb || !np->nfetch || !np->nwb || !np->order || !np->locked) {
        rt__node_plan_free(np);
        return STRADS_ENOMEM;
    }
    int64_t at = 0;
    size_t ci = 0;
    for (int r = 0; r < p->rounds; r++) {
        for (int s = 0; s < p->subrounds; s++)
            for (int t = 0; t < p->threads; t++) {
                const sched_cell *c = sched_cell_at(p, r, node, s, t);
                np->cells[ci++] = (sched_cell){at, c->len};
                memcpy(np->order + at, p->order + c->start, (size_t)c->len * sizeof *np->order);
                at += c->len;
            }
        /* one node keeps everything at home: nothing to fetch or write back */
        int rc = p->nodes == 1 ? 0 : round_keys(p, r, node, tm, &np->fetch[r], &np->nfetch[r],
                                                &np->wb[r], &np->nwb[r]);
        if (rc) {
            rt__node_plan_free(np);
            return rc;
        }
    }
    np->norder = total;
    int rc = lock_lists(np, rec);
    if (rc) {
        rt__node_plan_free(np);
        return rc;
    }
    if (rt__async_verify_mode()) {
        size_t nacc = 0;
        for (int64_t i = 0; i < total; i++) {
            int64_t k = np->order[i] - rec->first;
            nacc += (size_t)(rec->off[k + 1] - rec->off[k]);
        }
        np->voff = malloc((size_t)(total + 1) * sizeof *np->voff);
        np->vacc = malloc((nacc ? nacc : 1) * sizeof *np->vacc);
        if (!np->voff || !np->vacc) {
            rt__node_plan_free(np);
            return STRADS_ENOMEM;
        }
        size_t at = 0;
        for (int64_t i = 0; i < total; i++) {
            int64_t k = np->order[i] - rec->first;
            np->voff[i] = (int64_t)at;
            size_t c = (size_t)(rec->off[k + 1] - rec->off[k]);
            memcpy(np->vacc + at, rec->acc + rec->off[k], c * sizeof *np->vacc);
            /* by element, for verify mode's search (a search along the list
             * per access was quadratic: 117 s for a 0.6 s SGD) */
            qsort(np->vacc + at, c, sizeof *np->vacc, by_key);
            at += c;
        }
        np->voff[total] = (int64_t)at;
    }
    *out = np;
    return 0;
}

