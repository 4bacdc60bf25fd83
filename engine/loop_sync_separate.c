/*
 * engine/loop_sync_separate.c - whether a sync_for call's tasks are
 * separate: no task writes an element another task writes, and none reads
 * one another task writes.
 *
 * Then every model computes what the sequential loop computes (no task sees
 * another's change, and no change is combined with another), so the call
 * may run alone on the driver, in program order, without the emulation of
 * BSP's workers (loop_sync_alone.c), whose copies of the model at every
 * clock cost the stencils and blocked factorizations of users' programs
 * many times their work: stradsc cannot see that a 3-D stencil's
 * tOut[x + y * nx + z * nx * ny] has one writer, so without a verdict
 * their calls stay shared.
 *
 * The records say so. Each node checks its own tasks exactly, with a bitmap
 * of the elements they write, and describes them by bounds (per array, the
 * lowest and highest element its tasks write, and those they read but do
 * not write), and exactly, as bits, the arrays that fit SEP_BITS
 * elements together (fewer on many nodes: rank 0 gathers them); rank 0 takes the call as separate when every node's
 * tasks are and no node's bits or bounds meet another's writes (bounds are
 * conservative: interleaved blocks of two nodes count as meeting, so a
 * network layer's weights updated by column, each node its own columns,
 * need the bits). The driver keeps the verdict with
 * the input key the records were made for (loop_sync.c), as it keeps the
 * records themselves.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/loop_sync.h"

/* Bitmaps beyond this many elements cost more than the verdict is worth. */
#define SEP_MAX_N ((int64_t)1 << 28)
/* The exact description's bits: at most SEP_BITS a node (16 MB a map), and
 * what rank 0 gathers, two maps a node, at most SEP_GATHER bytes. */
#define SEP_BITS ((int64_t)1 << 27)
#define SEP_GATHER ((int64_t)1 << 28)

static bool bit(const uint64_t *m, int64_t e) { return m[e / 64] >> (e % 64) & 1; }
static void set_bit(uint64_t *m, int64_t e) { m[e / 64] |= UINT64_C(1) << (e % 64); }

static int64_t bits_limit(const call *c)
{
    int64_t by_gather = SEP_GATHER * 8 / 2 / (c->N > 0 ? c->N : 1);
    return by_gather < SEP_BITS ? by_gather : SEP_BITS;
}

/* Array a's first bit in rt__sep's bitmaps, or -1: the arrays a call
 * combines (neither only read nor the iterations' own), in order, while
 * they fit; every node finds the same for the same arrays. a = -1: the
 * bits of all that fit. */
static int64_t bits_at(const call *c, int a)
{
    int64_t at = 0, limit = bits_limit(c);
    for (int b = 0; b < c->narr && b < RT_SEP_ARRAYS; b++) {
        if ((c->arr[b].desc->flags & STRADS_ARRAY_READONLY) || c->arr[b].own) continue;
        int64_t n = c->arr[b].dv->n;
        if (at + n > limit) break;
        if (b == a) return at;
        at += n;
    }
    return a < 0 ? at : -1;
}

static size_t sep_words(const call *c) { return (size_t)(bits_at(c, -1) + 63) / 64; }

void rt__sync_sep_free(rt__sep *s)
{
    if (!s) return;
    free(s->bits);
    free(s);
}

/* Array a over this node's tasks: false when two tasks write one element or
 * a task reads one another writes; else its bounds in out. */
