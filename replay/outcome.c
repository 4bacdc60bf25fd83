/*
 * replay/outcome.c - what each parallel operator left behind in a recorded
 * run, on the driver, and how a replay is held to it.
 *
 * An operator's effect on the sequential program is its reductions and the
 * distributed arrays after it. Recording both per operator (the arrays as
 * fingerprints, plus images of what a sync_for changed) gives a replay two
 * things: a bit-for-bit check of every operator that cannot depend on
 * timing (async_for runs its deterministic plan, BSP combines in rank order)
 * or whose timing-dependent orders were recorded and are re-executed
 * (SSP, ASP, A-BSP: log.c's ordered operators), so a diverging replay stops
 * at the first operator that differs, naming it; and the means to complete
 * an operator whose result depends on timing that was not recorded
 * (Elastic BSP, FlexPara, Hogwild threads of Hybrid, earlier records) or
 * that one process cannot compute like N (every sync_for in single-node
 * replay), so that the program's output and final arrays are still those
 * of the recorded run. The event log (log.c) says which operators depend
 * on timing without an order to replay (replay__op_timing).
 *
 * File DIR/op-<op>.out: header (magic, version, flags, op, site, lengths),
 * the packed reductions, one record per array (id, shape, fingerprint, the
 * op whose image holds it or 0), BLAKE2b-256 of all that. Images are
 * DIR/op-<op>-arr-<id>.img (core/image.c's format). Only sync_for operators
 * write images, and only of the arrays they changed: async_for's are
 * reproduced by its recorded order, and a copy of the model per operator
 * would cost what a checkpoint costs.
 *
 * Threads: the driver's main thread (and the node-function thread of rank 0
 * for replay_outcome_reductions, while the main thread waits in the call).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <msgpack.h>
#include <sodium.h>

#include "dds/dds.h"
#include "replay/replay.h"
#include "core/rt.h"

#define OUT_MAGIC "STRADSOP"
#define OUT_SUM 32 /* BLAKE2b-256 */

enum { OUT_SYNC = 1, OUT_TIMING = 2, OUT_RED = 4 };

typedef struct out_hdr {
    char magic[8];
    uint32_t version, flags;
    uint64_t op, site_id, red_len;
    uint32_t narr, pad;
} out_hdr;

typedef struct out_arr {
    uint32_t id, pad;
    int64_t n;
    uint64_t elem, fp, img_op;
} out_arr;

/* A recorded or replayed outcome of one operator. */
typedef struct outcome {
    out_hdr h;
    char *red;        /* packed reductions (h.red_len bytes) */
    out_arr *arr;
    char path[4096];
} outcome;

static struct {
    /* recording */
    char *red;        /* packed reductions of the operator in flight */
    size_t red_len;
    bool has_red;
    out_arr *last;    /* every array's fingerprint after the previous operator */
    size_t nlast;
    /* replay */
    outcome cur;      /* loaded outcome of cur.h.op (0: none) */
    int diverged;     /* set in replay_outcome_reductions, reported after */
} O;

static void out_path(char *p, size_t len, const char *dir, uint64_t op)
{
    snprintf(p, len, "%s/op-%06" PRIu64 ".out", dir, op);
}

static void img_path(char *p, size_t len, const char *dir, uint64_t op, uint32_t id)
{
    snprintf(p, len, "%s/op-%06" PRIu64 "-arr-%" PRIu32 ".img", dir, op, id);
}

/* The file's trailing checksum over the header, h->red_len bytes of red and
 * h->narr array records: the writer and the reader compute it here alike. */
static void out_sum(unsigned char sum[OUT_SUM], const out_hdr *h, const char *red,
                    const out_arr *arr)
{
    crypto_generichash_state st;
    crypto_generichash_init(&st, NULL, 0, OUT_SUM);
    crypto_generichash_update(&st, (const unsigned char *)h, sizeof *h);
    if (h->red_len) crypto_generichash_update(&st, (const unsigned char *)red, h->red_len);
    if (h->narr)
        crypto_generichash_update(&st, (const unsigned char *)arr, h->narr * sizeof *arr);
    crypto_generichash_final(&st, sum, OUT_SUM);
}

/* ---- the arrays ---- */

typedef struct arr_list {
    out_arr *a;
    dds_vec **v;
    size_t n, cap;
    int rc;
} arr_list;

static void collect(dds_vec *dv, void *arg)
{
    arr_list *l = arg;
    if (l->rc) return;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        out_arr *a = realloc(l->a, cap * sizeof *a);
        if (a) l->a = a;
        dds_vec **v = a ? realloc(l->v, cap * sizeof *v) : NULL;
        if (!v) {
            l->rc = STRADS_ENOMEM;
            return;
        }
        l->v = v;
        l->cap = cap;
    }
    out_arr *a = &l->a[l->n];
    memset(a, 0, sizeof *a);
    a->id = dv->id;
    a->n = dv->n;
    a->elem = dv->elem;
    a->fp = replay_array_fp(dv->id, dv->base, dv->n, dv->elem); /* unchanged: not read */
    l->v[l->n++] = dv;
}

