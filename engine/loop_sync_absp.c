/*
 * engine/loop_sync_absp.c - the messages of A-BSP (sync(absp(ratio[, t])))
 * in the sync_for engine: who runs which split from where, progress
 * reports, the stop signal, and the end-of-call bookkeeping.
 *
 * The decisions are scheduler/absp.c's (Algorithms 1 and 2 of the paper);
 * this file is the mechanics around them. An A-BSP iteration is a minibatch
 * clock of the call (rt__absp_clock: the stop below is decided per clock,
 * over each node's quota of the clock, and the reports and the stop carry
 * the clock in their tag). The range is cut into one split per node (its
 * block of the range, at first); at the call's start the driver
 * broadcasts where each split lives and its cursor (task-level priority:
 * the first item it did not process last time). Nodes process their splits
 * from the cursor, wrapping, and count what they did:
 *   - every STRADS_ABSP_REPORT_S seconds a node reports its count to the
 *     driver; the node whose count reaches its share reports at once (the
 *     paper's synchronization request);
 *   - after the request the driver polls every node once; a polled node
 *     then reports after every chunk, so the decision never waits a whole
 *     report period on stale counts (the paper's master re-reads the counts
 *     in a loop; this is the same test without a polling thread);
 *   - when the processed ratio reaches R_s the driver sends STOP; pool
 *     threads check it between chunks, so tasks stop mid-minibatch.
 * At the end every node says how many items of each of its splits it
 * processed (an all-reduce); the driver advances the cursors and applies
 * Algorithm 2, whose swaps take effect at the next call, where the new
 * holder of a split fetches its data.
 *
 * Elastic BSP and FlexPara use the same plan, counts and chunks with ratio
 * 1 (no early stop) and no swaps; FlexPara cuts each block into several
 * splits and, at the end of a call, fits each node's capacity model on the
 * splits' compute times and reassigns them (scheduler/flexpara.c).
 *
 * Threads: pool threads count progress and send reports; the loop thread
 * handles reports (driver), polls and stop signals; the node-function
 * thread begins, waits for the stop, and ends. The driver's decision state
 * is under master_mu (reports arrive on the loop thread and, for the
 * driver's own progress, on its pool threads).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/replay.h"
#include "engine/loop.h"
#include "scheduler/policy.h"

typedef struct held {
    int split;
    int64_t lo, hi, start;
    _Atomic int64_t next; /* items handed out to threads in this call */
    _Atomic int64_t us;   /* compute time spent on it in this call (FlexPara) */
} held;

struct rt__absp {
    uint64_t tag;         /* of the round in flight: the call, or one of its clocks */
    uint64_t call_tag;    /* invocation << CLOCK_BITS */
    int me, N, nsplits;
    int nheld;
    held *h;
    int64_t share;        /* items of this round: the splits' items, or the clock's quota */
    int64_t items;        /* items of the splits this node holds in the call */
    int64_t quota;        /* per clock: items the node may take in it; -1: no limit */
    _Atomic int64_t taken; /* items taken in this clock */
    double report_s;
};

/* Message tags of a call's rounds: the call's invocation shifted, plus
 * clock + 1 for the clocks of A-BSP, so that tags only grow and a late
 * report or stop of an earlier round is never taken for the current one. */
#define CLOCK_BITS 24

/* This node's progress in the call in flight, read by the loop thread. */
static _Atomic uint64_t cur_tag;
static _Atomic int64_t cur_done;
static _Atomic uint64_t eager_tag;   /* polled: report after every chunk */
static _Atomic uint64_t next_report_us;
static _Atomic uint64_t stopped_tag; /* the last call the driver stopped */
static pthread_mutex_t stop_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t stop_cv = PTHREAD_COND_INITIALIZER;

/* The driver's A-BSP state of each site, kept across calls. */
typedef struct site_state {
    uint64_t site_id;
    int64_t begin, end;
    int N, nsplits;
    double ratio;
    int threshold;
    sched_absp *a;
    int64_t max_spread, calls, swaps;
    bool told_partial; /* the warning that a call left items for later, said once */
    /* FlexPara: split -> node, each node's capacity model, splits per node
     * at home (split k's home is node k / per_node) */
    int *assign, per_node, have_models;
    sched_flex_model *model;
    int64_t *a_len;   /* split -> its items */
    size_t moved;
    double before, after; /* predicted makespan at home / reassigned */
    double heldout;       /* the model's error on held-out splits (below), < 0: none */
    int64_t dropped;      /* splits' times left out of the fits as outliers, so far */
    /* A-BSP's swap budget (absp(R) without a threshold): training time
     * since the last swap, and per split the nodes that hold its input
     * already (bit per node) while the input's version stays data_ver */
    double since_swap_s;
    uint64_t *held, data_ver;
    struct site_state *next;
} site_state;
static site_state *sites; /* the driver's node-function thread */

/* FlexPara's parameters: skew threshold p and unit b in the middle of the
 * paper's ranges (6-9%, 5-8%); degree 2 (the paper's fit is flat from 2 on,
 * docs/sync-models.md). */
#define FLEX_P 0.08
#define FLEX_B 0.06
#define FLEX_DEGREE 2

