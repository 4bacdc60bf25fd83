/*
 * replay/replay.h - the private interface of replay/: checkpoints of
 * distributed arrays at operator boundaries and fast re-execution after a
 * failure, record and replay (cluster and single-node), and the fault
 * injection the recovery tests use.
 *
 * The loop engines call a few hooks around every parallel operator;
 * everything else (which operators to checkpoint, which arrays changed,
 * where images live, which checkpoint to recover from, what a record holds
 * and how a replay is held to it) is decided here, so that a program needs
 * no checkpoint or record code and the engines need no knowledge of files.
 * docs/recovery.md describes the whole mechanism.
 *
 * Files: manifest.c (what one checkpoint holds, and finding the newest
 * usable one), checkpoint_files.c (garbage collection of a checkpoint
 * folder), checkpoint.c (the hooks, configuration, change detection, the
 * background writer), fingerprint.c (has an array changed), order.c
 * (async_for orders), event_log.c (the per-node event log), outcome.c (each
 * operator's outcome on the driver), fault.c (STRADS_FAULT). Arrays are
 * stored as image files of core/image.c, one whole array per file.
 *
 * Threads: checkpoints and outcomes run on the driver's main thread,
 * between operators (the same thread that issues loop calls), except the
 * background checkpoint writer (STRADS_CHECKPOINT_ASYNC, on by default),
 * which only writes files from private copies; log.c says which threads add to
 * the event log.
 */
#ifndef STRADS_REPLAY_H
#define STRADS_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/image.h"
#include "strads_generated.h"

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
 * reductions or when it was handed over with replay_op_result. Every
 * STRADS_CHECKPOINT_EVERY operators writes a checkpoint: images of the
 * arrays changed since their last image, then the manifest.
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
/* The number of the operator in flight (or the last one), 0 before any. */
uint64_t replay_current_op(void);

/* True when STRADS_CHECKPOINT or STRADS_RECOVER is set (engines may skip
 * the hooks' bookkeeping otherwise; the hooks are cheap no-ops then). */
bool replay_enabled(void);

/* With STRADS_CHECKPOINT_ASYNC=1 (the default) a checkpoint's images and manifest are
 * written by a background thread while the program goes on (from private
 * copies of the changed arrays taken in replay_op_end). Waits for that
 * writer; returns its status (0 when none was running). The next checkpoint
 * and replay_shutdown call it; the driver should reach replay_shutdown
 * before exiting, or the last checkpoint may be incomplete (which recovery
 * detects and skips). */
int replay_flush(void);

/* Waits for a checkpoint in flight, then releases what the hooks keep
 * (called on the driver at shutdown; safe to call twice). STRADS_EIO, after
 * saying how many, when a checkpoint of the run failed: the job then exits
 * non-zero (docs/recovery.md). */
int replay_shutdown(void);

/* strads_fatal, any thread, any rank: waits (at most 15 s) until the
 * background writer, if one runs, has written its checkpoint, so that a
 * job failing right after an operator still leaves that operator's
 * checkpoint. Touches no bookkeeping; the process is about to exit. */
void replay_drain(void);

/* ---- whole-array images (core/image.c, kind RT_IMAGE_ARRAY) ---- */

/* The header of the image of array id (n elements of elem bytes) written
 * after operator op (0: any, when reading). */
static inline rt_image_info replay_array_image(uint32_t id, uint64_t op, int64_t n,
                                               uint64_t elem)
{
    rt_image_info i = {.kind = RT_IMAGE_ARRAY, .id = id, .op = op, .n = n, .elem = elem,
                       .count = (uint64_t)n, .bytes = (uint64_t)n * elem};
    return i;
}

/* ---- fingerprints (fingerprint.c) ---- */

/* A fast 64-bit fingerprint of n bytes, used to tell whether an array
 * changed since its last image (not a checksum of files). */
uint64_t replay_fingerprint(const void *p, size_t n);

/* Driver, main thread: replay_fingerprint of the dvector with this id
 * (base, n * elem bytes), computed again only when its content version
 * (dds_vec.version, kept in jobs of several nodes) moved since the last
 * call for it; in a job of one node every call reads the array. For --record
 * and replays, which fingerprint every array after every operator
 * (checkpoint.c). */
