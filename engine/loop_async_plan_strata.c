/*
 * engine/loop_async_plan_strata.c - one node, two written arrays: the strata
 * plan made while reconnaissance runs, with nothing kept per iteration but
 * its place in a chunked order (scheduler/chunk_order.c).
 *
 * Keeping 8 bytes of spans per iteration, then a 2-byte cell key, then an
 * 8-byte order would fault in 100 MB for SGD-MF's 10 M ratings (~2.5 ms a MB
 * in a VM), 15-20 % of an epoch on 2 threads. Instead:
 *   1. a sample of the iterations (runs of RUN evenly spread, 1/SAMPLE of
 *      them; all of a small loop) gives each written array's micro-block
 *      histogram, from which the threads' blocks are cut as the planner
 *      cuts them;
 *   2. the key pass: every thread runs the recon body over its whole chunks,
 *      and the recorder turns each iteration's span row (scratch, never
 *      stored) into its strata cell; at a chunk's end its keys are laid out
 *      as 2-byte offsets grouped by cell;
 *   3. when the cells show a block clearly above its share (skewed or
 *      periodic data the sample missed), a pass that only counts gives the
 *      exact histogram, and if exact cuts do clearly better the key pass
 *      runs again under them.
 * Anything the strata cannot serve (an iteration across two blocks, a
 * written array touched in less than half, a write the probe did not see)
 * leaves the plan to the span rows or to full records, as before.
 */
#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"
#include "engine/loop_async.h"

#define RUN 256     /* sampled iterations in a row */
#define SAMPLE 16   /* one iteration in SAMPLE is sampled (STRADS_RECON_SAMPLE) */
#define EXACT 65536 /* loops up to this many iterations sample all of them */
#define IDEAL 1.03  /* a block with more than this times its share sends for the exact counts */
#define SLACK 1.03  /* a sampled cut's worst block may be this much above the exact one's */

typedef struct part {
    rt_recon_spans sp;
    uint32_t *hist; /* [slot][micro-block] */
    int err;
} part;

typedef struct keys_job {
    const strads_loop_site *site;
    const void *env;
    int64_t lo, n; /* the loop */
    int T;
    const rt_recon_spans *proto;
    part *parts;
    uint32_t *hists; /* T x 2 x SCHED__MICRO */
    sched_corder *co;
    uint16_t *blk;   /* key pass: the cuts */
    bool exact;      /* sample pass: all iterations */
    int64_t runs;    /* or how many runs (at least 2) */
} keys_job;

/* hist: count the micro-block histogram (the key pass does not: its
 * random increments were a third of the recorder's time per iteration in
 * stradscc's reconnaissance of sgdmf.c) */
static void part_start(keys_job *j, int t, strads_recon *rc, bool hist)
{
    part *p = &j->parts[t];
    p->sp = *j->proto;
    p->hist = j->hists + (size_t)t * 2 * SCHED__MICRO;
    memset(p->hist, 0, 2 * SCHED__MICRO * sizeof *p->hist);
    p->sp.hist = hist ? p->hist : NULL;
    rt_recon_span_begin(rc, &p->sp, j->lo);
}

static void sample_task(void *arg, int64_t t, int thread)
{
    (void)thread;
    keys_job *j = arg;
    strads_recon rc;
    part_start(j, (int)t, &rc, true);
    if (j->exact) {
        rt_recon_run(j->site, j->env, &rc, NULL, j->lo + j->n * t / j->T, j->lo + j->n * (t + 1) / j->T);
        rt_recon_span_done(&rc);
    }
    int64_t r0 = j->runs * t / j->T, r1 = j->runs * (t + 1) / j->T;
    for (int64_t r = r0; r < r1 && !j->exact && !rc.err; r++) {
        int64_t a = (j->n - RUN) * r / (j->runs - 1);
        rt_recon_run(j->site, j->env, &rc, NULL, j->lo + a, j->lo + a + RUN);
        rt_recon_span_done(&rc);
    }
    j->parts[t].err = rc.err;
}

