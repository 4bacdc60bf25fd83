/*
 * engine/loop_sync_recon.c - reconnaissance for sync_for: what each task
 * of a call touches (per array all accesses and writes, and every key for
 * prefetch), run once per site and range on the pool and kept, like
 * async_for's plan, while the range, minibatch, threads and arrays stay the
 * same (STRADS_RECON_EVERY=k redoes it every k calls).
 *
 * A worker node's share may read indices that other nodes own (CSR row
 * pointers, edge lists), which its mapping holds as zeros or an old copy;
 * so, as async_for does, the records of the whole share go through
 * rt_recon_fetch_reads (recon.c) before they become task sets, and so do
 * the records of the splits loop_sync_iter.c asks for (rt__sync_recon_range).
 *
 * A small array the loop only reads and whose elements many iterations
 * read (k-means' centroids; not an input read row by row) is fetched
 * whole by every node instead (pick_whole, from a pilot of the share): a
 * point read all 800 centroid values, and recording them took 6 s of a
 * 2-node first call for 200,000 points where the loop runs in 0.15 s. Its
 * reads go unrecorded, so no task lists it; the node fetches it whole
 * before reconnaissance, whose other accesses its values may steer (a CSR
 * row pointer), and at the first clock of every call (loop_sync.c's
 * refresh). A-BSP's splits keep every record: their keys price a move.
 *
 * Threads: the node-function thread owns the cache and fetches; recon tasks
 * run on the pool and write only their own task's records and set.
 */
#include <math.h>
#include <stdio.h>

#include <string.h>

#include "engine/loop_sync.h"
#include "core/trace.h"

/* A node's reconnaissance of one site, kept for the next calls. */
typedef struct tcache {
    uint64_t site_id;
    int64_t begin, end, mb;
    int T, narr;
    uint32_t ids[64];     /* the arrays the lists are for */
    int64_t n[64];        /* their lengths and element sizes: another array of */
    size_t elem[64];      /* the same shape in a slot keeps the lists */
    uint64_t whole;       /* those that no list holds: fetched whole (bit per array) */
    tset *ts;             /* NULL: one node needs no lists (needs_none) */
    rt__sep *sep;         /* the lists described (loop_sync_separate.c), with ts */
    int64_t ntask;
    int64_t uses;         /* calls these served: the next records' expected life */
    struct tcache *next;
} tcache;
static tcache *tcaches; /* the node-function thread only */

typedef struct recon_job {
    call *c;
    sched_records *recs; /* [ntask] each task's records, or NULL once merged */
    sched_records *all;  /* the share's records when merged, or NULL */
    int err;
} recon_job;

static void tset_free(tset *s, int narr)
{
    for (int a = 0; a < narr; a++) {
        if (s->all) free(s->all[a].idx);
        if (s->wr) free(s->wr[a].idx);
    }
    free(s->all);
    free(s->wr);
    free(s->keys);
}

/* Elements of array id among sorted keys, into l. */
static int keys_to_list(const uint64_t *keys, int64_t n, uint32_t id, elist *l)
{
    int64_t a = 0;
    while (a < n && SCHED_ACC_DV(keys[a]) < id) a++;
    int64_t b = a;
    while (b < n && SCHED_ACC_DV(keys[b]) == id) b++;
    l->all = 0;
    l->n = b - a;
    l->idx = malloc((size_t)(l->n ? l->n : 1) * sizeof *l->idx);
    if (!l->idx) return STRADS_ENOMEM;
    for (int64_t j = a; j < b; j++) l->idx[j - a] = SCHED_ACC_ELEM(keys[j]);
    return 0;
}

/* Records what iterations [lo, hi) of c touch into *out (overwritten),
 * the reads of whole arrays left out when skip; with seen (SCHED_SEEN
 * words), an access an earlier iteration recorded is not repeated. */
static int record_ex(call *c, int64_t lo, int64_t hi, sched_records *out, int skip, uint64_t *seen)
{
    strads_recon rc;
    rt_recon_init(&rc, lo);
    rc.sync = true;
    rc.seen = seen;
    rc.seen_owned = c->N > 1 && c->me != 0;
    /* and on one node those of the arrays only read: nothing is fetched
     * there, nothing replicated, and the verdict on separate tasks leaves
     * them out (a stencil's input read through index arrays recorded 5
     * accesses an iteration where one mattered: 1 s for 30 ms of work) */
    for (int a = 0; a < c->narr && rc.nskip < RT_RECON_SKIP && skip; a++)
        if (c->arr[a].whole || (c->N == 1 && (c->arr[a].desc->flags & STRADS_ARRAY_READONLY)))
            rc.skip[rc.nskip++] = c->arr[a].dv->id;
    rt_recon_run(c->site, c->env, &rc, NULL, lo, hi);
    *out = rc.rec;
    return rc.err ? rc.err : sched_rec_finish(out);
}