uint64_t replay_array_fp(uint32_t id, const void *base, int64_t n, size_t elem);

/* ---- manifests (manifest.c) ---- */

#define REPLAY_MANIFEST_VERSION 2

/* One array of a checkpoint: which image holds its content. */
typedef struct replay_array_rec {
    uint32_t id;
    int64_t n;
    uint64_t elem;
    uint64_t img_op; /* the image is "arr-<id>-<img_op>.img" */
    uint8_t sum[RT_IMAGE_SUM_BYTES];
    uint64_t fp;     /* replay_fingerprint of the content, 0 when not computed */
    char site[96];   /* allocation site, for messages */
    /* In memory only (checkpoint.c): dds_vec.version when the image was
     * taken, valid when has_ver (not in the file). */
    uint64_t ver;
    bool has_ver;
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
/* Writes m as DIR/ckpt-<op>.man atomically (temp + rename; with durable,
 * fsync of the file before and of DIR after). The images it names must
 * already be in place (and durable, when it is). */
int replay_manifest_write(const char *dir, const replay_manifest *m, bool durable);
/* Reads and checks (magic, version, length, BLAKE2b) one manifest. Returns
 * 0, STRADS_ECORRUPT (err says why), STRADS_ENOTFOUND or STRADS_EIO. */
int replay_manifest_read(const char *path, replay_manifest *m, char *err, size_t errlen);
/* The operator numbers of the manifests in dir, ascending (*ops malloc'd;
 * NULL when none). Files are recognized by name only. */
int replay_manifest_list(const char *dir, uint64_t **ops, size_t *n);
/* Verifies every image that m names in dir (rt_image_read without
 * loading). 0 or STRADS_ECORRUPT with err naming the first bad image. */
int replay_manifest_verify_images(const char *dir, const replay_manifest *m, char *err,
                                  size_t errlen);

/* ---- the files of a checkpoint folder (folder.c) ---- */

/* Releases the images in dir that none of the newest `keep` manifests names
 * (keep = 0: none are released), recycling the last one of each array as
 * its spare; removes temp files of other processes. */
void replay_collect_garbage(const char *dir, uint64_t keep);
/* Removes the manifests of operators after op (a failed run's future). */
void replay_prune_newer(const char *dir, uint64_t op);
/* "DIR/arr-<id>.spare": a released image the array's next image overwrites
 * in place (rt_image_write's reuse). */
void replay_spare_path(char *out, size_t len, const char *dir, uint32_t id);
/* Deletes every spare in dir (the end of a run). */
void replay_drop_spares(const char *dir);

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

/* ---- record and replay: the common version (order.c, log.c, outcome.c) ---- */

/* Every file --record writes (async_for orders, node logs, operator
 * outcomes) carries this version; a replay refuses any other. Version 1
 * (order files only, no node count) is refused with a message saying so. */
#define REPLAY_RECORD_VERSION 2

/* ---- record and replay of async_for orders (order.c) ---- */
bool replay_recording(void);   /* STRADS_RECORD is set */
/* Single-node replay: STRADS_REPLAY is set and this job is one process
 * (strads-replay, or STRADS_REPLAY=DIR prog). */
bool replay_replaying(void);
/* Cluster replay: STRADS_REPLAY is set and the job has several processes
 * (strads-run --replay DIR): every loop runs on the cluster as recorded and
 * is checked against, or completed from, the record. */
bool replay_cluster(void);
/* The folder being recorded (STRADS_RECORD) or replayed (STRADS_REPLAY). */
const char *replay_record_dir(void);
const char *replay_replay_dir(void);
/* Driver: the number of the next async_for call (1, 2, ...). */
uint64_t replay_next_async_call(void);
/* Driver, after an async_for call ran: under --record writes its serial
 * order (NULL: begin..end-1); under cluster replay checks it against the
 * recorded one instead (a different order is STRADS_ESTATE, naming the
 * file: the plan is deterministic, so this means the program or its input
 * changed). unchanged: the caller knows order is the one it passed for
 * this site's last call over the same range (a cached plan). */
int replay_record_order(const strads_loop_site *site, uint64_t call, int64_t begin, int64_t end,
                        const int64_t *order, int64_t n, bool unchanged);
/* Single-node replay: reads and verifies the recorded order of call `call`;
 * *out is malloc'd. STRADS_ENOTFOUND / STRADS_ECORRUPT with a message. */
int replay_load_order(const strads_loop_site *site, uint64_t call, int64_t begin, int64_t end,
                      int64_t **out, int64_t *n);

/* ---- the per-node event log (log.c) ----
 *
 * Under --record every node writes DIR/node-<rank>.log: a header (version,
 * rank, job size, threads) and one block per parallel operator with what
 * happened on that node at the choke points of nondeterminism: the
 * operator's site and threads (task dispatch is a function of them), the
 * SSP gate's view of every node's clock when this node started each clock
 * (the versions its reads saw at least), the order in which other nodes'
 * deltas were applied at this node's store, A-BSP cut points, and a
 * fingerprint of the node's folded reductions (fold order: threads, then
 * ranks). Each block ends with a BLAKE2b-128 of itself, so a truncated or
 * corrupt log is refused naming the file and the byte. No global ordering:
 * each node writes its own file, appending one block per operator.
 *
 * Under cluster replay every node loads and verifies its log at its first
 * operator and checks each operator against its block; the SSP gate waits
 * until at least the recorded versions are known (replay_gate_ok) and cut
 * points return the recorded stop positions (replay_cut).
 *
 * Threads: blocks belong to the node-function thread; store events are
 * added on the loop thread too (a mutex orders it with the rest). */

/* Every node, as a loop call's node function starts / ends on it
 * (rt_loop_env_open / rt_loop_env_close). Returns 0 or, replaying, a
 * negative code after logging why (another loop or thread count than
 * recorded, a bad log). */
int replay_block_begin(const strads_loop_site *site, int threads);
int replay_block_end(void);
/* The node's folded accumulator of the operator (before it is sent or, on
 * rank 0, published). Replaying a timing-independent operator, a different
 * value is STRADS_ESTATE (the replay diverged). */
int replay_note_fold(const strads_loop_site *site, const void *acc);
/* sync_for SSP/ASP: this operator's result depends on timing (deltas
 * applied on arrival). Called on every node when the asynchronous half
 * opens; the driver then completes the operator from its recorded outcome
 * instead of requiring it to match. */
void replay_note_timing(void);
/*
 * sync_for SSP/ASP, ordered (recording, or replaying an operator recorded
 * so): everything that changes or reads the rows a node owns is one total
 * order of store events, under the node's apply lock: another node's delta
 * applied (REPLAY_ST_DELTA, src), another node's read served
 * (REPLAY_ST_READ, src), this node's tasks starting to read its own rows
 * (REPLAY_ST_OWN) and this node folding its threads' deltas
 * (REPLAY_ST_FOLD). Recording logs them in that order; a cluster replay
 * performs them in the recorded order (loop_sync_ssp.c buffers what comes
 * early), so every read sees the bytes it saw in the recorded run and
 * floating-point sums fold in the same order: the operator is re-executed
 * bit for bit and checked, not completed from the record.
 */
enum { REPLAY_ST_DELTA = 2, REPLAY_ST_READ = 5, REPLAY_ST_OWN = 6, REPLAY_ST_FOLD = 7 };
/* Recording: this operator's store events are ordered (every node, as
 * SSP/ASP opens, after replay_note_timing). */
void replay_note_ordered(void);
/* Whether the operator in flight runs ordered: recording, or a cluster
 * replay of an operator recorded with replay_note_ordered. */
bool replay_store_ordered(void);
/* Recording: appends a store event (caller holds the apply lock, so the log
 * order is the order of the store). */
void replay_note_store(int kind, int src);
/* Cluster replay: the next recorded store event (1; *kind, *src) or none
 * (0); replay_store_take consumes it once performed. Apply lock held. */
int replay_store_next(int *kind, int *src);
void replay_store_take(void);
/*
 * A-BSP, ordered: pool slot `slot` ran items [k, k+m) from the cursor of
 * held split `split` in round `round` (the call, or its clock). Recording
 * logs each chunk as it is taken; a cluster replay of an operator recorded
 * ordered runs exactly the recorded chunks of each slot, in order, and
 * ignores the live stop signal (replay_chunks_replayed), so every replica
 * sees the recorded items in the recorded order. replay_next_chunk hands
 * out slot's next chunk of round (1) or says it has none left (0); it is
 * called only by the thread running that slot.
 */
void replay_note_chunk(int64_t round, int slot, int split, int64_t k, int64_t m);
bool replay_chunks_replayed(void);
int replay_next_chunk(int64_t round, int slot, int *split, int64_t *k, int64_t *m);
/* Cluster replay, as SSP/ASP closes: every recorded store event was
 * performed (else STRADS_ESTATE: the replay diverged); says so at info. */
int replay_store_close(void);
/* SSP gate: this node starts clock `clock` having heard that node r
 * completed done[r] clocks. Recorded as the versions its reads see. */
void replay_note_gate(int64_t clock, const int64_t *done, int nodes);
/* Cluster replay: may this node start clock `clock`? 1 when done[] has
 * reached the recorded view for it (or when not replaying), else 0. */
int replay_gate_ok(int64_t clock, const int64_t *done, int nodes);
/* A-BSP's plan on the driver (n int64: per split its node and start),
 * which its swaps, decided by the measured times, change from call to
 * call: recording, logs it; under cluster replay, replaces it with the
 * recorded one (STRADS_ESTATE when it has another size). */
int replay_absp_plan(int64_t *plan, size_t n);
/* A-BSP cut points: task `task` of clock `clock` stopped (or is to stop)
 * after iteration `stop`. Recording, logs it and returns stop; under
 * cluster replay returns the recorded stop position (the engine must use
 * it), falling back to stop with an error logged when the log has none. */
int64_t replay_cut(int64_t clock, int64_t task, int64_t stop);

/* Internals shared with outcome.c: creates DIR/node-<rank>.log when
 * recording (idempotent); whether the operator in flight (or the last one)
 * on this node depends on timing (recorded flag under cluster replay). */
int replay__log_open(void);
bool replay__op_timing(void);
/* site->tls_pack(acc) as bytes (*out malloc'd; checkpoint.c). */
int replay__pack_acc(const strads_loop_site *site, const void *acc, char **out, size_t *len);
/* Releases outcome.c's state (replay_log_shutdown calls it). */
void replay__outcome_free(void);

/* ---- operator outcomes on the driver (outcome.c) ----
 *
 * Under --record the driver writes, after each parallel operator,
 * DIR/op-<op>.out: the operator's site, whether its result depended on
 * timing, its reductions (tls_pack), and a fingerprint of every
 * distributed array; for a sync_for operator also an image of each array
 * it changed (DIR/op-<op>-arr-<id>.img, rt_image_write). A replay
 * checks every operator against it: an operator that does not depend on
 * timing (async_for; sync_for BSP, Hybrid) must match bit for bit, else
 * the replay stops naming the operator; one that does (SSP, ASP, A-BSP), and every
 * sync_for in single-node replay (one process cannot combine like N), is
 * completed from the record: recorded reductions are published and changed
 * arrays loaded, so output and arrays are those of the recorded run. */

/* Driver, in rt_loop_publish before site->publish: recording, keeps the
 * packed reductions; replaying, checks them or replaces acc's content with
 * the recorded reductions. */
int replay_outcome_reductions(const strads_loop_site *site, void *env, void *acc);
/* Driver, after operator op completed (dds_operator_end done). */
int replay_outcome(uint64_t op, const strads_loop_site *site);
/* Releases what the log and outcome code keep (replay_shutdown calls it). */
void replay_log_shutdown(void);

/* ---- fault injection for the recovery tests (fault.c) ----
 * STRADS_FAULT=OP:RANK[:PHASE] kills rank RANK with SIGKILL in PHASE (start,
 * recon, run, writeback, checkpoint) of its OP-th loop call; fault.c says
 * where each phase is. Ignored in a recovering run. */
void replay_fault(const char *phase);   /* any thread, at the phase's point */
void replay_fault_op_begin(void);       /* every node, as a loop call starts */
void replay_fault_op_end(void);         /* every node, as a loop call ends */
void replay_fault_checkpoint(uint64_t op); /* driver, images written, manifest not yet */

#endif /* STRADS_REPLAY_H */
