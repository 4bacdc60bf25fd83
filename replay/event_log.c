/*
 * replay/event_log.c - the per-node event log of a recorded run, and the checks a
 * cluster replay makes against it (replay.h describes the contract).
 *
 * Each node logs, for every parallel operator, what happened at its choke
 * points of nondeterminism: which loop ran with how many threads (task
 * dispatch is a function of the call and the threads), the SSP gate's view
 * of every node's clock when this node started a clock, the store order of
 * SSP/ASP (deltas applied, reads served, own clock starts and folds, in one
 * total order), every A-BSP chunk with the thread slot that ran it, A-BSP
 * cut points, and a fingerprint of its folded reductions. A cluster replay
 * hands the SSP engine the store order and A-BSP its chunks to re-execute
 * (the recorded order, not just the outcome). The
 * node writes its own file with no coordination, one block per operator,
 * appended when the operator ends: a crash leaves a log that ends at the
 * last complete operator, and a torn block fails its checksum.
 *
 * File: header (magic, version, rank, size, threads, BLAKE2b-128 of those)
 * then blocks: u32 length, payload, BLAKE2b-128 of length and payload. A
 * payload starts with the operator number, the site id, the threads and
 * flags, then events (one type byte each, fields in native byte order: a
 * record is replayed on the machine type it was made on).
 *
 * Threads: the node-function thread opens and closes blocks and adds most
 * events; store events come from the loop thread too (under the SSP apply
 * lock, which orders them), chunks from pool threads. One mutex covers the
 * block in progress. Replaying, the block is read-only; the store cursor is
 * used under the apply lock, each slot's chunk cursor by its own thread.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <sodium.h>

#include "replay/replay.h"
#include "core/rt.h"

#define LOG_MAGIC "STRADSRL"
#define LOG_SUM 16 /* BLAKE2b-128: detects torn and corrupt blocks */

/* EV_DELTA, EV_READ, EV_OWN and EV_SFOLD are the store events of an ordered
 * SSP/ASP operator (REPLAY_ST_*: one total order per node, see replay.h). */
enum { EV_GATE = 1, EV_DELTA = REPLAY_ST_DELTA, EV_CUT = 3, EV_FOLD = 4,
       EV_READ = REPLAY_ST_READ, EV_OWN = REPLAY_ST_OWN, EV_SFOLD = REPLAY_ST_FOLD,
       EV_CHUNK = 8 /* A-BSP: round, slot, split, k, m */,
       EV_PLAN = 9 /* A-BSP, the driver's: n, then n int64 (split -> node, start) */ };
#define MAX_SLOTS 1024 /* threads per node whose A-BSP chunks can be replayed */
/* BLK_ORDERED: the operator's store events were recorded in their total
 * order, so a replay re-executes it in that order instead of completing it
 * from the record. */
enum { BLK_TIMING = 1, BLK_ORDERED = 2 };

typedef struct log_hdr {
    char magic[8];
    uint32_t version, rank, size, threads;
} log_hdr;

typedef struct blk_hdr {
    uint64_t op, site_id;
    uint32_t threads, flags;
} blk_hdr;

static struct {
    pthread_mutex_t mu;
    uint64_t ops;        /* operators begun on this node */
    /* recording */
    FILE *f;
    int open_rc;
    bool opened;
    unsigned char *b;    /* the block in progress: blk_hdr, then events */
    size_t len, cap;
    bool in_block;
    /* cluster replay */
    bool loaded;
    int load_rc;
    char path[4096];
    unsigned char *data; /* the whole log */
    size_t *off, *blen;  /* payload offset and length of block i */
    size_t nblk;
    const unsigned char *cur; /* payload of the operator in flight, NULL between */
    size_t curlen;
    uint64_t timing_op;  /* recording: the operator replay_note_timing saw */
    uint64_t ordered_op; /* recording: the operator replay_note_ordered saw */
    size_t store_pos;    /* cluster replay: next store event of the block */
    uint64_t store_seen; /* events replay_store_next handed out */
    size_t chunk_pos[MAX_SLOTS]; /* cluster replay: each slot's next A-BSP chunk */
} L = {.mu = PTHREAD_MUTEX_INITIALIZER};

static void log_path(char *out, size_t len, const char *dir, int rank)
{
    snprintf(out, len, "%s/node-%d.log", dir, rank);
}

