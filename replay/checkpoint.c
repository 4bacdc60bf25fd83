/*
 * replay/checkpoint.c - checkpoints at operator boundaries and fast
 * re-execution after a failure: the two hooks the loop engines call on the
 * driver (replay_op_begin / replay_op_end), their configuration, and the
 * bookkeeping between them.
 *
 * Why at operator boundaries, on the driver: after dds_operator_end the
 * driver's mapping holds a coherent copy of every dvector, and the only
 * state a parallel operator leaves behind is that DDS content plus the
 * reduction results it publishes. Everything else (loop counters, learning
 * rates, scalars computed from reductions) is produced by the sequential
 * code, which a restarted job simply runs again from main: an operator that
 * a complete checkpoint covers is skipped and replaced by "load its DDS
 * state, publish its reductions" (the paper's fast re-execution, ATC'19
 * section 4.3). No checkpoint code in the user's program.
 *
 * Change detection without reading the arrays: in a job of several nodes
 * the driver keeps a content version per dvector (dds_vec.version, bumped
 * whenever the driver pushes the sequential code's writes or pulls the
 * owners' changes, whoever wrote them: a body, the sequential code, a
 * pretraining operator); an array whose version equals the one of its last
 * image (input data, an array the operator only read) is not written again
 * and the manifest names its older image. Where no version is known (a job
 * of one node, which tracks nothing, and the first checkpoint after a
 * recovery) the array is fingerprinted instead (replay_fingerprint) and
 * compared with the fingerprint its last image recorded.
 *
 * Overlap (STRADS_CHECKPOINT_ASYNC, on by default): the main thread only
 * copies the changed arrays into snapshot buffers kept from one checkpoint
 * to the next (a memcpy into memory already mapped: no page faults), then a
 * background writer checksums and writes them, writes the manifest and
 * releases old images while the program computes the next operator. When
 * the next checkpoint is due before the writer is done, the main thread
 * waits for it rather than skipping (coalescing) a checkpoint: the next
 * checkpoint names the previous one's images, recovery loses at most one
 * operator either way, and on a disk that cannot keep up the wait shows in
 * STRADS_STATS instead of silently thinning the checkpoints.
 *
 * Durability (STRADS_CHECKPOINT_SYNC, off by default): the failure model is
 * a killed process or node, and the page cache of the machine that holds
 * the folder outlives a killed process, so files are complete once renamed;
 * no fsync is needed for that, and without it an image that GC deletes two
 * checkpoints later never reaches the disk at all. With
 * STRADS_CHECKPOINT_SYNC=1 images, manifest and folder are fsynced (in the
 * writer) and a checkpoint survives a power loss. Either way every file is
 * a temp file + rename with a checksum, so a torn or lost write is detected
 * and recovery falls back to an older checkpoint. docs/recovery.md has the
 * details.
 *
 * Configuration (core/config.c table, docs/config.md): STRADS_CHECKPOINT,
 * STRADS_CHECKPOINT_EVERY, STRADS_CHECKPOINT_KEEP, STRADS_CHECKPOINT_ASYNC,
 * STRADS_CHECKPOINT_SYNC, STRADS_RECOVER, and the test hook
 * STRADS_CHECKPOINT_CRASH. STRADS_STATS prints the time checkpoints cost.
 *
 * Threads: the driver's main thread, between operators; one background
 * writer at a time runs run_job on a job it owns (the records, the
 * snapshot buffers, which the main thread touches only after joining it),
 * touching no other state but R.pruned and the folder; the main thread
 * joins it before the next checkpoint (replay_flush).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <msgpack.h>

#include "dds/dds.h"
#include "replay/replay.h"
#include "core/rt.h"

static struct {
    bool inited;
    int init_rc;
    char ckpt[PATH_MAX];    /* STRADS_CHECKPOINT, "" when off */
    char recover[PATH_MAX]; /* STRADS_RECOVER, "" when off */
    uint64_t every, keep, crash_op;
    bool async;             /* STRADS_CHECKPOINT_ASYNC: background writer */
    bool sync;              /* STRADS_CHECKPOINT_SYNC: fsync every file */
    uint64_t ops;           /* replay_next_op */
    /* recovery */
    bool plan_loaded;
    replay_plan plan;
    uint64_t skip_upto;     /* operators 1..skip_upto are skipped */
    /* checkpointing */
    replay_op_rec *pending; /* operators since the last checkpoint */
    size_t npending, cappending;
    replay_array_rec *last; /* images of the last checkpoint */
    size_t nlast;
    bool pruned;            /* stale newer checkpoints removed */
    char *stash;            /* replay_op_result's packed accumulator */
    size_t stash_len;
    bool stashed;
    struct snap { uint32_t id; void *p; size_t bytes; } *snap; /* snapshot buffers */
    size_t nsnap;
    /* STRADS_STATS: totals over the checkpoints written (milliseconds) */
    struct {
        uint64_t n, images, bytes;
        double wait, main, write, manifest, gc, cpu;
    } st;
} R;

