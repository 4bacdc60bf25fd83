/*
 * replay/replay.h - the private interface of replay/: checkpoints of
 * distributed arrays at operator boundaries and fast re-execution after a
 * failure (issue 8; record/replay of the event log will join it here).
 *
 * The loop engines call two hooks on the driver around every parallel
 * operator; everything else (which operators to checkpoint, which arrays
 * changed, where images live, which checkpoint to recover from) is decided
 * here, so that a program needs no checkpoint code and the engines need no
 * knowledge of files. docs/recovery.md describes the whole mechanism.
 *
 * Files: image.c (one whole array per file, verified), manifest.c (what one
 * checkpoint holds, and finding the newest usable one), checkpoint.c (the
 * hooks, configuration, change detection, garbage collection).
 *
 * Threads: everything here runs on the driver's main thread, between
 * operators (the same thread that issues loop calls), except the optional
 * background checkpoint writer (STRADS_CHECKPOINT_ASYNC), which only writes
 * files from private copies.
 */
#ifndef STRADS_REPLAY_H
#define STRADS_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "strads.h"

/* ---- the hooks (checkpoint.c) ---- */

/*
 * Driver, before parallel operator number op (1, 2, ... in program order,
 * counting every call of strads_async_for / strads_sync_for; see
 * replay_next_op). env is the call's env as the sequential code built it.
 *
 * *skip = false: run the operator as usual, then call replay_op_end.
 * *skip = true (recovery only): the operator must not run, on any node, and
 * dds_operator_begin/end must not be called for it: the checkpoint already
 * holds its effect. Before returning, the DDS state after op was loaded into
 * the driver's mapping (when op has a checkpoint with images) and the op's
 * reduction results were published through site->publish(env, acc), so the
 * sequential code continues exactly as after the real operator.
 *
 * Returns 0, or a negative STRADS_E* code after logging why (a program that
 * does not match the checkpoint, an image that cannot be read): the caller
 * treats it like a failed operator (strads_fatal).
 */
int replay_op_begin(uint64_t op, const strads_loop_site *site, void *env, bool *skip);

/*
 * Driver, after operator op completed and dds_operator_end made the driver's
 * mapping coherent, before the result is published (acc still valid) or
 * after (acc is only read here). acc is the driver's folded accumulator
 * (tls_size bytes, as given to site->publish), NULL when the loop has no
 * reductions or when it was handed over with replay_op_result. Every STRADS_CHECKPOINT_EVERY operators writes a checkpoint:
 * images of the arrays changed since their last image, then the manifest.
 * Does nothing without STRADS_CHECKPOINT, or for an op that was skipped.
 * Returns 0 or a negative code; a failed checkpoint leaves the previous ones
 * usable (the caller may log it and continue).
 */
int replay_op_end(uint64_t op, const strads_loop_site *site, void *env, const void *acc);

/* Driver, optional: hands over the folded accumulator of the operator in
 * flight where it exists (rt_loop_publish, before publish and free), for
 * engines in which acc is gone by the time replay_op_end runs. It is packed
 * at once (site->tls_pack); replay_op_end(..., acc = NULL) then stores it.
 * Cleared by replay_op_begin and replay_op_end. */
int replay_op_result(const strads_loop_site *site, const void *acc);

/* The number of the next parallel operator (1 on the first call): a
 * convenience counter for the engines, which call it once per loop call. */
uint64_t replay_next_op(void);

/* True when STRADS_CHECKPOINT or STRADS_RECOVER is set (engines may skip
 * the hooks' bookkeeping otherwise; the hooks are cheap no-ops then). */
bool replay_enabled(void);

/* With STRADS_CHECKPOINT_ASYNC=1 a checkpoint's images and manifest are
 * written by a background thread while the program goes on (from private
 * copies of the changed arrays taken in replay_op_end). Waits for that
 * writer; returns its status (0 when none was running). The next checkpoint
 * and replay_shutdown call it; the driver should reach replay_shutdown
 * before exiting, or the last checkpoint may be incomplete (which recovery
 * detects and skips). */
int replay_flush(void);

/* Waits for a checkpoint in flight, then releases what the hooks keep
 * (called on the driver at shutdown; safe to call twice). */
void replay_shutdown(void);

/* ---- whole-array images (image.c) ---- */

#define REPLAY_IMAGE_VERSION 1
#define REPLAY_SUM_BYTES 32 /* BLAKE2b-256 */

/* What an image file says about itself. */
typedef struct replay_image_info {
    uint32_t id;   /* the dvector's id */
    uint64_t op;   /* operator after which it was written */
    int64_t n;     /* elements */
    uint64_t elem; /* bytes per element */
    uint8_t sum[REPLAY_SUM_BYTES]; /* BLAKE2b-256 of header and data */
} replay_image_info;

/* Writes n*elem bytes at data to path, atomically (temp file in the same
 * folder, fsync, rename). info->sum is filled in; the other fields of info
 * describe the array. Returns 0, STRADS_EIO (errno kept) or STRADS_ENOMEM. */
int replay_image_write(const char *path, replay_image_info *info, const void *data);