static void sum16(unsigned char out[LOG_SUM], const void *a, size_t alen, const void *b,
                  size_t blen)
{
    crypto_generichash_state st;
    crypto_generichash_init(&st, NULL, 0, LOG_SUM);
    crypto_generichash_update(&st, a, alen);
    if (blen) crypto_generichash_update(&st, b, blen);
    crypto_generichash_final(&st, out, LOG_SUM);
}

/* ---- recording ---- */

/* Settings that change what loops compute without changing the program;
 * a replay must run under the recorded ones (strads-run --replay sets them
 * from DIR/settings, and cluster replay checks them). */
static const char *const settings[] = {"STRADS_SYNC", "STRADS_RECON_EVERY"};
#define NSETTINGS (sizeof settings / sizeof settings[0])

static int write_settings(const char *dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/settings", dir);
    FILE *f = fopen(path, "w");
    for (size_t i = 0; f && i < NSETTINGS; i++) {
        const char *v = rt_config_raw(rt_cfg(), settings[i]);
        fprintf(f, "%s=%s\n", settings[i], v ? v : "");
    }
    if (!f || fclose(f)) {
        rt_error("record: cannot write %s: %s", path, strerror(errno));
        return STRADS_EIO;
    }
    return 0;
}

/* Cluster replay: this process runs under the recorded settings. */
static int check_settings(void)
{
    char path[4200], line[1024];
    snprintf(path, sizeof path, "%s/settings", replay_replay_dir());
    FILE *f = fopen(path, "r");
    if (!f) {
        rt_error("replay: cannot open %s: %s", path, strerror(errno));
        return STRADS_ENOTFOUND;
    }
    int rc = 0;
    while (!rc && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        char *eq = strchr(line, '=');
        if (!eq) continue;
        *eq = 0;
        const char *now = rt_config_raw(rt_cfg(), line);
        if (strcmp(now ? now : "", eq + 1)) {
            rt_error("replay: the run was recorded with %s=%s but this one has %s=%s (%s); "
                     "strads-run --replay sets the recorded value", line, eq + 1, line,
                     now ? now : "", path);
            rc = STRADS_ECONFIG;
        }
    }
    fclose(f);
    return rc;
}

int replay__log_open(void)
{
    const char *dir = replay_record_dir();
    if (!dir || replay_replay_dir()) return 0;
    if (L.opened) return L.open_rc;
    L.opened = true;
    if (mkdir(dir, 0755) && errno != EEXIST) {
        rt_error("record: cannot create %s: %s", dir, strerror(errno));
        return L.open_rc = STRADS_EIO;
    }
    if (strads_rank() == 0 && write_settings(dir)) return L.open_rc = STRADS_EIO;
    log_path(L.path, sizeof L.path, dir, strads_rank());
    L.f = fopen(L.path, "wb");
    log_hdr h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, LOG_MAGIC, 8);
    h.version = REPLAY_RECORD_VERSION;
    h.rank = (uint32_t)strads_rank();
    h.size = (uint32_t)strads_size();
    h.threads = (uint32_t)strads_threads();
    unsigned char s[LOG_SUM];
    sum16(s, &h, sizeof h, NULL, 0);
    if (!L.f || fwrite(&h, sizeof h, 1, L.f) != 1 || fwrite(s, sizeof s, 1, L.f) != 1 ||
        fflush(L.f)) {
        rt_error("record: cannot write %s: %s", L.path, strerror(errno));
        return L.open_rc = STRADS_EIO;
    }
    return 0;
}

/* Appends n bytes to the block in progress (caller holds L.mu). */
static void put(const void *p, size_t n)
{
    if (L.len + n > L.cap) {
        size_t cap = L.cap ? 2 * L.cap : 256;
        while (cap < L.len + n) cap *= 2;
        unsigned char *b = realloc(L.b, cap);
        if (!b) { /* the block is then short; its writer reports it */
            L.cap = 0;
            return;
        }
        L.b = b;
        L.cap = cap;
    }
    memcpy(L.b + L.len, p, n);
    L.len += n;
}

static void event(uint8_t type, const void *p, size_t n)
{
    pthread_mutex_lock(&L.mu);
    if (L.in_block) {
        put(&type, 1);
        put(p, n);
    }
    pthread_mutex_unlock(&L.mu);
}