static int record(call *c, int64_t lo, int64_t hi, sched_records *out)
{
    return record_ex(c, lo, hi, out, 1, NULL);
}

/* Pool task k: records what task k touches into j->recs[k]. Its records
 * become one set (recon_task), so an access is recorded once per task (a
 * dense model of 20 floats read and written by every example of logistic
 * regression: 41 records an example, sorted by the thousand per task,
 * where the task's set has 41); a worker, which reruns the iterations that
 * read other nodes' elements (fetch_reads), records those in every
 * iteration that reads them. */
static void record_task(void *arg, int64_t k, int thread)
{
    (void)thread;
    recon_job *j = arg;
    uint64_t seen[SCHED_SEEN];
    memset(seen, 0, sizeof seen);
    int64_t a, b;
    task_range(j->c, k, &a, &b);
    int err = record_ex(j->c, a, b, &j->recs[k], 1, seen);
    if (err && !j->err) j->err = err;
}

/* rt_recon_fetch_reads's rerun: records iterations [lo, hi) again, on the
 * node-function thread (only the spans that read fetched elements). */
static int rerecord(void *arg, int64_t lo, int64_t hi, sched_records *out)
{
    sched_rec_free(out);
    return record(arg, lo, hi, out);
}

/* Records iterations [lo, hi) of c into *out (initialised here, the caller
 * frees it), on the node-function thread, with what they read from other
 * nodes fetched and recorded again. */
int rt__sync_recon_range(call *c, int64_t lo, int64_t hi, sched_records *out)
{
    sched_rec_init(out, lo);
    rt_recon_skip_faults(true);
    int rc = rerecord(c, lo, hi, out);
    if (!rc) rc = rt_recon_fetch_reads(out, rerecord, c);
    rt_recon_faults_end();
    return rc;
}

/* A worker node: merges the tasks' records into j->all (tasks cut the share
 * in order) and has the elements they read from other nodes fetched and
 * the iterations that read them recorded again. */
static int fetch_reads(recon_job *j)
{
    call *c = j->c;
    j->all = malloc(sizeof *j->all);
    if (!j->all) return STRADS_ENOMEM;
    sched_rec_init(j->all, c->lo);
    int rc = 0;
    for (int64_t k = 0; k < c->ntask; k++) {
        if (!rc) rc = sched_rec_append(j->all, &j->recs[k]);
        sched_rec_free(&j->recs[k]);
    }
    free(j->recs);
    j->recs = NULL;
    return rc ? rc : rt_recon_fetch_reads(j->all, rerecord, c);
}

/* Pool task k: task k's set from its records. */
static void recon_task(void *arg, int64_t k, int thread)
{
    (void)thread;
    recon_job *j = arg;
    call *c = j->c;
    const sched_acc *acc;
    size_t n;
    if (j->all) {
        int64_t a, b;
        task_range(c, k, &a, &b);
        acc = j->all->acc + j->all->off[a - c->lo];
        n = (size_t)(j->all->off[b - c->lo] - j->all->off[a - c->lo]);
    } else {
        acc = j->recs[k].acc;
        n = j->recs[k].nacc;
    }
    int err = 0;
    tset *s = &c->ts[k];
    s->unlisted = -1;
    uint64_t *keys = malloc((n ? n : 1) * sizeof *keys), *wk = malloc((n ? n : 1) * sizeof *wk);
    s->all = calloc((size_t)(c->narr ? c->narr : 1), sizeof *s->all);
    s->wr = calloc((size_t)(c->narr ? c->narr : 1), sizeof *s->wr);
    if (!keys || !wk || !s->all || !s->wr) err = STRADS_ENOMEM;
    size_t nw = 0;
    for (size_t i = 0; i < n && !err; i++) {
        keys[i] = SCHED_ACC_KEY(acc[i]);
        if (SCHED_ACC_WRITE(acc[i])) wk[nw++] = keys[i];
    }
    if (!j->all) sched_rec_free(&j->recs[k]);
    if (!err) {
        size_t uw = uniq_u64(wk, nw);
        s->keys = keys;
        s->nkeys = (int64_t)uniq_u64(keys, n);
        keys = NULL;
        for (int x = 0; x < c->narr && !err; x++) {
            err = keys_to_list(s->keys, s->nkeys, c->arr[x].dv->id, &s->all[x]);
            if (!err) err = keys_to_list(wk, (int64_t)uw, c->arr[x].dv->id, &s->wr[x]);
        }
        /* A written array the site does not list cannot be combined. */
        for (size_t i = 0; i < uw; i++) {
            uint32_t id = SCHED_ACC_DV(wk[i]);
            int listed = 0;
            for (int x = 0; x < c->narr; x++) listed |= c->arr[x].dv->id == id;
            if (!listed) s->unlisted = (int64_t)id;
        }
    }
    free(keys);
    free(wk);
    if (err && !j->err) j->err = err;
}

