/*
 * engine/loop_async_plan_spans_nodes.c - planning on several nodes from spans, with
 * no access records and no node planning for the others.
 *
 * Full records cost every node ~40 ns per access to make and rank 0 the
 * time to receive all of them and plan every node's part alone (SGD-MF, 10 M
 * ratings on 2 nodes: 2.2 s, more than an epoch; on 16 nodes 2.1 s against
 * a 0.4 s epoch). Where the loop has the shape span planning serves, each
 * node plans its own part instead:
 *   1. every node runs span reconnaissance over its share (loop_async_plan_spans.c)
 *      with input_read's rule for what it only reads (recon.c): one element
 *      of one input array at a fixed distance from the iteration's index,
 *      owned by the node, so that whoever runs an iteration knows its input
 *      element without records;
 *   2. rank 0 gathers each node's verdict and micro-block histograms (32 KiB
 *      a node), cuts the node-level blocks as the planner would
 *      (sched_span_node_blocks) and broadcasts them, or the verdict that
 *      full records must plan this loop;
 *   3. every node places its own iterations in their strata cells (round,
 *      node) and sends each node the iterations it runs (4-byte offsets,
 *      as gaps, engine/offset_gaps.h; with several threads also span rows) in one
 *      all-to-all exchange, then to
 *      each worker their input elements in pieces: that is the prefetch of
 *      the run's inputs (STRADS_STATS times it apart from the planning),
 *      done here because their sender knows them already;
 *   4. every node stores the input elements it received in its copy of the
 *      input and lays out the rest: per round the iterations in their
 *      original order (sources in rank order), the thread level from their
 *      spans as on one node, and the fetch and write-back lists: the
 *      elements of the micro-blocks they touch in the written arrays (no
 *      other node touches those in that round: blocks are unions of
 *      micro-blocks), less what it owns for the fetch; its own elements of
 *      an array cut by ranges as runs to mark changed instead;
 *   5. a last agreement: any node that could not plan sends everyone back to
 *      full records, an error fails the call on every node.
 * In pair mode (arrays written at two rows an iteration, one in each part:
 * loop_async_plan_spans.c) slot 0 is every array's lower part and slot 1
 * every upper part, so a micro-block of a slot names elements in each of
 * those parts (struct piece below); rank 0 checks that all nodes' probes
 * found the same parts.
 * The plan equals the full records' at node level (same blocks, same cells)
 * and in each cell's order; fetch lists may hold a few elements more
 * (whole micro-blocks). Not used when something reads the serial order
 * (STRADS_ORDER_FILE, recording, cluster replay), in verify mode, or on more
 * than 256 nodes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"
#include "engine/loop_async.h"

#define MAX_NODES 256 /* a node-level cell key fits 16 bits */
#define ROW 4         /* uint16 per span row: two slots, lowest and highest */

/* Step 2's messages: each node's to rank 0, and rank 0's answer. */
typedef struct summary {
    int32_t ok, ns;
    uint32_t ids[2];
    int32_t nin, pad;
    uint32_t in_ids[RT_MAX_INPUTS];
    int64_t in_off;
    uint16_t mlo[2], mhi[2];
    /* pair mode: the written arrays (nw of them) and where each splits */
    int32_t pair, nw;
    uint32_t wid[RT_GROUP_ARRAYS];
    int64_t split[RT_GROUP_ARRAYS];
    int32_t nrep, pad2;
    uint32_t rep[RT_MAX_REP];
    uint32_t hist[2 * SCHED__MICRO];
} summary;

typedef struct verdict {
    int32_t ok, nin;
    uint32_t in_ids[RT_MAX_INPUTS]; /* the input arrays, sorted; the first cuts the shares */
    int64_t in_off;
    int32_t nrep, pad;
    uint32_t rep[RT_MAX_REP]; /* the small arrays every node gets whole (all nodes' samples') */
    uint16_t blk[2 * SCHED__MICRO];
} verdict;


/* Whether two nodes' probes found the same pairs (or both none). */
static bool same_pairs(const summary *a, const summary *b)
{
    if (a->pair != b->pair || a->nw != b->nw) return false;
    for (int x = 0; x < a->nw && x < RT_GROUP_ARRAYS; x++)
        if (a->wid[x] != b->wid[x] || a->split[x] != b->split[x]) return false;
    return true;
}

/* Rank 0: whether spans plan this loop, and the blocks if so. In pair
 * mode the slots are rank 0's own (pslots): every node's probe found the
 * same arrays and splits, from which the slots follow. */
static void decide(const summary *all, int N, const call_hdr *h, const sched__slot *pslots,
                   verdict *v)
{
    memset(v, 0, sizeof *v);
    const summary *s0 = &all[0];
    bool ok = s0->ns == 2;
    const summary *in = NULL; /* the first node's that found inputs */
    uint16_t mlo[2] = {0xFFFF, 0xFFFF}, mhi[2] = {0, 0};
    uint32_t *hist = calloc(2 * SCHED__MICRO, sizeof *hist);
    ok = ok && hist;
    for (int r = 0; r < N && ok; r++) {
        const summary *s = &all[r];
        ok = s->ok && s->ns == 2 && s->ids[0] == s0->ids[0] && s->ids[1] == s0->ids[1] &&
             same_pairs(s, s0);
        if (ok && s->nin) {
            if (in && (in->nin != s->nin || in->in_off != s->in_off ||
                       memcmp(in->in_ids, s->in_ids, sizeof in->in_ids)))
                ok = false;
            in = s;
        }
        for (int q = 0; q < 2 && ok; q++) {
            if (s->mlo[q] < mlo[q]) mlo[q] = s->mlo[q];
            if (s->mhi[q] > mhi[q] && s->mlo[q] != 0xFFFF) mhi[q] = s->mhi[q];
        }
        for (size_t k = 0; k < 2 * SCHED__MICRO && ok; k++) hist[k] += s->hist[k];
        for (int q = 0; q < s->nrep && ok; q++)
            ok = dds_vec_by_id(s->rep[q]) && rt_rep_add(v->rep, &v->nrep, s->rep[q]);
    }
    /* the shares, from the input each node found, must cut the loop */
    int64_t lo, hi, next = h->begin;
    uint32_t in_id = in ? in->in_ids[0] : 0;
    int64_t in_off = in ? in->in_off : 0;
    for (int r = 0; r < N && ok; r++) {
        ok = rt__span_share(h, in_id, in_off, r, &lo, &hi) == 0 && lo == next;
        next = hi;
    }
    ok = ok && next == h->end;
    sched__slot slots[2];
    const dds_vec *dv[2] = {NULL, NULL};
    if (ok && s0->pair) {
        memcpy(slots, pslots, sizeof slots);
        for (int x = 0; x < s0->nw && ok; x++) ok = dds_vec_by_id(s0->wid[x]) != NULL;
    } else if (ok) {
        dv[0] = dds_vec_by_id(s0->ids[0]);
        dv[1] = dds_vec_by_id(s0->ids[1]);
        ok = dv[0] && dv[1] &&
             sched_span_slots((const uint32_t[]){dv[0]->id, dv[1]->id},
                              (const int64_t[]){dv[0]->n, dv[1]->n}, 2, slots) == 2 &&
             slots[0].id == s0->ids[0];
    }
    /* as on one node: a written array of which the loop touches less than
     * half would be cut too coarsely by whole-array micro-blocks */
    for (int q = 0; q < 2 && ok; q++)
        if (mlo[q] != 0xFFFF && 2 * (mhi[q] - mlo[q] + 1) < slots[q].nmb) ok = false;
    /* slot q is dv[q] (checked above); a pair's slots are parts of several
     * arrays, which no owner's range follows: cut by the histogram alone */
    for (int q = 0; q < 2 && ok; q++)
        slots[q].bounds = s0->pair || dv[q]->part == DDS_PART_HASH ? NULL : dv[q]->bounds;
    if (ok && sched_span_node_blocks(slots, 2, hist, N, v->blk)) ok = false;
    free(hist);
    v->ok = ok;
    if (in) {
        v->nin = in->nin;
        memcpy(v->in_ids, in->in_ids, sizeof v->in_ids);
        v->in_off = in->in_off;
    }
}

