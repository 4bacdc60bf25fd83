/*
 * replay/order.c - recording the order async_for ran in, and replaying it
 * in one process.
 *
 * An async_for call equals the sequential loop run in the order of its plan
 * (round, node, sub-round, thread, position): the oracle tests check this
 * bit for bit. So the order is all a replay of an async_for call needs -
 * lock grants, message arrivals and task dispatch inside the call cannot
 * change its result. With STRADS_RECORD=DIR the driver writes, per call, the
 * order to DIR/async-NNNNNN.order (versioned header, XXH3-128 checksum,
 * written to a temp file then renamed). With STRADS_REPLAY=DIR a program run
 * as one process executes each async_for call in its recorded order on one
 * thread, so the run, and a debugger stepping through a loop body in it,
 * sees exactly what the recorded parallel run computed. Under cluster replay
 * (strads-run --replay DIR, same node count) the plan is made as usual -
 * it is deterministic - and each call's order is checked against the
 * recorded one, so a program or input that changed is caught at the first
 * call that differs.
 *
 * The header holds the job's node count and threads. The trailer is
 * XXH3-128 of the header followed by the XXH3-128 of the order, and the
 * order's digest doubles as the fingerprint that tells a repeated order, so
 * the order is read once: a fast hash, because the order of a 10 M-iteration
 * loop is 80 MB and is written at the first recorded epoch. The checksum
 * guards against torn and damaged files, not an adversary (as the
 * checkpoint images', core/image.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Header-only: no library to link, for libstrads or its static users. */
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "replay/replay.h"
#include "core/rt.h"

#define ORDER_MAGIC "STRADSRO"
#define ORDER_VERSION 3
#define ORDER_SUM 16

typedef struct order_hdr {
    char magic[8];
    uint32_t version, nodes; /* nodes: the recorded job's size */
    uint64_t site_id;
    int64_t begin, end, n;
    uint64_t call;
    uint32_t threads, pad;
    uint64_t ref;            /* 0, or the call whose file holds this same order */
} order_hdr;

/* The last order written per site: a call whose plan is reused runs in the
 * same order every time, and writing it again (8 bytes an iteration, every
 * epoch) would dominate the cost of recording. Same loop, range, length
 * and fingerprint: the file only names the call that holds it (the same
 * change test and collision odds, about 2^-64, as checkpoints). */
typedef struct last_order {
    uint64_t site_id, call;
    XXH128_hash_t fp;
    int64_t begin, end, n;
    struct last_order *next;
} last_order;
static last_order *last_orders; /* the driver's main thread */

static uint64_t calls; /* async_for calls so far: the driver's main thread */

/* The file's trailer: XXH3-128 of the header and the order's digest. */
static void order_sum(const order_hdr *h, XXH128_hash_t body, unsigned char *sum)
{
    unsigned char buf[sizeof *h + sizeof(XXH128_canonical_t)];
    XXH128_canonical_t c;
    XXH128_canonicalFromHash(&c, body);
    memcpy(buf, h, sizeof *h);
    memcpy(buf + sizeof *h, c.digest, sizeof c.digest);
    XXH128_canonicalFromHash(&c, XXH3_128bits(buf, sizeof buf));
    memcpy(sum, c.digest, ORDER_SUM);
}

bool replay_recording(void) { return rt_cfg()->record != NULL; }
bool replay_replaying(void) { return rt_cfg()->replay != NULL && strads_size() == 1; }
bool replay_cluster(void) { return rt_cfg()->replay != NULL && strads_size() > 1; }
const char *replay_record_dir(void) { return rt_cfg()->record; }
const char *replay_replay_dir(void) { return rt_cfg()->replay; }

uint64_t replay_next_async_call(void) { return ++calls; }

static void order_path(char *out, size_t len, const char *dir, uint64_t call)
{
    snprintf(out, len, "%s/async-%06llu.order", dir, (unsigned long long)call);
}