/* ---- cluster replay: loading and checking the log ---- */

static int bad(const char *why, size_t at)
{
    rt_error("replay: %s: %s at byte %zu; the record cannot be replayed", L.path, why, at);
    return STRADS_ECORRUPT;
}

static int load_log(void)
{
    if (L.loaded) return L.load_rc;
    L.loaded = true;
    if ((L.load_rc = check_settings())) return L.load_rc;
    log_path(L.path, sizeof L.path, replay_replay_dir(), strads_rank());
    FILE *f = fopen(L.path, "rb");
    if (!f) {
        rt_error("replay: no node log %s: %s (recorded with fewer processes, or not with "
                 "strads-run --record?)", L.path, strerror(errno));
        return L.load_rc = STRADS_ENOTFOUND;
    }
    size_t cap = 1 << 16, n = 0;
    L.data = malloc(cap);
    for (size_t got; L.data && (got = fread(L.data + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap) {
            unsigned char *d = realloc(L.data, cap *= 2);
            if (!d) free(L.data);
            L.data = d;
        }
    }
    fclose(f);
    if (!L.data) return L.load_rc = STRADS_ENOMEM;
    log_hdr h;
    unsigned char s[LOG_SUM];
    if (n < sizeof h + LOG_SUM || memcmp(L.data, LOG_MAGIC, 8))
        return L.load_rc = bad("not a strads node log (or truncated header)", 0);
    memcpy(&h, L.data, sizeof h);
    sum16(s, &h, sizeof h, NULL, 0);
    if (h.version != REPLAY_RECORD_VERSION)
        return L.load_rc = bad("recorded by another version of strads", 8);
    if (memcmp(s, L.data + sizeof h, LOG_SUM))
        return L.load_rc = bad("header checksum mismatch", 0);
    if (h.rank != (uint32_t)strads_rank() || h.size != (uint32_t)strads_size()) {
        rt_error("replay: %s was recorded as rank %u of %u processes; this job has %d: a replay "
                 "needs the recorded node count (strads-run --replay DIR without -n uses it)",
                 L.path, h.rank, h.size, strads_size());
        return L.load_rc = STRADS_ECONFIG;
    }
    size_t at = sizeof h + LOG_SUM, cap_b = 0;
    while (at < n) {
        uint32_t len;
        if (n - at < sizeof len + LOG_SUM) return L.load_rc = bad("truncated block", at);
        memcpy(&len, L.data + at, sizeof len);
        if (len < sizeof(blk_hdr) || n - at - sizeof len - LOG_SUM < len)
            return L.load_rc = bad("truncated block", at);
        sum16(s, L.data + at, sizeof len, L.data + at + sizeof len, len);
        if (memcmp(s, L.data + at + sizeof len + len, LOG_SUM))
            return L.load_rc = bad("checksum mismatch (corrupt)", at);
        if (L.nblk == cap_b) {
            cap_b = cap_b ? 2 * cap_b : 64;
            size_t *o = realloc(L.off, cap_b * sizeof *o);
            if (o) L.off = o;
            size_t *b = o ? realloc(L.blen, cap_b * sizeof *b) : NULL;
            if (!b) return L.load_rc = STRADS_ENOMEM;
            L.blen = b;
        }
        L.off[L.nblk] = at + sizeof len;
        L.blen[L.nblk++] = len;
        at += sizeof len + len + LOG_SUM;
    }
    return 0;
}

/* Finds the next event of type in the current block after *pos; returns a
 * pointer to its fields or NULL. */
static const unsigned char *next_event(uint8_t type, size_t *pos)
{
    while (L.cur && *pos < L.curlen) {
        uint8_t t = L.cur[*pos];
        size_t f = *pos + 1, sz;
        uint32_t nodes;
        switch (t) {
        case EV_GATE:
            if (L.curlen - f < 12) return NULL;
            memcpy(&nodes, L.cur + f + 8, sizeof nodes);
            sz = 12 + (size_t)nodes * 8;
            break;
        case EV_DELTA:
        case EV_READ:
        case EV_OWN:
        case EV_SFOLD: sz = 4; break;
        case EV_PLAN:
            if (L.curlen - f < 4) return NULL;
            memcpy(&nodes, L.cur + f, sizeof nodes);
            sz = 4 + (size_t)nodes * 8;
            break;
        case EV_CUT: sz = 24; break;
        case EV_CHUNK: sz = 32; break;
        case EV_FOLD: sz = 8; break;
        default: return NULL;
        }
        if (L.curlen - f < sz) return NULL;
        *pos = f + sz;
        if (t == type) return L.cur + f;
    }
    return NULL;
}

/* ---- the hooks ---- */

static uint32_t op_flags(void);

int replay_block_begin(const strads_loop_site *site, int threads)
{
    uint64_t op = ++L.ops;
    blk_hdr b = {op, site->id, (uint32_t)threads, 0};
    if (replay_cluster()) {
        int rc = load_log();
        if (rc) return rc;
        if (op > L.nblk) {
            rt_error("replay: %s: the recorded run ends after operator %zu but this run goes on "
                     "(%s:%u); the recorded run stopped there, or the program or its input "
                     "changed", L.path, L.nblk, site->file, site->line);
            return STRADS_ESTATE;
        }
        const unsigned char *p = L.data + L.off[op - 1];
        blk_hdr w;
        memcpy(&w, p, sizeof w);
        if (w.op != op || w.site_id != site->id || w.threads != (uint32_t)threads) {
            rt_error("replay: %s: operator %" PRIu64 " is the loop at %s:%u with %d threads in "
                     "this run, but %s in the record; the program, its input or --threads "
                     "differs from the recorded run", L.path, op, site->file, site->line,
                     threads, w.site_id != site->id ? "another loop" : "another thread count");
            return STRADS_ESTATE;
        }
        L.cur = p;
        L.curlen = L.blen[op - 1];
        L.store_pos = sizeof(blk_hdr);
        L.store_seen = 0;
        for (size_t i = 0; i < MAX_SLOTS; i++) L.chunk_pos[i] = sizeof(blk_hdr);
        return 0;
    }
    if (!replay_recording()) return 0;
    int rc = replay__log_open();
    if (rc) return rc;
    pthread_mutex_lock(&L.mu);
    L.len = 0;
    put(&b, sizeof b);
    L.in_block = true;
    pthread_mutex_unlock(&L.mu);
    return 0;
}

int replay_block_end(void)
{
    if (replay_cluster()) {
        /* What the tests look for: this operator ran again, not completed. */
        if (L.cur && (op_flags() & BLK_ORDERED))
            rt_info("replay: operator %" PRIu64 " re-executed in its recorded order (%" PRIu64
                    " store events)", L.ops, L.store_seen);
        L.cur = NULL;
        return 0;
    }
    pthread_mutex_lock(&L.mu);
    bool was = L.in_block;
    L.in_block = false;
    int rc = 0;
    if (was && L.f) {
        uint32_t len = (uint32_t)L.len;
        unsigned char s[LOG_SUM];
        sum16(s, &len, sizeof len, L.b, L.len);
        if (L.len < sizeof(blk_hdr) || fwrite(&len, sizeof len, 1, L.f) != 1 ||
            fwrite(L.b, 1, L.len, L.f) != L.len || fwrite(s, sizeof s, 1, L.f) != 1 ||
            fflush(L.f)) {
            rt_error("record: cannot write %s: %s", L.path, strerror(errno));
            rc = STRADS_EIO;
        }
    }
    pthread_mutex_unlock(&L.mu);
    return rc;
}

/* The flags of the operator in flight (or the last one) on this node. */
static uint32_t op_flags(void)
{
    blk_hdr b;
    if (replay_cluster()) {
        if (!L.loaded || L.load_rc || !L.ops || L.ops > L.nblk) return 0;
        memcpy(&b, L.data + L.off[L.ops - 1], sizeof b);
        return b.flags;
    }
    if (!L.ops) return 0;
    return (L.timing_op == L.ops ? BLK_TIMING : 0) | (L.ordered_op == L.ops ? BLK_ORDERED : 0);
}

/* An ordered operator is re-executed bit for bit, so it is held to its
 * record like a timing-independent one. */
bool replay__op_timing(void)
{
    uint32_t f = op_flags();
    return (f & BLK_TIMING) && !(f & BLK_ORDERED);
}

void replay_note_ordered(void)
{
    if (!replay_recording() || replay_cluster()) return;
    pthread_mutex_lock(&L.mu);
    L.ordered_op = L.ops;
    if (L.in_block && L.len >= sizeof(blk_hdr)) ((blk_hdr *)(void *)L.b)->flags |= BLK_ORDERED;
    pthread_mutex_unlock(&L.mu);
}

bool replay_store_ordered(void)
{
    if (replay_cluster()) return L.cur && (op_flags() & BLK_ORDERED);
    return replay_recording() && L.in_block;
}

void replay_note_store(int kind, int src)
{
    if (!replay_recording() || replay_cluster()) return;
    uint32_t s = (uint32_t)src;
    event((uint8_t)kind, &s, sizeof s);
}

int replay_store_next(int *kind, int *src)
{
    if (!L.cur) return 0;
    while (L.store_pos < L.curlen) {
        uint8_t t = L.cur[L.store_pos];
        size_t pos = L.store_pos;
        const unsigned char *e = next_event(t, &pos);
        if (!e) return 0; /* a malformed block ends the events; the close check reports it */
        if (t == EV_DELTA || t == EV_READ || t == EV_OWN || t == EV_SFOLD) {
            uint32_t s;
            memcpy(&s, e, sizeof s);
            *kind = t;
            *src = (int)s;
            return 1;
        }
        L.store_pos = pos;
    }
    return 0;
}

void replay_store_take(void)
{
    int kind, src;
    if (replay_store_next(&kind, &src)) {
        size_t pos = L.store_pos;
        next_event((uint8_t)kind, &pos);
        L.store_pos = pos;
        L.store_seen++;
    }
}

/* An A-BSP chunk as logged: round, slot and split, then k and m. */
typedef struct chunk_ev {
    int64_t round;
    int32_t slot, split;
    int64_t k, m;
} chunk_ev;

void replay_note_chunk(int64_t round, int slot, int split, int64_t k, int64_t m)
{
    /* Per chunk: the plain flag first (false unless recording) spares the
     * unrecorded run the rest. */
    if (!L.in_block || !replay_recording() || replay_cluster()) return;
    chunk_ev v = {round, slot, split, k, m};
    event(EV_CHUNK, &v, sizeof v);
}

bool replay_chunks_replayed(void)
{
    return replay_cluster() && replay_store_ordered();
}

int replay_next_chunk(int64_t round, int slot, int *split, int64_t *k, int64_t *m)
{
    if (!L.cur || slot < 0 || slot >= MAX_SLOTS) return 0;
    size_t *pos = &L.chunk_pos[slot];
    for (;;) {
        size_t at = *pos;
        const unsigned char *e = next_event(EV_CHUNK, pos);
        if (!e) {
            *pos = at;
            return 0;
        }
        chunk_ev v;
        memcpy(&v, e, sizeof v);
        if (v.slot != slot) continue;
        if (v.round != round) { /* a later round's: left for it */
            *pos = at;
            return 0;
        }
        *split = v.split;
        *k = v.k;
        *m = v.m;
        return 1;
    }
}

int replay_store_close(void)
{
    int kind, src;
    if (!replay_cluster() || !replay_store_ordered()) return 0;
    if (replay_store_next(&kind, &src)) {
        rt_error("replay: %s: operator %" PRIu64 " ended on this node after %" PRIu64 " of its "
                 "recorded store events; the next one (type %d from rank %d) never came: the "
                 "replay diverged", L.path, L.ops, L.store_seen, kind, src);
        return STRADS_ESTATE;
    }
    return 0;
}

void replay_note_timing(void)
{
    pthread_mutex_lock(&L.mu);
    L.timing_op = L.ops;
    if (L.in_block && L.len >= sizeof(blk_hdr)) ((blk_hdr *)(void *)L.b)->flags |= BLK_TIMING;
    pthread_mutex_unlock(&L.mu);
}

/* An event of a counted array: type, head (hlen bytes), n, then n int64. */
static void event_counted(uint8_t type, const void *head, size_t hlen, const int64_t *v, size_t n)
{
    uint32_t m = (uint32_t)n;
    pthread_mutex_lock(&L.mu);
    if (L.in_block) {
        put(&type, 1);
        if (hlen) put(head, hlen);
        put(&m, sizeof m);
        put(v, n * sizeof *v);
    }
    pthread_mutex_unlock(&L.mu);
}

void replay_note_gate(int64_t clock, const int64_t *done, int nodes)
{
    if (!replay_recording() || replay_cluster()) return;
    event_counted(EV_GATE, &clock, sizeof clock, done, (size_t)nodes);
}

int replay_gate_ok(int64_t clock, const int64_t *done, int nodes)
{
    if (!replay_cluster() || !L.cur) return 1;
    size_t pos = sizeof(blk_hdr);
    const unsigned char *e;
    while ((e = next_event(EV_GATE, &pos))) {
        int64_t c;
        uint32_t n;
        memcpy(&c, e, sizeof c);
        memcpy(&n, e + 8, sizeof n);
        if (c != clock) continue;
        for (uint32_t r = 0; r < n && (int)r < nodes; r++) {
            int64_t want;
            memcpy(&want, e + 12 + (size_t)r * 8, sizeof want);
            if (done[r] < want) return 0;
        }
        return 1;
    }
    return 1;
}

int replay_absp_plan(int64_t *plan, size_t n)
{
    if (replay_cluster()) {
        size_t pos = sizeof(blk_hdr);
        const unsigned char *e = next_event(EV_PLAN, &pos);
        uint32_t m;
        if (!e) return 0; /* a record without plans: its swaps were not timed */
        memcpy(&m, e, sizeof m);
        if (m != n) {
            rt_error("replay: %s: operator %" PRIu64 " was planned over %u splits in the record "
                     "and %zu in this run: the replay diverged", L.path, L.ops, m, n);
            return STRADS_ESTATE;
        }
        memcpy(plan, e + 4, n * sizeof *plan);
        return 0;
    }
    if (replay_recording()) event_counted(EV_PLAN, NULL, 0, plan, n);
    return 0;
}

int64_t replay_cut(int64_t clock, int64_t task, int64_t stop)
{
    if (replay_cluster()) {
        size_t pos = sizeof(blk_hdr);
        const unsigned char *e;
        while ((e = next_event(EV_CUT, &pos))) {
            int64_t v[3];
            memcpy(v, e, sizeof v);
            if (v[0] == clock && v[1] == task) return v[2];
        }
        rt_error("replay: %s: no recorded cut point for task %" PRId64 " of clock %" PRId64
                 " in operator %" PRIu64 "; using this run's", L.path, task, clock, L.ops);
        return stop;
    }
    if (replay_recording()) {
        int64_t v[3] = {clock, task, stop};
        event(EV_CUT, v, sizeof v);
    }
    return stop;
}

int replay_note_fold(const strads_loop_site *site, const void *acc)
{
    bool rec = replay_recording() && !replay_cluster();
    if ((!rec && !replay_cluster()) || !acc || !site->tls_size || !site->tls_pack) return 0;
    char *packed;
    size_t len;
    int rc = replay__pack_acc(site, acc, &packed, &len);
    if (rc) return rc;
    uint64_t fp = replay_fingerprint(packed, len);
    free(packed);
    if (rec) {
        event(EV_FOLD, &fp, sizeof fp);
        return 0;
    }
    if (!L.cur || replay__op_timing()) return 0;
    size_t pos = sizeof(blk_hdr);
    const unsigned char *e = next_event(EV_FOLD, &pos);
    uint64_t want;
    if (e) memcpy(&want, e, sizeof want);
    if (!e || want != fp) {
        rt_error("replay: %s:%u: operator %" PRIu64 " folded other reductions on this node than "
                 "in the recorded run (%s): the replay diverged", site->file, site->line, L.ops,
                 L.path);
        return STRADS_ESTATE;
    }
    return 0;
}

void replay_log_shutdown(void)
{
    replay__outcome_free();
    pthread_mutex_lock(&L.mu);
    if (L.f) fclose(L.f);
    L.f = NULL;
    L.opened = false;
    free(L.b);
    L.b = NULL;
    L.len = L.cap = 0;
    L.in_block = false;
    pthread_mutex_unlock(&L.mu);
    free(L.data);
    free(L.off);
    free(L.blen);
    L.data = NULL;
    L.off = L.blen = NULL;
    L.nblk = 0;
    L.loaded = false;
    L.cur = NULL;
}