/* Step 3's message to one node: per round the count of its iterations
 * from here, the bytes of their gaps and, per slot, a bitmap of the
 * micro-blocks they touch; with several threads then the iterations' span
 * rows (the thread level plans from them), round by round; last the
 * iterations as offsets into this node's share, coded as gaps
 * (engine/offset_gaps.h), round by round. A second message to any node but the
 * driver holds their input elements in the same order: the sender owns
 * them, and the receiver would otherwise fetch them one scattered element
 * at a time in the first call's rounds (SGD-MF on 2 nodes: 0.5 s of the
 * first epoch for 2.5 M ratings). The driver's copy of the input is
 * coherent already. */
typedef struct msg_layout {
    size_t maps;  /* bytes of one round's two bitmaps */
    size_t head;  /* counts, lengths and bitmaps */
    bool spans;   /* span rows follow the head */
    size_t in_elem; /* bytes of an iteration's input elements, one of each
                     * input array in turn (0: no input) */
} msg_layout;

/* The input arrays of v, into in; how many (0 for one this node does not know). */
static int inputs(const verdict *v, dds_vec **in)
{
    for (int k = 0; k < v->nin; k++)
        if (!(in[k] = dds_vec_by_id(v->in_ids[k]))) return 0;
    return v->nin;
}

static msg_layout layout(const sched__slot *slots, int threads, const verdict *v)
{
    int N = strads_size();
    dds_vec *in[RT_MAX_INPUTS];
    int nin = inputs(v, in);
    msg_layout l = {.spans = threads > 1};
    for (int k = 0; k < nin; k++) l.in_elem += in[k]->elem;
    size_t m0 = ((size_t)slots[0].nmb + 63) / 64 * 8, m1 = ((size_t)slots[1].nmb + 63) / 64 * 8;
    l.maps = m0 + m1;
    l.head = (size_t)N * (16 + l.maps);
    return l;
}

/* Whether a message from node src to node dst carries input elements. */
static bool carries_inputs(const msg_layout *l, int src, int dst)
{
    return l->in_elem && dst != 0 && dst != src;
}

/* One element: a fixed-size copy for the usual sizes is a move or two,
 * where a call to memcpy per element cost a third of the cut (SGD-MF's
 * 12-byte ratings, 2.5 M of them). */
static inline void copy_elem(char *dst, const char *src, size_t size)
{
    switch (size) {
    case 4: memcpy(dst, src, 4); break;
    case 8: memcpy(dst, src, 8); break;
    case 12: memcpy(dst, src, 12); break;
    case 16: memcpy(dst, src, 16); break;
    case 24: memcpy(dst, src, 24); break;
    case 32: memcpy(dst, src, 32); break;
    default: memcpy(dst, src, size);
    }
}

/* Where a message's gaps start, with rows span rows before them. */
static size_t gaps_at(const msg_layout *l, int64_t rows)
{
    return l->head + (l->spans ? (size_t)rows * ROW * 2 : 0);
}

/* A message to one node while it is written: head (zeroed) and rows in
 * place, then round r's gaps from w[r * stride] on, in a region of room
 * bytes (the share's length: enough, engine/offset_gaps.h), which seal_msg
 * closes up. Only what is written is ever backed by memory. */
static int open_msg(const msg_layout *ml, int64_t rows, size_t room, void **out, rt__gaps_w *w,
                    size_t stride)
{
    int N = strads_size();
    size_t at = gaps_at(ml, rows);
    uint8_t *m = malloc(at + (size_t)N * room);
    if (!m) return STRADS_ENOMEM;
    memset(m, 0, ml->head);
    for (int r = 0; r < N; r++) rt__gaps_start(&w[(size_t)r * stride], m + at + (size_t)r * room);
    *out = m;
    return 0;
}

/* The counts and lengths into the head, the rounds' gaps moved together;
 * the message's length. */
static size_t seal_msg(const msg_layout *ml, void *m, int64_t rows, size_t room, const rt__gaps_w *w,
                       size_t stride)
{
    int N = strads_size();
    int64_t *cnt = m, *len = cnt + N;
    size_t at = gaps_at(ml, rows), to = at;
    for (int r = 0; r < N; r++) {
        const rt__gaps_w *x = &w[(size_t)r * stride];
        const uint8_t *from = (const uint8_t *)m + at + (size_t)r * room;
        size_t b = (size_t)(x->p - from);
        memmove((char *)m + to, from, b);
        cnt[r] = x->n;
        len[r] = (int64_t)b;
        to += b;
    }
    return to;
}

/* Step 3: this node's iterations cut by (destination, round) into messages
 * (two passes over the spans: count for the rows' places, then write; the
 * cell is cheap to find again). */