/* Checkpoints that failed in this run (kept across replay_shutdown, which
 * clears R, so that every call of it returns the failure). */
static struct {
    uint64_t n, first; /* how many, the first one's operator */
    bool said;
} fails;

static double clock_ms(clockid_t c)
{
    struct timespec t;
    clock_gettime(c, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static double now_ms(void)
{
    return clock_ms(CLOCK_MONOTONIC);
}

/* ---- configuration ---- */

/* A folder's path without trailing slashes into out (PATH_MAX), "" for NULL. */
static int cfg_dir(const char *name, const char *s, char *out)
{
    out[0] = 0;
    if (!s) return 0;
    if (strlen(s) >= PATH_MAX - 64) {
        rt_error("%s: path too long", name);
        return STRADS_ECONFIG;
    }
    strcpy(out, s);
    size_t l = strlen(out);
    while (l > 1 && out[l - 1] == '/') out[--l] = 0;
    return 0;
}

/* mkdir -p */
static int make_dir(const char *dir)
{
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s", dir);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/') continue;
        *s = 0;
        if (mkdir(p, 0755) && errno != EEXIST) return STRADS_EIO;
        *s = '/';
    }
    if (mkdir(p, 0755) && errno != EEXIST) return STRADS_EIO;
    return 0;
}

static int replay_init(void)
{
    if (R.inited) return R.init_rc;
    R.inited = true;
    const rt_config *c = rt_cfg();
    int rc = cfg_dir("STRADS_CHECKPOINT", c->checkpoint, R.ckpt);
    if (!rc) rc = cfg_dir("STRADS_RECOVER", c->recover, R.recover);
    R.every = (uint64_t)c->checkpoint_every;
    R.keep = (uint64_t)c->checkpoint_keep;
    R.crash_op = (uint64_t)c->checkpoint_crash;
    R.async = c->checkpoint_async;
    R.sync = c->checkpoint_sync;
    if (!rc && R.ckpt[0] && make_dir(R.ckpt)) {
        rt_error("STRADS_CHECKPOINT=%s: cannot create the folder: %s", R.ckpt, strerror(errno));
        rc = STRADS_ECONFIG;
    }
    R.init_rc = rc;
    return rc;
}

bool replay_enabled(void)
{
    replay_init();
    return R.ckpt[0] || R.recover[0];
}

uint64_t replay_next_op(void)
{
    return ++R.ops;
}

uint64_t replay_current_op(void)
{
    return R.ops;
}

static bool same_dir(const char *a, const char *b)
{
    char ra[PATH_MAX], rb[PATH_MAX];
    if (!realpath(a, ra) || !realpath(b, rb)) return strcmp(a, b) == 0;
    return strcmp(ra, rb) == 0;
}

static void free_pending(void)
{
    for (size_t i = 0; i < R.npending; i++) free(R.pending[i].red);
    R.npending = 0;
}

static void drop_stash(void)
{
    free(R.stash);
    R.stash = NULL;
    R.stash_len = 0;
    R.stashed = false;
}

/* site->tls_pack(acc) as bytes (*out malloc'd). */
int replay__pack_acc(const strads_loop_site *site, const void *acc, char **out, size_t *len)
{
    msgpack_sbuffer sb;
    msgpack_sbuffer_init(&sb);
    msgpack_packer pk;
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    int rc = site->tls_pack(&pk, acc);
    if (rc) {
        msgpack_sbuffer_destroy(&sb);
        return rc;
    }
    *out = sb.data; /* msgpack_sbuffer_destroy is free(data) */
    *len = sb.size;
    return 0;
}

int replay_op_result(const strads_loop_site *site, const void *acc)
{
    if (!site) return STRADS_EINVAL;
    int rc = replay_init();
    if (rc || strads_rank() != 0 || !R.ckpt[0]) return rc;
    drop_stash();
    R.stashed = true;
    if (!acc || !site->tls_size || !site->tls_pack) return 0;
    return replay__pack_acc(site, acc, &R.stash, &R.stash_len);
}

/* replay_array_fp's memory: the last fingerprint of each array, and the
 * version it was taken at. */
static struct fp_memo { uint32_t id; int64_t n; size_t elem; uint64_t ver, fp; } *memo;
static size_t nmemo;

uint64_t replay_array_fp(uint32_t id, const void *base, int64_t n, size_t elem)
{
    dds_vec *dv = strads_size() > 1 ? dds_vec_by_id(id) : NULL;
    struct fp_memo *m = NULL;
    for (size_t i = 0; dv && i < nmemo && !m; i++)
        if (memo[i].id == id) m = &memo[i];
    if (m && m->n == n && m->elem == elem && m->ver == dv->version) return m->fp;
    uint64_t fp = replay_fingerprint(base, (size_t)n * elem);
    if (!dv) return fp;
    if (!m) {
        struct fp_memo *p = realloc(memo, (nmemo + 1) * sizeof *p);
        if (!p) return fp;
        memo = p;
        m = &memo[nmemo++];
    }
    *m = (struct fp_memo){.id = id, .n = n, .elem = elem, .ver = dv->version, .fp = fp};
    return fp;
}

static void free_snaps(void)
{
    for (size_t i = 0; i < R.nsnap; i++) free(R.snap[i].p);
    free(R.snap);
    R.snap = NULL;
    R.nsnap = 0;
}

static void print_stats(void)
{
    if (!R.st.n || !rt_stats_on()) return;
    double n = (double)R.st.n;
    rt_stats_note("checkpoints: %llu written, %llu images, %.1f MB; per checkpoint: main "
                  "thread %.2f ms (waiting for the previous one %.2f ms), writer %.2f ms (images "
                  "%.2f, manifest %.2f, old images %.2f; CPU %.2f ms)%s",
                  (unsigned long long)R.st.n, (unsigned long long)R.st.images,
                  (double)R.st.bytes / 1e6, R.st.main / n, R.st.wait / n,
                  (R.st.write + R.st.manifest + R.st.gc) / n, R.st.write / n, R.st.manifest / n,
                  R.st.gc / n, R.st.cpu / n,
                  R.async ? "" : " (in line: the writer is on the main thread)");
    /* per checkpoint: the means over the n written (milliseconds -> seconds) */
    rt_stats("checkpoints", NULL, 0,
             "written=%llu images=%llu bytes=%llu main_s=%.6f wait_s=%.6f writer_s=%.6f "
             "images_s=%.6f manifest_s=%.6f gc_s=%.6f cpu_s=%.6f inline=%d",
             (unsigned long long)R.st.n, (unsigned long long)R.st.images,
             (unsigned long long)R.st.bytes, R.st.main / n / 1e3, R.st.wait / n / 1e3,
             (R.st.write + R.st.manifest + R.st.gc) / n / 1e3, R.st.write / n / 1e3,
             R.st.manifest / n / 1e3, R.st.gc / n / 1e3, R.st.cpu / n / 1e3, R.async ? 0 : 1);
}

int replay_shutdown(void)
{
    replay_flush();
    int rc = 0;
    if (fails.n) {
        if (!fails.said)
            rt_error("checkpoint: %" PRIu64 " of %" PRIu64 " checkpoints failed, the first one "
                     "after operator %" PRIu64 " (messages above); this run cannot be recovered "
                     "from %s",
                     fails.n, fails.n + R.st.n, fails.first, R.ckpt);
        fails.said = true;
        rc = STRADS_EIO;
    }
    if (strads_rank() == 0 && R.ckpt[0]) replay_drop_spares(R.ckpt);
    print_stats();
    free_snaps();
    free(memo);
    memo = NULL;
    nmemo = 0;
    replay_log_shutdown();
    drop_stash();
    free_pending();
    free(R.pending);
    free(R.last);
    replay_plan_free(&R.plan);
    memset(&R, 0, sizeof R);
    return rc;
}

static int pending_add(const replay_op_rec *src)
{
    if (R.npending == R.cappending) {
        size_t cap = R.cappending ? 2 * R.cappending : 16;
        replay_op_rec *p = realloc(R.pending, cap * sizeof *p);
        if (!p) return STRADS_ENOMEM;
        R.pending = p;
        R.cappending = cap;
    }
    replay_op_rec *d = &R.pending[R.npending];
    *d = *src;
    d->red = NULL;
    if (src->red) {
        d->red = malloc(src->red_len ? src->red_len : 1);
        if (!d->red) return STRADS_ENOMEM;
        memcpy(d->red, src->red, src->red_len);
    }
    R.npending++;
    return 0;
}

/* ---- recovery ---- */

static int load_plan(void)
{
    R.plan_loaded = true;
    if (!R.recover[0]) return 0;
    int rc = replay_plan_load(R.recover, &R.plan);
    if (rc) {
        rt_error("STRADS_RECOVER=%s: cannot read the folder: %s", R.recover, strads_strerror(rc));
        return rc;
    }
    if (!R.plan.last) {
        rt_warn("recovery: no checkpoint in %s yet; running from the start", R.recover);
        return 0;
    }
    R.skip_upto = R.plan.last;
    rt_warn("recovery: resuming from the checkpoint of op %" PRIu64 " in %s; operators 1..%" PRIu64
            " are skipped (fast re-execution)",
            R.plan.last, R.recover, R.plan.last);
    if (!R.ckpt[0]) return 0;
    const replay_manifest *lm = &R.plan.m[R.plan.n - 1];
    if (same_dir(R.ckpt, R.recover)) {
        /* Continue the same series: unchanged arrays keep naming the
         * images the recovered checkpoint names. */
        R.last = malloc((lm->narrays ? lm->narrays : 1) * sizeof *R.last);
        if (!R.last) return STRADS_ENOMEM;
        memcpy(R.last, lm->arrays, lm->narrays * sizeof *R.last);
        R.nlast = lm->narrays;
    } else {
        /* A new folder must stand alone: its first checkpoint writes every
         * array and carries the records of operators 1..last. */
        for (size_t i = 0; i < R.plan.n; i++)
            for (size_t j = 0; j < R.plan.m[i].nops; j++)
                if (R.plan.m[i].ops[j].op <= R.plan.last &&
                    (rc = pending_add(&R.plan.m[i].ops[j])))
                    return rc;
    }
    return 0;
}

static const replay_op_rec *find_rec(uint64_t op)
{
    for (size_t i = 0; i < R.plan.n; i++)
        for (size_t j = 0; j < R.plan.m[i].nops; j++)
            if (R.plan.m[i].ops[j].op == op) return &R.plan.m[i].ops[j];
    return NULL;
}

static const replay_manifest *find_manifest(uint64_t op)
{
    for (size_t i = 0; i < R.plan.n; i++)
        if (R.plan.m[i].op == op) return &R.plan.m[i];
    return NULL;
}

/* Loads the DDS state of checkpoint m into the driver's mapping. The
 * stores go through the mapping, so dds/coherence.c sees them like any
 * write of the sequential code (write tracker, or resident pages of a
 * vector no operator has run on yet) and the next operator that runs
 * pushes them to the owners, whatever the node count now. */
static int restore(const replay_manifest *m, bool must)
{
    char path[PATH_MAX + 64], err[512];
    /* Check first, load after: a checkpoint whose images were released is
     * skipped whole rather than half-loaded. */
    if (!must && replay_manifest_verify_images(R.recover, m, err, sizeof err)) {
        rt_info("recovery: op %" PRIu64 ": images no longer kept (%s); DDS state not loaded",
                m->op, err);
        return 0;
    }
    for (size_t i = 0; i < m->narrays; i++) {
        const replay_array_rec *a = &m->arrays[i];
        dds_vec *dv = dds_vec_by_id(a->id);
        if (!dv || dv->n != a->n || dv->elem != a->elem) {
            rt_error("recovery: the checkpoint of op %" PRIu64 " has array %" PRIu32
                     " (%s, %" PRId64 " x %" PRIu64 ") but this run %s; the program or its "
                     "input differs from the checkpointed run",
                     m->op, a->id, a->site, a->n, a->elem,
                     dv ? "allocated it with another shape" : "has no such array");
            return STRADS_ESTATE;
        }
        rt_image_info want = replay_array_image(a->id, a->img_op, a->n, a->elem);
        memcpy(want.sum, a->sum, sizeof want.sum);
        replay_image_path(path, sizeof path, R.recover, a->id, a->img_op);
        int rc = rt_image_read(path, &want, dv->base, err, sizeof err);
        if (rc) {
            rt_error("recovery: cannot load op %" PRIu64 "'s image of %s: %s", m->op, a->site,
                     err);
            return rc;
        }
    }
    return 0;
}

/* Publishes the reductions an operator produced in the checkpointed run. */
static int publish(uint64_t op, const replay_op_rec *rec, const strads_loop_site *site,
                   void *env)
{
    if (!site->tls_size || !site->publish) return 0;
    if (!rec->red || !site->tls_unpack) {
        rt_error("recovery: op %" PRIu64 " (%s:%u) has reductions that the checkpoint does not "
                 "hold; cannot skip it",
                 op, site->file, site->line);
        return STRADS_ESTATE;
    }
    char *acc = calloc(1, site->tls_size);
    if (!acc) return STRADS_ENOMEM;
    if (site->tls_init) site->tls_init(acc, env);
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    int rc = STRADS_ECORRUPT;
    if (msgpack_unpack_next(&up, rec->red, rec->red_len, &off) == MSGPACK_UNPACK_SUCCESS)
        rc = site->tls_unpack(&up.data, acc);
    msgpack_unpacked_destroy(&up);
    if (!rc)
        site->publish(env, acc);
    else
        rt_error("recovery: op %" PRIu64 ": the stored reductions do not unpack (%s)", op,
                 strads_strerror(rc));
    if (site->tls_free) site->tls_free(acc);
    free(acc);
    return rc;
}

int replay_op_begin(uint64_t op, const strads_loop_site *site, void *env, bool *skip)
{
    if (!skip || !site) return STRADS_EINVAL;
    *skip = false;
    int rc = replay_init();
    if (rc) return rc;
    drop_stash();
    if (strads_rank() != 0 || !R.recover[0]) return 0;
    if (!R.plan_loaded && (rc = load_plan())) return rc;
    if (op == 0 || op > R.skip_upto) return 0;

    const replay_op_rec *rec = find_rec(op);
    if (!rec) { /* replay_plan_load checked coverage: cannot happen */
        rt_error("recovery: no record of op %" PRIu64 " in %s", op, R.recover);
        return STRADS_ESTATE;
    }
    if (rec->site_id != site->id) {
        rt_error("recovery: operator %" PRIu64 " is the loop at %s:%u in this run but the one at "
                 "%s:%u in the checkpoint; the program or its input differs from the "
                 "checkpointed run",
                 op, site->file, site->line, rec->file, rec->line);
        return STRADS_ESTATE;
    }
    const replay_manifest *m = find_manifest(op);
    if (m && (rc = restore(m, op == R.skip_upto))) return rc;
    if ((rc = publish(op, rec, site, env))) return rc;
    *skip = true;
    if (op == R.skip_upto) {
        rt_info("recovery: caught up at op %" PRIu64 "; running from here", op);
        replay_plan_free(&R.plan); /* R.last and pending hold what is still needed */
    }
    return 0;
}

/* ---- writing checkpoints ---- */

typedef struct vec_list {
    dds_vec **v;
    size_t n, cap;
    int rc;
} vec_list;

static void collect(dds_vec *dv, void *arg)
{
    vec_list *l = arg;
    if (l->rc) return;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        dds_vec **p = realloc(l->v, cap * sizeof *p);
        if (!p) {
            l->rc = STRADS_ENOMEM;
            return;
        }
        l->v = p;
        l->cap = cap;
    }
    l->v[l->n++] = dv;
}