/* The driver's view of the call in flight. */
static pthread_mutex_t master_mu = PTHREAD_MUTEX_INITIALIZER;
static struct {
    int active;
    uint64_t tag;
    sched_absp *a;
    int N;
    int64_t *last;   /* node -> largest count reported */
    int polled;
    double t0;
    /* A-BSP per clock: the clock's quotas (known = 0 until they are all
     * known), its ratio, and whether the stop has been sent */
    int clock, known, stopping;
    int64_t *quota;
    double ratio;
} M;

static double now_s(void)
{
    return (double)rt_now_us() / 1e6;
}

static void set_stopped(uint64_t tag)
{
    pthread_mutex_lock(&stop_mu);
    if (tag > atomic_load(&stopped_tag)) atomic_store(&stopped_tag, tag);
    pthread_cond_broadcast(&stop_cv);
    pthread_mutex_unlock(&stop_mu);
}

static void send_int(int dst, uint32_t type, uint64_t tag, int64_t v)
{
    rt_packer p;
    rt_pack_begin(&p, type, tag);
    msgpack_pack_int64(&p.pk, v);
    int rc = rt_send_packed(dst, &p);
    if (rc) rt_warn("sync_for absp: message to rank %d lost: %s", dst, strads_strerror(rc));
}

static int64_t take_int(const rt_msg *m)
{
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    msgpack_object *o;
    int64_t v = -1;
    if (!rt_unpack_next(&up, m->body, m->body_len, &off, &o) &&
        (o->type == MSGPACK_OBJECT_POSITIVE_INTEGER || o->type == MSGPACK_OBJECT_NEGATIVE_INTEGER))
        v = o->via.i64;
    msgpack_unpacked_destroy(&up);
    return v;
}

static void send_stop_locked(void)
{
    for (int r = 1; r < M.N; r++) send_int(r, RT_MSG_LOOP_ABSP_STOP, M.tag, 0);
    set_stopped(M.tag);
}

/* Driver, under master_mu, A-BSP per clock: Algorithm 1 over the clock's
 * quotas with the counts reported so far; after the first request, every
 * node is polled once. */
static void clock_decide_locked(void)
{
    if (!M.known || M.stopping) return;
    if (sched_absp_clock_stop(M.last, M.quota, M.N, M.ratio)) {
        M.stopping = 1;
        send_stop_locked();
        return;
    }
    int requested = 0;
    for (int r = 0; r < M.N; r++) requested |= M.quota[r] > 0 && M.last[r] >= M.quota[r];
    if (requested && !M.polled) {
        M.polled = 1;
        atomic_store(&eager_tag, M.tag);
        for (int r = 1; r < M.N; r++) send_int(r, RT_MSG_LOOP_ABSP_POLL, M.tag, 0);
    }
}

/* Driver, under master_mu: one node's count. Decides the stop (Algorithm
 * 1) and, after the first request, polls every node once. */
static void master_feed_locked(int node, int64_t done)
{
    if (!M.active || node < 0 || node >= M.N || done <= M.last[node]) return;
    /* Reports from several threads may arrive out of order: keep the largest. */
    M.last[node] = done;
    if (M.clock) {
        clock_decide_locked();
        return;
    }
    int stop = 0;
    int rc = sched_absp_report(M.a, node, done, now_s() - M.t0, &stop);
    if (rc) {
        rt_error("sync_for absp: report of rank %d (%lld items) refused: %s", node,
                 (long long)done, strads_strerror(rc));
        return;
    }
    if (stop) {
        send_stop_locked();
        return;
    }
    if (!M.polled && done == sched_absp_share(M.a, node) && !sched_absp_stopping(M.a)) {
        M.polled = 1;
        atomic_store(&eager_tag, M.tag);
        for (int r = 1; r < M.N; r++) send_int(r, RT_MSG_LOOP_ABSP_POLL, M.tag, 0);
    }
}

static void report(uint64_t tag, int me, int64_t done)
{
    if (me == 0) {
        pthread_mutex_lock(&master_mu);
        if (M.active && M.tag == tag) master_feed_locked(0, done);
        pthread_mutex_unlock(&master_mu);
    } else {
        send_int(0, RT_MSG_LOOP_ABSP_REPORT, tag, done);
    }
}

/* Loop thread, driver: a node's progress report. */
static void on_report(rt_msg *m, void *arg)
{
    (void)arg;
    int64_t v = take_int(m);
    pthread_mutex_lock(&master_mu);
    if (M.active && M.tag == m->tag && v >= 0) master_feed_locked(m->src, v);
    pthread_mutex_unlock(&master_mu);
    rt_msg_free(m);
}

/* Loop thread, worker: the driver wants fresh counts from now on. */
static void on_poll(rt_msg *m, void *arg)
{
    (void)arg;
    uint64_t tag = m->tag;
    rt_msg_free(m);
    atomic_store(&eager_tag, tag);
    /* A poll for a call this node has not begun yet answers 0. */
    int64_t done = atomic_load(&cur_tag) == tag ? atomic_load(&cur_done) : 0;
    send_int(0, RT_MSG_LOOP_ABSP_REPORT, tag, done);
}

static void on_stop(rt_msg *m, void *arg)
{
    (void)arg;
    set_stopped(m->tag);
    rt_msg_free(m);
}

