/*
 * core/start.c - the life of a strads process: configuration, assembling
 * the job (rendezvous with rank 0), then driver or worker, then shutdown.
 *
 * Assembly: every worker dials rank 0 and registers the address it listens
 * on; rank 0 sends everyone the address table; each worker hands it to the
 * transport and reports READY. Rank 0 runs the user's main meanwhile, and
 * its first message to a worker waits until all are ready. Workers connect
 * to each other later, when one first sends to the other (core/link.c):
 * start-up costs one connection per worker, not one per pair. One STRADS_CONNECT_TIMEOUT_MS deadline, counted from the
 * process's start, bounds all of it; a failure names the rank and what
 * happened to it (lost and why, late, refused, wrong secret, out of
 * descriptors).
 */
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "core/transport.h"
#include "core/trace.h"

static rt_config cfg;
static _Atomic bool cfg_loaded;
static pthread_once_t cfg_once = PTHREAD_ONCE_INIT;
static bool workers_released;
static rt_upper upper; /* what the layers above asked to be called */
static int shutdown_rc; /* the driver's replay_shutdown: a checkpoint failed */

/* A process that uses the library without strads_start (a unit test) reads
 * the configuration at its first use. */
static void cfg_load_late(void)
{
    if (cfg_loaded) return;
    char err[512];
    if (rt_config_load(&cfg, err, sizeof err)) {
        fprintf(stderr, "strads: configuration: %s\n", err);
        exit(2);
    }
    /* One of several processes that never went through strads_start
     * would run the user's main on every rank and talk to no one. */
    if (cfg.size > 1) {
        fprintf(stderr,
                "strads: rank %d of %d: the runtime was not started: the program's main() was "
                "not translated by stradscc (build the file that defines main with stradscc "
                "as well)\n",
                cfg.rank, cfg.size);
        exit(2);
    }
    cfg_loaded = true;
}

const rt_config *rt_cfg(void)
{
    if (!cfg_loaded) pthread_once(&cfg_once, cfg_load_late);
    return &cfg;
}
int strads_rank(void) { return cfg.rank; }
int strads_size(void) { return cfg.size ? cfg.size : 1; }
int strads_threads(void) { return cfg.threads ? cfg.threads : 1; }

_Noreturn void strads_fatal(int err, const char *what)
{
    rt_log_fatal("%s: %s", what ? what : "error", strads_strerror(err));
    if (upper.drain) upper.drain(); /* a checkpoint being written completes */
    fflush(NULL);
    _exit(err == STRADS_EPEER ? 3 : 1);
}

static int send_register(void)
{
    char host[64];
    int rc = rt_net_local_host(host, sizeof host);
    if (rc) return rc;
    rt_packer p;
    rt_pack_begin(&p, RT_MSG_REGISTER, 0);
    msgpack_pack_str_with_body(&p.pk, host, strlen(host));
    msgpack_pack_int(&p.pk, rt_net_listen_port());
    return rt_send_packed(0, &p);
}

/* Milliseconds left of the start-up deadline. */
static uint64_t assemble_end;
static int ms_left(void)
{
    uint64_t now = rt_now_ms();
    return now >= assemble_end ? 0 : (int)(assemble_end - now);
}

/* Says why rank r is missing from the job: lost (and why) or late. */
static void report_missing(int r, int rc, const char *what)
{
    if (rc == STRADS_EPEER)
        rt_error("rank %d %s: it was lost: %s", r, what,
                 rt_peer_lost_reason(r) ? rt_peer_lost_reason(r) : "connection closed");
    else if (rc == STRADS_ETIMEDOUT)
        rt_error("rank %d %s within STRADS_CONNECT_TIMEOUT_MS (%d ms)", r, what,
                 cfg.connect_timeout_ms);
    else
        rt_error("rank %d %s: %s", r, what, strads_strerror(rc));
}