static void key_task(void *arg, int64_t t, int thread)
{
    (void)thread;
    keys_job *j = arg;
    strads_recon rc;
    part_start(j, (int)t, &rc, false);
    rt_recon_spans *sp = &j->parts[t].sp;
    uint8_t keys[SCHED_CHUNK];
    sp->keys = keys;
    sp->blk = j->blk;
    sp->B = j->T;
    sp->loop_first = j->lo;
    sp->loop_n = j->n;
    int64_t nc = j->co->nchunks, c0 = nc * t / j->T, c1 = nc * (t + 1) / j->T;
    for (int64_t c = c0; c < c1 && !rc.err && !sp->spans_blocks && !sp->miss; c++) {
        int64_t a = j->lo + c * SCHED_CHUNK, b = a + SCHED_CHUNK < j->lo + j->n ? a + SCHED_CHUNK : j->lo + j->n;
        sp->kfirst = a;
        rt_recon_run(j->site, j->env, &rc, NULL, a, b);
        rt_recon_span_done(&rc);
        /* An iteration that left its strata cell, missed or failed wrote no
         * key: the chunk's keys are not all set, and the pass falls back. */
        if (rc.err || sp->spans_blocks || sp->miss) break;
        sched_corder_chunk(j->co, c, keys);
    }
    sp->keys = NULL;
    j->parts[t].err = rc.err;
}

/* STRADS_RECON_SAMPLE: sample one iteration in k (1: all). */
static int sample_rate(int *k)
{
    *k = (int)rt_cfg()->recon_sample; /* checked at start: 1 to 1000000000 */
    return 0;
}

/* The sample pass's extent: every iteration of a small share (or with
 * STRADS_RECON_SAMPLE=1), else runs of RUN evenly spread. */
static int sample_setup(keys_job *j, rt__spans *sp)
{
    int rc = sample_rate(&sp->sample);
    if (rc) return rc;
    j->exact = j->n <= EXACT || sp->sample == 1;
    if (j->exact) sp->sample = 1;
    j->runs = j->n / ((int64_t)RUN * sp->sample);
    if (j->runs < 2) j->runs = 2;
    return 0;
}

/* The parts' verdicts and histograms merged (into hist); 0 when the plan
 * can go on, else why not (*fall: leave it to rows or records). */
static int merge(keys_job *j, bool sample, uint32_t *hist, uint16_t mlo[2], uint16_t mhi[2],
                 bool *fall, rt__spans *out)
{
    memset(hist, 0, 2 * SCHED__MICRO * sizeof *hist);
    mlo[0] = mlo[1] = 0xFFFF;
    mhi[0] = mhi[1] = 0;
    *fall = false;
    int rc = 0;
    for (int t = 0; t < j->T; t++) {
        const part *p = &j->parts[t];
        if (p->err && !rc) rc = p->err;
        *fall |= p->sp.miss || p->sp.spans_blocks;
        for (size_t k = 0; k < 2 * SCHED__MICRO; k++) hist[k] += p->hist[k];
        for (int s = 0; s < 2; s++) {
            if (p->sp.mlo[s] < mlo[s]) mlo[s] = p->sp.mlo[s];
            if (p->sp.mhi[s] > mhi[s]) mhi[s] = p->sp.mhi[s];
        }
        for (int q = 0; q < p->sp.nrep; q++) /* the small arrays read elsewhere, once each */
            *fall |= !rt_rep_add(out->rep, &out->nrep, p->sp.rep[q]);
        for (int q = 0; q < p->sp.nseen; q++) { /* the arrays it only reads, once each */
            uint32_t id = p->sp.seen[q];
            bool have = id == j->proto->id[0] || id == j->proto->id[1];
            for (int r = 0; r < j->proto->nr && !have; r++) have = id == j->proto->r[r].id;
            for (int x = 0; x < out->nro && !have; x++) have = out->ro[x] == id;
            if (!have && out->nro < SCHED_MAX_ARRAYS) out->ro[out->nro++] = id;
        }
    }
    /* as with span rows: a written array of which the loop touches less
     * than half would be cut too coarsely by whole-array micro-blocks (a
     * sample's range may fall short: only the key pass's counts) */
    for (int s = 0; s < 2 && !sample; s++)
        if (mlo[s] != 0xFFFF && 2 * (mhi[s] - mlo[s] + 1) < out->slots[s].nmb) *fall = true;
    return rc;
}

/* The most iterations of any block of blk, by the histogram. */
static int64_t worst_block(const sched__slot *slots, const uint32_t *hist, const uint16_t *blk,
                           int T)
{
    int64_t worst = 0, load[SCHED_CORDER_KEYS];
    for (int s = 0; s < 2; s++) {
        memset(load, 0, sizeof load);
        for (int m = 0; m < slots[s].nmb; m++)
            load[blk[s * SCHED__MICRO + m]] += hist[s * SCHED__MICRO + m];
        for (int q = 0; q < T; q++) worst = load[q] > worst ? load[q] : worst;
    }
    return worst;
}

/* The most iterations any block has under the cuts the key pass used:
 * worker a's block of slot 0 runs the cells (r, a), slot 1's block y the
 * cells with (a + r) mod T = y. */
