/*
 * core/rt.h - the interface of the bottom layer (core/), shared by its files
 * and used by every layer above it (dds/, replay/, engine/).
 *
 * Threads: each process has one libuv loop thread (owns sockets, timers and
 * every rt_conn), the main thread (the driver's user code, or a worker's serve
 * loop), and a pool of worker threads. Functions here are safe to call from
 * any thread except where a comment says "loop thread only".
 *
 * Messaging model: a message is a msgpack stream [type, tag, body...]
 * followed optionally by a raw blob that the head ends with a bin header for.
 * Receivers either handle a type on the loop thread (rt_on_loop: quick, never
 * blocking, e.g. serving DDS rows) or leave it in a tag-matched mailbox that
 * any thread can wait on with rt_recv (MPI-style: type, tag, source).
 */
#ifndef STRADS_RT_H
#define STRADS_RT_H

#include <msgpack.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "strads.h"

/* ---- logging (core/logging.c) ---- */
enum { RT_LOG_ERROR, RT_LOG_WARN, RT_LOG_INFO, RT_LOG_DEBUG, RT_LOG_TRACE };
void rt_log_set(int level, int rank);
int rt_log_parse_level(const char *s); /* -1 if not a level */
int rt_log_enabled(int level);
void rt_log(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#define rt_error(...) rt_log(RT_LOG_ERROR, __VA_ARGS__)
#define rt_warn(...) rt_log(RT_LOG_WARN, __VA_ARGS__)
#define rt_info(...) rt_log(RT_LOG_INFO, __VA_ARGS__)
#define rt_debug(...) \
    do { if (rt_log_enabled(RT_LOG_DEBUG)) rt_log(RT_LOG_DEBUG, __VA_ARGS__); } while (0)
/* A fatal error, whatever STRADS_LOG says; the caller then exits. */
void rt_log_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "strads[R]" or "strads": the prefix, for a signal handler that must
 * write(2) its line itself */
const char *rt_log_name(void);
/* STRADS_STATS: whether statistics are printed; every report is a sentence
 * (rt_stats_note, "NAME: note: ...") and one machine line (rt_stats,
 * "NAME: stats: ev=EV rank=R site=FILE:LINE key=value...", FILE NULL: no
 * site;
 * fmt gives the rest of the key=value pairs, values without blanks). The
 * keys are documented in docs/observability.md. */
bool rt_stats_on(void);
void rt_stats_enable(bool on); /* start.c, from the configuration */
void rt_stats_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void rt_stats(const char *ev, const char *file, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* ---- configuration (core/config.c): the one table of STRADS_* variables ----
 * Every STRADS_* variable of the library is read here, once, when the
 * process starts (rt_config_load); the rest of the library reads the parsed
 * values through rt_cfg(). */
#define RT_CONFIG_MAX 64 /* entries the table may hold */
typedef struct rt_config {
    int rank, size, threads;
    char coordinator[256]; /* host:port of rank 0 */
    char bind_host[64];    /* address this node listens on */
    int listen_fd;         /* inherited listening socket (strads-run), or -1 */
    int launcher_fd;       /* read end of strads-run's pipe (EOF: it is gone), or -1 */
    int spawn_fd;          /* driver: write end of strads-run's pipe for its workers' start, or -1 */
    uint8_t secret[32];
    bool have_secret;
    int log_level;
    int heartbeat_ms, peer_timeout_ms, connect_timeout_ms, collective_timeout_ms;
    size_t max_message;    /* largest reassembled message accepted */
    const char *launcher;  /* "strads-run", "mpirun", "pmi", "srun", "none" */
    const char *trace_path; /* STRADS_TRACE: Chrome trace file the driver writes, or NULL */
    int progress;          /* STRADS_PROGRESS: 1 on, 0 off, -1 auto (when stderr is a tty) */
    const char *cpus;      /* STRADS_CPUS as given, or NULL */
    const char *secret_file; /* STRADS_SECRET_FILE, or NULL */
    bool malloc_tune;      /* STRADS_MALLOC_TUNE: tune glibc's malloc for the job */
    /* loops */
    bool stats;            /* STRADS_STATS is set (any value) */
    int64_t recon_every;   /* 0: reconnaissance once */
    double recon_budget_s; /* 0: no limit */
    int64_t recon_sample;
    bool sample_plan;      /* STRADS_SAMPLE_PLAN: a sample may find a loop serial */
    bool try_alone;        /* STRADS_TRY_ALONE: short calls timed alone (loop.h) */
    bool verify_recon, verify_plan, ssp_check;
    const char *order_file, *sync, *slow; /* NULL when unset */
    int slow_test_rank;    /* STRADS_SLOW_TEST's rank, -1 when unset */
    int64_t slow_test_ms;
    double absp_report_s, absp_move_rate; /* move rate 0: measured */
    int64_t absp_check, test_piece;
    int64_t test_plan_error; /* rank, -1 when unset */
    /* distributed arrays */
    uint64_t arena_addr, arena_size; /* STRADS_ARENA; 0: dds/'s defaults */
    bool hugepages;
    /* checkpoints, recovery, record and replay, faults */
    const char *checkpoint, *recover, *record, *replay; /* NULL when unset */
    int64_t checkpoint_every, checkpoint_keep, checkpoint_crash;
    bool checkpoint_async, checkpoint_sync;
    uint64_t fault_op;     /* STRADS_FAULT: 0 when unset */
    int fault_rank;
    char fault_phase[16];
    const char *raw[RT_CONFIG_MAX]; /* each variable's text as read, by table index */
} rt_config;

/* Fills cfg from the environment. STRADS_ECONFIG with a message in err that
 * names the variable when a value is malformed or out of range. */
int rt_config_load(rt_config *cfg, char *err, size_t errlen);

/* The table, for the docs test and the test that tries bad values. */
typedef enum rt_config_kind {
    RT_CFG_INT,     /* a whole number in [lo, hi] */
    RT_CFG_BOOL,    /* 0 or 1 */
    RT_CFG_REAL,    /* a number >= lo (lo_open: > lo) */
    RT_CFG_FLAG,    /* on when set, whatever its value */
    RT_CFG_TEXT,    /* any text (a path, a file name, an address) */
    RT_CFG_CUSTOM,  /* a syntax of its own, checked by its parser */
} rt_config_kind;
typedef struct rt_config_var {
    const char *name;
    rt_config_kind kind;
    const char *type;  /* as docs/config.md's type column writes it */
    const char *deflt; /* as docs/config.md's default column writes it */
    const char *range; /* as docs/config.md's range column writes it */
    long long lo, hi;  /* RT_CFG_INT; RT_CFG_REAL: lo */
    bool lo_open;      /* RT_CFG_REAL: the value must exceed lo */
    const char *bad[4]; /* RT_CFG_CUSTOM: malformed values (for the table test) */
    const char *help;
} rt_config_var;
const rt_config_var *rt_config_vars(size_t *n);
/* The text a variable was read with (NULL when unset), by name. */
const char *rt_config_raw(const rt_config *cfg, const char *name);

/* Binds the calling process to cfg->cpus (strads-run sets STRADS_CPUS to a
 * rank's own cores); call before any thread starts, all of them inherit it. */
int rt_config_bind_cpus(const rt_config *cfg, char *err, size_t errlen);

/* ---- messages ---- */
/* Message types. Values are wire format: append, never renumber. */
enum {
    RT_MSG_HELLO = 1,   /* handshake: rank, nonce */
    RT_MSG_PROOF,       /* handshake: HMAC proof */
    RT_MSG_REGISTER,    /* worker -> driver: listen address */
    RT_MSG_PEERS,       /* driver -> workers: address table */
    RT_MSG_READY,       /* worker -> driver: has the address table */
    RT_MSG_HEARTBEAT,
    RT_MSG_SHUTDOWN,    /* driver -> workers: exit with status */
    RT_MSG_CALL,        /* driver -> workers: run a node function */
    RT_MSG_DONE,        /* worker -> driver: node function status */
    RT_MSG_COLL,        /* collective contribution (to rank 0) */
    RT_MSG_COLL_RESULT, /* collective result (from rank 0) */
    RT_MSG_REPLY,       /* reply to a request handled on the loop thread */
    RT_MSG_LINK,        /* worker <-> rank 0: have rank tag dial the asker (link.c) */
    RT_MSG_USER_BASE = 64 /* dds/, scheduler/, replay/ take types from here */
};

typedef struct rt_msg {
    int src;           /* sender's rank */
    uint32_t type;
    uint64_t tag;
    const char *body;  /* msgpack after type and tag (and the blob, if any) */
    size_t body_len;
    /* private */
    struct rt_msg *next;
    char *buf;
    size_t len;
} rt_msg;

void rt_msg_free(rt_msg *m);

/* Building a message: rt_pack_begin packs type and tag into sb; the caller
 * appends body objects with the msgpack_pack_* functions on pk. */
typedef struct rt_packer {
    msgpack_sbuffer sb;
    msgpack_packer pk;
} rt_packer;
void rt_pack_begin(rt_packer *p, uint32_t type, uint64_t tag);
void rt_pack_done(rt_packer *p);

/* Sends head (usually p->sb.data) followed by blob (may be NULL) to rank dst.
 * If blob is non-NULL the head must end with msgpack_pack_bin(pk, blob_len).
 * Blocks while the connection's send queue is over its high-water mark
 * (back-pressure). Sending to self delivers locally. Payloads of any size are
 * cut into frames on the wire. Returns 0, STRADS_EPEER, STRADS_ECLOSED. */
int rt_send(int dst, const void *head, size_t head_len, const void *blob, size_t blob_len);
/* The binomial tree of collectives (collective.c) and loop reductions:
 * rank r's parent is r without its lowest set bit (-1 for rank 0); its
 * children are r + (1 << i) for i < rt_tree_children(r, size), child i
 * heading a subtree of at most 2^i ranks. */
int rt_tree_parent(int rank);
int rt_tree_children(int rank, int size);
/* Convenience: send p's buffer (no blob) and release it. */
int rt_send_packed(int dst, rt_packer *p);
/* Message bytes this process has sent to other ranks and received from
 * them since it started (STRADS_STATS; any thread). */
void rt_net_bytes(uint64_t *sent, uint64_t *received);

#define RT_ANY_SRC (-1)
/* Waits for a message of type and tag from src (or RT_ANY_SRC) that was not
 * taken by a loop-thread handler. deadline_ms < 0 waits until the peer dies.
 * Returns 0 and *out (free with rt_msg_free), STRADS_EPEER when src (or, for
 * RT_ANY_SRC, any peer) is lost, STRADS_ETIMEDOUT. */
int rt_recv(uint32_t type, uint64_t tag, int src, int deadline_ms, rt_msg **out);
/* Like rt_recv but matches any tag. */
int rt_recv_any_tag(uint32_t type, int src, int deadline_ms, rt_msg **out);

/* Registers a handler run on the loop thread for every message of type. The
 * handler owns m (must rt_msg_free it). It must not block: it may call
 * rt_send only to reply small messages (the queue grows, it never waits). */
typedef void (*rt_loop_handler)(rt_msg *m, void *arg);
void rt_on_loop(uint32_t type, rt_loop_handler fn, void *arg);

/* A peer's state: alive, or why it was lost (for messages). */
bool rt_peer_alive(int rank);
const char *rt_peer_lost_reason(int rank); /* NULL while alive */
/* First lost peer, or -1. */
int rt_first_lost_peer(void);

/* Request/reply on the loop thread: rt_request sends and waits for an
 * RT_MSG_REPLY with a fresh tag. The handler replies with rt_reply_begin. */
uint64_t rt_new_tag(void);
void rt_reply_begin(rt_packer *p, uint64_t tag); /* an RT_MSG_REPLY answering tag */

/* ---- process lifecycle (core/start.c) ---- */
/* What the layers above core ask the process lifecycle to call: core never
 * calls up by name, so the layers stay one-way (docs/internals.md). */
typedef struct rt_upper {
    void (*install)(void);  /* after the pool starts, before the job assembles */
    void (*drain)(void);    /* on a fatal error: let background writers finish */
    int (*shutdown)(void);  /* driver, before workers are released: non-zero makes
                             * the job exit non-zero (a checkpoint failed) */
    /* after the configuration is read: checks the variables whose grammar
     * belongs to a layer above (STRADS_SYNC, STRADS_SLOW); STRADS_ECONFIG
     * with err naming the variable */
    int (*check_config)(const rt_config *cfg, char *err, size_t errlen);
} rt_upper;
/* The body of strads_start (engine/session.c passes the engine's hooks). */
int rt_start(int argc, char **argv, strads_main_fn user_main, const rt_upper *up);
const rt_config *rt_cfg(void);

/* ---- naming functions across processes (core/fnref.c) ---- */
/* Encodes a code or data address of the main executable (or libstrads) into
 * a process-independent reference; STRADS_ENOFUNC for addresses elsewhere. */
int rt_fnref_encode(const void *addr, uint64_t *ref);
int rt_fnref_decode(uint64_t ref, void **addr);

/* ---- thread pool (core/pool.c) ---- */
/* Runs fn(arg, task, thread) for task in [0, ntasks) on the node's worker
 * threads and waits. Tasks are handed out in increasing order. */
typedef void (*rt_task_fn)(void *arg, int64_t task, int thread);
int rt_pool_run(int64_t ntasks, rt_task_fn fn, void *arg);

int rt_pool_init(int threads);
void rt_pool_stop(void);

/* ---- transport lifecycle (core/transport.c, used by start.c) ---- */
int rt_net_start(const rt_config *cfg, char *err, size_t errlen);
void rt_net_stop(void);
/* Dials rank at host:port and authenticates, retrying refused dials until
 * deadline_ms. 0 when up; else the failure's code, after an error naming
 * the rank and the cause. */
int rt_net_dial(int rank, const char *hostport, int deadline_ms);
/* Gives the transport every rank's listening address (hostports[r], index =
 * rank; rank 0's is not used), resolved here; connections between workers
 * are made from it when first needed (runtime/link.c). */
int rt_net_set_peers(int n, const char *const *hostports);
int rt_net_listen_port(void);
int rt_net_local_host(char *host, size_t len);
/* Waits until everything queued for sending has been written. */
int rt_flush(int deadline_ms);
/* Until rt_net_open_sends, a send to another rank from any thread but the
 * loop's first calls wait() (core/start.c: the driver's main runs while the
 * job assembles, and its first message to a worker waits for the
 * assembly). wait returns 0, or the error the send returns. */
void rt_net_gate_sends(int (*wait)(void));
void rt_net_open_sends(void);
void rt_net_close_sends(void); /* again, with the same wait */

/* ---- driver/worker (core/rpc.c) ---- */
int rt_serve(void);            /* worker main loop; returns the exit status */
int rt_shutdown_workers(void); /* driver: two-phase shutdown of all workers */
/* Driver: runs fn on this node now and on every worker later, in order, from
 * the courier (rt_courier_run); a failure there ends the job, naming what.
 * Messages to workers wait until every such call is answered. key names the
 * call for rt_invoke_unlater, which takes back one not yet sent (true). */
int rt_invoke_later(strads_node_fn fn, const void *arg, size_t len, uint64_t key,
                    const char *what);
bool rt_invoke_unlater(strads_node_fn fn, uint64_t key);
/* The courier's loop (the driver's assembler thread, once assembled): never
 * returns. rt_courier_drain waits until it has nothing to send or answer. */
_Noreturn void rt_courier_run(void);
int rt_courier_drain(void);
/* After the workers are released: later calls run on the driver only. */
void rt_courier_close(void);

/* ---- small helpers ---- */
uint64_t rt_now_ms(void); /* monotonic */
uint64_t rt_now_us(void);
/* CPU time of the calling thread: what a measured piece of work cost
 * whatever else the machine ran meanwhile (a pilot's time judged while the
 * thread waited for a core would move decisions with the load). */
uint64_t rt_cpu_us(void);
/* Reads the next msgpack object from (data,len,*off) into o (zone in up). */
int rt_unpack_next(msgpack_unpacked *up, const char *data, size_t len, size_t *off,
                   msgpack_object **o);

#endif /* STRADS_RT_H */