static void tcache_free(tcache *t)
{
    for (int64_t k = 0; t->ts && k < t->ntask; k++) tset_free(&t->ts[k], t->narr);
    free(t->ts);
    rt__sync_sep_free(t->sep);
    free(t);
}

/* The pilot's verdict on candidate array a: reads by the pilot's iterations
 * (each iteration's distinct elements) against the distinct elements over
 * all of them. Whole when an element is read by PILOT_SHARED iterations on
 * average (centroids: by all), or when the share's reads, as many per
 * iteration as the pilot's, would reach PILOT_COVER of the array if they
 * fell at random (a gather over a rank vector: its node needs most of it
 * anyway). An input read row by row on 2 nodes comes to 0.39 and keeps its
 * records: the node's own rows need no fetch. */
#define PILOT_ITERS 64
#define PILOT_SHARED 4
#define PILOT_COVER 0.6
/* Distinct elements of array id the pilot's iterations touch; *reads: the
 * same summed over its iterations (each iteration's distinct ones). */
static int64_t pilot_distinct(const sched_records *rec, uint32_t id, int64_t *buf, int64_t *reads)
{
    int64_t m = 0;
    for (int64_t i = 0; i < rec->n; i++) {
        int64_t cnt, k0 = m;
        const sched_acc *acc = sched_rec_accs(rec, rec->first + i, &cnt);
        for (int64_t j = 0; j < cnt; j++)
            if (SCHED_ACC_DV(acc[j]) == id) buf[m++] = SCHED_ACC_ELEM(acc[j]);
        m = k0 + uniq_i64(buf + k0, m - k0);
    }
    *reads = m;
    return uniq_i64(buf, m);
}

static int pilot_whole(const sched_records *rec, const dds_vec *dv, int64_t share, int64_t *buf)
{
    int64_t reads, d = pilot_distinct(rec, dv->id, buf, &reads);
    double expect = (double)reads * (double)share / (double)(rec->n ? rec->n : 1);
    bool shared = reads >= PILOT_SHARED * d, cover = 1 - exp(-expect / (double)dv->n) >= PILOT_COVER;
    if ((size_t)dv->n * dv->elem > SYNC_WHOLE_BYTES) /* larger: each iteration reads a quarter */
        return d > 0 && 4 * reads >= (int64_t)rec->n * dv->n;
    return d > 0 && (shared || cover);
}

/* The pilot: the records of the share's first PILOT_ITERS iterations, or
 * false (the full records decide). Iterations that touch a whole array
 * each (an n-body step reads every body: 20,000 elements) keep the first
 * PILOT_FEW: enough for PILOT_SHARED, where sorting 64 of them was most of
 * reconnaissance. */
#define PILOT_FEW 8
#define PILOT_ACCS ((size_t)1 << 17)
/* Iterations whose records are few but whose reconnaissance is long (a
 * gemm over rows of a 2-D array: 400 elements recorded of 400,000
 * accesses, each store shadowed) are judged from as many as fit
 * PILOT_US; 75 of them took 2.3 s for a call of 40 ms. */
#define PILOT_US 20000
/* Below this an iteration's time is mostly the recording's fixed costs
 * (a slow or sanitized build's, a loaded machine's), not its accesses:
 * the time rules judge heavy iterations only, so that the decisions of
 * light loops do not move with the machine. */
#define HEAVY_ITER_US 1000
static int64_t pilot_us_per_iter; /* the last pilot's, per iteration */

static bool pilot_too_long(int64_t iters)
{
    return pilot_us_per_iter >= HEAVY_ITER_US && (uint64_t)pilot_us_per_iter * (uint64_t)iters > PILOT_US;
}

/* record_ex over [lo, hi), its CPU microseconds per iteration into *us.
 * Iterations that look heavy with few records an iteration are recorded
 * again and the second time taken: the first paid their pages' first
 * touch (a pair swap's last iteration, 4 records, took 1-2 ms under ASan
 * on a loaded machine, and the lists its sync_for needs were judged too
 * dear at random). */
#define FEW_RECORDS 64
static int timed_record(call *c, int64_t lo, int64_t hi, sched_records *rec, int64_t *us)
{
    for (int again = 0;; again++) {
        uint64_t t0 = rt_cpu_us();
        int rc = record_ex(c, lo, hi, rec, 0, NULL);
        *us = (int64_t)((rt_cpu_us() - t0) / (uint64_t)(hi - lo));
        if (rc || again || *us < HEAVY_ITER_US || rec->nacc >= FEW_RECORDS * (size_t)(hi - lo))
            return rc;
        sched_rec_free(rec);
    }
}

/* record_ex over [lo, end), timed into pilot_us_per_iter. */
static int pilot_record(call *c, int64_t end, sched_records *rec)
{
    int rc = timed_record(c, c->lo, end, rec, &pilot_us_per_iter);
    if (rc) sched_rec_free(rec);
    return rc;
}