static const replay_array_rec *last_image(uint32_t id)
{
    for (size_t i = 0; i < R.nlast; i++)
        if (R.last[i].id == id) return &R.last[i];
    return NULL;
}

/*
 * One checkpoint to write: which arrays need a new image (data: a snapshot
 * buffer when a background writer does it, the driver's mapping when it is
 * written in line), the manifest's records, and the outcome. Built on the
 * main thread; run_job may run on the writer thread; finish_job is back on
 * the main thread.
 */
typedef struct ckpt_job {
    uint64_t op;
    replay_array_rec *arr; /* the manifest's arrays */
    size_t narr;
    const void **data;     /* per array: bytes to image, NULL to reuse the old image */
    void **frame;          /* per array: the snapshot frame data is in, or NULL */
    bool *need_fp;         /* arr[i].fp is still to be computed from data[i] */
    replay_op_rec *ops;    /* records of the operators it covers */
    size_t nops;
    size_t written;
    uint64_t bytes;
    double t_write, t_manifest, t_gc, t_cpu; /* milliseconds, for STRADS_STATS */
    int rc;
} ckpt_job;

static pthread_t writer;
static ckpt_job *inflight; /* the background writer's job, NULL when idle */
static atomic_bool writing; /* the writer is in run_job (replay_drain) */

