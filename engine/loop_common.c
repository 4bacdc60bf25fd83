/*
 * engine/loop_common.c - the mechanics both loop engines share.
 *
 * async_for and sync_for differ in how they cut and order iterations, not in
 * how a loop call travels: the driver sends one node function call whose
 * argument is the engine's header followed by the site-packed env, every
 * node gets an env (the driver its own, the others one unpacked from the
 * call), threads keep their reduction state in tls blocks, and at the end
 * the tls blocks are folded in a fixed order (threads, then ranks) so that a
 * reduction does not depend on timing (docs/design.md §6, rule 2). Keeping
 * that here means both engines get the same wire format and the same
 * reduction order, and a fix reaches both. The same points are where
 * replay/ records and checks every operator (per-node log blocks around the
 * node function, the fold, the driver's reductions and final arrays).
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Header-only: nothing to link (core/image.c does the same). */
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "dds/dds.h"
#include "replay/replay.h"
#include "engine/loop.h"
#include "core/trace.h"

/* The driver's env of the call in flight (nodes other than 0 unpack theirs).
 * Loop calls are issued one at a time by the driver's main thread. */
static void *driver_env;
static uint64_t invocations;

int rt_loop_threads(const void *env)
{
    const strads_loop_dyn *d = env;
    if (d && d->threads > 0) return (int)d->threads;
    return strads_threads();
}

uint64_t rt_loop_next_invocation(void)
{
    return ++invocations;
}

int rt_loop_invoke(const strads_loop_site *site, void *env, strads_node_fn fn, const void *hdr,
                   size_t hdr_len)
{
    return rt_loop_invoke_ex(site, env, fn, (void *)(uintptr_t)hdr, hdr_len, NULL);
}

/* The copyin input as the call found it (the driver: rt_loop_invoke_ex,
 * once per call, for the prepare hooks' plan keys too; a worker: when it
 * unpacks; node-function thread only: calls do not nest). A loop that
 * writes it (through a helper stradsc could not follow) would write each
 * process's own copy and lose the writes, so the call stops instead. */
static uint64_t copyin_hash;

uint64_t rt_loop_copyin_hash(void) { return copyin_hash; }

static uint64_t hash_copyin(const strads_loop_site *site, const void *env)
{
    return env && site->env_fields
               ? rt_fields_copyin_hash(env, site->env_fields, site->nenv_fields, 0)
               : 0;
}

uint64_t rt_loop_copyin_index_hash(const strads_loop_site *site, const void *env)
{
    return env && site->env_fields
               ? rt_fields_copyin_hash(env, site->env_fields, site->nenv_fields, 1)
               : 0;
}

/* The driver's reductions of the call in flight, published once the
 * operator is over (rt_loop_invoke_ex): a reduction into a section of a
 * distributed array written inside the operator reached neither the
 * owners nor the array's version (the write tracker counts writes inside
 * an operator, it does not push them); written after it, between
 * operators, it is sequential code's write and pushed before the next. */
static struct {
    const strads_loop_site *site;
    void *env;
    char *acc;
} later;

static void publish_now(const strads_loop_site *site, void *env, char *acc);

/* The reductions of a call's iterations the driver ran alone before the
 * rest ran shared (loop_alone.c): folded in ahead of the rest's, as one
 * more thread's, and published with them. min, max, accumulate and
 * stream() publish by assignment from a value the rest's threads start
 * from, so published apart the prefix's part was lost. */
static struct {
    const strads_loop_site *site;
    void *env;
    char *acc;
} held;

void rt_loop_carry_streams(const strads_loop_site *site, void *env, const char *acc)
{
    for (int k = 0; acc && k < site->nstreams; k++)
        memcpy((char *)env + site->streams[k].env_off, acc + site->streams[k].tls_off, site->streams[k].size);
}

void rt_loop_hold(const strads_loop_site *site, void *env, char *acc)
{
    held.site = site;
    held.env = env;
    held.acc = acc;
}

static char *with_held(const strads_loop_site *site, void *env, char *acc)
{
    if (!held.acc || held.site != site || held.env != env) return acc;
    char *first = held.acc;
    held.acc = NULL;
    if (acc && site->tls_fold) site->tls_fold(first, acc);
    /* a stream goes on from where the rest's first worker left it (the
     * fold kept the driver's part's: the next call would draw it again) */
    for (int k = 0; acc && k < site->nstreams; k++)
        memcpy(first + site->streams[k].tls_off, acc + site->streams[k].tls_off, site->streams[k].size);
    if (acc && site->tls_free) site->tls_free(acc);
    free(acc);
    return first;
}

void rt_loop_release(void)
{
    if (held.acc) publish_now(held.site, held.env, with_held(held.site, held.env, NULL));
}