void rt__absp_handlers(void)
{
    static atomic_int on;
    if (atomic_exchange(&on, 1)) return;
    rt_on_loop(RT_MSG_LOOP_ABSP_REPORT, on_report, NULL);
    rt_on_loop(RT_MSG_LOOP_ABSP_POLL, on_poll, NULL);
    rt_on_loop(RT_MSG_LOOP_ABSP_STOP, on_stop, NULL);
}

static void site_free(site_state *s)
{
    sched_absp_free(s->a);
    free(s->assign);
    free(s->model);
    free(s->a_len);
    free(s->held);
    free(s);
}

/* Every node keeps at least one split: a reassignment from clock times
 * (a node that looked slow on a loaded machine, a tiny range) could leave
 * one with none, which A-BSP's tracker refuses (the call stopped with
 * "invalid argument"). The node with the most gives one. */
static void keep_one_each(int *assign, int nsplits, int N)
{
    for (int n = 0; n < N; n++) {
        int have = 0, most = -1, most_cnt = 0;
        for (int k = 0; k < nsplits; k++) have += assign[k] == n;
        if (have) continue;
        for (int m = 0; m < N; m++) {
            int c = 0;
            for (int k = 0; k < nsplits; k++) c += assign[k] == m;
            if (c > most_cnt) most_cnt = c, most = m;
        }
        for (int k = nsplits - 1; k >= 0 && most >= 0 && most_cnt > 1; k--)
            if (assign[k] == most) {
                assign[k] = n;
                break;
            }
    }
}

/* Driver: the site's state, made anew when the range or the cut changed. */
static int site_of(const strads_loop_site *site, int64_t begin, int64_t end, int N, int nsplits,
                   const int64_t *bounds, double ratio, int threshold, double report_s, int flex,
                   site_state **out)
{
    site_state **pp = &sites, *s;
    for (; (s = *pp); pp = &s->next)
        if (s->site_id == site->id) break;
    if (s && s->begin == begin && s->end == end && s->N == N && s->nsplits == nsplits &&
        s->ratio == ratio && s->threshold == threshold && !s->assign == !flex) {
        /* FlexPara: the splits sit where the last reassignment put them;
         * sched_absp only tracks the counts and decides the stop. */
        if (flex) {
            keep_one_each(s->assign, nsplits, N);
            sched_absp_cfg cfg = {ratio, threshold, report_s, 1};
            sched_absp *a;
            int rc = sched_absp_new(&cfg, N, nsplits, bounds, s->assign, &a);
            if (rc) return rc;
            sched_absp_free(s->a);
            s->a = a;
        }
        *out = s;
        return 0;
    }
    if (s) {
        *pp = s->next;
        site_free(s);
    }
    s = calloc(1, sizeof *s);
    if (!s) return STRADS_ENOMEM;
    sched_absp_cfg cfg = {ratio, threshold, report_s, 1};
    int rc = sched_absp_new(&cfg, N, nsplits, bounds, NULL, &s->a);
    if (!rc && flex) {
        s->assign = malloc((size_t)nsplits * sizeof *s->assign);
        s->model = calloc((size_t)N, sizeof *s->model);
        s->a_len = malloc((size_t)nsplits * sizeof *s->a_len);
        if (!s->assign || !s->model || !s->a_len) rc = STRADS_ENOMEM;
        s->per_node = nsplits / N;
        for (int k = 0; k < nsplits && !rc; k++) {
            s->assign[k] = k / s->per_node;
            s->a_len[k] = bounds[k + 1] - bounds[k];
        }
    }
    if (!rc && !(s->held = calloc((size_t)nsplits, sizeof *s->held))) rc = STRADS_ENOMEM;
    if (rc) {
        site_free(s);
        return rc;
    }
    s->data_ver = UINT64_MAX; /* set, with held, at the first rt__absp_end */
    s->site_id = site->id;
    s->begin = begin;
    s->end = end;
    s->N = N;
    s->nsplits = nsplits;
    s->ratio = ratio;
    s->threshold = threshold;
    s->next = sites;
    sites = s;
    *out = s;
    return 0;
}

static site_state *find_site(uint64_t id)
{
    site_state *s = sites;
    while (s && s->site_id != id) s = s->next;
    return s;
}