static void free_job(ckpt_job *j)
{
    if (!j) return;
    for (size_t i = 0; i < j->nops; i++) free(j->ops[i].red);
    free(j->ops);
    free(j->arr);
    free(j->data);
    free(j->frame);
    free(j->need_fp);
    free(j);
}

/* Images, manifest, garbage: files only, no shared state but R.pruned
 * (touched by one writer at a time). */
static void run_job(ckpt_job *j)
{
    char path[PATH_MAX + 64], spare[PATH_MAX + 64];
    double t0 = now_ms(), c0 = clock_ms(CLOCK_THREAD_CPUTIME_ID);
    for (size_t i = 0; i < j->narr && !j->rc; i++) {
        replay_array_rec *a = &j->arr[i];
        if (!j->data[i]) continue;
        size_t bytes = (size_t)a->n * a->elem;
        if (j->need_fp[i]) a->fp = replay_fingerprint(j->data[i], bytes);
        rt_image_info info = replay_array_image(a->id, j->op, a->n, a->elem);
        replay_image_path(path, sizeof path, R.ckpt, a->id, j->op);
        replay_spare_path(spare, sizeof spare, R.ckpt, a->id);
        j->rc = j->frame[i] ? rt_image_write_frame(path, &info, j->frame[i], R.sync, spare)
                            : rt_image_write(path, &info, j->data[i], R.sync, spare);
        if (j->rc) {
            rt_error("checkpoint of op %" PRIu64 ": cannot write %s: %s", j->op, path,
                     strerror(errno));
            return;
        }
        memcpy(a->sum, info.sum, sizeof a->sum);
        j->written++;
        j->bytes += bytes;
    }
    double t1 = now_ms();
    j->t_write = t1 - t0;
    replay_fault_checkpoint(j->op); /* STRADS_FAULT=OP:RANK:checkpoint */
    if (R.crash_op == j->op && !R.recover[0]) {
        /* Test hook: die between the images and the manifest, the window
         * in which a checkpoint is half written. Not in a recovering run,
         * so that a restarted job gets past it. */
        rt_warn("checkpoint: STRADS_CHECKPOINT_CRASH=%" PRIu64 ": killing the driver", j->op);
        raise(SIGKILL);
    }
    if (!R.pruned) {
        replay_prune_newer(R.ckpt, j->op);
        R.pruned = true;
    }
    replay_manifest man = {.op = j->op,
                           .from_op = j->nops ? j->ops[0].op : j->op,
                           .nodes = (uint32_t)strads_size(),
                           .arrays = j->arr,
                           .narrays = j->narr,
                           .ops = j->ops,
                           .nops = j->nops};
    t1 = now_ms();
    j->rc = replay_manifest_write(R.ckpt, &man, R.sync);
    if (j->rc) {
        rt_error("checkpoint of op %" PRIu64 ": cannot write its manifest in %s: %s", j->op,
                 R.ckpt, strerror(errno));
        return;
    }
    double t2 = now_ms();
    j->t_manifest = t2 - t1;
    rt_debug("checkpoint of op %" PRIu64 ": %zu of %zu arrays written", j->op, j->written,
             j->narr);
    replay_collect_garbage(R.ckpt, R.keep);
    j->t_gc = now_ms() - t2;
    j->t_cpu = clock_ms(CLOCK_THREAD_CPUTIME_ID) - c0;
}