/* Rank 0 takes one message of type from every worker, in whatever order they
 * come. The deadline is one of progress: STRADS_CONNECT_TIMEOUT_MS without
 * a message from any worker fails, naming the first rank missing, so that
 * hundreds of processes that take long to start as a whole (exec on a busy
 * machine, a batch system placing them) are not cut off while they keep
 * arriving. fn(m, arg) takes each message's content. */
static int collect(uint32_t type, const char *what, int (*fn)(const rt_msg *m, void *arg),
                   void *arg)
{
    int n = cfg.size, got = 0, rc = 0;
    bool *seen = calloc((size_t)n, sizeof *seen);
    if (!seen) return STRADS_ENOMEM;
    while (got < n - 1 && !rc) {
        rt_msg *m = NULL;
        rc = rt_recv(type, 0, RT_ANY_SRC, cfg.connect_timeout_ms, &m);
        if (rc == STRADS_EPEER) {
            report_missing(rt_first_lost_peer(), rc, what);
        } else if (rc == STRADS_ETIMEDOUT) {
            int r = 1;
            while (r < n && seen[r]) r++;
            rt_error("rank %d %s: no rank did for STRADS_CONNECT_TIMEOUT_MS (%d ms); %d of %d "
                     "had", r, what, cfg.connect_timeout_ms, got, n - 1);
        } else if (!rc && (m->src <= 0 || m->src >= n || seen[m->src])) {
            rt_error("rank %d %s twice", m->src, what);
            rc = STRADS_EPROTO;
        } else if (!rc) {
            seen[m->src] = true;
            got++;
            rc = fn ? fn(m, arg) : 0;
        }
        rt_msg_free(m);
    }
    free(seen);
    return rc;
}

typedef struct {
    char (*host)[64];
    unsigned *port;
} reg_table;

static int take_register(const rt_msg *m, void *arg)
{
    reg_table *t = arg;
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    msgpack_object *o;
    int rc = 0;
    /* Each rt_unpack_next reuses up: the host is copied before the port is read. */
    if (rt_unpack_next(&up, m->body, m->body_len, &off, &o) || o->type != MSGPACK_OBJECT_STR ||
        o->via.str.size > 63) {
        rc = STRADS_EPROTO;
    } else {
        memcpy(t->host[m->src], o->via.str.ptr, o->via.str.size);
        t->host[m->src][o->via.str.size] = 0;
        if (rt_unpack_next(&up, m->body, m->body_len, &off, &o) ||
            o->type != MSGPACK_OBJECT_POSITIVE_INTEGER || o->via.u64 > 65535)
            rc = STRADS_EPROTO;
        else
            t->port[m->src] = (unsigned)o->via.u64;
    }
    if (rc) rt_error("malformed registration from rank %d", m->src);
    msgpack_unpacked_destroy(&up);
    return rc;
}

/* Rank 0: collect every worker's address, publish the table, await READY. */
static int assemble_driver(void)
{
    int n = cfg.size;
    reg_table t = {calloc((size_t)n, sizeof *t.host), calloc((size_t)n, sizeof *t.port)};
    int rc = t.host && t.port ? 0 : STRADS_ENOMEM;
    if (!rc) rc = collect(RT_MSG_REGISTER, "did not join the job", take_register, &t);
    msgpack_sbuffer table;
    msgpack_sbuffer_init(&table);
    msgpack_packer tp;
    msgpack_packer_init(&tp, &table, msgpack_sbuffer_write);
    msgpack_pack_array(&tp, (size_t)n);
    msgpack_pack_nil(&tp);
    for (int r = 1; r < n && !rc; r++) {
        msgpack_pack_array(&tp, 2);
        msgpack_pack_str_with_body(&tp, t.host[r], strlen(t.host[r]));
        msgpack_pack_uint64(&tp, t.port[r]);
    }
    for (int r = 1; r < n && !rc; r++) {
        rt_packer p;
        rt_pack_begin(&p, RT_MSG_PEERS, 0);
        msgpack_sbuffer_write(&p.sb, table.data, table.size);
        rc = rt_send_packed(r, &p);
        if (rc) report_missing(r, rc, "could not be sent the address table");
    }
    msgpack_sbuffer_destroy(&table);
    free(t.host);
    free(t.port);
    if (!rc) rc = collect(RT_MSG_READY, "did not report ready", NULL, NULL);
    return rc;
}

