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
 * Change detection: every array is fingerprinted (replay_fingerprint, a
 * memory-speed 64-bit hash) at each checkpoint and compared with the
 * fingerprint of its last image; an unchanged array (input data, an array
 * the operator did not write) is not written again and the manifest names
 * its older image. A fingerprint rather than a version counter because it
 * needs nothing from dds/ or the engines and is right whoever wrote the
 * array (a body, the sequential code, a pretraining operator); its cost is
 * one read pass over the driver's copy per checkpoint, small next to the
 * disk write it saves. docs/recovery.md has the details.
 *
 * Configuration (runtime/config.c table, docs/config.md): STRADS_CHECKPOINT,
 * STRADS_CHECKPOINT_EVERY, STRADS_CHECKPOINT_KEEP, STRADS_CHECKPOINT_ASYNC,
 * STRADS_RECOVER, and the test hook STRADS_CHECKPOINT_CRASH.
 *
 * Threads: the driver's main thread, between operators; with
 * STRADS_CHECKPOINT_ASYNC one background writer at a time runs run_job on
 * a job it owns (private copies of the arrays, the records), touching no
 * other state but R.pruned and the folder; the main thread joins it before
 * the next checkpoint (replay_flush).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <msgpack.h>

#include "dds/dds.h"
#include "replay/replay.h"
#include "runtime/rt.h"

static struct {
    bool inited;
    int init_rc;
    char ckpt[PATH_MAX];    /* STRADS_CHECKPOINT, "" when off */
    char recover[PATH_MAX]; /* STRADS_RECOVER, "" when off */
    uint64_t every, keep, crash_op;
    bool async;             /* STRADS_CHECKPOINT_ASYNC: background writer */
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
} R;

/* ---- configuration ---- */

static int env_u64(const char *name, uint64_t lo, uint64_t deflt, uint64_t *out)
{
    const char *s = getenv(name);
    *out = deflt;
    if (!s || !*s) return 0;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || s[0] == '-' || v < lo) {
        rt_error("%s=%s: expected an integer >= %llu", name, s, (unsigned long long)lo);
        return STRADS_ECONFIG;
    }
    *out = v;
    return 0;
}

static int env_dir(const char *name, char *out)
{
    const char *s = getenv(name);
    out[0] = 0;
    if (!s || !*s) return 0;
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
    int rc = env_dir("STRADS_CHECKPOINT", R.ckpt);
    if (!rc) rc = env_dir("STRADS_RECOVER", R.recover);
    if (!rc) rc = env_u64("STRADS_CHECKPOINT_EVERY", 1, 1, &R.every);
    if (!rc) rc = env_u64("STRADS_CHECKPOINT_KEEP", 0, 2, &R.keep);
    if (!rc) rc = env_u64("STRADS_CHECKPOINT_CRASH", 0, 0, &R.crash_op);
    uint64_t async = 0;
    if (!rc) rc = env_u64("STRADS_CHECKPOINT_ASYNC", 0, 0, &async);
    R.async = async != 0;
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

void replay_shutdown(void)
{
    replay_flush();
    replay_log_shutdown();
    drop_stash();
    free_pending();
    free(R.pending);
    free(R.last);
    replay_plan_free(&R.plan);
    memset(&R, 0, sizeof R);
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
        replay_image_info want = {.id = a->id, .op = a->img_op, .n = a->n, .elem = a->elem};
        memcpy(want.sum, a->sum, sizeof want.sum);
        replay_image_path(path, sizeof path, R.recover, a->id, a->img_op);
        int rc = replay_image_read(path, &want, dv->base, err, sizeof err);
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

/* After a recovery, checkpoints newer than op in the folder belong to the
 * failed run's future (they were unusable, or recovery would have started
 * from them): remove them so that no later recovery mixes the two runs. */
static void prune_newer(uint64_t op)
{
    uint64_t *ops;
    size_t n;
    char path[PATH_MAX + 64];
    if (replay_manifest_list(R.ckpt, &ops, &n)) return;
    for (size_t i = 0; i < n; i++) {
        if (ops[i] <= op) continue;
        replay_manifest_path(path, sizeof path, R.ckpt, ops[i]);
        unlink(path);
        rt_info("checkpoint: removed %s, left by the failed run", path);
    }
    free(ops);
}

/* Is image (id, op) named by one of the manifests in m[0..n)? */
static bool referenced(const replay_manifest *m, size_t n, uint32_t id, uint64_t op)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < m[i].narrays; j++)
            if (m[i].arrays[j].id == id && m[i].arrays[j].img_op == op) return true;
    return false;
}