static void *writer_main(void *arg)
{
    /* The writer takes only CPU that nobody else wants (barrier waits,
     * message waits): on a node whose cores all compute, a checkpoint
     * then delays the program by what its memcpy costs the main thread,
     * not by the writer's CPU. A checkpoint still completes before the
     * next one starts (replay_flush), so the writer is never starved for
     * longer than one operator. */
    struct sched_param sp = {0};
    pthread_setschedparam(pthread_self(), SCHED_IDLE, &sp);
    run_job(arg);
    atomic_store(&writing, false);
    return NULL;
}

void replay_drain(void)
{
    /* Bounded: the writer waits at most 10 s for a fault test's victim
     * (replay_fault_checkpoint), then only writes files. */
    struct timespec ms = {0, 1000000};
    for (int i = 0; i < 15000 && atomic_load(&writing); i++) nanosleep(&ms, NULL);
}

/* Main thread, after run_job: the images become "the last ones", or, when
 * the checkpoint failed, its records go back to the front of pending so
 * that the next checkpoint still covers every operator. */
static void note_failed(uint64_t op)
{
    if (!fails.n++) fails.first = op;
}

static int finish_job(ckpt_job *j)
{
    int rc = j->rc;
    if (rc) note_failed(j->op);
    if (!rc) {
        R.st.n++;
        R.st.images += j->written;
        R.st.bytes += j->bytes;
        R.st.write += j->t_write;
        R.st.manifest += j->t_manifest;
        R.st.gc += j->t_gc;
        R.st.cpu += j->t_cpu;
        free(R.last);
        R.last = j->arr;
        R.nlast = j->narr;
        j->arr = NULL;
        j->narr = 0;
    } else {
        size_t n = j->nops + R.npending;
        replay_op_rec *p = malloc((n ? n : 1) * sizeof *p);
        if (p) {
            memcpy(p, j->ops, j->nops * sizeof *p);
            if (R.npending) memcpy(p + j->nops, R.pending, R.npending * sizeof *p);
            free(R.pending);
            R.pending = p;
            R.npending = R.cappending = n;
            j->nops = 0; /* records now owned by pending */
        }
    }
    free_job(j);
    return rc;
}