static int64_t worst_cut(const sched_corder *co, int T)
{
    int64_t worst = 0, load[2][SCHED_CORDER_KEYS];
    memset(load, 0, sizeof load);
    for (int r = 0; r < T; r++)
        for (int a = 0; a < T; a++) {
            int64_t c = sched_corder_count(co, r * T + a);
            load[0][a] += c;
            load[1][(a + r) % T] += c;
        }
    for (int q = 0; q < T; q++) {
        worst = load[0][q] > worst ? load[0][q] : worst;
        worst = load[1][q] > worst ? load[1][q] : worst;
    }
    return worst;
}

/* The node plan: one round of T sub-rounds; cell (s, t) is key s * T + t. */
static int make_plan(const call_hdr *h, uint64_t site_id, const rt__spans *sp, sched_corder *co,
                     node_plan **out, double *imbalance)
{
    int T = h->threads;
    node_plan *np = calloc(1, sizeof *np);
    if (!np) return STRADS_ENOMEM;
    *np = (node_plan){.site_id = site_id, .begin = h->begin, .end = h->end, .threads = T,
                      .rounds = 1, .subrounds = T, .norder = co->n, .nwritten = 2};
    np->written = malloc(RT_GROUP_ARRAYS * sizeof *np->written);
    np->locked = calloc(1, 1);
    np->cells = calloc((size_t)T * (size_t)T, sizeof *np->cells);
    np->corder = malloc(sizeof *np->corder);
    if (!np->written || !np->locked || !np->cells || !np->corder) {
        rt__node_plan_free(np);
        return STRADS_ENOMEM;
    }
    *np->corder = *co;
    memset(co, 0, sizeof *co);
    uint32_t a = sp->slots[0].id, b = sp->slots[1].id;
    np->written[0] = a < b ? a : b;
    np->written[1] = a < b ? b : a;
    if (sp->pair) { /* the arrays whose parts the slots are, sorted */
        np->nwritten = sp->nw;
        for (int x = 0; x < sp->nw; x++) {
            int q = x;
            for (; q > 0 && np->written[q - 1] > sp->wid[x]; q--) np->written[q] = np->written[q - 1];
            np->written[q] = sp->wid[x];
        }
    }
    int64_t at = 0;
    double crit = 0;
    for (int s = 0; s < T; s++) {
        int64_t most = 0;
        for (int t = 0; t < T; t++) {
            int64_t len = sched_corder_count(np->corder, s * T + t);
            np->cells[s * T + t] = (sched_cell){at, len};
            at += len;
            most = len > most ? len : most;
        }
        crit += (double)most;
    }
    *imbalance = np->norder ? crit / ((double)np->norder / T) : 1.0;
    *out = np;
    return 0;
}

int rt__keys_plan(const strads_loop_site *site, const void *env, const call_hdr *h,
                  const rt_recon_spans *proto, rt__spans *sp)
{
    int T = h->threads;
    int64_t n = sp->hi - sp->lo;
    keys_job j = {site, env, sp->lo, n, T, proto, calloc((size_t)T, sizeof *j.parts),
                  malloc((size_t)T * 2 * SCHED__MICRO * sizeof *j.hists), NULL, NULL, false, 0};
    uint32_t *hist = malloc(2 * SCHED__MICRO * sizeof *hist);
    uint16_t *blk = malloc(2 * SCHED__MICRO * sizeof *blk), *exact = malloc(2 * SCHED__MICRO * sizeof *exact);
    sched_corder co = {0};
    int rc = j.parts && j.hists && hist && blk && exact ? 0 : STRADS_ENOMEM;
    uint16_t mlo[2], mhi[2];
    bool fall = false;
    /* 1: the sample and the cuts from it */
    if (!rc) rc = sample_setup(&j, sp);
    if (!rc) rc = rt_pool_run(T, sample_task, &j);
    if (!rc) rc = merge(&j, true, hist, mlo, mhi, &fall, sp);
    if (!rc && !fall) rc = sched_span_thread_blocks(sp->slots, 2, hist, T, blk);
    /* 2: the key pass */
    if (!rc && !fall) rc = sched_corder_init(&co, sp->lo, n, T * T);
    j.co = &co;
    j.blk = blk;
    if (!rc && !fall && !(rc = rt_pool_run(T, key_task, &j)))
        rc = merge(&j, false, hist, mlo, mhi, &fall, sp);
    /* 3: a sampled cut that left some block clearly above its share: the
     * exact histogram (a pass that only counts) says whether exact cuts do
     * better (skewed data may allow no better), and if so the key pass
     * runs again under them */
    if (!rc && !fall && !j.exact && (double)worst_cut(&co, T) > IDEAL * (double)n / T) {
        uint16_t xlo[2], xhi[2];
        j.exact = true;
        if (!(rc = rt_pool_run(T, sample_task, &j)) && !(rc = merge(&j, true, hist, xlo, xhi, &fall, sp)))
            rc = sched_span_thread_blocks(sp->slots, 2, hist, T, exact);
        if (!rc && !fall &&
            (double)worst_block(sp->slots, hist, blk, T) > SLACK * (double)worst_block(sp->slots, hist, exact, T)) {
            j.blk = exact;
            sp->recut = true;
            if (!(rc = rt_pool_run(T, key_task, &j))) rc = merge(&j, false, hist, mlo, mhi, &fall, sp);
        }
    }
    if (!rc && !fall) {
        memcpy(sp->mlo, mlo, sizeof mlo);
        memcpy(sp->mhi, mhi, sizeof mhi);
        rc = make_plan(h, site->id, sp, &co, &sp->keyed, &sp->imbalance);
    }
    sched_corder_free(&co);
    free(j.parts);
    free(j.hists);
    free(hist);
    free(blk);
    free(exact);
    return rc;
}