/*
 * Releases images no longer needed: those not named by the newest `keep`
 * manifests (two by default: the newest, and the previous one to fall back
 * to when the newest is found damaged). Manifests themselves stay; they
 * are small and carry the reductions recovery publishes. Leftover temp files
 * of a killed writer go too.
 */
static void collect_garbage(void)
{
    if (!R.keep) return;
    uint64_t *ops;
    size_t n;
    if (replay_manifest_list(R.ckpt, &ops, &n)) return;
    size_t k = n < R.keep ? n : (size_t)R.keep;
    replay_manifest *m = calloc(k ? k : 1, sizeof *m);
    char path[PATH_MAX + 300], err[256];
    bool ok = m != NULL;
    for (size_t i = 0; ok && i < k; i++) {
        replay_manifest_path(path, sizeof path, R.ckpt, ops[n - 1 - i]);
        /* An unreadable one protects nothing; its images may go. */
        replay_manifest_read(path, &m[i], err, sizeof err);
    }
    DIR *d = ok ? opendir(R.ckpt) : NULL;
    struct dirent *e;
    while (d && (e = readdir(d))) {
        unsigned id;
        unsigned long long op;
        int len = 0;
        const char *s = e->d_name;
        if (strstr(s, ".tmp.")) {
            long pid = atol(strrchr(s, '.') + 1);
            if (pid != (long)getpid()) {
                snprintf(path, sizeof path, "%s/%s", R.ckpt, s);
                unlink(path);
            }
            continue;
        }
        if (sscanf(s, "arr-%u-%20llu.img%n", &id, &op, &len) != 2 || s[len] != 0) continue;
        if (referenced(m, k, id, op)) continue;
        snprintf(path, sizeof path, "%s/%s", R.ckpt, s);
        unlink(path);
    }
    if (d) closedir(d);
    for (size_t i = 0; m && i < k; i++) replay_manifest_free(&m[i]);
    free(m);
    free(ops);
}

/*
 * One checkpoint to write: which arrays need a new image (data: the driver's
 * mapping when written synchronously, a private copy when a background
 * writer does it), the manifest's records, and the outcome. Built on the
 * main thread; run_job may run on the writer thread; finish_job is back on
 * the main thread.
 */
typedef struct ckpt_job {
    uint64_t op;
    replay_array_rec *arr; /* the manifest's arrays */
    size_t narr;
    const void **data;     /* per array: bytes to image, NULL to reuse the old image */
    bool *owned;           /* data[i] is a copy to free */
    replay_op_rec *ops;    /* records of the operators it covers */
    size_t nops;
    size_t written;
    int rc;
} ckpt_job;

static pthread_t writer;
static ckpt_job *inflight; /* the background writer's job, NULL when idle */

/* The private copies are freed as soon as the images are written. */
static void free_copies(ckpt_job *j)
{
    for (size_t i = 0; i < j->narr; i++)
        if (j->owned[i]) {
            free((void *)j->data[i]);
            j->data[i] = NULL;
            j->owned[i] = false;
        }
}

static void free_job(ckpt_job *j)
{
    if (!j) return;
    free_copies(j);
    for (size_t i = 0; i < j->nops; i++) free(j->ops[i].red);
    free(j->ops);
    free(j->arr);
    free(j->data);
    free(j->owned);
    free(j);
}

/* Images, manifest, garbage: files only, no shared state but R.pruned
 * (touched by one writer at a time). */