static const out_arr *find(const out_arr *a, size_t n, uint32_t id)
{
    for (size_t i = 0; i < n; i++)
        if (a[i].id == id) return &a[i];
    return NULL;
}

/* ---- recording ---- */

static int record(uint64_t op, const strads_loop_site *site)
{
    const char *dir = replay_record_dir();
    int rc = replay__log_open();
    if (rc) return rc;
    arr_list l = {0};
    dds_vec_foreach(collect, &l);
    rc = l.rc;
    bool sync = site->kind == STRADS_SYNC_FOR;
    char path[4200], tmp[4300];
    for (size_t i = 0; i < l.n && !rc && sync; i++) {
        const out_arr *was = find(O.last, O.nlast, l.a[i].id);
        if (was && was->fp == l.a[i].fp && was->n == l.a[i].n) continue;
        l.a[i].img_op = op;
        rt_image_info info = replay_array_image(l.a[i].id, op, l.a[i].n, l.a[i].elem);
        img_path(path, sizeof path, dir, op, l.a[i].id);
        if ((rc = rt_image_write(path, &info, l.v[i]->base, true, NULL)))
            rt_error("record: cannot write %s: %s", path, strerror(errno));
    }
    out_hdr h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, OUT_MAGIC, 8);
    h.version = REPLAY_RECORD_VERSION;
    h.flags = (sync ? OUT_SYNC : 0) | (replay__op_timing() ? OUT_TIMING : 0) |
              (O.has_red ? OUT_RED : 0);
    h.op = op;
    h.site_id = site->id;
    h.red_len = O.has_red ? O.red_len : 0;
    h.narr = (uint32_t)l.n;
    unsigned char sum[OUT_SUM];
    out_sum(sum, &h, O.red, l.a);
    out_path(path, sizeof path, dir, op);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    if (!rc) {
        FILE *f = fopen(tmp, "wb");
        int ok = f && fwrite(&h, sizeof h, 1, f) == 1 &&
                 (!h.red_len || fwrite(O.red, h.red_len, 1, f) == 1) &&
                 (!l.n || fwrite(l.a, sizeof *l.a, l.n, f) == l.n) &&
                 fwrite(sum, sizeof sum, 1, f) == 1;
        if (f && fclose(f)) ok = 0;
        if (!ok || rename(tmp, path)) {
            rt_error("record: cannot write %s: %s", path, strerror(errno));
            unlink(tmp);
            rc = STRADS_EIO;
        }
    }
    free(O.last);
    O.last = l.a;
    O.nlast = l.n;
    free(l.v);
    free(O.red);
    O.red = NULL;
    O.has_red = false;
    return rc;
}

/* ---- replay ---- */

static void outcome_free(outcome *o)
{
    free(o->red);
    free(o->arr);
    memset(o, 0, sizeof *o);
}

/* Loads and verifies DIR/op-<op>.out into O.cur (cached). */
static int load(uint64_t op, const strads_loop_site *site)
{
    if (O.cur.h.op == op && op) return 0;
    outcome_free(&O.cur);
    outcome *o = &O.cur;
    out_path(o->path, sizeof o->path, replay_replay_dir(), op);
    FILE *f = fopen(o->path, "rb");
    if (!f) {
        rt_error("replay: %s:%u: no recorded outcome %s: %s (the recorded run ended before this "
                 "operator, or was recorded by an older strads)",
                 site->file, site->line, o->path, strerror(errno));
        return STRADS_ENOTFOUND;
    }
    const char *why = NULL;
    unsigned char sum[OUT_SUM], want[OUT_SUM];
    if (fread(&o->h, sizeof o->h, 1, f) != 1 || memcmp(o->h.magic, OUT_MAGIC, 8))
        why = "not a recorded outcome (or truncated)";
    else if (o->h.version != REPLAY_RECORD_VERSION)
        why = "recorded by another version of strads";
    else if (o->h.red_len > (1u << 30) || o->h.narr > (1u << 20))
        why = "corrupt lengths";
    if (!why) {
        o->red = malloc(o->h.red_len ? o->h.red_len : 1);
        o->arr = calloc(o->h.narr ? o->h.narr : 1, sizeof *o->arr);
        if (!o->red || !o->arr ||
            (o->h.red_len && fread(o->red, o->h.red_len, 1, f) != 1) ||
            (o->h.narr && fread(o->arr, sizeof *o->arr, o->h.narr, f) != o->h.narr) ||
            fread(sum, sizeof sum, 1, f) != 1)
            why = "truncated";
    }
    fclose(f);
    if (!why) {
        out_sum(want, &o->h, o->red, o->arr);
        if (memcmp(sum, want, sizeof sum)) why = "checksum mismatch (corrupt)";
        else if (o->h.op != op || o->h.site_id != site->id)
            why = "recorded for another operator: the program or its input changed";
    }
    if (why) {
        rt_error("replay: %s:%u: %s: %s", site->file, site->line, o->path, why);
        outcome_free(o);
        return STRADS_ECORRUPT;
    }
    return 0;
}