int rt__absp_begin(const strads_loop_site *site, uint64_t tag, const int64_t *bounds, int nsplits,
                   double ratio, int threshold, int flex, rt__absp **out)
{
    *out = NULL;
    int N = strads_size(), me = strads_rank(), rc = 0;
    tag <<= CLOCK_BITS;
    replay_note_timing(); /* a replay completes this operator from its record */
    double report_s = rt_cfg()->absp_report_s; /* > 0, checked at start */
    /* [node, start] per split, from the driver */
    int64_t *plan = calloc((size_t)nsplits * 2, sizeof *plan);
    rt__absp *ab = calloc(1, sizeof *ab);
    if (!plan || !ab) rc = STRADS_ENOMEM;
    if (!rc && me == 0) {
        site_state *s = NULL;
        rc = site_of(site, bounds[0], bounds[nsplits], N, nsplits, bounds, ratio, threshold,
                     report_s, flex, &s);
        if (!rc) rc = sched_absp_begin(s->a, 0);
        for (int k = 0; k < nsplits && !rc; k++) {
            sched_absp_task task;
            rc = sched_absp_task_of(s->a, k, &task);
            plan[2 * k] = task.node;
            plan[2 * k + 1] = task.start;
        }
        /* which node holds which split follows the swaps, which follow the
         * clock: a replay takes the recorded plan */
        if (!rc) rc = replay_absp_plan(plan, (size_t)nsplits * 2);
        if (!rc) {
            pthread_mutex_lock(&master_mu);
            free(M.last);
            M.last = calloc((size_t)N, sizeof *M.last);
            M.a = s->a;
            M.N = N;
            M.tag = tag;
            M.polled = 0;
            M.clock = 0;
            M.ratio = ratio;
            M.t0 = now_s();
            M.active = M.last != NULL;
            if (!M.last) rc = STRADS_ENOMEM;
            pthread_mutex_unlock(&master_mu);
        }
    }
    /* Every node takes part in the broadcast; a failed driver sends node -1. */
    if (rc && me == 0 && plan) plan[0] = -1;
    int brc = plan ? strads_broadcast(plan, (size_t)nsplits * 2 * sizeof *plan) : STRADS_ENOMEM;
    if (!rc) rc = brc;
    if (!rc && plan[0] < 0) rc = STRADS_EREMOTE;
    if (!rc) {
        ab->h = calloc((size_t)nsplits, sizeof *ab->h);
        if (!ab->h) rc = STRADS_ENOMEM;
    }
    if (!rc) {
        ab->tag = ab->call_tag = tag;
        ab->quota = -1;
        ab->me = me;
        ab->N = N;
        ab->nsplits = nsplits;
        ab->report_s = report_s;
        for (int k = 0; k < nsplits; k++) {
            if (plan[2 * k] != me) continue;
            held *h = &ab->h[ab->nheld++];
            h->split = k;
            h->lo = bounds[k];
            h->hi = bounds[k + 1];
            h->start = plan[2 * k + 1];
            atomic_init(&h->next, 0);
            atomic_init(&h->us, 0);
            ab->share += h->hi - h->lo;
            ab->items += h->hi - h->lo;
        }
        atomic_store(&cur_done, 0);
        atomic_store(&next_report_us, rt_now_us() + (uint64_t)(report_s * 1e6));
        atomic_store(&cur_tag, tag);
    }
    free(plan);
    if (rc) {
        rt__absp_free(ab);
        return rc;
    }
    *out = ab;
    return 0;
}

void rt__absp_free(rt__absp *ab)
{
    if (!ab) return;
    free(ab->h);
    free(ab);
}

int rt__absp_held(const rt__absp *ab)
{
    return ab->nheld;
}

int64_t rt__absp_left(rt__absp *ab)
{
    int64_t left = 0;
    for (int i = 0; i < ab->nheld; i++) {
        held *h = &ab->h[i];
        int64_t l = h->hi - h->lo - atomic_load(&h->next);
        left += l > 0 ? l : 0;
    }
    return left;
}

void rt__absp_split(const rt__absp *ab, int i, int64_t *lo, int64_t *hi)
{
    *lo = ab->h[i].lo;
    *hi = ab->h[i].hi;
}

int rt__absp_stopped(const rt__absp *ab)
{
    return atomic_load(&stopped_tag) >= ab->tag;
}

/*
 * Collective, A-BSP per minibatch clock (the paper's iteration is the sync
 * interval, and BSP's is a clock): the clock's round begins. Every node's
 * quota is its clock's items, 1/clocks of the items of its splits (a
 * minibatch per thread when the splits are the blocks; under FlexPara a node
 * given more splits runs larger clocks, so that all finish in as many
 * clocks), capped by what is left of its splits in this call. The
 * unprocessed items of a stopped clock are simply the next ones from the
 * split's cursor, so they go first in the next clock (task-level
 * prioritization across clocks and calls). The driver's round
 * state is set before the all-reduce, so no report of the clock can come
 * before it; the quotas are known after it. *any = 0 when no node has
 * items left (nobody runs the clock, no stop comes).
 */
int rt__absp_clock(rt__absp *ab, int64_t clock, int64_t clocks, int *any)
{
    int64_t most = clocks > 0 ? (ab->items + clocks - 1) / clocks : ab->items;
    uint64_t tag = ab->call_tag + (uint64_t)clock + 1;
    int N = ab->N, rc = 0;
    *any = 0;
    if (ab->me == 0) {
        pthread_mutex_lock(&master_mu);
        M.tag = tag;
        M.clock = 1;
        M.known = M.stopping = M.polled = 0;
        memset(M.last, 0, (size_t)N * sizeof *M.last);
        free(M.quota);
        M.quota = NULL;
        M.active = 1;
        pthread_mutex_unlock(&master_mu);
    }
    int64_t *q = calloc((size_t)N, sizeof *q);
    if (!q) rc = STRADS_ENOMEM;
    int64_t left = rt__absp_left(ab);
    if (q) q[ab->me] = left < most ? left : most;
    int arc = q ? strads_allreduce(q, (size_t)N, STRADS_T_I64, STRADS_OP_SUM) : STRADS_ENOMEM;
    if (!rc) rc = arc;
    if (rc) {
        free(q);
        return rc;
    }
    for (int r = 0; r < N; r++) *any |= q[r] > 0;
    ab->tag = tag;
    ab->quota = ab->share = q[ab->me];
    atomic_store(&ab->taken, 0);
    atomic_store(&cur_done, 0); /* before the tag: a poll must not see the last clock's count */
    atomic_store(&next_report_us, rt_now_us() + (uint64_t)(ab->report_s * 1e6));
    atomic_store(&cur_tag, tag);
    if (ab->me == 0) {
        pthread_mutex_lock(&master_mu);
        M.quota = q;
        M.known = 1;
        if (*any) clock_decide_locked();
        pthread_mutex_unlock(&master_mu);
    } else {
        free(q);
    }
    return 0;
}