int replay_flush(void)
{
    if (!inflight) return 0;
    pthread_join(writer, NULL);
    ckpt_job *j = inflight;
    inflight = NULL;
    return finish_job(j);
}

/*
 * Main thread, no writer running: the snapshot frame (rt_image_frame_alloc)
 * of array id for bytes of data, or NULL when memory is short. Frames stay
 * from one checkpoint to the next, so copying an array that changes every
 * operator touches memory that is already mapped; keep_snaps releases the
 * others.
 */
static void *snapshot(uint32_t id, size_t bytes)
{
    for (size_t i = 0; i < R.nsnap; i++) {
        if (R.snap[i].id != id) continue;
        if (R.snap[i].bytes == bytes) return R.snap[i].p;
        free(R.snap[i].p);
        R.snap[i] = R.snap[--R.nsnap];
        break;
    }
    struct snap *s = realloc(R.snap, (R.nsnap + 1) * sizeof *s);
    if (!s) return NULL;
    R.snap = s;
    void *p = rt_image_frame_alloc(bytes);
    if (!p) return NULL;
    R.snap[R.nsnap++] = (struct snap){.id = id, .p = p, .bytes = bytes};
    return p;
}

/* Frees the snapshot buffers of arrays that job j does not image: an array
 * imaged once (input data) does not keep a copy for the rest of the run. */