/* Reads path completely and checks it: magic, version, size, the fields of
 * want (id, n, elem; op too when nonzero; sum too unless all zero) and the
 * checksum. When dst is not NULL and all is well, copies the data there
 * (n*elem bytes; written with plain stores, never read(2), so a
 * write-protected DDS mapping is fine). Returns 0, STRADS_ECORRUPT (err
 * says why), or STRADS_EIO / STRADS_ENOTFOUND when it cannot be opened. */
int replay_image_read(const char *path, const replay_image_info *want, void *dst, char *err,
                      size_t errlen);

/* A fast 64-bit fingerprint of n bytes, used to tell whether an array
 * changed since its last image (not a checksum of files). */
uint64_t replay_fingerprint(const void *p, size_t n);

/* ---- manifests (manifest.c) ---- */

#define REPLAY_MANIFEST_VERSION 1

/* One array of a checkpoint: which image holds its content. */
typedef struct replay_array_rec {
    uint32_t id;
    int64_t n;
    uint64_t elem;
    uint64_t img_op; /* the image is "arr-<id>-<img_op>.img" */
    uint8_t sum[REPLAY_SUM_BYTES];
    uint64_t fp;     /* replay_fingerprint of the content */
    char site[96];   /* allocation site, for messages */
} replay_array_rec;

/* One operator covered by a checkpoint: its site and its reduction results
 * (site->tls_pack's msgpack object, or none). */
typedef struct replay_op_rec {
    uint64_t op;
    uint64_t site_id;
    uint32_t line;
    char file[128];
    char *red;       /* malloc'd, NULL when the loop has no reductions */
    size_t red_len;
} replay_op_rec;

/* A checkpoint: the state after operator op. ops[] are the operators since
 * the previous checkpoint (from_op .. op), arrays[] every dvector alive
 * after op. */
typedef struct replay_manifest {
    uint64_t op, from_op;
    uint32_t nodes;  /* job size when written (recovery may use another) */
    replay_array_rec *arrays;
    size_t narrays;
    replay_op_rec *ops;
    size_t nops;
} replay_manifest;

void replay_manifest_free(replay_manifest *m);
/* "DIR/ckpt-<op, 20 digits>.man" and "DIR/arr-<id>-<op>.img". */
void replay_manifest_path(char *out, size_t len, const char *dir, uint64_t op);
void replay_image_path(char *out, size_t len, const char *dir, uint32_t id, uint64_t op);
/* Writes m as DIR/ckpt-<op>.man atomically (temp + fsync + rename + fsync of
 * DIR). The images it names must already be in place. */
int replay_manifest_write(const char *dir, const replay_manifest *m);
/* Reads and checks (magic, version, length, BLAKE2b) one manifest. Returns
 * 0, STRADS_ECORRUPT (err says why), STRADS_ENOTFOUND or STRADS_EIO. */
int replay_manifest_read(const char *path, replay_manifest *m, char *err, size_t errlen);
/* The operator numbers of the manifests in dir, ascending (*ops malloc'd;
 * NULL when none). Files are recognized by name only. */
int replay_manifest_list(const char *dir, uint64_t **ops, size_t *n);
/* Verifies every image that m names in dir (replay_image_read without
 * loading). 0 or STRADS_ECORRUPT with err naming the first bad image. */
int replay_manifest_verify_images(const char *dir, const replay_manifest *m, char *err,
                                  size_t errlen);

/*
 * Recovery plan: the newest checkpoint in dir that is usable, i.e. its
 * manifest and every image it names verify, and the manifests up to it
 * cover every operator from 1 on (so each skipped operator's reductions can
 * be published). Newer unusable checkpoints are skipped with a message on
 * stderr naming them and why ("falling back to the checkpoint of op N").
 * On success *out holds every readable manifest with op <= the chosen one,
 * ascending, and *last is the chosen op; *last = 0 when nothing is usable
 * (the job then runs from the start). Errors only for I/O on dir itself.
 */
typedef struct replay_plan {
    replay_manifest *m; /* ascending by op */
    size_t n;
    uint64_t last;
} replay_plan;
int replay_plan_load(const char *dir, replay_plan *out);
void replay_plan_free(replay_plan *p);

/* ---- record and single-node replay of async_for (order.c) ---- */
bool replay_recording(void);   /* STRADS_RECORD is set */
bool replay_replaying(void);   /* STRADS_REPLAY is set */
/* Driver: the number of the next async_for call (1, 2, ...). */
uint64_t replay_next_async_call(void);
/* Driver: writes the serial order of call number `call` (NULL: begin..end-1). */
int replay_record_order(const strads_loop_site *site, uint64_t call, int64_t begin, int64_t end,
                        const int64_t *order, int64_t n);
/* Replay: reads and verifies the recorded order of call `call`; *out is
 * malloc'd. STRADS_ENOTFOUND / STRADS_ECORRUPT with a message otherwise. */
int replay_load_order(const strads_loop_site *site, uint64_t call, int64_t begin, int64_t end,
                      int64_t **out, int64_t *n);

#endif /* STRADS_REPLAY_H */