/* Worker: register, learn the table (other workers are dialed when first
 * needed, core/link.c), report ready. */
static int assemble_worker(void)
{
    int rc = rt_net_dial(0, cfg.coordinator, ms_left());
    if (!rc) rc = send_register();
    rt_msg *m = NULL;
    if (!rc) {
        /* Until rank 0 has heard from every worker, however long: it keeps
         * the deadline (collect), and its loss ends this wait. */
        rc = rt_recv(RT_MSG_PEERS, 0, 0, -1, &m);
        if (rc) report_missing(0, rc, "sent no address table");
    }
    if (rc) {
        rt_error("could not join the job at %s: %s", cfg.coordinator, strads_strerror(rc));
        return rc;
    }
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    msgpack_object *t;
    rc = rt_unpack_next(&up, m->body, m->body_len, &off, &t);
    if (!rc && (t->type != MSGPACK_OBJECT_ARRAY || t->via.array.size != (uint32_t)cfg.size))
        rc = STRADS_EPROTO;
    int n = cfg.size;
    char *hps = calloc((size_t)n, 128);
    const char **hp = calloc((size_t)n, sizeof *hp);
    if (!rc && (!hps || !hp)) rc = STRADS_ENOMEM;
    for (int r = 1; r < n && !rc; r++) {
        msgpack_object *e = &t->via.array.ptr[r];
        if (e->type != MSGPACK_OBJECT_ARRAY || e->via.array.size != 2 ||
            e->via.array.ptr[0].type != MSGPACK_OBJECT_STR ||
            e->via.array.ptr[1].type != MSGPACK_OBJECT_POSITIVE_INTEGER) {
            rc = STRADS_EPROTO;
            break;
        }
        hp[r] = hps + (size_t)r * 128;
        snprintf(hps + (size_t)r * 128, 128, "%.*s:%u", (int)e->via.array.ptr[0].via.str.size,
                 e->via.array.ptr[0].via.str.ptr, (unsigned)e->via.array.ptr[1].via.u64);
    }
    if (rc == STRADS_EPROTO) rt_error("malformed address table from rank 0");
    if (!rc) rc = rt_net_set_peers(n, hp);
    free(hps);
    free(hp);
    msgpack_unpacked_destroy(&up);
    rt_msg_free(m);
    if (rc) return rc;
    rt_packer p;
    rt_pack_begin(&p, RT_MSG_READY, 0);
    return rt_send_packed(0, &p);
}

/* The driver's main starts at once, while a thread of its own assembles
 * the job: a worker's start (exec, libraries, connection, handshake: 10-20
 * ms on a small machine) overlaps the program's own start instead of
 * preceding it, and a program whose calls all run alone on the driver
 * (engine/loop_alone.c) waits for the workers only at its end. The first
 * message of any thread but the transport's to a worker waits for the
 * assembly (rt_net_gate_sends); a failure ends the job as it did at start. */
static pthread_mutex_t asm_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t asm_cond = PTHREAD_COND_INITIALIZER;
static bool assembled;
static __thread bool assembling; /* the assembler's own sends pass the gate */

/* Workers on request: strads-run starts the others only when the driver
 * writes a byte to the pipe at STRADS_SPAWN_FD (launcher/lazy.c), so that
 * a job whose calls all run alone never starts them (a program of 20 ms
 * paid 8-10 ms for a worker it never used). The first message to a worker
 * asks (gate_wait), and so does the start of a run that needs the workers
 * from the beginning (spawn_needed). Until then the assembler waits, its
 * deadline not running. */
static int spawn_fd = -1;
static bool requested = true; /* false while a request is still to be made */
/* What the request writes: strads-run looks for these words in a program
 * linked with the runtime statically (launcher/launch.h's
 * LAUNCH_RUNTIME_MARK, the same words) */