static void publish_now(const strads_loop_site *site, void *env, char *acc)
{
    acc = with_held(site, env, acc);
    replay_op_result(site, acc); /* kept for the checkpoint of this operator */
    /* Recorded, or replaced by the recorded ones; a divergence is reported
     * by replay_outcome once the operator is over. */
    replay_outcome_reductions(site, env, acc);
    if (site->publish) site->publish(env, acc);
    if (site->tls_free) site->tls_free(acc);
    free(acc);
}

void rt_loop_publish(const strads_loop_site *site, void *env, char *acc)
{
    if (!acc) return;
    if (driver_env && env == driver_env && !later.acc) {
        later.site = site;
        later.env = env;
        later.acc = acc;
        return;
    }
    publish_now(site, env, acc);
}

static void publish_later(void)
{
    if (!later.acc) return;
    char *acc = later.acc;
    later.acc = NULL;
    publish_now(later.site, later.env, acc);
}
int rt_loop_invoke_ex(const strads_loop_site *site, void *env, strads_node_fn fn, void *hdr,
                      size_t hdr_len, void (*prepare)(void *hdr))
{
    /* Fast re-execution: an operator with a complete checkpoint is not run;
     * replay/ restores its arrays and publishes its reductions instead. */
    uint64_t op = replay_next_op();
    bool skip = false;
    int rc = replay_op_begin(op, site, env, &skip);
    if (rc || skip) return rc;
    rt_trace_begin(RT_TR_OPERATOR, site, 0);
    rt_progress_begin(site);
    /* The sequential code's writes reach the owners first, so that what the
     * header says about the arrays (prepare) describes them as the call
     * will see them. */
    rt_trace_begin(RT_TR_PUSH, NULL, 0);
    rc = dds_operator_begin();
    rt_trace_end();
    if (env && site->env_fields) rt_fields_copyin_snap(env, site->env_fields, site->nenv_fields);
    copyin_hash = hash_copyin(site, env);
    if (!rc && prepare) prepare(hdr);
    uint64_t sent, kept; /* the counts the pack below makes are this call's */
    rt_fields_copyin_counts(&sent, &kept);
    msgpack_sbuffer sb;
    msgpack_sbuffer_init(&sb);
    msgpack_sbuffer_write(&sb, hdr, hdr_len);
    msgpack_packer pk;
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    /* One process: the driver's node function takes env itself
     * (rt_loop_env_open), nothing unpacks a message. */
    if (!rc && site->pack && strads_size() > 1)
        rc = site->pack(&pk, env);
    else if (!rc && site->env_fields && strads_size() > 1)
        rc = strads_fields_pack(&pk, env, site->env_fields, site->nenv_fields);
    else if (!rc)
        msgpack_pack_nil(&pk);
    /* The call may write what was hashed: rt_loop_env_close hashes anew. */
    rt_fields_copyin_snap_end();
    driver_env = env;
    if (!rc) rc = strads_invoke_all(fn, sb.data, sb.size);
    driver_env = NULL;
    rt_progress_end();
    msgpack_sbuffer_destroy(&sb);
    rt_trace_begin(RT_TR_PULL, NULL, 0);
    if (!rc) rc = dds_operator_end();
    rt_trace_end();
    publish_later();
    if (!rc) rt_loop_checkpoint(op, site, env);
    rt_trace_end();
    return rc;
}

void rt_loop_checkpoint(uint64_t op, const strads_loop_site *site, void *env)
{
    int rc = replay_op_end(op, site, env, NULL);
    if (rc)
        rt_warn("%s:%u: checkpoint after operator %llu failed: %s (the run goes on, and exits "
                "non-zero)", site->file,
                site->line, (unsigned long long)op, strads_strerror(rc));
    /* A replay that diverges from its record stops here, never silently. */
    rc = replay_outcome(op, site);
    if (rc && replay_recording() && !replay_replay_dir())
        rt_warn("%s:%u: recording operator %llu failed: %s (the record is incomplete)",
                site->file, site->line, (unsigned long long)op, strads_strerror(rc));
    else if (rc)
        strads_fatal(rc, "replay");
}

int rt_loop_site_decode(uint64_t ref, const strads_loop_site **site)
{
    void *sp;
    int rc = rt_fnref_decode(ref, &sp);
    if (rc) return rc;
    const strads_loop_site *s = sp;
    if (s->abi != STRADS_ABI_VERSION) return STRADS_EPROTO;
    *site = s;
    return 0;
}

/* A node whose record cannot be written or replayed stops (its peers then
 * see it lost and the job fails naming it): returning an error from inside
 * a call would leave the other nodes waiting in the call's collectives. */
static void open_block(const strads_loop_site *site, const void *env)
{
    int rc = replay_block_begin(site, rt_loop_threads(env));
    if (rc) strads_fatal(rc, "record/replay");
}