static void run_job(ckpt_job *j)
{
    char path[PATH_MAX + 64];
    for (size_t i = 0; i < j->narr && !j->rc; i++) {
        replay_array_rec *a = &j->arr[i];
        if (!j->data[i]) continue;
        replay_image_info info = {.id = a->id, .op = j->op, .n = a->n, .elem = a->elem};
        replay_image_path(path, sizeof path, R.ckpt, a->id, j->op);
        j->rc = replay_image_write(path, &info, j->data[i]);
        if (j->rc) {
            rt_error("checkpoint of op %" PRIu64 ": cannot write %s: %s", j->op, path,
                     strerror(errno));
            return;
        }
        memcpy(a->sum, info.sum, sizeof a->sum);
        j->written++;
    }
    replay_fault_checkpoint(j->op); /* STRADS_FAULT=OP:RANK:checkpoint */
    if (R.crash_op == j->op && !R.recover[0]) {
        /* Test hook: die between the images and the manifest, the window
         * in which a checkpoint is half written. Not in a recovering run,
         * so that a restarted job gets past it. */
        rt_warn("checkpoint: STRADS_CHECKPOINT_CRASH=%" PRIu64 ": killing the driver", j->op);
        raise(SIGKILL);
    }
    if (!R.pruned) {
        prune_newer(j->op);
        R.pruned = true;
    }
    replay_manifest man = {.op = j->op,
                           .from_op = j->nops ? j->ops[0].op : j->op,
                           .nodes = (uint32_t)strads_size(),
                           .arrays = j->arr,
                           .narrays = j->narr,
                           .ops = j->ops,
                           .nops = j->nops};
    j->rc = replay_manifest_write(R.ckpt, &man);
    if (j->rc) {
        rt_error("checkpoint of op %" PRIu64 ": cannot write its manifest in %s: %s", j->op,
                 R.ckpt, strerror(errno));
        return;
    }
    rt_debug("checkpoint of op %" PRIu64 ": %zu of %zu arrays written", j->op, j->written,
             j->narr);
    collect_garbage();
}

static void *writer_main(void *arg)
{
    run_job(arg);
    free_copies(arg);
    return NULL;
}

/* Main thread, after run_job: the images become "the last ones", or, when
 * the checkpoint failed, its records go back to the front of pending so
 * that the next checkpoint still covers every operator. */
static int finish_job(ckpt_job *j)
{
    int rc = j->rc;
    free_copies(j);
    if (!rc) {
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

static int write_checkpoint(uint64_t op)
{
    /* One checkpoint at a time: the next one needs the previous one's
     * images (unchanged arrays name them). */
    int rc = replay_flush();
    if (rc) rt_warn("checkpoint: the previous checkpoint failed; op %" PRIu64 " covers its "
                    "operators", op);
    vec_list l = {0};
    dds_vec_foreach(collect, &l);
    if (l.rc) return l.rc;
    ckpt_job *j = calloc(1, sizeof *j);
    if (j) {
        j->arr = calloc(l.n ? l.n : 1, sizeof *j->arr);
        j->data = calloc(l.n ? l.n : 1, sizeof *j->data);
        j->owned = calloc(l.n ? l.n : 1, sizeof *j->owned);
    }
    if (!j || !j->arr || !j->data || !j->owned) {
        free_job(j);
        free(l.v);
        return STRADS_ENOMEM;
    }
    j->op = op;
    j->narr = l.n;
    bool async = R.async;
    for (size_t i = 0; i < l.n; i++) {
        dds_vec *dv = l.v[i];
        replay_array_rec *a = &j->arr[i];
        a->id = dv->id;
        a->n = dv->n;
        a->elem = dv->elem;
        snprintf(a->site, sizeof a->site, "%s", dv->site);
        size_t bytes = (size_t)dv->n * dv->elem;
        a->fp = replay_fingerprint(dv->base, bytes);
        const replay_array_rec *old = last_image(dv->id);
        if (old && old->n == a->n && old->elem == a->elem && old->fp == a->fp) {
            a->img_op = old->img_op;
            memcpy(a->sum, old->sum, sizeof a->sum);
            continue;
        }
        a->img_op = op;
        j->data[i] = dv->base;
        if (async && bytes) {
            /* The writer must see the state after op, not what the program
             * writes next: a private copy, at memory speed. */
            void *copy = malloc(bytes);
            if (copy) {
                memcpy(copy, dv->base, bytes);
                j->data[i] = copy;
                j->owned[i] = true;
            } else {
                async = false; /* no memory for copies: write this one in line */
            }
        }
    }
    free(l.v);
    /* The records move to the job; pending starts afresh. */
    j->ops = R.pending;
    j->nops = R.npending;
    R.pending = NULL;
    R.npending = R.cappending = 0;
    if (async) {
        for (size_t i = 0; i < j->narr && async; i++)
            if (j->data[i] && !j->owned[i] && j->arr[i].n) async = false;
    }
    if (async && pthread_create(&writer, NULL, writer_main, j) == 0) {
        inflight = j;
        return 0;
    }
    run_job(j);
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