static const char spawn_mark[] = "strads-runtime: workers on request v1";

/* Under asm_mu, or before any thread starts. */
static void request_workers(void)
{
    if (requested) return;
    requested = true;
    ssize_t w;
    while ((w = write(spawn_fd, spawn_mark, sizeof spawn_mark - 1)) < 0 && errno == EINTR) {
    }
    if (w <= 0) rt_warn("could not ask strads-run for the workers: %s", strerror(errno));
    close(spawn_fd);
    spawn_fd = -1;
    pthread_cond_broadcast(&asm_cond);
}

/* What needs the workers from the start: a run that is recorded, replayed,
 * checkpointed, recovered, traced, slowed or faulted, or whose calls never
 * run alone. */
static bool spawn_needed(void)
{
    return !cfg.try_alone || cfg.record || cfg.replay || cfg.checkpoint || cfg.recover ||
           cfg.trace_path || cfg.slow || cfg.fault_op;
}

/* strads-run's pipe, for the driver of a job started by it. */
static void take_spawn_fd(void)
{
    struct stat st;
    int fd = cfg.spawn_fd;
    if (fd < 3 || cfg.rank != 0 || cfg.size < 2 || strcmp(cfg.launcher, "strads-run") != 0 ||
        fstat(fd, &st) != 0 || !S_ISFIFO(st.st_mode))
        return;
    fcntl(fd, F_SETFD, FD_CLOEXEC); /* the program's own children do not hold it */
    spawn_fd = fd;
    requested = false;
    if (spawn_needed()) request_workers(); /* no other thread yet: no lock */
}

static _Noreturn void assembly_failed(int rc)
{
    rt_error("the job could not assemble: %s", strads_strerror(rc));
    fflush(NULL);
    _exit(3);
}

/* The assembler's thread then carries the node calls that reach the
 * workers later (core/rpc.c's courier). */
static void *assembler(void *arg)
{
    (void)arg;
    assembling = true;
    pthread_mutex_lock(&asm_mu);
    while (!requested) pthread_cond_wait(&asm_cond, &asm_mu);
    pthread_mutex_unlock(&asm_mu);
    int rc = assemble_driver();
    if (rc) assembly_failed(rc);
    rt_debug("job assembled: %d processes", cfg.size);
    pthread_mutex_lock(&asm_mu);
    assembled = true;
    pthread_cond_broadcast(&asm_cond);
    pthread_mutex_unlock(&asm_mu);
    rt_courier_run();
}

/* A message to a worker waits for the job and for the calls the courier
 * carries; the courier's own pass. */
static int gate_wait(void)
{
    if (assembling) return 0;
    pthread_mutex_lock(&asm_mu);
    request_workers();
    while (!assembled) pthread_cond_wait(&asm_cond, &asm_mu);
    pthread_mutex_unlock(&asm_mu);
    return rt_courier_drain();
}

static int assemble_in_background(void)
{
    pthread_t t;
    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    rt_net_gate_sends(gate_wait);
    int rc = pthread_create(&t, &a, assembler, NULL);
    pthread_attr_destroy(&a);
    return rc;
}

/*
 * Rank 0 holds a connection to every other process of the job, and a worker
 * may come to (one to each worker it exchanges with), besides the listener,
 * the loop's own descriptors and the program's files. The
 * soft limit is raised to the hard one when it is short (the usual soft
 * limit of 1024 is short from about 1,000 processes on); a hard limit that
 * is short too is said here, at start, instead of as failed connections.
 */
#define RT_FD_MARGIN 64