static bool pilot_first(call *c, sched_records *rec)
{
    int64_t hi = c->hi - c->lo > PILOT_ITERS ? c->lo + PILOT_ITERS : c->hi;
    int64_t few = hi - c->lo > PILOT_FEW ? c->lo + PILOT_FEW : hi;
    int64_t two = hi - c->lo > 2 ? c->lo + 2 : hi;
    if (c->lo >= hi) return false;
    /* one iteration of a million accesses (a covariance's row and column,
     * a gemm's row) is enough to judge, two of fewer; eight would cost more
     * to sort than the call */
    for (int64_t end = c->lo + 1;; end = two) {
        if (pilot_record(c, end, rec)) return false;
        if (end == hi || rec->nacc > PILOT_ACCS || pilot_too_long(few - c->lo))
            return true;
        sched_rec_free(rec);
        if (end == two) break;
    }
    if (pilot_record(c, few, rec)) return false;
    if (few == hi || rec->nacc * (size_t)(PILOT_ITERS / PILOT_FEW) > PILOT_ACCS || pilot_too_long(hi - c->lo))
        return true;
    sched_rec_free(rec);
    return !pilot_record(c, hi, rec);
}

/* The pilot, and the time of the share's last iteration besides: a
 * triangle's first rows (syrk's j <= i) are its cheapest, and judged by
 * them alone its reconnaissance looked 30 times cheaper than it was
 * (34 s for a 1 s call). */
static bool pilot(call *c, sched_records *rec)
{
    if (!pilot_first(c, rec)) return false;
    if (c->hi - 1 >= c->lo + (int64_t)rec->n) {
        int64_t first = pilot_us_per_iter, us;
        sched_records last;
        (void)timed_record(c, c->hi - 1, c->hi, &last, &us); /* only its time counts */
        sched_rec_free(&last);
        pilot_us_per_iter = (first + us) / 2 > first ? (first + us) / 2 : first;
    }
    return true;
}

/* A worker's pilot that faulted on other nodes' elements it holds as zeros
 * (its records freed here): what the pilot's iterations read is fetched and
 * the pilot runs again. Without a pilot the node recorded its whole share
 * while the driver's node took the arrays whole (a covariance's rows and
 * columns, 1.3 G accesses: 10-20 s of records for a 0.5 s call). */
static bool pilot_fetched(call *c, sched_records *rec)
{
    int64_t n = (int64_t)rec->n;
    sched_rec_free(rec);
    if (c->N == 1 || c->me == 0 || n < 1) return false;
    sched_records f;
    int rc = rt__sync_recon_range(c, c->lo, c->lo + n, &f);
    sched_rec_free(&f);
    if (!rc && c->hi - 1 >= c->lo + n) { /* the pilot's last iteration */
        rc = rt__sync_recon_range(c, c->hi - 1, c->hi, &f);
        sched_rec_free(&f);
    }
    if (rc) return false;
    rt_recon_skip_faults(true);
    bool ok = pilot(c, rec);
    if (rt_recon_faults_end() && ok) {
        sched_rec_free(rec);
        ok = false;
    }
    return ok;
}

/* The arrays the loop only reads that may go whole: small ones, and up to
 * SYNC_WHOLE_SHARED_BYTES where each iteration reads a good part (pilot_whole). */
static uint64_t whole_candidates(const call *c)
{
    uint64_t mask = 0;
    for (int a = 0, n = 0; a < c->narr && a < 64 && n < RT_RECON_SKIP; a++) {
        const dds_vec *dv = c->arr[a].dv;
        if ((c->arr[a].desc->flags & STRADS_ARRAY_READONLY) &&
            (size_t)dv->n * dv->elem <= SYNC_WHOLE_SHARED_BYTES)
            n++, mask |= 1ull << a;
    }
    return mask;
}

/* Which of the small arrays the loop only reads go whole (c->arr[a].whole),
 * from a pilot of PILOT_ITERS iterations of the share; a worker then
 * fetches them whole into its copy (rank 0's is the driver's, coherent when
 * a call starts). Each node decides for itself: its tasks' lists and its
 * refresh are its own. *mask: the candidates (whole_candidates) in, the
 * arrays that go whole out, for the cache. */
static int pick_whole(call *c, const sched_records *rec, uint64_t *mask)
{
    int rc = 0;
    if (!rec) *mask = 0;
    if (!*mask) return 0;
    int64_t *buf = malloc((rec->nacc ? rec->nacc : 1) * sizeof *buf);
    if (!buf) rc = STRADS_ENOMEM;
    for (int a = 0; a < c->narr && a < 64 && !rc; a++)
        if (((*mask >> a) & 1) && !pilot_whole(rec, c->arr[a].dv, c->hi - c->lo, buf)) *mask &= ~(1ull << a);
    free(buf);
    for (int a = 0; a < c->narr && a < 64 && !rc; a++) {
        c->arr[a].whole = (*mask >> a) & 1;
        if (c->arr[a].whole) rc = rt__sync_fetch_input(c, a);
    }
    return rc;
}