/* Cluster replay: the order this call ran in must be the recorded one. */
static int check_order(const strads_loop_site *site, uint64_t call, int64_t begin, int64_t end,
                       const int64_t *order, int64_t n)
{
    int64_t *want = NULL, wn = 0;
    int rc = replay_load_order(site, call, begin, end, &want, &wn);
    if (rc) return rc;
    int64_t i = 0;
    if (wn == n)
        for (; i < n && (order ? order[i] : begin + i) == want[i]; i++) continue;
    free(want);
    if (wn == n && i == n) return 0;
    char path[4096];
    order_path(path, sizeof path, rt_cfg()->replay, call);
    rt_error("replay: %s:%u: async_for call %llu ran in another order than recorded in %s "
             "(first difference at position %lld): the program, its input or the thread count "
             "differs from the recorded run",
             site->file, site->line, (unsigned long long)call, path, (long long)i);
    return STRADS_ESTATE;
}

int replay_record_order(const strads_loop_site *site, uint64_t call, int64_t begin, int64_t end,
                        const int64_t *order, int64_t n, bool unchanged)
{
    if (replay_cluster()) return check_order(site, call, begin, end, order, n);
    const char *dir = rt_cfg()->record;
    if (!dir) return 0;
    if (mkdir(dir, 0755) && errno != EEXIST) {
        rt_error("record: cannot create %s: %s", dir, strerror(errno));
        return STRADS_EIO;
    }
    char path[4096], tmp[4200];
    order_path(path, sizeof path, dir, call);
    snprintf(tmp, sizeof tmp, "%s.tmp%d", path, (int)getpid());
    order_hdr h;
    memset(&h, 0, sizeof h); /* padding too: the header is checksummed */
    memcpy(h.magic, ORDER_MAGIC, 8);
    h.version = ORDER_VERSION;
    h.nodes = (uint32_t)strads_size();
    h.site_id = site->id;
    h.begin = begin;
    h.end = end;
    h.n = n;
    h.call = call;
    h.threads = (uint32_t)strads_threads();
    unsigned char sum[ORDER_SUM];
    int64_t *seq = NULL;
    if (!order) { /* the plain sequential order of an unplanned call */
        seq = malloc((size_t)(n ? n : 1) * sizeof *seq);
        if (!seq) return STRADS_ENOMEM;
        for (int64_t i = 0; i < n; i++) seq[i] = begin + i;
        order = seq;
    }
    last_order *lo = last_orders;
    while (lo && lo->site_id != site->id) lo = lo->next;
    bool same_range = lo && lo->begin == begin && lo->end == end && lo->n == n;
    /* a cached plan's order is the one recorded last: hashing 8 bytes an
     * iteration every call cost ~2 % of an SGD-MF epoch */
    XXH128_hash_t fp = unchanged && same_range ? lo->fp
                                               : XXH3_128bits(order, (size_t)n * sizeof *order);
    if (same_range && XXH128_isEqual(lo->fp, fp)) h.ref = lo->call;
    order_sum(&h, h.ref ? XXH3_128bits(NULL, 0) : fp, sum);
    FILE *f = fopen(tmp, "wb");
    int ok = f && fwrite(&h, sizeof h, 1, f) == 1 &&
             (h.ref || fwrite(order, sizeof *order, (size_t)n, f) == (size_t)n) &&
             fwrite(sum, sizeof sum, 1, f) == 1;
    if (f && fclose(f)) ok = 0;
    free(seq);
    if (!ok || rename(tmp, path)) {
        unlink(tmp);
        rt_error("record: cannot write %s: %s", path, strerror(errno));
        return STRADS_EIO;
    }
    if (!lo && (lo = calloc(1, sizeof *lo))) {
        lo->site_id = site->id;
        lo->next = last_orders;
        last_orders = lo;
    }
    if (lo && !h.ref)
        *lo = (last_order){.site_id = site->id, .call = call, .fp = fp, .begin = begin,
                           .end = end, .n = n, .next = lo->next};
    return 0;
}