static int raise_nofile(char *err, size_t errlen)
{
    struct rlimit rl;
    rlim_t need = (rlim_t)cfg.size + RT_FD_MARGIN;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur >= need) return 0;
    struct rlimit up = rl;
    up.rlim_cur = rl.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &up) != 0) { /* a hard limit above the kernel's nr_open */
        up.rlim_cur = need;
        if (setrlimit(RLIMIT_NOFILE, &up) != 0) up.rlim_cur = rl.rlim_cur;
    }
    if (up.rlim_cur >= need) return 0;
    snprintf(err, errlen,
             "too many open files for a job of %d processes: each process needs about %llu "
             "descriptors (a connection per other process, plus %d), but RLIMIT_NOFILE allows %llu "
             "(hard limit %llu); raise it (ulimit -n, or the launcher's limits)", cfg.size,
             (unsigned long long)need, RT_FD_MARGIN, (unsigned long long)up.rlim_cur,
             (unsigned long long)rl.rlim_max);
    return STRADS_ECONFIG;
}

/* strads-run keeps the write end of a pipe whose read end every rank
 * inherits (STRADS_LAUNCHER_FD); nothing is ever written to it, so read()
 * returns only when strads-run is gone, SIGKILLed included. The process
 * then ends: nobody is left to collect its output or its status, and a
 * job whose launcher is gone must not run on. Its own thread, blocked in
 * read(), so no user work can delay it beyond the scheduler's turn. */
static void *watch_launcher(void *arg)
{
    int fd = (int)(intptr_t)arg;
    char c;
    ssize_t n;
    while ((n = read(fd, &c, 1)) < 0 && errno == EINTR) {
    }
    if (n > 0) return NULL; /* not strads-run's pipe: not ours to watch */
    fprintf(stderr, "strads[%d]: fatal: strads-run is gone (its pipe closed); stopping\n",
            cfg.rank);
    _exit(3);
}

static void start_launcher_watch(void)
{
    int fd = cfg.launcher_fd;
    /* only strads-run's own pipe, never a standard stream that a stray
     * variable names */
    struct stat st;
    if (fd < 3 || strcmp(cfg.launcher, "strads-run") != 0 || fstat(fd, &st) != 0 ||
        !S_ISFIFO(st.st_mode))
        return;
    fcntl(fd, F_SETFD, FD_CLOEXEC); /* the program's own children do not hold it */
    pthread_t t;
    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&a, 64 << 10);
    if (pthread_create(&t, &a, watch_launcher, (void *)(intptr_t)fd))
        rt_warn("cannot watch strads-run: a SIGKILL of strads-run leaves this process running");
    pthread_attr_destroy(&a);
}

/* The driver may leave through exit() instead of returning from main. */
static void release_workers(void)
{
    if (workers_released || cfg.rank != 0) return;
    workers_released = true;
    /* never asked for: never started */
    pthread_mutex_lock(&asm_mu);
    bool none = !requested;
    if (none) close(spawn_fd), spawn_fd = -1;
    pthread_mutex_unlock(&asm_mu);
    /* Not while the assembler or the courier may still use the transport
     * (a job whose workers are all lost sends them nothing below). */
    if (cfg.size > 1 && !none) gate_wait();
    if (upper.shutdown) shutdown_rc = upper.shutdown(); /* the last checkpoint completes first */
    if (!none) {
        rt_trace_finish(); /* gathers the nodes' events while they still serve */
        rt_shutdown_workers();
        rt_courier_close();
    }
    rt_net_stop();
}

/* Large transient buffers (received messages, plan messages, batches of
 * elements) come and go in every operator. Over glibc's dynamic mmap
 * threshold each is a fresh mapping, unmapped again on free, so every
 * operator faults all of them in anew: in a VM several microseconds per
 * 4 KiB page (the driver's pull of SGD-MF's changed rows after each epoch
 * on 2 nodes: 160-190 ms, 20-26 ms once its receive buffers are reused).
 * Up to glibc's limit of 32 MB they come from the heap instead, which keeps
 * up to 256 MB freed at its top. And one heap for every thread: with an
 * arena per thread, what the transport's thread received (and the node's
 * thread freed) went back to the transport's arena, where the node's next
 * buffers could not reuse it (a worker's first SGD-MF plan on 2 nodes
 * faulted its key pass's 5 MB in anew: 20-30 ms of its 55; the driver's
 * receive buffers the same the other way). Small blocks stay per thread
 * in glibc's thread caches. These settings are the whole process's, the
 * program's own allocations included: made only with STRADS_MALLOC_TUNE=1
 * (strads-run sets it), and each left alone when the user tuned it
 * (GLIBC_TUNABLES or the MALLOC_*_ variables). */