/* One node: there reconnaissance only tells each thread what to copy into
 * its replica (nothing is fetched, and arrays the loop only reads are not
 * replicated), that is, the elements a task touches of the arrays it
 * writes. A written array copied whole costs little when it is small
 * (ONE_NODE_TINY), or when a task touches a good part of it anyway (a
 * quarter, as the pilot's share of it grows with the task's length): when
 * every written array is such, and combines by a sum or a mean, no lists are
 * made and every task replicates them whole, as under recon(off). A body
 * that updates a dense 10 x 785 model per example (the mlr sample with
 * aggregate(W: sum)) spent 13 s an epoch on records at 1 x 2 for 0.25 s of
 * compute. A pilot that writes an array the site does not list leaves the
 * decision to the full records, which report it. */
#define ONE_NODE_TINY ((size_t)64 << 10)
/* Several nodes under BSP too, when every array the loop reads is small
 * (each node then fetches them whole) or, from the pilot, costs less
 * fetched whole than recorded (records_cost_more): a small dense network
 * trained per example (Tinn's weights) would record every weight of every
 * example, and sort them, for a model each node fetches whole in less
 * time. The nodes' decisions may differ: under BSP each combines what it
 * changed, listed or not (SSP and ASP count writers from the records). */
#define REPLICA_MAX ((size_t)1 << 28)
static bool none_candidate(const call *c)
{
    if (c->N == 1) return c->replicas;
    /* Nothing replicated (only read, or written in place as the
     * iterations' own): the records would only steer the fetches, and
     * small arrays are fetched whole sooner. A network's forward pass over
     * a 10 KB weight table, walked by pointer in a helper, recorded every
     * weight of every example: 1.3 s for 45 ms of tasks. */
    if (c->kind != STRADS_SYNC_BSP && c->replicas) return false;
    for (int a = 0; a < c->narr; a++) {
        const dds_vec *dv = c->arr[a].dv;
        /* (the iterations' own go by block, whatever their size) */
        if (!c->arr[a].own && (size_t)dv->n * dv->elem > REPLICA_MAX) return false;
    }
    return true;
}

/* An array past the size rules: its records still cost more than taking
 * it whole when the iterations make many accesses each (PolyBench's
 * covariance: a row and a column of a 4 MB matrix an iteration, 800 reads
 * apiece, 1.3 G accesses to record for 0.2 G multiply-adds). A
 * recorded access costs about what copying, comparing or sending
 * ACC_BYTES bytes does; records are kept for the calls after, whole arrays
 * fetched and replicas made at every call (per_call bytes), so the whole
 * arrays must win over the calls the records will serve: as many as the
 * site's last records served (a key that changes every call, a binary
 * search's keys drawn per epoch, makes them serve one), CALLS_AHEAD at
 * most and at first; and each must fit REPLICA_MAX. */
#define ACC_BYTES 32
#define CALLS_AHEAD 16
/* Records are counted by distinct element, but reconnaissance runs every
 * access: a gemm over rows of 2-D arrays records 1,200 rows an iteration
 * for 1.3 M shadowed accesses (30 ms). So the pilot's time per iteration
 * counts too, against moving the whole arrays at BYTES_PER_US. */
#define BYTES_PER_US 1000.0
static bool records_cost_more(const call *c, const sched_records *rec, size_t bytes, double per_call,
                              int64_t ahead)
{
    if (bytes > REPLICA_MAX || !rec->n) return false;
    double accs = (double)rec->nacc / (double)rec->n * (double)(c->hi - c->lo);
    double recon_us = (double)pilot_us_per_iter * (double)(c->hi - c->lo);
    return accs * ACC_BYTES >= per_call * (double)ahead ||
           (pilot_us_per_iter >= HEAVY_ITER_US && recon_us >= per_call / BYTES_PER_US * (double)ahead);
}