/* ---- several nodes, one thread each (loop_async_plan_spans_nodes.c) ---- */

int rt__keys_sample(const strads_loop_site *site, const void *env, const rt_recon_spans *proto,
                    rt__spans *sp)
{
    int64_t n = sp->hi - sp->lo;
    keys_job j = {site, env, sp->lo, n, 1, proto, calloc(1, sizeof *j.parts),
                  malloc(2 * SCHED__MICRO * sizeof *j.hists), NULL, NULL, false, 0};
    uint32_t *hist = malloc(2 * SCHED__MICRO * sizeof *hist);
    int rc = j.parts && j.hists && hist ? sample_setup(&j, sp) : STRADS_ENOMEM;
    uint16_t mlo[2], mhi[2];
    bool fall = false;
    if (!rc) rc = rt_pool_run(1, sample_task, &j);
    if (!rc) rc = merge(&j, true, hist, mlo, mhi, &fall, sp);
    free(j.parts);
    free(j.hists);
    if (rc || fall) {
        free(hist);
        return rc; /* sp->ns stays 0: full records */
    }
    memcpy(sp->mlo, mlo, sizeof mlo);
    memcpy(sp->mhi, mhi, sizeof mhi);
    sp->hist = hist;
    sp->ns = 2;
    return 0;
}

int rt__keys_share(const rt__spans *sp, const uint16_t *blk, int B, int64_t loop_first,
                   int64_t loop_n, const uint32_t *rep, int nrep, rt__gaps_w *streams,
                   uint64_t *maps, size_t mapw, size_t mapw0, bool *fall)
{
    /* one thread a node: the pass runs here, on the node-function thread */
    rt_recon_spans rs = sp->proto;
    memcpy(rs.rep, rep, (size_t)nrep * sizeof *rep);
    rs.nrep = nrep;
    rs.rep_fixed = true;
    rs.hist = NULL; /* the blocks are cut: no histogram */
    rs.streams = streams;
    rs.kfirst = sp->lo;
    rs.blk = blk;
    rs.B = B;
    rs.loop_first = loop_first;
    rs.loop_n = loop_n;
    rs.maps = maps;
    rs.mapw = mapw;
    rs.mapw0 = mapw0;
    strads_recon rc;
    rt_recon_span_begin(&rc, &rs, sp->lo);
    rt_recon_run(sp->site, sp->env, &rc, NULL, sp->lo, sp->hi);
    rt_recon_span_done(&rc);
    *fall = rs.spans_blocks || rs.miss;
    return rc.err;
}

int rt__plan_order(const node_plan *np, int64_t *order)
{
    if (np->segs) {
        int64_t at = 0;
        for (int64_t k = 0; k < (int64_t)np->rounds * np->nsegs; k++) {
            rt__gaps_r rd;
            rt__gaps_open(&rd, np->segs[k].gaps);
            for (int64_t q = 0; q < np->segs[k].n; q++) order[at++] = np->segs[k].base + rt__gaps_next(&rd);
        }
        return at == np->norder ? 0 : STRADS_EPROTO;
    }
    if (!np->corder) {
        memcpy(order, np->order, (size_t)np->norder * sizeof *order);
        return 0;
    }
    sched_cell *cells = malloc((size_t)np->corder->nkeys * sizeof *cells);
    int rc = cells ? sched_corder_expand(np->corder, order, cells) : STRADS_ENOMEM;
    free(cells);
    return rc;
}