static bool array_separate(const call *c, int a, rt__sep *out)
{
    const dds_vec *dv = c->arr[a].dv;
    int64_t n = dv->n;
    if (n > SEP_MAX_N) return false;
    uint64_t *w = calloc((size_t)(n + 63) / 64, sizeof *w);
    if (!w) return false;
    bool ok = true;
    int64_t wlo = INT64_MAX, whi = -1, rlo = INT64_MAX, rhi = -1, at = bits_at(c, a);
    uint64_t *rbits = at >= 0 ? out->bits + sep_words(c) : NULL;
    for (int64_t k = 0; k < c->ntask && ok; k++) {
        const elist *l = &c->ts[k].wr[a];
        int64_t m = el_count(l, dv);
        for (int64_t j = 0; j < m && ok; j++) {
            int64_t e = rt__el_at(l, j);
            if (bit(w, e)) ok = false;
            set_bit(w, e);
            if (at >= 0) set_bit(out->bits, at + e);
            if (e < wlo) wlo = e;
            if (e > whi) whi = e;
        }
    }
    for (int64_t k = 0; k < c->ntask && ok; k++) {
        const elist *l = &c->ts[k].all[a], *own = &c->ts[k].wr[a];
        int64_t m = el_count(l, dv), mo = el_count(own, dv), o = 0;
        for (int64_t j = 0; j < m && ok; j++) {
            int64_t e = rt__el_at(l, j);
            /* both sorted: the task's own writes walked alongside */
            while (o < mo && rt__el_at(own, o) < e) o++;
            if (o < mo && rt__el_at(own, o) == e) continue;
            if (bit(w, e)) ok = false;
            if (rbits) set_bit(rbits, at + e);
            if (e < rlo) rlo = e;
            if (e > rhi) rhi = e;
        }
    }
    free(w);
    out->wlo[a] = wlo, out->whi[a] = whi, out->rlo[a] = rlo, out->rhi[a] = rhi;
    return ok;
}

void rt__sync_sep_local(const call *c, rt__sep *out)
{
    memset(out, 0, sizeof *out);
    out->narr = c->narr;
    out->ok = -1;
    if (!c->ts || c->narr > RT_SEP_ARRAYS) return;
    size_t words = sep_words(c);
    if (words && !(out->bits = calloc(2 * words, sizeof *out->bits))) return;
    out->ok = 0;
    for (int64_t k = 0; k < c->ntask; k++)
        if (c->ts[k].unlisted >= 0) return; /* an array the site does not list */
    for (int a = 0; a < c->narr; a++) {
        out->wlo[a] = out->rlo[a] = INT64_MAX;
        out->whi[a] = out->rhi[a] = -1;
        /* read only, or each iteration's own element: no other task's */
        if ((c->arr[a].desc->flags & STRADS_ARRAY_READONLY) || c->arr[a].own) continue;
        if (!array_separate(c, a, out)) return;
    }
    out->ok = 1;
}

/* Rank 0: the pages a separate call's tasks write, per array its bits
 * hold, kept for the driver, which runs such a call alone instead of the
 * tasks (want_sep 2): it opens them, as written, before it runs, so that
 * its stores do not fault on the coherence tracker's protection one page
 * at a time (Rodinia nw's wavefront at two processes: 230 faults a call,
 * 25 us each, for 16x16 blocks of work). */
typedef struct sep_pages {
    dds_vec *dv;
    uint64_t *pages;
} sep_pages;
static sep_pages written[RT_SEP_ARRAYS];
static int nwritten;

static void drop_written(void)
{
    for (int i = 0; i < nwritten; i++) free(written[i].pages);
    nwritten = 0;
}

static void keep_written(const call *c, const uint64_t *bits, size_t words)
{
    drop_written();
    size_t ps = dds_page_size();
    for (int a = 0; a < c->narr && a < RT_SEP_ARRAYS; a++) {
        int64_t at = bits_at(c, a);
        if (at < 0 || (c->arr[a].desc->flags & STRADS_ARRAY_READONLY) || c->arr[a].own) continue;
        dds_vec *dv = c->arr[a].dv;
        size_t np = ((size_t)dv->n * dv->elem + ps - 1) / ps;
        uint64_t *pg = calloc((np + 63) / 64, sizeof *pg);
        if (!pg) continue; /* its stores fault, as without */
        for (int64_t w0 = at / 64, w1 = (at + dv->n + 63) / 64, k = w0; k < w1 && (size_t)k < words; k++) {
            uint64_t any = 0;
            for (int r = 0; r < c->N; r++) any |= bits[(size_t)r * 2 * words + (size_t)k];
            while (any) {
                int64_t e = k * 64 + __builtin_ctzll(any) - at;
                any &= any - 1;
                if (e < 0 || e >= dv->n) continue;
                size_t p0 = (size_t)e * dv->elem / ps, p1 = ((size_t)e * dv->elem + dv->elem - 1) / ps;
                for (size_t p = p0; p <= p1 && p < np; p++) pg[p / 64] |= UINT64_C(1) << (p % 64);
            }
        }
        written[nwritten++] = (sep_pages){dv, pg};
    }
}