/* A chunk is done: count it, report when due. */
static void progress(rt__absp *ab, int64_t m)
{
    int64_t done = atomic_fetch_add(&cur_done, m) + m;
    uint64_t now = rt_now_us(), due = atomic_load(&next_report_us);
    int send = done >= ab->share || atomic_load(&eager_tag) == ab->tag;
    if (!send && now >= due)
        send = atomic_compare_exchange_strong(&next_report_us, &due,
                                              now + (uint64_t)(ab->report_s * 1e6));
    if (send) report(ab->tag, ab->me, done);
}

/* Runs items [k, k+m) from held split h's cursor, wrapping at its end. */
static void run_piece(rt__absp *ab, held *h, int64_t k, int64_t m, rt__absp_chunk_fn fn, void *arg)
{
    int64_t len = h->hi - h->lo;
    /* the k-th item from the cursor, wrapping at the split's end */
    int64_t a = h->start + k;
    if (a >= h->hi) a -= len;
    uint64_t t0 = rt_now_us();
    if (a + m <= h->hi) {
        fn(arg, a, a + m);
    } else {
        fn(arg, a, h->hi);
        fn(arg, h->lo, h->lo + m - (h->hi - a));
    }
    atomic_fetch_add(&h->us, (int64_t)(rt_now_us() - t0));
    progress(ab, m);
}

/* Cluster replay of an ordered call: slot runs exactly the chunks it ran in
 * the recorded run, in that order, whatever the stop signal says now; the
 * cursors end where they ended then. */
static int64_t rerun(rt__absp *ab, int64_t round, int slot, rt__absp_chunk_fn fn, void *arg)
{
    int64_t ran = 0, k, m;
    int i;
    while (replay_next_chunk(round, slot, &i, &k, &m)) {
        held *h = i >= 0 && i < ab->nheld ? &ab->h[i] : NULL;
        if (!h || k < 0 || m < 1 || k + m > h->hi - h->lo) {
            rt_error("replay: A-BSP round %lld of slot %d: a recorded chunk outside this node's "
                     "splits: the replay diverged", (long long)round, slot);
            break;
        }
        int64_t was = atomic_load(&h->next);
        while (was < k + m && !atomic_compare_exchange_weak(&h->next, &was, k + m)) {}
        if (ab->quota >= 0) atomic_fetch_add(&ab->taken, m);
        run_piece(ab, h, k, m, fn, arg);
        ran += m;
    }
    return ran;
}

/* The node's threads take chunks of its splits in cursor order from one
 * counter per split, and a chunk taken is always run to its end: so what a
 * node processed of a split is exactly a prefix from the cursor, which is
 * what task-level prioritization needs, however the stop signal falls.
 * Recorded, each chunk is logged with the slot that ran it. */
int64_t rt__absp_run(rt__absp *ab, int slot, int64_t n, int64_t chunk, rt__absp_chunk_fn fn,
                     void *arg)
{
    int64_t ran = 0, round = (int64_t)(ab->tag - ab->call_tag);
    if (replay_chunks_replayed()) return rerun(ab, round, slot, fn, arg);
    if (chunk < 1) chunk = 1;
    if (ab->quota >= 0) n = INT64_MAX; /* the quota bounds the clock */
    for (int i = 0; i < ab->nheld && n > 0; i++) {
        held *h = &ab->h[i];
        int64_t len = h->hi - h->lo;
        while (n > 0 && !rt__absp_stopped(ab)) {
            int64_t want = n < chunk ? n : chunk;
            /* Per clock: room in the node's quota, claimed so that the
             * count never passes the quota. An add that overshot and was
             * given back let two threads each see the other's overshoot,
             * both leave with room and items left, and the clock end one
             * item short (an iteration lost with exit 0, 1 run in 15
             * under load). Now a thread leaves only on a full count; a
             * thread holding part of it either runs that part or gives it
             * back at a split's end and claims again itself. */
            if (ab->quota >= 0) {
                int64_t q = atomic_load(&ab->taken), w;
                do {
                    if (q >= ab->quota) return ran;
                    w = ab->quota - q < want ? ab->quota - q : want;
                } while (!atomic_compare_exchange_weak(&ab->taken, &q, q + w));
                want = w;
            }
            int64_t k = atomic_fetch_add(&h->next, want);
            int64_t m = k >= len ? 0 : k + want <= len ? want : len - k;
            if (ab->quota >= 0 && m < want) atomic_fetch_sub(&ab->taken, want - m);
            if (!m) break;
            replay_note_chunk(round, slot, i, k, m);
            run_piece(ab, h, k, m, fn, arg);
            n -= m;
            ran += m;
        }
    }
    return ran;
}