static bool needs_none(call *c, const sched_records *rec, int64_t ahead)
{
    if (!none_candidate(c) || !rec) return false;
    int64_t *buf = malloc((rec->nacc ? rec->nacc : 1) * sizeof *buf);
    bool none = buf != NULL;
    for (size_t i = 0; i < rec->nacc && none; i++) { /* no unlisted writes */
        if (!SCHED_ACC_WRITE(rec->acc[i])) continue;
        bool listed = false;
        for (int a = 0; a < c->narr && !listed; a++) listed = SCHED_ACC_DV(rec->acc[i]) == c->arr[a].dv->id;
        none = listed;
    }
    int64_t a0, a1;
    task_range(c, 0, &a0, &a1);
    double grow = (double)(a1 - a0) / (double)(rec->n ? rec->n : 1);
    for (int a = 0; a < c->narr && none; a++) {
        const dds_vec *dv = c->arr[a].dv;
        size_t bytes = (size_t)dv->n * dv->elem;
        bool written = !(c->arr[a].desc->flags & STRADS_ARRAY_READONLY);
        /* one node replicates only what the loop writes; the iterations'
         * own go by block */
        if ((!written && c->N == 1) || c->arr[a].own) continue;
        /* an average is over the threads that changed an element, which
         * a whole replica shows as well as records (loop_sync.c's
         * fold_array); a function is called once per recorded write */
        if (written && c->arr[a].desc->agg == STRADS_AGG_FN) {
            none = false;
            continue;
        }
        int64_t reads;
        if (!written)
            none = bytes <= SYNC_WHOLE_BYTES;
        else
            none = bytes <= ONE_NODE_TINY ||
                   (bytes <= SYNC_WHOLE_BYTES &&
                    4 * (double)pilot_distinct(rec, dv->id, buf, &reads) * (grow > 1 ? grow : 1) >= (double)dv->n);
        /* whole: fetched once a call on several nodes, replicated per task if written */
        double per_call = (double)bytes * ((c->N > 1) + (written ? (double)c->ntask : 0));
        if (!none) none = records_cost_more(c, rec, bytes, per_call, ahead);
    }
    free(buf);
    return none;
}

/* The driver asks whether the tasks are separate (loop_sync_separate.c)
 * and this node takes its arrays whole: lists made only to answer cost
 * as much as the records needs_none spared (an n-body step, every body
 * read by every iteration: n squared accesses). The pilot's
 * iterations, of the first tasks, against as many of the last task's: a
 * write of one that the other touches proves the tasks are not separate
 * (ok 0); finding none proves nothing (-1), and the lists answer when
 * they cost little (LIST_ACCS). Arrays only read, or the iterations' own,
 * are left out as the lists' description leaves them. */
#define SAMPLE_ACCS ((size_t)1 << 20)
#define LIST_ACCS ((double)(1 << 24))
static bool sample_meets(const call *c, const sched_records *w, const sched_records *r)
{
    uint64_t *keys = malloc((w->nacc ? w->nacc : 1) * sizeof *keys);
    if (!keys) return false;
    size_t n = 0;
    for (size_t i = 0; i < w->nacc; i++) {
        if (!SCHED_ACC_WRITE(w->acc[i])) continue;
        uint32_t id = SCHED_ACC_DV(w->acc[i]);
        bool counted = false;
        for (int a = 0; a < c->narr && !counted; a++)
            counted = c->arr[a].dv->id == id && !c->arr[a].own &&
                      !(c->arr[a].desc->flags & STRADS_ARRAY_READONLY);
        if (counted) keys[n++] = SCHED_ACC_KEY(w->acc[i]);
    }
    if (n > 1) rt__sort_u64(keys, n);
    bool meets = false;
    for (size_t i = 0; i < r->nacc && n && !meets; i++) {
        uint64_t k = SCHED_ACC_KEY(r->acc[i]);
        size_t lo = 0, hi = n;
        while (lo < hi) {
            size_t m = lo + (hi - lo) / 2;
            if (keys[m] < k) lo = m + 1;
            else hi = m;
        }
        meets = lo < n && keys[lo] == k;
    }
    free(keys);
    return meets;
}

/* A verdict spares a call run alone the emulation of BSP's workers, whose
 * copies cost about the written arrays' bytes at each task
 * (loop_sync_alone.c), over the calls ahead: lists whose reconnaissance,
 * by the pilot's time, clearly cost more than that are not made to answer (an
 * LDA E-step's inference, twenty sweeps over a document an iteration,
 * recorded every access: 9 s of records for a 0.4 s call, which then ran
 * alone anyway). */
#define VERDICT_MARGIN 16 /* the copies' own rate is a guess; a slow build (ASan) records
                             * several times slower: only a clear loss is spared */
static bool verdict_costs_more(const call *c, int64_t ahead)
{
    double bytes = 0;
    for (int a = 0; a < c->narr; a++)
        if (!(c->arr[a].desc->flags & STRADS_ARRAY_READONLY) && !c->arr[a].own)
            bytes += (double)c->arr[a].dv->n * (double)c->arr[a].dv->elem;
    double spared_us = bytes * (double)(c->ntask ? c->ntask : 1) / BYTES_PER_US * (double)ahead;
    return (double)pilot_us_per_iter * (double)(c->hi - c->lo) > VERDICT_MARGIN * spared_us;
}