static int load_file(const strads_loop_site *site, uint64_t call, int64_t begin, int64_t end,
                     int64_t **out, int64_t *n, uint64_t *ref);

int replay_load_order(const strads_loop_site *site, uint64_t call, int64_t begin, int64_t end,
                      int64_t **out, int64_t *n)
{
    uint64_t ref = 0;
    int rc = load_file(site, call, begin, end, out, n, &ref);
    if (rc || !ref) return rc;
    /* The file names an earlier call that ran in the same order. */
    int64_t want = *n;
    uint64_t again = 0;
    if (ref >= call || (rc = load_file(site, ref, begin, end, out, n, &again))) {
        if (!rc) rt_error("replay: %s:%u: the recorded order of call %llu refers to call %llu",
                          site->file, site->line, (unsigned long long)call,
                          (unsigned long long)ref);
        return rc ? rc : STRADS_ECORRUPT;
    }
    if (again || *n != want) {
        free(*out);
        *out = NULL;
        rt_error("replay: %s:%u: the recorded order of call %llu refers to call %llu, which does "
                 "not hold it", site->file, site->line, (unsigned long long)call,
                 (unsigned long long)ref);
        return STRADS_ECORRUPT;
    }
    return 0;
}

/* One order file; *ref is its reference (and *out is NULL) when it names
 * another call's file instead of holding the order. */
static int load_file(const strads_loop_site *site, uint64_t call, int64_t begin, int64_t end,
                     int64_t **out, int64_t *n, uint64_t *ref)
{
    char path[4096];
    order_path(path, sizeof path, rt_cfg()->replay, call);
    FILE *f = fopen(path, "rb");
    if (!f) {
        rt_error("replay: %s:%u: no recorded order %s: %s (was the run recorded with "
                 "--record, and is this the same program and input?)",
                 site->file, site->line, path, strerror(errno));
        return STRADS_ENOTFOUND;
    }
    order_hdr h;
    int rc = 0;
    const char *why = NULL;
    int64_t *order = NULL;
    if (fread(&h, sizeof h, 1, f) != 1 || memcmp(h.magic, ORDER_MAGIC, 8))
        why = "not a recorded order";
    else if (h.version != ORDER_VERSION)
        why = h.version < ORDER_VERSION ? "recorded by an older version of strads (an older "
                                          "format); record the run again"
                                        : "recorded by another version of strads";
    else if (h.site_id != site->id || h.begin != begin || h.end != end)
        why = "recorded for another loop or range: the program or its input changed";
    else if (h.n < 0 || h.n > end - begin)
        why = "corrupt length";
    if (!why) {
        int64_t body = h.ref ? 0 : h.n;
        order = malloc((size_t)(body ? body : 1) * sizeof *order);
        unsigned char sum[ORDER_SUM], want[ORDER_SUM];
        if (!order) {
            rc = STRADS_ENOMEM;
        } else if (fread(order, sizeof *order, (size_t)body, f) != (size_t)body ||
                   fread(sum, sizeof sum, 1, f) != 1) {
            why = "truncated";
        } else {
            order_sum(&h, XXH3_128bits(order, (size_t)body * sizeof *order), want);
            if (memcmp(sum, want, sizeof sum)) why = "checksum mismatch";
            for (int64_t i = 0; !why && i < body; i++)
                if (order[i] < begin || order[i] >= end) why = "iteration out of range";
        }
    }
    fclose(f);
    if (why) {
        rt_error("replay: %s:%u: %s: %s", site->file, site->line, path, why);
        rc = STRADS_ECORRUPT;
    }
    if (rc) {
        free(order);
        return rc;
    }
    *ref = h.ref;
    if (h.ref) {
        free(order);
        order = NULL;
    }
    *out = order;
    *n = h.n;
    return 0;
}