int rt__absp_wait(rt__absp *ab)
{
    if (replay_chunks_replayed()) return 0; /* the recorded chunks ran: the stop is moot */
    /* Every thread of this node is back without a stop: each ran its
     * quota to the end (rt__absp_run), so the report of the last chunk
     * reached the driver. Items left unrun here would be lost from the
     * call with exit 0: stop instead. */
    if (!rt__absp_stopped(ab)) {
        int64_t done = atomic_load(&cur_done);
        if (done < ab->share && rt__absp_left(ab) > 0) {
            char what[160];
            snprintf(what, sizeof what,
                     "sync_for: A-BSP round %llx of rank %d ended with %lld of its %lld items "
                     "run and items left (internal error)",
                     (unsigned long long)ab->tag, ab->me, (long long)done, (long long)ab->share);
            strads_fatal(STRADS_ESTATE, what);
        }
        report(ab->tag, ab->me, done > ab->share ? done : ab->share);
    }
    pthread_mutex_lock(&stop_mu);
    while (atomic_load(&stopped_tag) < ab->tag) pthread_cond_wait(&stop_cv, &stop_mu);
    pthread_mutex_unlock(&stop_mu);
    return 0;
}

/* Driver: every item's process count, their spread (max - min). */
static int64_t spread(const sched_absp *a, int64_t n, int64_t *lo, int64_t *hi)
{
    int64_t *cnt = malloc((size_t)n * sizeof *cnt);
    if (!cnt) return -1;
    sched_absp_counts(a, cnt);
    *lo = *hi = cnt[0];
    for (int64_t i = 1; i < n; i++) {
        if (cnt[i] < *lo) *lo = cnt[i];
        if (cnt[i] > *hi) *hi = cnt[i];
    }
    free(cnt);
    return *hi - *lo;
}

static int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Drops the pairs whose time per unit of size exceeds OUTLIER times the
 * median of the node's (in place; returns how many are left, adds the
 * dropped to *dropped). A split's time is wall time, and a process that the
 * OS deschedules for a time slice in the middle of a 1 ms split shows 5-13
 * times its compute (measured with 4 processes on 2 cores): one such split
 * outweighed the other fifteen of a node and the fit followed it. A node
 * that is slow all along moves its median, not its outliers. */
#define OUTLIER 3.0
static size_t drop_outliers(double *x, double *t, size_t m, int64_t *dropped)
{
    double *r = malloc((m ? m : 1) * sizeof *r);
    if (!r || m < 3) {
        free(r);
        return m;
    }
    for (size_t i = 0; i < m; i++) r[i] = t[i] / (x[i] > 0 ? x[i] : 1);
    qsort(r, m, sizeof *r, cmp_dbl);
    double lim = OUTLIER * r[m / 2];
    size_t n = 0;
    for (size_t i = 0; i < m; i++)
        if (t[i] / (x[i] > 0 ? x[i] : 1) <= lim) x[n] = x[i], t[n++] = t[i];
    *dropped += (int64_t)(m - n);
    free(r);
    return n;
}

/* How well a node's capacity model predicts splits it was not fitted on:
 * the model fitted on the pairs at even positions predicts the total time
 * of those at odd positions, measured in the same call (so the load of the
 * machine is the same for both). Relative error of that total. */
static double heldout_error(const double *x, const double *t, size_t m)
{
    double *xe = malloc((m + 1) / 2 * 2 * sizeof *xe), *te = xe ? xe + (m + 1) / 2 : NULL;
    size_t n = 0;
    for (size_t i = 0; xe && i < m; i += 2) xe[n] = x[i], te[n++] = t[i];
    sched_flex_model fit;
    double pred = 0, meas = 0, err = -1;
    if (xe && sched_flex_fit(xe, te, n, FLEX_DEGREE, &fit) == 0) {
        for (size_t i = 1; i < m; i += 2) pred += sched_flex_eval(&fit, x[i]), meas += t[i];
        if (meas > 0) err = (pred > meas ? pred - meas : meas - pred) / meas;
    }
    free(xe);
    return err;
}

/*
 * FlexPara on the driver, after a call: each node's capacity model is
 * fitted on the (size, time) of the splits it processed whole (a split is
 * FlexPara's item; a node that processed none keeps its last model), and
 * once every node has one, Algorithm 1 reassigns the splits for the next
 * call, starting from their home nodes. A node left without splits gets
 * its first home split back (A-BSP's bookkeeping needs one per node).
 */