int rt_loop_env_open(const strads_loop_site *site, const void *arg, size_t len, size_t hdr_len,
                     void **env)
{
    replay_fault_op_begin(); /* STRADS_FAULT (replay/fault.c) */
    if (strads_rank() == 0) {
        *env = driver_env;
        if (driver_env) open_block(site, driver_env);
        return driver_env ? 0 : STRADS_ESTATE;
    }
    if (len < hdr_len) return STRADS_EPROTO;
    void *e = calloc(1, site->env_size ? site->env_size : 1);
    if (!e) return STRADS_ENOMEM;
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    msgpack_object *o;
    int rc = rt_unpack_next(&up, (const char *)arg + hdr_len, len - hdr_len, &off, &o);
    if (!rc && site->unpack) rc = site->unpack(o, e);
    else if (!rc && site->env_fields)
        rc = strads_fields_unpack(o, e, site->env_fields, site->nenv_fields);
    msgpack_unpacked_destroy(&up);
    if (rc) {
        free(e);
        return rc;
    }
    open_block(site, e);
    *env = e;
    copyin_hash = hash_copyin(site, e);
    return 0;
}

void rt_loop_env_close(const strads_loop_site *site, void *env)
{
    if (copyin_hash && hash_copyin(site, env) != copyin_hash) {
        char what[512];
        snprintf(what, sizeof what,
                 "%s %s:%u: the loop wrote to its copyin input, which each process holds a copy "
                 "of (the writes would be lost); mark that memory's allocation "
                 "'#pragma strads dvector'",
                 site->kind == STRADS_SYNC_FOR ? "sync_for" : "async_for", site->file, site->line);
        strads_fatal(STRADS_EINVAL, what);
    }
    copyin_hash = 0;
    int rc = replay_block_end();
    if (rc) rt_warn("%s:%u: the record of this operator is incomplete", site->file, site->line);
    replay_fault_op_end();
    if (strads_rank() == 0 || !env) return;
    if (site->env_free) site->env_free(env);
    else if (site->env_fields) strads_fields_free(env, site->env_fields, site->nenv_fields);
    free(env);
}

/* The worker whose tls is being made, for stream() copies (strads.h). */
static _Atomic int64_t tls_worker;

int64_t strads__tls_worker(void) { return tls_worker; }

int rt_loop_tls_new(const strads_loop_site *site, const void *env, int threads, char **out)
{
    replay_fault("run"); /* both engines make the tls right before executing */
    return rt_loop_tls_workers(site, env, (int64_t)strads_rank() * threads, threads, out);
}

int rt_loop_tls_workers(const strads_loop_site *site, const void *env, int64_t first, int count,
                        char **out)
{
    char *tls = calloc((size_t)count, site->tls_size ? site->tls_size : 1);
    if (!tls) return STRADS_ENOMEM;
    for (int t = 0; t < count; t++) {
        tls_worker = first + t;
        if (site->tls_init) site->tls_init(tls + (size_t)t * site->tls_size, env);
    }
    tls_worker = 0;
    *out = tls;
    return 0;
}

void rt_loop_tls_free(const strads_loop_site *site, char *tls, int threads)
{
    if (tls && site->tls_free)
        for (int t = 0; t < threads; t++) site->tls_free(tls + (size_t)t * site->tls_size);
    free(tls);
}

/* Folds into acc the accumulators of this node's children in the
 * collectives' tree (core/rt.h), the smallest subtree first: a fixed order,
 * so floating-point results do not depend on arrival, and no node, rank 0
 * included, receives more than about log2(N) of them. */
static int fold_children(const strads_loop_site *site, void *env, char *acc, uint64_t tag)
{
    size_t ts = site->tls_size;
    char *other = calloc(1, ts);
    if (!other) return STRADS_ENOMEM;
    int rc = 0, me = strads_rank(), kids = rt_tree_children(me, strads_size());
    for (int i = 0; i < kids && !rc; i++) {
        int r = me + (1 << i);
        rt_msg *m;
        rc = rt_recv(RT_MSG_LOOP_TLS, tag, r, -1, &m);
        if (rc) break;
        msgpack_unpacked up;
        msgpack_unpacked_init(&up);
        size_t off = 0;
        msgpack_object *o;
        memset(other, 0, ts);
        if (site->tls_init) site->tls_init(other, env);
        rc = rt_unpack_next(&up, m->body, m->body_len, &off, &o);
        if (!rc) rc = site->tls_unpack(o, other);
        if (!rc && site->tls_fold) site->tls_fold(acc, other);
        if (site->tls_free) site->tls_free(other);
        msgpack_unpacked_destroy(&up);
        rt_msg_free(m);
    }
    free(other);
    return rc;
}