static int32_t sep_sampled(call *c, const sched_records *pilot_rec)
{
    if (c->ntask < 2 || !pilot_rec->n || c->narr > RT_SEP_ARRAYS) return -1;
    int64_t a, b;
    task_range(c, c->ntask - 1, &a, &b);
    if (a < c->lo + (int64_t)pilot_rec->n || b <= a) return -1; /* the pilot reaches the last task */
    size_t per = pilot_rec->nacc / (size_t)pilot_rec->n + 1;
    int64_t k = (int64_t)(SAMPLE_ACCS / per);
    /* as many as the pilot's time allows, by its first iteration's */
    if (pilot_us_per_iter >= HEAVY_ITER_US && k > PILOT_US / pilot_us_per_iter) k = PILOT_US / pilot_us_per_iter;
    if (k < 1) k = 1;
    if (k > b - a) k = b - a;
    sched_records last;
    int32_t ok = -1;
    if (!record_ex(c, a, a + k, &last, 0, NULL) &&
        (sample_meets(c, pilot_rec, &last) || sample_meets(c, &last, pilot_rec)))
        ok = 0;
    sched_rec_free(&last);
    return ok;
}

/* Kept task sets for the arrays now in the loop's slots: their keys name
 * arrays by id (the refresh fetches by them), so each slot's old id becomes
 * its new one, and the keys are sorted again. */
static int rename_arrays(tcache *t, const call *c)
{
    int moved = 0;
    for (int a = 0; a < c->narr; a++) moved |= t->ids[a] != c->arr[a].dv->id;
    if (!moved) return 0;
    uint32_t *to = malloc(sizeof *to << SCHED_DV_BITS);
    if (!to) return STRADS_ENOMEM;
    for (uint32_t id = 0; id < 1u << SCHED_DV_BITS; id++) to[id] = id;
    for (int a = 0; a < c->narr; a++) to[t->ids[a]] = c->arr[a].dv->id;
    for (int64_t k = 0; t->ts && k < t->ntask; k++) {
        tset *x = &t->ts[k];
        for (int64_t j = 0; j < x->nkeys; j++) {
            uint32_t id = SCHED_ACC_DV(x->keys[j]);
            if (to[id] != id) x->keys[j] = SCHED_ACC(to[id], SCHED_ACC_ELEM(x->keys[j]), 0);
        }
        if (x->nkeys > 1) rt__sort_u64(x->keys, (size_t)x->nkeys);
        if (x->unlisted >= 0) x->unlisted = to[x->unlisted];
    }
    for (int a = 0; a < c->narr; a++) t->ids[a] = c->arr[a].dv->id;
    free(to);
    return 0;
}

/* The task sets of this call: this node's kept ones when they were made for
 * the same site, range, minibatch, threads and arrays, else fresh ones. */