static int flex_reassign(site_state *s, const int64_t *done, const int64_t *us,
                         const rt__split_costs *fl, const double *rates)
{
    const double *sizes = fl->size;
    int N = s->N, K = s->nsplits, rc = 0;
    double *x = malloc((size_t)K * sizeof *x), *t = malloc((size_t)K * sizeof *t);
    int *home = malloc((size_t)K * sizeof *home), *assign = malloc((size_t)K * sizeof *assign);
    if (!x || !t || !home || !assign) rc = STRADS_ENOMEM;
    int fitted = 0;
    s->heldout = -1;
    for (int r = 0; r < N && !rc; r++) {
        size_t m = 0;
        for (int k = 0; k < K; k++)
            if (s->assign[k] == r && done[k] == s->a_len[k]) x[m] = sizes[k], t[m++] = (double)us[k] / 1e6;
        m = drop_outliers(x, t, m, &s->dropped);
        if (m && sched_flex_fit(x, t, m, FLEX_DEGREE, &s->model[r]) == 0) fitted++;
        double err = m >= 4 ? heldout_error(x, t, m) : -1;
        if (err > s->heldout) s->heldout = err;
    }
    s->have_models |= fitted == N;
    if (!rc && s->have_models) {
        for (int k = 0; k < K; k++) home[k] = k / s->per_node;
        /* Algorithm 2: moving a split costs its input bytes at the
         * receiving node's rate; without a measured rate the network is
         * left out (the reassignment then weighs compute alone). */
        sched_flex_problem pb = {N, (size_t)K, sizes, fl->bytes, home, s->model, rates,
                                 fl->param_bytes};
        sched_flex_cfg cfg = {FLEX_P, FLEX_B, 0};
        sched_flex_result res;
        rc = sched_flex_reassign(&pb, &cfg, assign, &res);
        if (!rc) keep_one_each(assign, K, N);
        if (!rc) {
            memcpy(s->assign, assign, (size_t)K * sizeof *assign);
            s->moved = res.moved;
            s->before = res.before;
            s->after = res.after;
        }
    }
    free(x);
    free(t);
    free(home);
    free(assign);
    return rc;
}

/* Every node's fetch rate (bytes/s, one slot per node of the counts'
 * all-reduce) into *out: nodes that have not measured one yet get the
 * mean of the others; NULL when none has. */
static int node_rates(const int64_t *slot, int N, double **out)
{
    double sum = 0;
    int known = 0;
    *out = NULL;
    for (int n = 0; n < N; n++)
        if (slot[n] > 0) sum += (double)slot[n], known++;
    if (!known) return 0;
    double *r = malloc((size_t)N * sizeof *r);
    if (!r) return STRADS_ENOMEM;
    for (int n = 0; n < N; n++) r[n] = slot[n] > 0 ? (double)slot[n] : sum / known;
    *out = r;
    return 0;
}

/*
 * A-BSP's swap budget (absp(R) without a threshold; docs/sync-models.md):
 * Algorithm 2 moves two splits' input, which on a slow network or with
 * fresh memory to fill costs more than the iterations it evens out (48 MB
 * splits take 0.4-1.2 s against 50 ms iterations on a 2-core machine,
 * where unbounded swaps make A-BSP take 2.6x BSP's time). So a swap may cost at most SWAP_SHARE of
 * the training time since the previous one: moving a split to a node costs
 * its input bytes at the slowest measured fetch rate (DEFAULT_RATE until a
 * move was measured), and nothing where the node holds them still (the
 * engine keeps fetched input while its version stays; a split sent back to
 * where it was costs no transfer).
 */
#define SWAP_SHARE 0.1
#define DEFAULT_RATE 100e6 /* bytes/s: the 2-core machine's, first touches included */

static int set_budget(site_state *s, const rt__split_costs *fl, const double *rates, double call_s)
{
    int N = s->N, K = s->nsplits;
    /* STRADS_ABSP_MOVE_RATE: the rate the budget assumes in place of the
     * measured one, to see its decisions as on another network (and to
     * test them) */
    double forced = rt_cfg()->absp_move_rate; /* 0: measured */
    if (s->data_ver != fl->data_ver) { /* the input changed: only its holders have it */
        for (int k = 0; k < K; k++) s->held[k] = 0;
        s->data_ver = fl->data_ver;
    }
    for (int k = 0; k < K && N <= 64; k++) s->held[k] |= UINT64_C(1) << sched_absp_node_of(s->a, k);
    double rate = 0;
    for (int n = 0; rates && n < N; n++)
        if (rates[n] > 0 && (rate == 0 || rates[n] < rate)) rate = rates[n];
    if (rate <= 0) rate = DEFAULT_RATE;
    if (forced > 0) rate = forced;
    double *move = malloc((size_t)K * (size_t)N * sizeof *move);
    if (!move) return STRADS_ENOMEM;
    for (int k = 0; k < K; k++)
        for (int n = 0; n < N; n++)
            move[(size_t)k * (size_t)N + (size_t)n] =
                N <= 64 && (s->held[k] >> n & 1) ? 0 : fl->bytes[k] / rate;
    /* A site's first call distributes the input and runs reconnaissance
     * (seconds on the 2-core machine): counted as training time, it let
     * the first swap through at once, however slow the move. */
    if (s->calls > 0) s->since_swap_s += call_s;
    int rc = sched_absp_move_budget(s->a, move, SWAP_SHARE * s->since_swap_s);
    free(move);
    return rc;
}