static bool user_tuned(const char *var, const char *tunable)
{
    const char *t = getenv("GLIBC_TUNABLES");
    return getenv(var) || (t && strstr(t, tunable));
}

static void malloc_reuse(void)
{
    if (!user_tuned("MALLOC_MMAP_THRESHOLD_", "mmap_threshold") &&
        !user_tuned("MALLOC_TRIM_THRESHOLD_", "trim_threshold")) {
        mallopt(M_MMAP_THRESHOLD, 32 << 20);
        mallopt(M_TRIM_THRESHOLD, 256 << 20);
    }
    if (!user_tuned("MALLOC_ARENA_MAX", "arena_max")) mallopt(M_ARENA_MAX, 1);
}

/* The driver's main may leave through exit(): a run whose checkpoints
 * failed still exits non-zero (docs/recovery.md). */
static void exit_failed_checkpoints(void)
{
    release_workers();
    if (shutdown_rc) {
        fflush(NULL);
        _exit(1);
    }
}

int rt_start(int argc, char **argv, strads_main_fn user_main, const rt_upper *up)
{
    if (up) upper = *up;
    char err[512] = "";
    int rc = rt_config_load(&cfg, err, sizeof err);
    if (rc) {
        rt_error("configuration: %s", err);
        return 2;
    }
    cfg_loaded = true;
    /* The allocator belongs to the program: tuned only when asked. */
    if (cfg.malloc_tune) malloc_reuse();
    if (upper.check_config && (rc = upper.check_config(&cfg, err, sizeof err))) {
        fprintf(stderr, "strads: configuration: %s\n", err);
        return 2;
    }
    rt_log_set(cfg.log_level, cfg.size > 1 ? cfg.rank : -1);
    rt_stats_enable(cfg.stats);
    if ((rc = rt_trace_init(&cfg, err, sizeof err))) {
        rt_error("configuration: %s", err);
        return 2;
    }
    if (sodium_init() < 0) {
        rt_error("cannot initialize libsodium");
        return 2;
    }
    /* A peer that vanishes must be an error code, not a SIGPIPE. */
    signal(SIGPIPE, SIG_IGN);
    /* Before any thread starts: every thread of the process inherits it. */
    if ((rc = rt_config_bind_cpus(&cfg, err, sizeof err))) {
        rt_error("configuration: %s", err);
        return 2;
    }
    start_launcher_watch();
    if ((rc = rt_pool_init(cfg.threads))) {
        rt_error("cannot start %d threads", cfg.threads);
        return 2;
    }
    if (upper.install) upper.install();
    if ((rc = raise_nofile(err, sizeof err))) {
        rt_error("%s", err);
        return 2;
    }
    assemble_end = rt_now_ms() + (uint64_t)cfg.connect_timeout_ms;
    if ((rc = rt_net_start(&cfg, err, sizeof err))) {
        rt_error("%s", err);
        return 2;
    }
    if (cfg.size > 1 && cfg.rank == 0) {
        take_spawn_fd();
        if (assemble_in_background()) {
            rt_error("cannot start a thread to assemble the job");
            return 2;
        }
    } else if (cfg.size > 1) {
        if ((rc = assemble_worker())) assembly_failed(rc);
        rt_debug("job assembled: %d processes", cfg.size);
    }
    int status;
    if (cfg.rank == 0) {
        atexit(exit_failed_checkpoints);
        status = user_main(argc, argv);
        fflush(NULL);
        release_workers();
        if (shutdown_rc && status == 0) status = 1;
    } else {
        status = rt_serve();
        rt_net_stop();
    }
    rt_pool_stop();
    return status;
}