int rt__sync_recon(call *c)
{
    tcache **pp = &tcaches, *t = NULL;
    for (; *pp; pp = &(*pp)->next) {
        t = *pp;
        if (t->site_id == c->site->id) break;
        t = NULL;
    }
    const char *why = !t || c->h.recon ? NULL
                      : t->begin != c->h.begin || t->end != c->h.end ? "range"
                      : t->mb != c->mb ? "minibatch"
                      : t->T != c->T ? "threads"
                      : t->narr != c->narr || c->narr > 64 ? "arrays" : NULL;
    /* A slot's array replaced by another of its shape (an array allocated
     * anew every epoch, or swapped with its twin) keeps the lists: they
     * name elements by slot, and by the static-control-flow assumption
     * only the integer arrays the loop reads steer them, whose contents
     * the driver's input key covers (loop_sync.c). */
    for (int a = 0; t && !why && a < c->narr; a++)
        if (t->ids[a] != c->arr[a].dv->id && (t->n[a] != c->arr[a].dv->n || t->elem[a] != c->arr[a].dv->elem))
            why = "arrays";
    int same = t && !c->h.recon && !why;
    if (why && c->me == 0 && rt_stats_on()) {
        rt_stats_note("sync_for %s:%u: new reconnaissance: %s", c->site->file, c->site->line,
                      strcmp(why, "arrays") == 0 ? "the loop's arrays changed shape"
                                                 : strcmp(why, "range") == 0 ? "another range"
                                                 : strcmp(why, "minibatch") == 0 ? "another minibatch"
                                                                                 : "another thread count");
        rt_stats("recon_again", c->site->file, c->site->line, "loop=sync_for reason=%s", why);
    }
    int rrc = same ? rename_arrays(t, c) : 0;
    if (rrc) return rrc;
    if (same) {
        t->uses++;
        c->ts = t->ts; /* NULL when none */
        c->sep = t->sep;
        for (int a = 0; a < c->narr; a++) c->arr[a].whole = (t->whole >> a) & 1;
        return 0;
    }
    int64_t ahead = CALLS_AHEAD;
    if (t) {
        ahead = t->uses < CALLS_AHEAD ? t->uses : CALLS_AHEAD;
        *pp = t->next;
        tcache_free(t);
    }
    if (c->narr > 64) return STRADS_ETOOBIG;
    t = calloc(1, sizeof *t);
    c->ts = calloc((size_t)(c->ntask ? c->ntask : 1), sizeof *c->ts);
    if (!t || !c->ts) {
        free(t);
        free(c->ts);
        c->ts = NULL;
        return STRADS_ENOMEM;
    }
    *t = (tcache){.site_id = c->site->id, .begin = c->h.begin, .end = c->h.end, .mb = c->mb,
                  .T = c->T, .narr = c->narr, .ts = c->ts, .ntask = c->ntask, .uses = 1, .next = tcaches};
    for (int a = 0; a < c->narr; a++)
        t->ids[a] = c->arr[a].dv->id, t->n[a] = c->arr[a].dv->n, t->elem[a] = c->arr[a].dv->elem;
    /* one pilot for both questions, when either is asked */
    t->whole = whole_candidates(c);
    sched_records prec;
    /* a worker's pilot reads what it has not fetched as zeros: an
     * iteration that faults on them (recon_guard.c) has what it read
     * fetched, and the pilot runs again (pilot_fetched) */
    rt_recon_skip_faults(true);
    bool piloted = (t->whole || none_candidate(c)) && pilot(c, &prec);
    if (rt_recon_faults_end() && piloted) piloted = pilot_fetched(c, &prec);
    /* lists the driver asked for (a verdict on separate tasks) are made,
     * described, and dropped if the node would fetch whole arrays */
    bool none = needs_none(c, piloted ? &prec : NULL, ahead), drop = none && c->h.recon == 2;
    int32_t sampled = -1;
    if (drop) {
        sampled = sep_sampled(c, &prec);
        double lists = (double)prec.nacc / (double)(prec.n ? prec.n : 1) * (double)(c->hi - c->lo);
        none = sampled == 0 || lists > LIST_ACCS || verdict_costs_more(c, ahead);
    }
    drop = drop && !none;
    int prc = none ? 0 : pick_whole(c, piloted ? &prec : NULL, &t->whole);
    if (piloted) sched_rec_free(&prec);
    if (none) {
        free(c->ts);
        c->ts = t->ts = NULL;
        t->whole = 0;
        if (c->h.recon == 2 && (t->sep = malloc(sizeof *t->sep))) {
            memset(t->sep, 0, sizeof *t->sep);
            t->sep->ok = sampled;
            t->sep->narr = c->narr;
        }
        c->sep = t->sep;
        tcaches = t;
        return 0;
    }
    if (prc) {
        free(t);
        free(c->ts);
        c->ts = NULL;
        return prc;
    }
    recon_job j = {c, calloc((size_t)(c->ntask ? c->ntask : 1), sizeof *j.recs), NULL, 0};
    rt_trace_begin(RT_TR_RECON, NULL, c->hi - c->lo);
    rt_recon_skip_faults(true); /* a worker's: fetch_reads completes them */
    int rc = j.recs ? rt_pool_run(c->ntask, record_task, &j) : STRADS_ENOMEM;
    if (!rc) rc = j.err;
    /* rank 0's mapping is the driver's coherent copy: nothing to fetch */
    if (!rc && c->N > 1 && c->me != 0) rc = fetch_reads(&j);
    rt_recon_faults_end();
    if (!rc) rc = rt_pool_run(c->ntask, recon_task, &j);
    rt_trace_end();
    if (!rc) rc = j.err;
    if (j.recs)
        for (int64_t k = 0; k < c->ntask; k++) sched_rec_free(&j.recs[k]);
    free(j.recs);
    if (j.all) sched_rec_free(j.all);
    free(j.all);
    for (int64_t k = 0; k < c->ntask && !rc; k++) {
        if (c->ts[k].unlisted < 0 || (c->N == 1 && !c->replicas)) continue;
        dds_vec *dv = dds_vec_by_id((uint32_t)c->ts[k].unlisted);
        rt_error("sync_for %s:%u: the body writes the distributed array allocated at %s, "
                 "which the loop site does not list: a pointer to it reached the body "
                 "through memory stradsc cannot follow (a table of pointers, a cast of an "
                 "integer); pass that array to the loop as a captured pointer of its own "
                 "(or rebuild, if the program was built by an older stradsc)",
                 c->site->file, c->site->line, dv ? dv->site : "?");
        rc = STRADS_ESTATE;
    }
    if (rc) {
        tcache_free(t);
        c->ts = NULL;
        return rc;
    }
    /* a description that cannot be made says nothing: ok 0 */
    if ((t->sep = malloc(sizeof *t->sep))) rt__sync_sep_local(c, t->sep);
    c->sep = t->sep;
    if (drop) {
        for (int64_t k = 0; k < c->ntask; k++) tset_free(&c->ts[k], c->narr);
        free(c->ts);
        c->ts = t->ts = NULL;
        t->whole = 0;
        for (int a = 0; a < c->narr; a++) c->arr[a].whole = 0;
    }
    tcaches = t;
    return 0;
}