static void keep_snaps(const ckpt_job *j)
{
    for (size_t i = 0; i < R.nsnap;) {
        bool used = false;
        for (size_t k = 0; k < j->narr && !used; k++)
            used = j->frame[k] == R.snap[i].p;
        if (used) {
            i++;
            continue;
        }
        free(R.snap[i].p);
        R.snap[i] = R.snap[--R.nsnap];
    }
}

/* Does dv need a new image, or does its last one (old) still hold it? On
 * the fingerprint path a->fp is set and *fp_done says so. */
static bool unchanged(dds_vec *dv, const replay_array_rec *old, replay_array_rec *a,
                      bool *fp_done)
{
    *fp_done = false;
    if (!old || old->n != a->n || old->elem != a->elem) return false;
    if (a->has_ver && old->has_ver) return old->ver == a->ver;
    if (!old->fp) return false; /* not fingerprinted when imaged: cannot tell */
    a->fp = replay_fingerprint(dv->base, (size_t)dv->n * dv->elem);
    *fp_done = true;
    return old->fp == a->fp;
}

/* The snapshot copy is the one part of a checkpoint the program waits for
 * (128 MB of SGD-MF's W and H at Netflix shape: 130 ms, 8 % of an epoch,
 * in this VM). Between operators the node's other cores are idle, so a
 * large copy is cut into slices copied by a few threads at once. */
typedef struct copy_slice {
    char *dst;
    const char *src;
    size_t bytes;
} copy_slice;

static void *copy_main(void *arg)
{
    copy_slice *c = arg;
    memcpy(c->dst, c->src, c->bytes);
    return NULL;
}

#define COPY_THREADS 4
#define COPY_SLICE_MIN ((size_t)8 << 20)

static void par_copy(void *dst, const void *src, size_t bytes)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    size_t k = bytes / COPY_SLICE_MIN;
    if (k > COPY_THREADS) k = COPY_THREADS;
    if (cpus > 0 && k > (size_t)cpus) k = (size_t)cpus;
    copy_slice c[COPY_THREADS];
    pthread_t t[COPY_THREADS];
    bool started[COPY_THREADS] = {false};
    if (k < 2) k = 1;
    for (size_t i = 0; i < k; i++) { /* slices on page boundaries */
        size_t lo = bytes * i / k & ~(size_t)4095, hi = i + 1 == k ? bytes : bytes * (i + 1) / k & ~(size_t)4095;
        c[i] = (copy_slice){(char *)dst + lo, (const char *)src + lo, hi - lo};
    }
    for (size_t i = 1; i < k; i++) started[i] = pthread_create(&t[i], NULL, copy_main, &c[i]) == 0;
    copy_main(&c[0]);
    for (size_t i = 1; i < k; i++) {
        if (started[i]) pthread_join(t[i], NULL);
        else copy_main(&c[i]); /* no thread: copied here */
    }
}