void rt__sync_sep_open_written(void)
{
    size_t ps = dds_page_size();
    for (int i = 0; i < nwritten; i++) {
        dds_vec *dv = written[i].dv;
        size_t np = ((size_t)dv->n * dv->elem + ps - 1) / ps;
        for (size_t p = 0; p < np;) {
            if (!(written[i].pages[p / 64] >> (p % 64) & 1)) {
                p++;
                continue;
            }
            size_t q = p;
            while (q < np && (written[i].pages[q / 64] >> (q % 64) & 1)) q++;
            size_t end = q * ps < dv->bytes ? q * ps : dv->bytes;
            dds_open_pages(dv, dv->base + p * ps, end - p * ps);
            p = q;
        }
    }
    drop_written();
}

/* Do [a, b] and [x, y] meet (an empty one, lo > hi, meets nothing)? */
static bool meet(int64_t a, int64_t b, int64_t x, int64_t y)
{
    return a <= b && x <= y && a <= y && x <= b;
}

int rt__sync_sep_agree(const call *c, const rt__sep *mine, int *separate)
{
    *separate = -1;
    if (c->N == 1) {
        *separate = mine->ok;
        return 0;
    }
    /* collective: every node takes part, whatever it found (a node
     * without bits sends zeros: it has no lists, and says so) */
    size_t words = sep_words(c), bytes = 2 * words * sizeof(uint64_t);
    rt__sep *all = c->me == 0 ? malloc((size_t)c->N * sizeof *all) : NULL;
    uint64_t *bits = c->me == 0 && words ? malloc((size_t)c->N * bytes) : NULL;
    uint64_t *zero = words && !mine->bits ? calloc(2 * words, sizeof *zero) : NULL;
    if ((c->me == 0 && (!all || (words && !bits))) || (words && !mine->bits && !zero))
        strads_fatal(STRADS_ENOMEM, "sync_for: the tasks' descriptions");
    int rc = strads_gather(mine, sizeof *mine, all);
    if (!rc && words) rc = strads_gather(mine->bits ? mine->bits : zero, bytes, bits);
    free(zero);
    if (rc || c->me != 0) {
        free(all);
        free(bits);
        return rc;
    }
    /* a node without lists says nothing; one with conflicts, no */
    int known = 1;
    bool ok = true;
    for (int r = 0; r < c->N; r++) {
        if (all[r].ok < 0 || all[r].narr != c->narr) known = 0;
        else if (!all[r].ok) ok = false;
    }
    /* the arrays in bits: no element written by two nodes, and none one
     * node reads that another writes (a node's reads exclude its writes) */
    for (size_t k = 0; k < words && ok && known; k++) {
        uint64_t wr = 0, rd = 0;
        for (int r = 0; r < c->N && ok; r++) {
            const uint64_t *b = bits + (size_t)r * 2 * words;
            ok = !(wr & b[k]);
            wr |= b[k];
            rd |= b[words + k];
        }
        ok = ok && !(wr & rd);
    }
    for (int a = 0; a < c->narr && ok && known; a++)
        for (int r = 0; r < c->N && ok && bits_at(c, a) < 0; r++)
            for (int s = 0; s < c->N && ok; s++)
                if (s != r && (meet(all[r].wlo[a], all[r].whi[a], all[s].wlo[a], all[s].whi[a]) ||
                               meet(all[r].rlo[a], all[r].rhi[a], all[s].wlo[a], all[s].whi[a])))
                    ok = false;
    drop_written();
    if (ok && known && c->h.want_sep == 2 && bits) keep_written(c, bits, words);
    free(all);
    free(bits);
    *separate = !ok ? 0 : known ? 1 : -1;
    return 0;
}