int rt__absp_end(rt__absp *ab, const strads_loop_site *site, const rt__split_costs *fl,
                 int64_t *processed)
{
    /* every split's items processed, then its compute time (us), then
     * every node's fetch rate */
    size_t slots = (size_t)ab->nsplits * 2 + (size_t)ab->N;
    int64_t *done = calloc(slots, sizeof *done), *us = done + ab->nsplits, *rate = us + ab->nsplits;
    if (!done) return STRADS_ENOMEM;
    if (fl && fl->net_rate > 0) rate[ab->me] = (int64_t)fl->net_rate;
    for (int i = 0; i < ab->nheld; i++) {
        int64_t k = atomic_load(&ab->h[i].next), len = ab->h[i].hi - ab->h[i].lo;
        /* cut point: recorded, or under cluster replay the recorded one */
        done[ab->h[i].split] = replay_cut(0, ab->h[i].split, k < len ? k : len);
        us[ab->h[i].split] = atomic_load(&ab->h[i].us);
    }
    int rc = strads_allreduce(done, slots, STRADS_T_I64, STRADS_OP_SUM);
    double *rates = NULL;
    if (!rc && fl && ab->me == 0) rc = node_rates(rate, ab->N, &rates);
    *processed = 0;
    for (int k = 0; k < ab->nsplits; k++) *processed += done[k];
    if (ab->me == 0) {
        pthread_mutex_lock(&master_mu);
        double call_s = now_s() - M.t0;
        M.active = 0;
        M.clock = 0;
        free(M.quota);
        M.quota = NULL;
        pthread_mutex_unlock(&master_mu);
        site_state *s = find_site(site->id);
        sched_absp_move moves[2];
        int nm = 0;
        if (!rc && s && fl && fl->budget && !s->assign) rc = set_budget(s, fl, rates, call_s);
        if (!rc && s) rc = sched_absp_end(s->a, done, moves, &nm);
        if (s && nm) s->since_swap_s = 0;
        if (!rc && s && s->assign && fl) {
            rc = flex_reassign(s, done, us, fl, rates);
            if (!rc && rt_stats_on()) {
                rt_stats_note("sync_for %s:%u: flexpara %s, predicted %.4f s -> %.4f s, "
                              "%zu of %d splits away from home, held-out error %.1f%%, "
                              "%lld outlier times so far",
                              site->file, site->line,
                              s->have_models ? "models fitted" : "no model yet", s->before,
                              s->after, s->moved, s->nsplits,
                              s->heldout >= 0 ? 100 * s->heldout : -1.0, (long long)s->dropped);
                rt_stats("flexpara", site->file, site->line,
                         "models=%d predicted_home_s=%.6f predicted_s=%.6f away=%zu splits=%d "
                         "heldout_error_pct=%.1f outliers=%lld",
                         s->have_models ? 1 : 0, s->before, s->after, s->moved, s->nsplits,
                         s->heldout >= 0 ? 100 * s->heldout : -1.0, (long long)s->dropped);
            }
        }
        if (!rc && s) {
            int64_t n = s->end - s->begin, lo = 0, hi = 0, sp = spread(s->a, n, &lo, &hi);
            s->calls++;
            s->swaps += nm / 2;
            if (sp > s->max_spread) s->max_spread = sp;
            /* STRADS_ABSP_CHECK=K: the spread may exceed the split-level
             * threshold by 1 + K (1: the item-level count of a partly
             * processed split; K = 1 is the bound with one slow node, a
             * dynamic pattern overshoots more: docs/sync-models.md). */
            int slack = (int)rt_cfg()->absp_check;
            int64_t deferred = sched_absp_deferred(s->a);
            /* swaps put off by the budget let the spread grow past it */
            int bound = s->threshold >= 0 && !deferred ? s->threshold + 1 + slack : -1;
            /* A-BSP's partial processing is the model, but a loop whose
             * items all must run (an output written slice by slice, which
             * stradsc could not show to be the iterations' own) computes
             * a stale answer: say so once, with the way out */
            if (*processed < n && !s->told_partial) {
                s->told_partial = true;
                rt_warn("sync_for %s:%u: absp(%g) stopped early: %lld of %lld items of this call "
                        "ran, the others wait for later calls (A-BSP's partial processing); if "
                        "every item must run (an output or an evaluation), give this loop a model "
                        "of its own: --sync \"absp(%g),%s:%u=bsp\"",
                        site->file, site->line, s->ratio, (long long)*processed, (long long)n,
                        s->ratio, site->file, site->line);
            }
            if (rt_stats_on() && (s->ratio < 1 || s->threshold >= 0)) {
                rt_stats_note("sync_for %s:%u: absp(%g,%d) processed %lld of %lld items, "
                              "counts %lld..%lld, spread %lld, max spread %lld, swaps %lld, "
                              "put off %lld",
                              site->file, site->line, s->ratio, s->threshold,
                              (long long)*processed, (long long)n, (long long)lo, (long long)hi,
                              (long long)sp, (long long)s->max_spread, (long long)s->swaps,
                              (long long)deferred);
                rt_stats("absp", site->file, site->line,
                         "ratio=%g threshold=%d processed=%lld items=%lld count_min=%lld "
                         "count_max=%lld spread=%lld max_spread=%lld swaps=%lld put_off=%lld",
                         s->ratio, s->threshold, (long long)*processed, (long long)n,
                         (long long)lo, (long long)hi, (long long)sp, (long long)s->max_spread,
                         (long long)s->swaps, (long long)deferred);
            }
            if (slack > 0 && bound >= 0 && sp > bound) {
                rt_error("sync_for %s:%u: A-BSP check: item process counts spread %lld, bound %d "
                         "(threshold + 1 + STRADS_ABSP_CHECK)", site->file, site->line,
                         (long long)sp, bound);
                rc = STRADS_ESTATE;
            }
        }
    }
    free(done);
    free(rates);
    rt__absp_free(ab);
    return rc;
}