static int outgoing(const rt__spans *sp, const call_hdr *h, const verdict *v, const msg_layout *ml,
                    void **out, size_t *outl, bool *fits)
{
    int N = strads_size();
    int64_t n = sp->hi - sp->lo, all = h->end - h->begin;
    size_t nkeys = (size_t)N * (size_t)N, room = (size_t)n + 16;
    int64_t *cnt = calloc(nkeys, sizeof *cnt), *at = calloc(nkeys, sizeof *at); /* [dest][round] */
    int64_t *total = calloc((size_t)N, sizeof *total); /* per destination */
    rt__gaps_w *w = calloc(nkeys, sizeof *w);           /* [round][dest] */
    int rc = cnt && at && total && w ? 0 : STRADS_ENOMEM;
    *fits = true;
    for (int64_t k = 0; k < n && !rc && *fits; k++) {
        int a = 0, r = 0;
        *fits = sched_span_strata_cell(v->blk, sp->span + (size_t)k * ROW, sp->lo + k - h->begin, all,
                                       N, &a, &r);
        if (*fits) cnt[(size_t)a * (size_t)N + (size_t)r]++;
    }
    size_t m0 = ((size_t)sp->slots[0].nmb + 63) / 64 * 8;
    for (int d = 0; d < N && !rc && *fits; d++) {
        for (int r = 0; r < N; r++) {
            at[(size_t)d * (size_t)N + (size_t)r] = total[d];
            total[d] += cnt[(size_t)d * (size_t)N + (size_t)r];
        }
        rc = open_msg(ml, total[d], room, &out[d], w + d, (size_t)N);
    }
    for (int64_t k = 0; k < n && !rc && *fits; k++) {
        int a = 0, r = 0; /* every row fits: checked by the count */
        const uint16_t *row = sp->span + (size_t)k * ROW;
        sched_span_strata_cell(v->blk, row, sp->lo + k - h->begin, all, N, &a, &r);
        char *m = out[a];
        int64_t pos = at[(size_t)a * (size_t)N + (size_t)r]++;
        rt__gaps_put(&w[(size_t)r * (size_t)N + (size_t)a], k);
        if (ml->spans) memcpy(m + ml->head + (size_t)pos * ROW * 2, row, ROW * 2);
        uint64_t *map = (uint64_t *)(void *)(m + (size_t)N * 16 + (size_t)r * ml->maps);
        sched_span_mark(map, row);
        sched_span_mark((uint64_t *)(void *)((char *)map + m0), row + 2);
    }
    for (int d = 0; d < N && !rc && *fits; d++) outl[d] = seal_msg(ml, out[d], total[d], room, w + d, (size_t)N);
    free(cnt);
    free(at);
    free(total);
    free(w);
    return rc;
}