/* Is operator o completed from the record rather than required to match? */
static bool completes(const outcome *o)
{
    if (!(o->h.flags & OUT_SYNC)) return false; /* async_for: its order reproduces it */
    return replay_replaying() || (o->h.flags & OUT_TIMING);
}

int replay_outcome_reductions(const strads_loop_site *site, void *env, void *acc)
{
    bool rec = replay_recording() && !replay_replay_dir();
    bool rep = replay_replaying() || replay_cluster();
    if ((!rec && !rep) || !acc || !site->tls_size || !site->tls_pack || strads_rank() != 0)
        return 0;
    if (rec) {
        free(O.red);
        O.red = NULL;
        O.has_red = false;
        int rc = replay__pack_acc(site, acc, &O.red, &O.red_len);
        O.has_red = rc == 0;
        return rc;
    }
    uint64_t op = replay_current_op();
    int rc = load(op, site);
    if (rc) return O.diverged = rc;
    if (!(O.cur.h.flags & OUT_RED)) {
        rt_error("replay: %s:%u: %s holds no reductions for this operator", site->file,
                 site->line, O.cur.path);
        return O.diverged = STRADS_ESTATE;
    }
    /* One process folds in another order than N, even for async_for. */
    if (completes(&O.cur) || replay_replaying()) {
        if (site->tls_free) site->tls_free(acc);
        memset(acc, 0, site->tls_size);
        if (site->tls_init) site->tls_init(acc, env);
        msgpack_unpacked up;
        msgpack_unpacked_init(&up);
        size_t off = 0;
        rc = STRADS_ECORRUPT;
        if (msgpack_unpack_next(&up, O.cur.red, O.cur.h.red_len, &off) == MSGPACK_UNPACK_SUCCESS)
            rc = site->tls_unpack(&up.data, acc);
        msgpack_unpacked_destroy(&up);
        if (rc) rt_error("replay: %s: the recorded reductions do not unpack", O.cur.path);
        return O.diverged = rc;
    }
    char *mine;
    size_t len;
    if ((rc = replay__pack_acc(site, acc, &mine, &len))) return O.diverged = rc;
    if (len != O.cur.h.red_len || memcmp(mine, O.cur.red, len)) {
        rt_error("replay: %s:%u: operator %" PRIu64 " produced other reductions than recorded in "
                 "%s: the replay diverged", site->file, site->line, op, O.cur.path);
        rc = STRADS_ESTATE;
    }
    free(mine);
    return O.diverged = rc;
}

/* The arrays after operator op against the record: equal, loaded from the
 * record's images (operators it completes), or a divergence. */
static int check_arrays(uint64_t op, const strads_loop_site *site)
{
    arr_list l = {0};
    dds_vec_foreach(collect, &l);
    int rc = l.rc, loaded = 0;
    char path[4200], err[512];
    for (uint32_t i = 0; i < O.cur.h.narr && !rc; i++) {
        const out_arr *w = &O.cur.arr[i];
        const out_arr *now = find(l.a, l.n, w->id);
        dds_vec *dv = dds_vec_by_id(w->id);
        if (!now || !dv || now->n != w->n || now->elem != w->elem) {
            rt_error("replay: %s:%u: after operator %" PRIu64 " the record has array %" PRIu32
                     " which this run %s; the program or its input changed", site->file,
                     site->line, op, w->id, dv ? "shaped otherwise" : "does not have");
            rc = STRADS_ESTATE;
            break;
        }
        if (now->fp == w->fp) continue;
        if (!completes(&O.cur) || w->img_op != op) {
            rt_error("replay: %s:%u: operator %" PRIu64 " left the array allocated at %s "
                     "otherwise than in the recorded run (%s): the replay diverged", site->file,
                     site->line, op, dv->site, O.cur.path);
            rc = STRADS_ESTATE;
            break;
        }
        rt_image_info want = replay_array_image(w->id, op, w->n, w->elem);
        img_path(path, sizeof path, replay_replay_dir(), op, w->id);
        if ((rc = rt_image_read(path, &want, dv->base, err, sizeof err)))
            rt_error("replay: %s:%u: %s", site->file, site->line, err);
        loaded++;
    }
    if (!rc && loaded)
        rt_info("replay: operator %" PRIu64 " (%s:%u) depends on %s; %d arrays completed from "
                "the record", op, site->file, site->line,
                replay_replaying() ? "the node count" : "timing", loaded);
    free(l.a);
    free(l.v);
    return rc;
}

int replay_outcome(uint64_t op, const strads_loop_site *site)
{
    if (strads_rank() != 0 || !op) return 0;
    if (replay_recording() && !replay_replay_dir()) return record(op, site);
    if (!replay_replaying() && !replay_cluster()) return 0;
    int rc = O.diverged;
    O.diverged = 0;
    if (!rc) rc = load(op, site);
    if (!rc) rc = check_arrays(op, site);
    return rc;
}

void replay__outcome_free(void)
{
    free(O.red);
    free(O.last);
    outcome_free(&O.cur);
    memset(&O, 0, sizeof O);
}