static int write_checkpoint(uint64_t op)
{
    double t0 = now_ms();
    /* One checkpoint at a time: the next one needs the previous one's
     * images (unchanged arrays name them). */
    int rc = replay_flush();
    if (rc) rt_warn("checkpoint: the previous checkpoint failed; op %" PRIu64 " covers its "
                    "operators", op);
    double t1 = now_ms();
    vec_list l = {0};
    dds_vec_foreach(collect, &l);
    if (l.rc) {
        note_failed(op);
        return l.rc;
    }
    ckpt_job *j = calloc(1, sizeof *j);
    if (j) {
        j->arr = calloc(l.n ? l.n : 1, sizeof *j->arr);
        j->data = calloc(l.n ? l.n : 1, sizeof *j->data);
        j->frame = calloc(l.n ? l.n : 1, sizeof *j->frame);
        j->need_fp = calloc(l.n ? l.n : 1, sizeof *j->need_fp);
    }
    if (!j || !j->arr || !j->data || !j->frame || !j->need_fp) {
        free_job(j);
        free(l.v);
        note_failed(op);
        return STRADS_ENOMEM;
    }
    j->op = op;
    j->narr = l.n;
    bool async = R.async;
    /* dds/ keeps versions only where there is something to keep coherent. */
    bool versions = strads_size() > 1;
    for (size_t i = 0; i < l.n; i++) {
        dds_vec *dv = l.v[i];
        replay_array_rec *a = &j->arr[i];
        a->id = dv->id;
        a->n = dv->n;
        a->elem = dv->elem;
        a->ver = dv->version;
        a->has_ver = versions;
        snprintf(a->site, sizeof a->site, "%s", dv->site);
        size_t bytes = (size_t)dv->n * dv->elem;
        const replay_array_rec *old = last_image(dv->id);
        bool fp_done;
        if (unchanged(dv, old, a, &fp_done)) {
            a->img_op = old->img_op;
            a->fp = old->fp;
            memcpy(a->sum, old->sum, sizeof a->sum);
            continue;
        }
        a->img_op = op;
        j->data[i] = dv->base;
        /* With versions the fingerprint serves only a later recovery's
         * first checkpoint; not worth a pass over every image (0: none). */
        j->need_fp[i] = !fp_done && !versions;
        if (async && bytes) {
            /* The writer must see the state after op, not what the program
             * writes next: a copy, at memory speed. */
            void *frame = snapshot(dv->id, bytes);
            if (frame) {
                par_copy(rt_image_frame_data(frame), dv->base, bytes);
                j->data[i] = rt_image_frame_data(frame);
                j->frame[i] = frame;
            } else {
                async = false; /* no memory for copies: write in line */
            }
        }
    }
    free(l.v);
    keep_snaps(j);
    /* The records move to the job; pending starts afresh. */
    j->ops = R.pending;
    j->nops = R.npending;
    R.pending = NULL;
    R.npending = R.cappending = 0;
    R.st.wait += t1 - t0;
    atomic_store(&writing, async);
    if (async && pthread_create(&writer, NULL, writer_main, j) == 0) {
        inflight = j;
        R.st.main += now_ms() - t0;
        return 0;
    }
    atomic_store(&writing, false);
    run_job(j);
    R.st.main += now_ms() - t0;
    return finish_job(j);
}

int replay_op_end(uint64_t op, const strads_loop_site *site, void *env, const void *acc)
{
    (void)env;
    if (!site) return STRADS_EINVAL;
    int rc = replay_init();
    if (rc) return rc;
    if (strads_rank() != 0 || !R.ckpt[0] || op == 0 || op <= R.skip_upto) return 0;
    replay_op_rec rec = {.op = op, .site_id = site->id, .line = site->line};
    snprintf(rec.file, sizeof rec.file, "%s", site->file ? site->file : "?");
    if (acc && site->tls_size && site->tls_pack) {
        if ((rc = replay__pack_acc(site, acc, &rec.red, &rec.red_len))) return rc;
    } else if (!acc && R.stashed) {
        rec.red = R.stash; /* may be NULL: no reductions */
        rec.red_len = R.stash_len;
        R.stash = NULL;
    }
    if (!rec.red && site->tls_size && site->publish && site->tls_init &&
        (acc || R.stashed) && !site->tls_pack)
        rt_warn("%s:%u: this loop's reductions cannot be checkpointed (no tls_pack); a "
                "recovery cannot skip it",
                site->file, site->line);
    drop_stash();
    rc = pending_add(&rec);
    free(rec.red);
    if (rc) return rc;
    if (op % R.every) return 0;
    return write_checkpoint(op);
}