/* CPU seconds of the calling thread: the key pass runs on it alone. */
static double cpu_clock_s(clockid_t c)
{
    struct timespec t;
    clock_gettime(c, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double thread_cpu_s(void)
{
    return cpu_clock_s(CLOCK_THREAD_CPUTIME_ID);
}

/* The elements of dv this node does not own, as keys of a fetch list
 * (into keys, or counted when keys is NULL). */
static int64_t not_owned(const dds_vec *dv, uint64_t *keys)
{
    int me = strads_rank();
    int64_t k = 0;
    for (int64_t e = 0; e < dv->n; e++)
        if (!dds_owns(dv, e, me)) {
            if (keys) keys[k] = SCHED_ACC(dv->id, e, 0);
            k++;
        }
    return k;
}

/* Fetches every element of array id this node does not own (rank 0's
 * copy is the driver's, current when a call starts). */
int rt__fetch_whole(uint32_t id)
{
    dds_vec *dv = dds_vec_by_id(id);
    if (!dv) return STRADS_EPROTO;
    return strads_rank() == 0 ? 0 : dds_prefetch_range(dv, 0, dv->n);
}

/* Step 3 from keys (one thread a node, rt__spans without rows): the key
 * pass over this node's share under the agreed blocks writes each
 * iteration's offset straight into its message and marks each cell's
 * micro-blocks. 40 MB of span rows at the Netflix shape on 2 nodes were
 * most of the reconnaissance's time in a VM, and a key per iteration and
 * a pass to scatter 4-byte offsets were a third of the planning. */
static int keyed_outgoing(const rt__spans *sp, const call_hdr *h, const verdict *v,
                          const msg_layout *ml, void **out, size_t *outl, bool *fits,
                          double *recon_s, double *cpu_recon_s)
{
    int N = strads_size();
    int64_t n = sp->hi - sp->lo;
    size_t nkeys = (size_t)N * (size_t)N, mapw = ml->maps / 8, room = (size_t)n + 16;
    size_t mapw0 = ((size_t)sp->slots[0].nmb + 63) / 64;
    uint64_t *maps = calloc(nkeys * mapw + 1, sizeof *maps);
    rt__gaps_w *w = calloc(nkeys, sizeof *w); /* key r * N + d: round r's cell on node d */
    int rc = maps && w ? 0 : STRADS_ENOMEM;
    bool fall = false;
    for (int d = 0; d < N && !rc; d++) rc = open_msg(ml, 0, room, &out[d], w + d, (size_t)N);
    uint64_t t0 = rt_now_us();
    double c0 = thread_cpu_s();
    /* the key pass reads the whole arrays the nodes agreed on as the
     * owners' (a read-only table's values may pick rows) */
    for (int q = 0; q < v->nrep && !rc; q++) rc = rt__fetch_whole(v->rep[q]);
    if (!rc)
        rc = rt__keys_share(sp, v->blk, N, h->begin, h->end - h->begin, v->rep, v->nrep, w, maps,
                            mapw, mapw0, &fall);
    *recon_s = (double)(rt_now_us() - t0) / 1e6;
    *cpu_recon_s = thread_cpu_s() - c0;
    *fits = !fall;
    for (int d = 0; d < N && !rc && *fits; d++) {
        outl[d] = seal_msg(ml, out[d], 0, room, w + d, (size_t)N);
        for (int r = 0; r < N; r++)
            memcpy((char *)out[d] + (size_t)N * 16 + (size_t)r * ml->maps,
                   maps + ((size_t)r * (size_t)N + (size_t)d) * mapw, ml->maps);
    }
    free(maps);
    free(w);
    return rc;
}

/* One message, as the plan reads it. */
typedef struct part {
    const int64_t *cnt, *len; /* per round: iterations, bytes of their gaps */
    const char *maps;
    const uint16_t *span;     /* span rows, round by round, or NULL */
    const uint8_t *gaps;      /* round 0's gaps, then round 1's, ... */
    bool shipped; /* its sender moves the input elements of its iterations here */
    int64_t lo, total;
} part;

/* The parts of message m (its head checked, or this node's own). */
static void view(const void *m, const msg_layout *ml, part *p)
{
    int N = strads_size();
    p->cnt = m;
    p->len = p->cnt + N;
    p->maps = (const char *)m + (size_t)N * 16;
    p->total = 0;
    for (int r = 0; r < N; r++) p->total += p->cnt[r];
    p->span = ml->spans ? (const uint16_t *)(const void *)((const char *)m + ml->head) : NULL;
    p->gaps = (const uint8_t *)m + gaps_at(ml, p->total);
}

/* The iterations of a part in its order, across its rounds. */
typedef struct part_cur {
    const part *p;
    int r;
    int64_t left;
    rt__gaps_r rd;
} part_cur;

static void cur_open(part_cur *c, const part *p)
{
    *c = (part_cur){p, -1, 0, {p->gaps, -1}};
}

/* The next offset (the caller knows how many there are). */
static inline int64_t cur_next(part_cur *c)
{
    while (!c->left) { /* a round's gaps end where the next round's start */
        c->left = c->p->cnt[++c->r];
        c->rd.last = -1;
    }
    c->left--;
    return rt__gaps_next(&c->rd);
}

/* A received message, checked: counts per round, offsets inside the
 * sender's share and ascending within a round, spans inside the slots. */
static int parse(const void *m, size_t len, int src, const call_hdr *h, const sched__slot *slots,
                 const msg_layout *ml, uint32_t in_id, int64_t in_off, part *p)
{
    int N = strads_size();
    int64_t hi, bytes = 0, total = 0;
    if (rt__span_share(h, in_id, in_off, src, &p->lo, &hi) || len < ml->head) return STRADS_EPROTO;
    const int64_t *cnt = m, *gl = cnt + N;
    for (int r = 0; r < N; r++) {
        /* n offsets below the share's length take at most that many bytes */
        if (cnt[r] < 0 || cnt[r] > hi - p->lo || gl[r] < cnt[r] || gl[r] > hi - p->lo) return STRADS_EPROTO;
        total += cnt[r];
        bytes += gl[r];
    }
    if (total > hi - p->lo || len != gaps_at(ml, total) + (size_t)bytes) return STRADS_EPROTO;
    view(m, ml, p);
    const uint8_t *g = p->gaps;
    for (int r = 0; r < N; r++) {
        if (!rt__gaps_check(g, (size_t)gl[r], cnt[r], hi - p->lo)) return STRADS_EPROTO;
        g += gl[r];
    }
    for (int64_t k = 0; k < total && p->span; k++)
        for (int s = 0; s < 2; s++) {
            const uint16_t *q = p->span + (size_t)k * ROW + 2 * s;
            if (q[0] != 0xFFFF && (q[0] > q[1] || q[1] >= slots[s].nmb)) return STRADS_EPROTO;
        }
    return 0;
}

/* A worker's copy of the other nodes' input shares, mapped in one call on
 * huge pages before their elements are stored: each of those pages receives
 * some (a share's elements are scattered over it, a few hundred to a page),
 * and faulting them in one page at a time costs twice what mapping them
 * at once does (60 MB at the Netflix shape on 2 nodes: 270 against 110-140
 * ms). A helper thread mapping them during the exchange gains nothing on
 * two cores. */
static void map_input_shares(const call_hdr *h, const verdict *v, const part *parts,
                             dds_vec *const *in, int nin)
{
    for (int src = 0; src < strads_size(); src++) {
        int64_t lo, hi;
        if (!nin || !parts[src].shipped || rt__span_share(h, v->in_ids[0], v->in_off, src, &lo, &hi) ||
            hi <= lo)
            continue;
        for (int k = 0; k < nin; k++) {
            char *at = in[k]->base + (size_t)(lo + v->in_off) * in[k]->elem;
            size_t bytes = (size_t)(hi - lo) * in[k]->elem;
            if ((size_t)parts[src].total * in[k]->elem * 4 < bytes)
                continue; /* sparse (large elements, many nodes): fault what is written */
            dds_arena_dense(at, bytes);
            dds_populate(at, bytes);
        }
    }
}

/* The prefetch of the inputs: to each worker the input elements of the
 * iterations in its plan message out[d] (in that order), stored into its
 * copy of the input (mapped by map_input_shares) as they arrive, in pieces
 * of at most PIECE bytes: whole messages would be 30 MB a side at the
 * Netflix shape on 2 nodes, fresh memory to fault in at both ends, where a piece's
 * buffers are reused. Collective: a node that failed before takes part
 * with empty pieces, and an error in any piece stops every node's move at
 * the same piece. */
#define PIECE ((size_t)4 << 20)
static int move_inputs(const call_hdr *h, const rt__spans *sp, const verdict *v,
                       const msg_layout *ml, void *const *out, part *parts, int rc)
{
    int N = strads_size(), me = strads_rank();
    dds_vec *ins[RT_MAX_INPUTS];
    int nin = ml->in_elem ? inputs(v, ins) : 0;
    bool in = nin > 0; /* inputs move */
    if (ml->in_elem && !in && !rc) rc = STRADS_EPROTO;
    /* test hook: smaller pieces (STRADS_TEST_PIECE) */
    size_t piece = (size_t)rt_cfg()->test_piece; /* PIECE by default */
    size_t elem = in ? ml->in_elem : 1, per = piece / elem ? piece / elem : 1;
    int64_t total[MAX_NODES], sent[MAX_NODES], got[MAX_NODES], rounds = 0;
    part own[MAX_NODES];     /* the messages this node sent, read back */
    part_cur oc[MAX_NODES], ic[MAX_NODES]; /* where each side's move stands */
    void *xm[MAX_NODES], *xin[MAX_NODES];
    size_t xl[MAX_NODES], xinl[MAX_NODES];
    for (int d = 0; d < N; d++) {
        bool inputs = !rc && in && carries_inputs(ml, me, d) && out[d];
        total[d] = sent[d] = got[d] = 0;
        if (inputs) {
            view(out[d], ml, &own[d]);
            cur_open(&oc[d], &own[d]);
            total[d] = own[d].total;
        }
        cur_open(&ic[d], &parts[d]);
        int64_t pieces = (total[d] + (int64_t)per - 1) / (int64_t)per;
        rounds = pieces > rounds ? pieces : rounds;
        parts[d].shipped = in && carries_inputs(ml, d, me);
        xm[d] = malloc((total[d] < (int64_t)per ? (size_t)total[d] : per) * elem + 1);
        if (!xm[d] && !rc) rc = STRADS_ENOMEM;
    }
    if (!rc) map_input_shares(h, v, parts, ins, nin);
    int arc = strads_allreduce(&rounds, 1, STRADS_T_I64, STRADS_OP_MAX);
    if (!rc) rc = arc;
    for (int64_t q = 0; q < rounds && !arc; q++) {
        for (int d = 0; d < N; d++) {
            int64_t n = rc || !xm[d] ? 0 : total[d] - sent[d] < (int64_t)per ? total[d] - sent[d] : (int64_t)per;
            for (int64_t k = 0; k < n; k++) {
                char *to = (char *)xm[d] + (size_t)k * elem;
                int64_t e = sp->lo + cur_next(&oc[d]) + v->in_off;
                for (int a = 0; a < nin; a++) {
                    copy_elem(to, ins[a]->base + (size_t)e * ins[a]->elem, ins[a]->elem);
                    to += ins[a]->elem;
                }
            }
            xl[d] = (size_t)n * elem;
            sent[d] += n;
        }
        if ((arc = dds_exchange(dds_xchg_tag(), xm, xl, xin, xinl))) break; /* a peer is gone */
        for (int src = 0; src < N; src++) {
            const part *p = &parts[src];
            int64_t n = (int64_t)(xinl[src] / elem);
            if (!rc && xinl[src] && (!p->shipped || xinl[src] % elem || got[src] + n > p->total)) {
                rt_error("async_for: malformed input elements from rank %d", src);
                rc = STRADS_EPROTO;
            }
            for (int64_t k = 0; !rc && k < n; k++) {
                const char *from = (const char *)xin[src] + (size_t)k * elem;
                int64_t e = p->lo + cur_next(&ic[src]) + v->in_off;
                for (int a = 0; a < nin; a++) {
                    copy_elem(ins[a]->base + (size_t)e * ins[a]->elem, from, ins[a]->elem);
                    from += ins[a]->elem;
                }
            }
            got[src] += n;
            free(xin[src]);
        }
    }
    for (int src = 0; src < N && !rc && !arc; src++)
        if (parts[src].shipped && got[src] != parts[src].total) {
            rt_error("async_for: rank %d sent %lld of its %lld input elements", src,
                     (long long)got[src], (long long)parts[src].total);
            rc = STRADS_EPROTO;
        }
    for (int d = 0; d < N; d++) free(xm[d]);
    return rc ? rc : arc;
}

/* What a slot's micro-blocks are in the arrays: a written array's elements
 * [org, org + len), micro-block m being elements org + (m << shift) on.
 * One piece a slot (its whole array), or in pair mode two an array (its
 * lower part in slot 0, its upper part in slot 1); then the input
 * (slot -1). Sorted by array id, then org: the order of the lists' keys. */
typedef struct piece {
    uint32_t id;
    int slot;
    int64_t org, len;
    const dds_vec *dv;
} piece;
#define MAX_PIECES (2 * RT_GROUP_ARRAYS + RT_MAX_INPUTS)

/* sp's pieces and the input's into pc; how many, or 0 for an array this
 * node does not know. */
static int make_pieces(const rt__spans *sp, const sched__slot *slots, const verdict *v, piece *pc)
{
    int k = 0;
    if (sp->pair) {
        for (int a = 0; a < sp->nw; a++)
            for (int s = 0; s < 2; s++)
                pc[k++] = (piece){sp->wid[a], s, s ? sp->split[a] : 0,
                                  s ? sp->wn[a] - sp->split[a] : sp->split[a], NULL};
    } else {
        for (int s = 0; s < 2; s++) pc[k++] = (piece){slots[s].id, s, 0, slots[s].n, NULL};
    }
    for (int a = 0; a < v->nin; a++) pc[k++] = (piece){v->in_ids[a], -1, 0, 0, NULL};
    for (int x = 0; x < k; x++) {
        if (!(pc[x].dv = dds_vec_by_id(pc[x].id))) return 0;
        for (int y = x; y > 0 && (pc[y].id < pc[y - 1].id ||
                                  (pc[y].id == pc[y - 1].id && pc[y].org < pc[y - 1].org)); y--) {
            piece t = pc[y];
            pc[y] = pc[y - 1], pc[y - 1] = t;
        }
    }
    return k;
}

/* Step 4's lists for round r: the elements of the micro-blocks its
 * iterations touch in each written array (all of them to write back:
 * write-back marks this node's own as changed, which the driver's pull
 * needs; those owned elsewhere to fetch), and the input elements of the
 * iterations from other nodes (they own them). Keys sort by array id, then
 * element: the pieces go in that order. Counted first, then filled. Of an
 * array cut by ranges, the node's own elements go into runs to mark
 * instead (np->mark): at the Netflix shape on 2 nodes a node's W block was
 * 2 MB of keys a round, fresh memory in the first call, and an atomic mark
 * per element after every round. */
static void own_range(const dds_vec *dv, int me, int64_t *lo, int64_t *hi)
{
    *lo = *hi = 0;
    if (dv->part != DDS_PART_HASH && dv->bounds && me < dv->nodes) {
        *lo = dv->bounds[me];
        *hi = dv->bounds[me + 1];
    }
}

/* Micro-block m of piece x's slot as the piece's elements [*e0, *e1). */
static void mb_elems(const piece *x, const sched__slot *slots, int m, int64_t *e0, int64_t *e1)
{
    int64_t a = (int64_t)m << slots[x->slot].shift, b = ((int64_t)m + 1) << slots[x->slot].shift;
    if (b > x->len) b = x->len;
    if (a > b) a = b;
    *e0 = x->org + a;
    *e1 = x->org + b;
}

static int round_lists(const sched__slot *slots, const piece *pc, int npc, const msg_layout *ml,
                       const verdict *v, const part *parts, int r, node_plan *np)
{
    int N = strads_size(), me = strads_rank();
    size_t m0 = ((size_t)slots[0].nmb + 63) / 64 * 8;
    uint64_t *hit[2];
    hit[0] = calloc(1, ml->maps);
    if (!hit[0]) return STRADS_ENOMEM;
    hit[1] = (uint64_t *)(void *)((char *)hit[0] + m0);
    for (int src = 0; src < N; src++) {
        const uint64_t *m = (const uint64_t *)(const void *)(parts[src].maps + (size_t)r * ml->maps);
        for (size_t w = 0; w < ml->maps / 8; w++) hit[0][w] |= m[w];
    }
    int64_t nf = 0, nw = 0, nr = 0, olo[MAX_PIECES], ohi[MAX_PIECES];
    bool fetch_in = false;
    for (int x = 0; x < npc; x++) {
        own_range(pc[x].dv, me, &olo[x], &ohi[x]);
        int s = pc[x].slot;
        if (s < 0) { /* the input: its elements from other nodes, shipped with their
                      * iterations or in the driver's coherent copy already;
                      * fetched only where neither holds */
            fetch_in = me != 0;
            for (int src = 0; src < N && fetch_in; src++)
                if (src != me && !parts[src].shipped) nf += parts[src].cnt[r];
            continue;
        }
        for (int m = 0; m < slots[s].nmb; m++) {
            if (!(hit[s][m / 64] >> (m % 64) & 1)) continue;
            nr++;
            int64_t e0, e1;
            mb_elems(&pc[x], slots, m, &e0, &e1);
            for (int64_t e = e0; e < e1; e++)
                if (e < olo[x] || e >= ohi[x]) nw++, nf += !dds_owns(pc[x].dv, e, me);
        }
    }
    /* round 0: the small arrays every node reads whole (their versions
     * spare later calls the move while they do not change) */
    const dds_vec *rep[RT_MAX_REP];
    int nrep = r == 0 ? v->nrep : 0;
    for (int q = 0; q < nrep; q++) {
        rep[q] = dds_vec_by_id(v->rep[q]);
        if (!rep[q]) {
            free(hit[0]);
            return STRADS_EPROTO;
        }
        nf += not_owned(rep[q], NULL);
    }
    np->fetch[r] = malloc(((size_t)nf + 1) * sizeof **np->fetch);
    np->wb[r] = malloc(((size_t)nw + 1) * sizeof **np->wb);
    np->mark[r] = malloc(((size_t)nr + 1) * sizeof **np->mark);
    int rc = np->fetch[r] && np->wb[r] && np->mark[r] ? 0 : STRADS_ENOMEM;
    int64_t f = 0, w = 0, nm = 0;
    for (int x = 0; x < npc && !rc; x++) {
        const piece *q = &pc[x];
        int s = q->slot;
        if (s < 0) { /* input elements, in iteration order: ascending */
            for (int src = 0; src < N && fetch_in && !rc; src++) {
                if (src == me || parts[src].shipped) continue;
                const part *p = &parts[src];
                rt__gaps_r rd;
                rt__gaps_open(&rd, p->gaps);
                for (int k = 0; k < r; k++) rd.p += p->len[k];
                for (int64_t k = 0; k < p->cnt[r]; k++) {
                    int64_t e = p->lo + rt__gaps_next(&rd) + v->in_off;
                    if (e < 0 || e >= q->dv->n) {
                        rc = STRADS_EPROTO;
                        break;
                    }
                    np->fetch[r][f++] = SCHED_ACC(q->id, e, 0);
                }
            }
            continue;
        }
        for (int m = 0; m < slots[s].nmb; m++) {
            if (!(hit[s][m / 64] >> (m % 64) & 1)) continue;
            int64_t e0, e1;
            mb_elems(q, slots, m, &e0, &e1);
            for (int64_t e = e0; e < e1; e++) {
                if (e >= olo[x] && e < ohi[x]) continue; /* in the run below */
                np->wb[r][w++] = SCHED_ACC(q->id, e, 0);
                if (!dds_owns(q->dv, e, me)) np->fetch[r][f++] = SCHED_ACC(q->id, e, 0);
            }
            int64_t o0 = e0 > olo[x] ? e0 : olo[x], o1 = e1 < ohi[x] ? e1 : ohi[x];
            if (o1 <= o0) continue;
            rt__run *last = nm ? &np->mark[r][nm - 1] : NULL;
            if (last && last->id == q->id && last->hi == o0)
                last->hi = o1;
            else
                np->mark[r][nm++] = (rt__run){q->id, o0, o1};
        }
    }
    for (int q = 0; q < nrep && !rc; q++) f += not_owned(rep[q], np->fetch[r] + f);
    np->nfetch[r] = f;
    np->nwb[r] = w;
    np->nmark[r] = nm;
    free(hit[0]);
    return rc;
}

/* Step 4: this node's plan from what it received. *fits false: the thread
 * level needs the general methods. With several threads, spare (taken
 * over) is the spent span buffer: the order goes into its memory, which
 * reconnaissance already faulted in (a fresh 40 MB order cost ~70 ms of
 * page faults per node at the Netflix shape in a VM); realloc keeps those
 * pages. With one thread the order stays in the received messages as runs
 * of offsets (np->segs), which takes the buffers *bufs over. */
static int assemble(const call_hdr *h, uint64_t site_id, const sched__slot *slots, const piece *pc,
                    int npc, const verdict *v, const msg_layout *ml, const part *parts, void *spare,
                    void ***bufs, node_plan **out, bool *fits)
{
    int N = strads_size(), T = h->threads;
    node_plan *np = calloc(1, sizeof *np);
    sched_plan **rp = calloc((size_t)N, sizeof *rp); /* per round, several threads: its thread level */
    int64_t *rstart = calloc((size_t)N + 1, sizeof *rstart), *from = calloc((size_t)N, sizeof *from);
    part_cur *cur = calloc((size_t)N, sizeof *cur); /* per source: where its gaps stand */
    int rc = np && rp && rstart && from && cur ? 0 : STRADS_ENOMEM;
    for (int src = 0; src < N && !rc; src++) cur_open(&cur[src], &parts[src]);
    *fits = true;
    for (int r = 0; r < N; r++) {
        rstart[r + 1] = rstart[r];
        for (int src = 0; src < N; src++) rstart[r + 1] += parts[src].cnt[r];
    }
    int64_t total = rstart[N];
    if (!rc) {
        *np = (node_plan){.site_id = site_id, .begin = h->begin, .end = h->end, .threads = T,
                          .rounds = N, .subrounds = 1, .norder = total, .nwritten = 2};
        if (T == 1) {
            np->nsegs = N;
            np->segs = calloc((size_t)N * (size_t)N, sizeof *np->segs);
            if (!np->segs) rc = STRADS_ENOMEM;
        } else {
            np->order = realloc(spare, ((size_t)total + 1) * sizeof *np->order);
            if (np->order) spare = NULL;
        }
        np->fetch = calloc((size_t)N, sizeof *np->fetch);
        np->wb = calloc((size_t)N, sizeof *np->wb);
        np->nfetch = calloc((size_t)N, sizeof *np->nfetch);
        np->nwb = calloc((size_t)N, sizeof *np->nwb);
        np->mark = calloc((size_t)N, sizeof *np->mark);
        np->nmark = calloc((size_t)N, sizeof *np->nmark);
        np->locked = calloc((size_t)N, 1); /* spans never lock */
        np->written = malloc(MAX_PIECES * sizeof *np->written);
        if ((!np->order && !np->segs) || !np->fetch || !np->wb || !np->nfetch || !np->nwb || !np->mark || !np->nmark ||
            !np->locked || !np->written)
            rc = STRADS_ENOMEM;
    }
    /* each round: the iterations in their original order (sources in rank
     * order, each ascending), and with several threads the round's plan */
    for (int r = 0; r < N && !rc && *fits; r++) {
        int64_t at = rstart[r], n = rstart[r + 1] - at;
        uint16_t *span = T > 1 && n ? sched_span_alloc(n, 2) : NULL;
        if (T > 1 && n && !span) rc = STRADS_ENOMEM;
        for (int src = 0; src < N && !rc; src++) {
            const part *p = &parts[src];
            if (np->segs) {
                np->segs[(size_t)r * (size_t)N + (size_t)src] = (rt__seg){p->lo, cur[src].rd.p, p->cnt[r]};
                cur[src].rd.p += p->len[r];
            }
            for (int64_t k = 0; !np->segs && k < p->cnt[r]; k++) {
                np->order[at + k] = p->lo + cur_next(&cur[src]);
                if (span) memcpy(span + (size_t)(at - rstart[r] + k) * ROW, p->span + (size_t)(from[src] + k) * ROW, ROW * 2);
            }
            from[src] += p->cnt[r];
            at += p->cnt[r];
        }
        if (span && !rc) { /* sched_plan_build_spans takes span over */
            rc = sched_plan_build_spans(0, n, slots, 2, span, NULL, T, rt__plan_par, NULL, &rp[r]);
            if (!rc && !rp[r]) *fits = false;
            if (rp[r] && rp[r]->subrounds > np->subrounds) np->subrounds = rp[r]->subrounds;
        }
    }
    int S = np ? np->subrounds : 1;
    if (!rc && *fits && !(np->cells = calloc((size_t)N * (size_t)S * (size_t)T, sizeof *np->cells)))
        rc = STRADS_ENOMEM;
    int64_t *pos = NULL;
    for (int r = 0; r < N && !rc && *fits; r++) {
        int64_t base = rstart[r], n = rstart[r + 1] - base;
        sched_cell *c = &np->cells[(size_t)r * (size_t)S * (size_t)T];
        for (size_t k = 0; k < (size_t)S * (size_t)T; k++) c[k] = (sched_cell){base + n, 0};
        if (rp[r]) { /* the round's order by its plan's positions */
            const sched_plan *p = rp[r];
            if (!(pos = realloc(pos, ((size_t)n + 1) * sizeof *pos))) {
                rc = STRADS_ENOMEM;
                break;
            }
            for (int64_t k = 0; k < n; k++) pos[k] = np->order[base + p->order[k]];
            memcpy(np->order + base, pos, (size_t)n * sizeof *pos);
            for (size_t k = 0; k < (size_t)p->subrounds * (size_t)T; k++)
                c[k] = (sched_cell){base + p->cells[k].start, p->cells[k].len};
        } else {
            c[0] = (sched_cell){base, n};
        }
        rc = round_lists(slots, pc, npc, ml, v, parts, r, np);
    }
    free(pos);
    /* the small arrays every node read whole for this plan are current at
     * this call's versions: its round 0 need not fetch them again */
    for (int q = 0; np && !rc && *fits && q < v->nrep; q++)
        for (uint32_t k = 0; k < h->ndv && np->nseen < MAX_VERSIONED; k++)
            if (h->dv_id[k] == v->rep[q]) {
                np->seen_id[np->nseen] = h->dv_id[k];
                np->seen_ver[np->nseen++] = h->dv_ver[k];
            }
    if (!rc && *fits) { /* the written arrays, sorted: the pieces' (no input), once each */
        np->nwritten = 0;
        for (int x = 0; x < npc; x++)
            if (pc[x].slot >= 0 && (!np->nwritten || np->written[np->nwritten - 1] != pc[x].id))
                np->written[np->nwritten++] = pc[x].id;
    }
    for (int r = 0; rp && r < N; r++) sched_plan_free(rp[r]);
    free(rp);
    free(rstart);
    free(from);
    free(cur);
    free(spare); /* not taken: no plan */
    if (rc || !*fits) {
        rt__node_plan_free(np);
        np = NULL;
    }
    if (np && np->segs) { /* the runs point into the messages */
        np->segbuf = *bufs;
        *bufs = NULL;
    }
    *out = np;
    return rc;
}

int rt__mspan_plan(const call_hdr *h, uint64_t site_id, rt__spans *sp, node_plan **out,
                   rt__mspan_info *info)
{
    *out = NULL;
    memset(info, 0, sizeof *info);
    int N = strads_size(), me = strads_rank(), rc = 0;
    if (N > MAX_NODES) {
        free(sp->span);
        free(sp->hist);
        sp->span = NULL;
        sp->hist = NULL;
        return 0;
    }
    /* step 2 (the node-function thread's stack holds the small messages) */
    summary mine_s, *mine = &mine_s, *all = me == 0 ? calloc((size_t)N, sizeof *all) : NULL;
    verdict v_s, *v = &v_s;
    memset(mine, 0, sizeof *mine);
    memset(v, 0, sizeof *v);
    if (me == 0 && !all) rc = STRADS_ENOMEM;
    if (!rc) {
        mine->ok = sp->ns == 2;
        mine->ns = sp->ns;
        for (int s = 0; s < sp->ns && s < 2; s++) {
            mine->ids[s] = sp->slots[s].id;
            mine->mlo[s] = sp->mlo[s];
            mine->mhi[s] = sp->mhi[s];
        }
        mine->nin = sp->nin;
        memcpy(mine->in_ids, sp->in_ids, sizeof mine->in_ids);
        mine->in_off = sp->in_off;
        mine->pair = sp->pair;
        mine->nw = sp->pair ? sp->nw : 0;
        for (int x = 0; x < mine->nw; x++) {
            mine->wid[x] = sp->wid[x];
            mine->split[x] = sp->split[x];
        }
        if (sp->ns == 2) memcpy(mine->hist, sp->hist, sizeof mine->hist);
        mine->nrep = sp->nrep;
        memcpy(mine->rep, sp->rep, sizeof mine->rep);
    }
    free(sp->hist);
    sp->hist = NULL;
    /* STRADS_STATS: where planning went, per node (microseconds) */
    uint64_t t[6] = {rt_now_us(), 0, 0, 0, 0, 0};
    /* a node out of memory still takes part, saying no */
    int grc = strads_gather(mine, sizeof *mine, all);
    if (!rc) rc = grc;
    if (me == 0 && !rc) decide(all, N, h, sp->slots, v);
    int brc = strads_broadcast(v, sizeof *v);
    if (!rc) rc = brc;
    free(all);
    /* status, agreed by minimum: an error (STRADS_E*, negative) wins, then
     * 0 (full records), then 1 (spans plan) */
    int32_t status = rc ? rc : v->ok;
    int64_t prefetch_us = 0; /* the slowest node's */
    double prefetch_cpu = 0; /* this process's, all threads: the run's, as the wall time */
    double keys_s = 0, keys_cpu = 0; /* this node's key pass (reconnaissance) */
    double imbalance = 1.0;
    t[1] = rt_now_us();
    void **outm = NULL, **in = NULL;
    size_t *outl = NULL, *inl = NULL;
    bool fits = true;
    sched__slot slots[2];
    msg_layout ml = {0};
    piece pc[MAX_PIECES];
    int npc = 0;
    if (status == 1) { /* step 3 */
        memcpy(slots, sp->slots, sizeof slots);
        npc = make_pieces(sp, slots, v, pc);
        outm = calloc((size_t)N, sizeof *outm);
        in = calloc((size_t)N, sizeof *in);
        outl = calloc((size_t)N, sizeof *outl);
        inl = calloc((size_t)N, sizeof *inl);
        ml = layout(slots, h->threads, v);
        if (!rc && !(outm && in && outl && inl)) rc = STRADS_ENOMEM;
        if (!rc && !npc) rc = STRADS_EPROTO; /* an array the others know and this node not */
        if (!rc) rc = sp->span ? outgoing(sp, h, v, &ml, outm, outl, &fits)
                               : keyed_outgoing(sp, h, v, &ml, outm, outl, &fits, &keys_s, &keys_cpu);
        status = rc ? rc : fits;
    }
    void *spare = sp->span; /* spent: assemble's order reuses its pages */
    sp->span = NULL;
    /* every node placed its iterations, or all go back to full records */
    if (v->ok && (rc = strads_allreduce(&status, 1, STRADS_T_I32, STRADS_OP_MIN)) == 0 &&
        status == 1) {
        t[2] = rt_now_us();
        /* this node's own part stays here: no copy through the exchange */
        size_t own = outl[me];
        outl[me] = 0;
        rc = dds_exchange(dds_xchg_tag(), outm, outl, in, inl);
        free(in[me]);
        in[me] = outm[me];
        inl[me] = own;
        outm[me] = NULL;
        t[3] = rt_now_us();
        part parts[MAX_NODES]; /* on the stack: the move below is collective, whatever failed */
        memset(parts, 0, sizeof parts);
        for (int src = 0; src < N && !rc; src++)
            if ((rc = parse(in[src], inl[src], src, h, slots, &ml, v->nin ? v->in_ids[0] : 0, v->in_off,
                            &parts[src])))
                rt_error("async_for: malformed iterations from rank %d", src);
        /* the prefetch of the inputs (collective: every node takes part,
         * whatever it found, so that none waits on another) */
        uint64_t t_in = rt_now_us();
        double c_in = cpu_clock_s(CLOCK_PROCESS_CPUTIME_ID);
        rc = move_inputs(h, sp, v, &ml, outm, parts, rc);
        prefetch_us = (int64_t)(rt_now_us() - t_in);
        prefetch_cpu = cpu_clock_s(CLOCK_PROCESS_CPUTIME_ID) - c_in;
        /* test hook: one node's error */
        if (!rc && rt_cfg()->test_plan_error == me) {
            rt_error("async_for: STRADS_TEST_PLAN_ERROR=%d: this node fails its plan", me);
            rc = STRADS_EPROTO;
        }
        if (!rc) rc = assemble(h, site_id, slots, pc, npc, v, &ml, parts, spare, &in, out, &fits); /* step 4 */
        spare = NULL;
        t[4] = rt_now_us();
        status = rc ? rc : fits;
        int arc = strads_allreduce(&status, 1, STRADS_T_I32, STRADS_OP_MIN); /* step 5 */
        /* the slowest node's move, and per round the busiest node's
         * iterations (the plan's load max/mean) */
        int64_t most[MAX_NODES + 1];
        most[0] = prefetch_us;
        for (int r = 0; r < N; r++) {
            most[r + 1] = 0;
            for (int src = 0; src < N; src++) most[r + 1] += parts[src].cnt ? parts[src].cnt[r] : 0;
        }
        if (!arc) arc = strads_allreduce(most, N + 1, STRADS_T_I64, STRADS_OP_MAX);
        prefetch_us = most[0];
        int64_t crit = 0;
        for (int r = 0; r < N; r++) crit += most[r + 1];
        imbalance = h->end > h->begin ? (double)crit * N / (double)(h->end - h->begin) : 1.0;
        /* a node that only learns of another's error says so (the failing
         * node has said where; the driver names this one as an echo) */
        if (!rc) rc = arc ? arc : status < 0 ? STRADS_EREMOTE : 0;
        if (status != 1) {
            rt__node_plan_free(*out);
            *out = NULL;
        }
    } else if (!rc && status < 0) {
        rc = STRADS_EREMOTE;
    }
    for (int r = 0; r < N; r++) {
        if (outm) free(outm[r]);
        if (in) free(in[r]);
    }
    free(outm);
    free(in);
    free(outl);
    free(inl);
    free(spare); /* assemble did not run */
    t[5] = rt_now_us();
    char keyed[40] = ""; /* one thread a node: the cut includes the key pass */
    if (keys_s > 0) snprintf(keyed, sizeof keyed, " (key pass %.1f ms)", keys_s * 1e3);
    if (*out && rt_stats_on()) {
        rt_stats_note("async_for: rank %d planned from spans: blocks agreed %.1f ms, "
                      "iterations cut %.1f ms%s, exchanged %.1f ms, inputs moved and laid out "
                      "%.1f ms (the slowest node's move %.1f ms), agreed %.1f ms",
                      me, (double)(t[1] - t[0]) / 1e3, (double)(t[2] - t[1]) / 1e3, keyed,
                      (double)(t[3] - t[2]) / 1e3, (double)(t[4] - t[3]) / 1e3,
                      (double)prefetch_us / 1e3, (double)(t[5] - t[4]) / 1e3);
        /* key_pass_s: 0 when the node made no key pass */
        rt_stats("node_spans", NULL, 0,
                 "blocks_s=%.6f cut_s=%.6f key_pass_s=%.6f exchange_s=%.6f inputs_s=%.6f "
                 "slowest_inputs_s=%.6f agree_s=%.6f",
                 (double)(t[1] - t[0]) / 1e6, (double)(t[2] - t[1]) / 1e6,
                 keys_s > 0 ? keys_s : 0.0, (double)(t[3] - t[2]) / 1e6,
                 (double)(t[4] - t[3]) / 1e6, (double)prefetch_us / 1e6,
                 (double)(t[5] - t[4]) / 1e6);
    }
    if (*out) {
        info->prefetch_s = (double)prefetch_us / 1e6;
        info->cpu_prefetch_s = prefetch_cpu;
        info->recon_s = keys_s;
        info->cpu_recon_s = keys_cpu;
        info->nin = v->nin;
        memcpy(info->in_ids, v->in_ids, sizeof info->in_ids);
        info->nrep = v->nrep;
        memcpy(info->rep, v->rep, sizeof info->rep);
        info->pair = sp->pair ? sp->nw : 0;
        info->imbalance = imbalance;
        info->rounds = (*out)->rounds;
        info->subrounds = (*out)->subrounds;
    }
    return rc;
}