static int fold_ex(const strads_loop_site *site, void *env, char *tls, int threads, uint64_t tag,
                   int cross, char **acc_out)
{
    size_t ts = site->tls_size;
    *acc_out = NULL;
    char *acc = calloc(1, ts ? ts : 1);
    if (!acc) return STRADS_ENOMEM;
    rt_trace_begin(RT_TR_REDUCE, NULL, 0);
    if (site->tls_init) site->tls_init(acc, env);
    for (int t = 0; t < threads; t++)
        if (site->tls_fold) site->tls_fold(acc, tls + (size_t)t * ts);
    /* Checked after the exchange below: rank 0 waits for every node's part. */
    int note = replay_note_fold(site, acc), rc = 0;
    if (cross && strads_size() > 1 && ts) {
        if (!site->tls_pack || !site->tls_unpack) {
            rt_error("%s:%u: this loop's reductions cannot cross processes (rebuild with this "
                     "version of stradsc)",
                     site->file, site->line);
            rc = STRADS_ESTATE;
        } else {
            rc = fold_children(site, env, acc, tag);
            int me = strads_rank();
            if (!rc && me != 0) {
                rt_packer p;
                rt_pack_begin(&p, RT_MSG_LOOP_TLS, tag);
                rc = site->tls_pack(&p.pk, acc);
                if (!rc) rc = rt_send(rt_tree_parent(me), p.sb.data, p.sb.size, NULL, 0);
                rt_pack_done(&p);
            }
        }
    }
    rt_trace_end();
    if (!rc) rc = note;
    if (strads_rank() == 0 && !rc) {
        *acc_out = acc;
    } else {
        if (site->tls_free) site->tls_free(acc);
        free(acc);
    }
    return rc;
}

int rt_loop_fold(const strads_loop_site *site, void *env, char *tls, int threads, uint64_t tag,
                 char **acc_out)
{
    return fold_ex(site, env, tls, threads, tag, 1, acc_out);
}

/* The driver ran the loop alone: its threads' parts are the whole result,
 * and no other node sends one (waiting for them hung the call). */
int rt_loop_fold_alone(const strads_loop_site *site, void *env, char *tls, int threads,
                       char **acc_out)
{
    return fold_ex(site, env, tls, threads, 0, 0, acc_out);
}

uint64_t rt_loop_array_stamp(const dds_vec *dv)
{
    if (strads_size() > 1) return dv->version;
    return XXH3_64bits_withSeed(dv->base, (size_t)dv->n * dv->elem, dv->version);
}

/* LSD radix sort of 64-bit keys, 11 bits a pass over only the bits in which
 * the keys differ (a sync_for's keys: one array id over a few million
 * elements, two or three passes). qsort below a few thousand keys, or when
 * the buffer cannot be had: a FlexPara first call sorted 1 M keys a node
 * with qsort, a third of its time. */
static int cmp_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

void rt__sort_u64(uint64_t *v, size_t n)
{
    enum { BITS = 11, SMALL = 4096 };
    uint64_t *tmp = n >= SMALL ? malloc(n * sizeof *tmp) : NULL;
    if (!tmp) {
        qsort(v, n, sizeof *v, cmp_key);
        return;
    }
    uint64_t differ = 0;
    for (size_t i = 1; i < n; i++) differ |= v[i] ^ v[0];
    uint64_t *src = v, *dst = tmp;
    for (int shift = 0; shift < 64 && (differ >> shift); shift += BITS) {
        if (!((differ >> shift) & ((1u << BITS) - 1))) continue;
        size_t cnt[1u << BITS] = {0};
        for (size_t i = 0; i < n; i++) cnt[(src[i] >> shift) & ((1u << BITS) - 1)]++;
        size_t at = 0;
        for (size_t d = 0; d < (1u << BITS); d++) {
            size_t k = cnt[d];
            cnt[d] = at;
            at += k;
        }
        for (size_t i = 0; i < n; i++) dst[cnt[(src[i] >> shift) & ((1u << BITS) - 1)]++] = src[i];
        uint64_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != v) memcpy(v, src, n * sizeof *v);
    free(tmp);
}

/* True the first time this process asks about key (a site's id mixed with
 * what is said): warnings said once per loop, whichever loops come in
 * between (one remembered site re-warned at every call of two alternating
 * loops: 7,800 lines of a sort). Node-function and driver threads. */
bool rt_loop_once(uint64_t key)
{
    static uint64_t seen[512];
    static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
    key |= 1; /* 0 marks an empty slot */
    bool first = true;
    pthread_mutex_lock(&mu);
    for (size_t k = 0, h = (size_t)(key * 0x9E3779B97F4A7C15ull >> 55); k < 512; k++, h = (h + 1) % 512) {
        if (seen[h] == key) {
            first = false;
            break;
        }
        if (!seen[h]) {
            seen[h] = key;
            break;
        }
    }
    pthread_mutex_unlock(&mu);
    return first;
}
